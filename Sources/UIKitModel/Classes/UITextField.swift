import Runtime

extension ClassLibrary {
    /// `UITextField`: a control taking text, with a placeholder, the text and keyboard
    /// settings apps configure, and a delegate. It can become first responder while enabled;
    /// becoming and resigning ask the delegate first (`textFieldShouldBeginEditing:`,
    /// `textFieldShouldEndEditing:`) and tell it after (`textFieldDidBeginEditing:`,
    /// `textFieldDidEndEditing:`), as UIKit does.
    static func defineTextField(in runtime: Runtime, control: Class) throws {
        let shouldBegin = try runtime.selector("textFieldShouldBeginEditing:"), didBegin = try runtime.selector("textFieldDidBeginEditing:")
        let shouldEnd = try runtime.selector("textFieldShouldEndEditing:"), didEnd = try runtime.selector("textFieldDidEndEditing:")
        let isEnabled = try runtime.selector("isEnabled"), isFirstResponder = try runtime.selector("isFirstResponder")
        let delegate = try runtime.selector("delegate")
        let become = try runtime.selector("becomeFirstResponder"), resign = try runtime.selector("resignFirstResponder")
        try runtime.registerLazyClass(named: "UITextField", superclass: control) { c in
            try c.addProperty(Property(name: "text", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "placeholder", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "font", type: .object(className: "UIFont"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "textColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "editing", type: .bool, attributes: [.readOnly, .nonatomic], getter: "isEditing"))
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
            try c.addMethod("canBecomeFirstResponder", types: "B@:") { m in try m.send(isEnabled, to: m.receiver) }
            try c.addMethod("becomeFirstResponder", types: "B@:") { m in
                if try m.send(isFirstResponder, to: m.receiver).isTruthy { return true }
                let watcher = try m.send(delegate, to: m.receiver).object
                if try m.sendIfImplemented(shouldBegin, to: watcher, Arguments(.object(m.receiver)))?.isTruthy == false { return false }
                guard try m.sendSuper(become).isTruthy else { return false }
                try m.setIvar("_editing", true)
                try m.sendIfImplemented(didBegin, to: watcher, Arguments(.object(m.receiver)))
                return true
            }
            try c.addMethod("resignFirstResponder", types: "B@:") { m in
                guard try m.send(isFirstResponder, to: m.receiver).isTruthy else { return true }
                let watcher = try m.send(delegate, to: m.receiver).object
                if try m.sendIfImplemented(shouldEnd, to: watcher, Arguments(.object(m.receiver)))?.isTruthy == false { return false }
                guard try m.sendSuper(resign).isTruthy else { return false }
                try m.setIvar("_editing", false)
                try m.sendIfImplemented(didEnd, to: watcher, Arguments(.object(m.receiver)))
                return true
            }
        }
    }
}
