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
    }
}
