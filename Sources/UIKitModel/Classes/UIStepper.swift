import Runtime

extension ClassLibrary {
    /// `UIStepper`: a value stepped between a minimum (0) and a maximum (100) by a step
    /// (1), wrapping past the ends when `wraps`, as UIKit's does. Setting the value in code
    /// sends no action; a tap on its + or − (``ClassLibrary/stepStepper(_:increment:)``) does.
    static func defineStepper(in runtime: Runtime, control: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:")
        try runtime.registerLazyClass(named: "UIStepper", superclass: control) { c in
            for name in ["value", "minimumValue", "maximumValue", "stepValue"] {
                try c.addProperty(Property(name: name, type: .double, attributes: [.nonatomic]))
            }
            for (name, getter) in [("continuous", "isContinuous"), ("autorepeat", nil), ("wraps", nil)] as [(String, String?)] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic], getter: getter))
            }
            try addAccessibilityDefaults(to: &c, value: { m in
                let value = try m.ivar("_value").numberValue ?? 0
                return .string(value.rounded() == value ? "\(Int(value))" : "\(value)")
            }, traits: { m in AccessibilityTrait.adjustable | (try controlTraits(m)) })
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    try m.runtime.setIvars(of: this, [
                        "_maximumValue": .double(100), "_stepValue": .double(1), "_continuous": true, "_autorepeat": true,
                    ])
                }
            }
            try c.addMethod("setValue:", types: "v@:d") { m in
                let (low, high) = (try m.ivar("_minimumValue").numberValue ?? 0, try m.ivar("_maximumValue").numberValue ?? 100)
                try m.setIvar("_value", .double(min(max(try m.numberArgument(0), low), high)))
                return .nil
            }
            try c.addMethod("setStepValue:", types: "v@:d") { m in
                let step = try m.numberArgument(0)
                guard step > 0 else { throw m.wrongArgument(0, expected: "a step greater than 0, as UIKit requires") }
                try m.setIvar("_stepValue", .double(step))
                return .nil
            }
            for bound in ["minimumValue", "maximumValue"] {
                try c.addMethod("set\(bound.prefix(1).uppercased() + bound.dropFirst()):", types: "v@:d") { m in
                    try m.setIvar("_\(bound)", .double(try m.numberArgument(0)))
                    let (low, high) = (try m.ivar("_minimumValue").numberValue ?? 0, try m.ivar("_maximumValue").numberValue ?? 100)
                    guard low < high else {
                        throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the minimum (\(low)) must be less than the maximum (\(high))")
                    }
                    try m.setIvar("_value", .double(min(max(try m.ivar("_value").numberValue ?? 0, low), high)))
                    return .nil
                }
            }
        }
    }

    /// Taps the + (`increment`) or − of the stepper matching `query`, once it can be touched.
    public func tapStepper(_ query: ViewQuery, increment: Bool, timeout: Double? = nil) throws {
        try tapStepper(view: try waitForView(query, tappable: true, timeout: timeout), increment: increment, query)
    }

    /// Taps the + or − of `view`, which must be a stepper.
    public func tapStepper(view: Object, increment: Bool, _ query: ViewQuery? = nil) throws {
        guard isKind(view, of: "UIStepper") else { throw try failure(query, .wrongKind(view, expected: "UIStepper")) }
        try stepStepper(view, increment: increment)
    }

    /// Taps a stepper's + (`increment`) or −: its value moves a step, wrapping past an end
    /// when it `wraps` and stopping there otherwise, and it sends `UIControlEventValueChanged`
    /// when the value changed, as a finger's tap does.
    func stepStepper(_ stepper: Object, increment: Bool) throws {
        let value = try runtime.send("value", to: stepper).numberValue ?? 0
        let step = try runtime.send("stepValue", to: stepper).numberValue ?? 1
        let low = try runtime.send("minimumValue", to: stepper).numberValue ?? 0
        let high = try runtime.send("maximumValue", to: stepper).numberValue ?? 100
        var next = value + (increment ? step : -step)
        if next > high { next = try runtime.send("wraps", to: stepper).isTruthy ? low : high }
        if next < low { next = try runtime.send("wraps", to: stepper).isTruthy ? high : low }
        guard next != value else { return }
        try runtime.send("setValue:", to: stepper, .double(next))
        try runtime.send("sendActionsForControlEvents:", to: stepper, .int(Self.valueChanged))
    }
}
