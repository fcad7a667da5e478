import Runtime

extension ClassLibrary {
    /// `UITextField`: a control taking text, with a placeholder, the text and keyboard
    /// settings apps configure, and a delegate. It can become first responder while enabled,
    /// and starts and stops editing as ``addEditing(to:prefix:notificationPrefix:canBecome:)``
    /// says.
    static func defineTextField(in runtime: Runtime, control: Class) throws {
        let isEnabled = try runtime.selector("isEnabled")
        try runtime.registerLazyClass(named: "UITextField", superclass: control) { c in
            try c.addProperty(Property(name: "text", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "placeholder", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "font", type: .object(className: "UIFont"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "textColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            for name in ["textAlignment", "borderStyle", "keyboardType", "returnKeyType", "autocapitalizationType", "autocorrectionType",
                         "clearButtonMode", "leftViewMode", "rightViewMode"] {
                try c.addProperty(Property(name: name, type: .integer(code: "q"), attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "secureTextEntry", type: .bool, attributes: [.nonatomic], getter: "isSecureTextEntry"))
            // A field with no label is read by its placeholder; its value is its text.
            try addAccessibilityDefaults(to: &c, label: { m in try m.ivar("_placeholder") }, value: { m in try m.ivar("_text") })
            for name in ["leftView", "rightView", "inputView", "inputAccessoryView"] {
                try c.addProperty(Property(name: name, type: .object(className: "UIView"), attributes: [.strong, .nonatomic]))
            }
            try addEditing(to: &c, prefix: "textField", notificationPrefix: "UITextField") { m in try m.send(isEnabled, to: m.receiver) }
        }
    }
}
