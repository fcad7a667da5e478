import Runtime
import Synchronization

extension ClassLibrary {
    /// `UIResponder`: the root of the responder chain views and controllers belong to, and
    /// the first responder. One responder of the runtime is first at a time (the model has
    /// one window with focus): `becomeFirstResponder` asks the current one to resign, and
    /// answers NO when the receiver cannot become first (UIResponder's default) or the
    /// current one refuses to resign.
    static func defineResponder(in runtime: Runtime, root: Class) throws -> Class {
        let first = FirstResponder()
        let canBecome = try runtime.selector("canBecomeFirstResponder"), canResign = try runtime.selector("canResignFirstResponder")
        let resign = try runtime.selector("resignFirstResponder")
        let canPerform = try runtime.selector("canPerformAction:withSender:"), next = try runtime.selector("nextResponder")
        return try runtime.registerLazyClass(named: "UIResponder", superclass: root) { c in
            try c.addMethod("nextResponder", types: "@@:") { _ in .nil }
            try c.addMethod("canBecomeFirstResponder", types: "B@:") { _ in false }
            try c.addMethod("canResignFirstResponder", types: "B@:") { _ in true }
            try c.addMethod("isFirstResponder", types: "B@:") { m in .bool(first.object === m.receiver) }
            // Whether the responder performs an action (an edit menu's, a nil-targeted one):
            // by default, whether it implements it.
            try c.addMethod("canPerformAction:withSender:", types: "B@::@") { m in
                guard case .selector(let action) = m[0] else { return false }
                return .bool(try m.responds(m.receiver, to: action))
            }
            // The responder that performs an action: this one or the first up the chain that
            // can, at most a thousand steps on (a chain made circular ends there, unanswered).
            try c.addMethod("targetForAction:withSender:", types: "@@::@") { m in
                var responder: Object? = m.receiver, steps = 0
                while let current = responder, steps < 1000 {
                    if try m.send(canPerform, to: current, Arguments(m[0], m[1])).isTruthy { return .object(current) }
                    responder = try m.send(next, to: current).object
                    steps += 1
                }
                return .nil
            }
            try c.addMethod("becomeFirstResponder", types: "B@:") { m in
                if first.object === m.receiver { return true }
                guard try m.send(canBecome, to: m.receiver).isTruthy else { return false }
                if let current = first.object, try !m.send(resign, to: current).isTruthy { return false }
                first.object = m.receiver
                return true
            }
            try c.addMethod("resignFirstResponder", types: "B@:") { m in
                guard first.object === m.receiver else { return true }
                guard try m.send(canResign, to: m.receiver).isTruthy else { return false }
                first.object = nil
                return true
            }
        }
    }
}

/// The runtime's first responder, held weakly: a responder that goes away is no longer first.
final class FirstResponder: Sendable {
    private final class Weak: @unchecked Sendable {
        weak var object: Object?
    }

    private let state = Mutex(Weak())

    var object: Object? {
        get { state.withLock { $0.object } }
        set { state.withLock { $0.object = newValue } }
    }
}
