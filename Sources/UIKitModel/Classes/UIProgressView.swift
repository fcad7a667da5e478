import Runtime

extension ClassLibrary {
    /// `UIProgressView`: progress from 0 to 1, pinned there as UIKit pins it, read by
    /// VoiceOver as a whole percentage.
    static func defineProgressView(in runtime: Runtime, view: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:")
        try runtime.registerLazyClass(named: "UIProgressView", superclass: view) { c in
            try c.addProperty(Property(name: "progress", type: .float, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "progressViewStyle", type: .integer(code: "q"), attributes: [.nonatomic]))
            for name in ["progressTintColor", "trackTintColor"] {
                try c.addProperty(Property(name: name, type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            }
            try c.addProperty(Property(name: "observedProgress", type: .object(className: "NSProgress"), attributes: [.strong, .nonatomic]))
            try addAccessibilityDefaults(to: &c, value: { m in
                .string("\(Int(((try m.ivar("_progress").numberValue ?? 0) * 100).rounded()))%")
            }, traits: { _ in AccessibilityTrait.updatesFrequently })
            try c.addMethod("initWithProgressViewStyle:", types: "@@:q") { m in
                let style = try m.integerArgument(0)
                return try m.initializingSuper(initWithFrame, Arguments(Geometry.rect(0, 0, 150, 4))) { this in
                    try m.runtime.setIvar("_progressViewStyle", of: this, to: .int(style))
                }
            }
            try c.addMethod("setProgress:", types: "v@:f") { m in
                try m.setIvar("_progress", .double(Double(Float(min(max(try m.numberArgument(0), 0), 1)))))
                return .nil
            }
            try c.addMethod("setProgress:animated:", types: "v@:fB") { m in try m.send("setProgress:", to: m.receiver, m[0]) }
        }
    }
}
