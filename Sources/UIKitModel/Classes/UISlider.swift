import Runtime

extension ClassLibrary {
    /// `UISlider`: a value between a minimum (0) and a maximum (1). The value is kept in
    /// range, as UIKit pins it, and moving a bound moves a value outside it. Setting it in
    /// code sends no action.
    static func defineSlider(in runtime: Runtime, control: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:"), setValue = try runtime.selector("setValue:")
        try runtime.registerLazyClass(named: "UISlider", superclass: control) { c in
            for name in ["value", "minimumValue", "maximumValue"] {
                try c.addProperty(Property(name: name, type: .float, attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "continuous", type: .bool, attributes: [.nonatomic], getter: "isContinuous"))
            // VoiceOver reads a slider's value as a percentage of its range.
            try addAccessibilityDefaults(to: &c, value: { m in
                let (low, high) = (try m.ivar("_minimumValue").numberValue ?? 0, try m.ivar("_maximumValue").numberValue ?? 1)
                let value = try m.ivar("_value").numberValue ?? 0
                return .string("\(high > low ? Int(((value - low) / (high - low) * 100).rounded()) : 0)%")
            }, traits: { m in AccessibilityTrait.adjustable | (try controlTraits(m)) })
            for name in ["minimumTrackTintColor", "maximumTrackTintColor", "thumbTintColor"] {
                try c.addProperty(Property(name: name, type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            }
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    try m.runtime.setIvars(of: this, ["_maximumValue": .double(1), "_continuous": true])
                }
            }
            @Sendable func bounds(_ m: borrowing Message) throws -> (Double, Double) {
                (try m.ivar("_minimumValue").numberValue ?? 0, try m.ivar("_maximumValue").numberValue ?? 1)
            }
            @Sendable func pinned(_ value: Double, _ m: borrowing Message) throws -> Value {
                let (low, high) = try bounds(m)
                return .double(Double(Float(min(max(value, low), high))))
            }
            try c.addMethod("setValue:", types: "v@:f") { m in
                try m.setIvar("_value", try pinned(try m.numberArgument(0), m))
                return .nil
            }
            try c.addMethod("setValue:animated:", types: "v@:fB") { m in try m.send(setValue, to: m.receiver, Arguments(m[0])) }
            for name in ["minimumValue", "maximumValue"] {
                try c.addMethod("set\(name.prefix(1).uppercased() + name.dropFirst()):", types: "v@:f") { m in
                    try m.setIvar("_\(name)", .double(Double(Float(try m.numberArgument(0)))))
                    // The other bound follows one moved past it, and the value stays in between.
                    let (low, high) = try bounds(m)
                    if low > high { try m.setIvar(name == "minimumValue" ? "_maximumValue" : "_minimumValue", .double(name == "minimumValue" ? low : high)) }
                    try m.setIvar("_value", try pinned(try m.ivar("_value").numberValue ?? 0, m))
                    return .nil
                }
            }
        }
    }
}
