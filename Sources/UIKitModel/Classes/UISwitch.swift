import Runtime

extension ClassLibrary {
    /// `UISwitch`: a control that is on or off (off when made). Setting it in code sends no
    /// action, as in UIKit: only a user's toggle sends `UIControlEventValueChanged`.
    static func defineSwitch(in runtime: Runtime, control: Class) throws {
        let setOn = try runtime.selector("setOn:")
        try runtime.registerLazyClass(named: "UISwitch", superclass: control) { c in
            try c.addProperty(Property(name: "on", type: .bool, attributes: [.nonatomic], getter: "isOn"))
            try c.addProperty(Property(name: "onTintColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "thumbTintColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try addAccessibilityDefaults(
                to: &c, value: { m in .string(try m.ivar("_on").isTruthy ? "1" : "0") },
                traits: { m in AccessibilityTrait.button | (try controlTraits(m)) })
            try c.addMethod("setOn:animated:", types: "v@:BB") { m in try m.send(setOn, to: m.receiver, Arguments(.bool(m[0].isTruthy))) }
        }
    }
}
