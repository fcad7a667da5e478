import Runtime

extension ClassLibrary {
    /// What a text field and a text view share as they start and stop editing: each asks
    /// its delegate whether it may (`…ShouldBeginEditing:`, `…ShouldEndEditing:`), becomes
    /// or resigns first responder, tells the delegate (`…DidBeginEditing:`,
    /// `…DidEndEditing:`) and posts the notification (`…TextDidBeginEditingNotification`,
    /// `…TextDidEndEditingNotification`), in UIKit's order. `prefix` is `textField` or `textView`.
    static func addEditing(to c: inout ClassBuilder, prefix: String, notificationPrefix: String, canBecome: @escaping @Sendable (borrowing Message) throws -> Value) throws {
        let runtime = c.runtime
        let shouldBegin = try runtime.selector("\(prefix)ShouldBeginEditing:"), didBegin = try runtime.selector("\(prefix)DidBeginEditing:")
        let shouldEnd = try runtime.selector("\(prefix)ShouldEndEditing:"), didEnd = try runtime.selector("\(prefix)DidEndEditing:")
        let isFirstResponder = try runtime.selector("isFirstResponder"), delegate = try runtime.selector("delegate")
        let become = try runtime.selector("becomeFirstResponder"), resign = try runtime.selector("resignFirstResponder")
        @Sendable func post(_ name: String, _ m: borrowing Message) throws {
            let center = try m.send("defaultCenter", to: m.runtime.requireClass(named: "NSNotificationCenter")).object
            try m.send("postNotificationName:object:", to: center, .string(name), .object(m.receiver))
        }
        try c.addProperty(Property(name: "editing", type: .bool, attributes: [.readOnly, .nonatomic], getter: "isEditing"))
        try c.addMethod("canBecomeFirstResponder", types: "B@:", canBecome)
        try c.addMethod("becomeFirstResponder", types: "B@:") { m in
            if try m.send(isFirstResponder, to: m.receiver).isTruthy { return true }
            let watcher = try m.send(delegate, to: m.receiver).object
            if try m.sendIfImplemented(shouldBegin, to: watcher, Arguments(.object(m.receiver)))?.isTruthy == false { return false }
            guard try m.sendSuper(become).isTruthy else { return false }
            try m.setIvar("_editing", true)
            try m.sendIfImplemented(didBegin, to: watcher, Arguments(.object(m.receiver)))
            try post("\(notificationPrefix)TextDidBeginEditingNotification", m)
            return true
        }
        try c.addMethod("resignFirstResponder", types: "B@:") { m in
            guard try m.send(isFirstResponder, to: m.receiver).isTruthy else { return true }
            let watcher = try m.send(delegate, to: m.receiver).object
            if try m.sendIfImplemented(shouldEnd, to: watcher, Arguments(.object(m.receiver)))?.isTruthy == false { return false }
            guard try m.sendSuper(resign).isTruthy else { return false }
            try m.setIvar("_editing", false)
            try m.sendIfImplemented(didEnd, to: watcher, Arguments(.object(m.receiver)))
            try post("\(notificationPrefix)TextDidEndEditingNotification", m)
            return true
        }
        try addEditActions(to: &c, editable: try runtime.selector(prefix == "textView" ? "isEditable" : "isEnabled"))
    }

