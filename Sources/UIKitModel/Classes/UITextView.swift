import Runtime

extension ClassLibrary {
    /// `UITextView`: a scroll view of editable, multi-line text, with the font, colour and
    /// keyboard settings apps set, and a delegate. Its text is empty, never nil, as UIKit's
    /// is; it is editable and selectable until told otherwise, and can become first
    /// responder while either. Starting and stopping editing go as
    /// ``addEditing(to:prefix:notificationPrefix:canBecome:)`` says; setting the text in
    /// code tells the delegate nothing, as in UIKit.
    static func defineTextView(in runtime: Runtime, scrollView: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:")
        let isEditable = try runtime.selector("isEditable"), isSelectable = try runtime.selector("isSelectable")
        try runtime.registerLazyClass(named: "UITextView", superclass: scrollView) { c in
            try c.addProperty(Property(name: "text", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "attributedText", type: .object(className: "NSAttributedString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "font", type: .object(className: "UIFont"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "textColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            for name in ["textAlignment", "keyboardType", "returnKeyType", "autocapitalizationType", "autocorrectionType", "spellCheckingType",
                         "keyboardAppearance", "dataDetectorTypes"] {
                try c.addProperty(Property(name: name, type: .integer(code: "q"), attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "editable", type: .bool, attributes: [.nonatomic], getter: "isEditable"))
            try c.addProperty(Property(name: "selectable", type: .bool, attributes: [.nonatomic], getter: "isSelectable"))
            try c.addProperty(Property(name: "secureTextEntry", type: .bool, attributes: [.nonatomic], getter: "isSecureTextEntry"))
            try c.addProperty(Property(name: "allowsEditingTextAttributes", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "textContainerInset", type: Geometry.insetsType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "selectedRange", type: Geometry.rangeType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "typingAttributes", type: .object(className: "NSDictionary"), attributes: [.copy, .nonatomic]))
            for name in ["inputView", "inputAccessoryView"] {
                try c.addProperty(Property(name: name, type: .object(className: "UIView"), attributes: [.strong, .nonatomic]))
            }
            // A text view is read by its text.
            try addAccessibilityDefaults(to: &c, value: { m in try m.ivar("_text") })
            // The model lays text out without a container: the frame is what counts.
            try c.addMethod("initWithFrame:textContainer:", types: "@@:\(rectType)@") { m in
                try m.send(initWithFrame, to: m.receiver, Arguments(m[0]))
            }
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    // NSTextAlignmentNatural, and UIKit's inset of 8 points above and below.
                    try m.runtime.setIvars(of: this, [
                        "_text": .string(""), "_editable": true, "_selectable": true, "_textAlignment": .int(4),
                        "_textContainerInset": Geometry.insets(8, 0, 8, 0),
                    ])
                }
            }
            // Setting nil leaves the text empty, as UIKit's does.
            try c.addMethod("setText:", types: "v@:@") { m in
                try m.setIvar("_text", m[0] == .nil ? .string("") : m[0])
                return .nil
            }
            try addTextStyleDefaults(to: &c, fontSize: 12)
            try c.addMethod("hasText", types: "B@:") { m in .bool(!(try m.ivar("_text").stringValue ?? "").isEmpty) }
            try c.addMethod("scrollRangeToVisible:", types: "v@:{_NSRange=QQ}") { _ in .nil }
            try addEditing(to: &c, prefix: "textView", notificationPrefix: "UITextView") { m in
                .bool(try m.send(isEditable, to: m.receiver).isTruthy || m.send(isSelectable, to: m.receiver).isTruthy)
            }
        }
    }
}