    /// The edit menu's actions on the text: `selectAll:` selects it (the model keeps no
    /// caret, so a selection is the whole text, and the next keystroke or paste replaces
    /// it), `copy:` puts the selection on the general pasteboard, `cut:` also deletes it,
    /// `paste:` puts the pasteboard's string in place of the selection or after the text;
    /// changes go through the delegate as keystrokes do (``changeText(of:range:to:giving:in:)``).
    /// `canPerformAction:withSender:` offers each when it would do something: nothing to
    /// cut or copy without a selection, from a secure field, or to paste without a string.
    private static func addEditActions(to c: inout ClassBuilder, editable: Selector) throws {
        let runtime = c.runtime
        let isSecure = try runtime.selector("isSecureTextEntry"), text = try runtime.selector("text")
        try c.addIvar("_selectsAll", type: .bool)
        @Sendable func currentText(_ m: borrowing Message) throws -> String {
            if case .string(let value) = try m.send(text, to: m.receiver) { return value }
            return ""
        }
        @Sendable func pasteboard(_ m: borrowing Message) throws -> Value {
            try m.send("generalPasteboard", to: m.runtime.requireClass(named: "UIPasteboard"))
        }
        @Sendable func canCopy(_ m: borrowing Message) throws -> Bool {
            try m.ivar("_selectsAll").isTruthy && !currentText(m).isEmpty && !m.send(isSecure, to: m.receiver).isTruthy
        }
        try c.addMethod("selectAll:", types: "v@:@") { m in
            if try !currentText(m).isEmpty { try m.setIvar("_selectsAll", true) }
            return .nil
        }
        try c.addMethod("copy:", types: "v@:@") { m in
            guard try canCopy(m) else { return .nil }
            try m.send("setString:", to: pasteboard(m).object, .string(try currentText(m)))
            return .nil
        }
        try c.addMethod("cut:", types: "v@:@") { m in
            guard try canCopy(m), try m.send(editable, to: m.receiver).isTruthy else { return .nil }
            let whole = try currentText(m)
            try m.send("setString:", to: pasteboard(m).object, .string(whole))
            try changeText(of: m.receiver, range: (0, whole.utf16.count), to: "", giving: "", in: m.runtime)
            return .nil
        }
        try c.addMethod("paste:", types: "v@:@") { m in
            guard try m.send(editable, to: m.receiver).isTruthy, case .string(let pasted) = try m.send("string", to: pasteboard(m).object) else { return .nil }
            let now = try currentText(m)
            let replacing = try m.ivar("_selectsAll").isTruthy
            try changeText(
                of: m.receiver, range: replacing ? (0, now.utf16.count) : (now.utf16.count, 0), to: pasted,
                giving: replacing ? pasted : now + pasted, in: m.runtime)
            return .nil
        }
        try c.addMethod("canPerformAction:withSender:", types: "B@::@") { m in
            guard case .selector(let action) = m[0] else { return false }
            switch action.name {
            case "selectAll:": return .bool(try !currentText(m).isEmpty && !m.ivar("_selectsAll").isTruthy)
            case "copy:": return .bool(try canCopy(m))
            case "cut:": return .bool(try canCopy(m) && m.send(editable, to: m.receiver).isTruthy)
            case "paste:": return .bool(try m.send(editable, to: m.receiver).isTruthy && m.send("hasStrings", to: pasteboard(m).object).isTruthy)
            case "select:": return false
            default: return try m.sendSuper()
            }
        }
    }

    /// One change of a text field's or view's text, as a keystroke, a cut or a paste makes
    /// it: offered to the delegate (`textField:shouldChangeCharactersInRange:replacementString:`,
    /// `textView:shouldChangeTextInRange:replacementText:`), and, if it agrees, made (ending
    /// any selection), announced (a field's editing-changed event, `textViewDidChange:`)
    /// and posted (`UITextFieldTextDidChangeNotification`, `UITextViewTextDidChangeNotification`).
    static func changeText(of view: Object, range: (location: Int, length: Int), to replacement: String, giving result: String, in runtime: Runtime) throws {
        let delegate = try runtime.send("delegate", to: view).object
        let isTextView = isKind(view, of: "UITextView", in: runtime)
        let shouldChange = isTextView ? "textView:shouldChangeTextInRange:replacementText:" : "textField:shouldChangeCharactersInRange:replacementString:"
        if try responds(delegate, to: shouldChange, in: runtime) {
            let nsRange = Value.structure(StructValue(name: "_NSRange", fieldNames: ["location", "length"], fields: [.int(range.location), .int(range.length)]))
            guard try runtime.send(shouldChange, to: delegate, .object(view), nsRange, .string(replacement)).isTruthy else { return }
        }
        try runtime.send("setText:", to: view, .string(result))
        try runtime.setIvar("_selectsAll", of: view, to: false)
        if isKind(view, of: "UIControl", in: runtime) { try runtime.send("sendActionsForControlEvents:", to: view, .int(Self.editingChanged)) }
        if isTextView, try responds(delegate, to: "textViewDidChange:", in: runtime) { try runtime.send("textViewDidChange:", to: delegate, .object(view)) }
        let center = try runtime.send("defaultCenter", to: runtime.requireClass(named: "NSNotificationCenter")).object
        let notification = isTextView ? "UITextViewTextDidChangeNotification" : "UITextFieldTextDidChangeNotification"
        try runtime.send("postNotificationName:object:", to: center, .string(notification), .object(view))
    }
}
