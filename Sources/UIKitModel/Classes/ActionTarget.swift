import Runtime

/// The target of a target–action registration as UIKit holds it: without keeping it alive
/// (`-[UIControl addTarget:action:forControlEvents:]` and `UIGestureRecognizer`'s targets
/// are not retained), so a controller that is the target of a control in its own view is
/// no cycle. A registration stores ``stored(_:in:)`` and reads back ``object(of:)``.
enum ActionTarget {
    /// What a registration stores for `target`: nil as nil, an object as a
    /// ``NonretainedObject`` referring to it.
    static func stored(_ target: Value, in runtime: Runtime) throws -> Value {
        guard case .object(let object) = target else { return target }
        return .object(try runtime.nonretainedReference(to: object, as: runtime.requireClass(named: "NSObject")))
    }

    /// The target a registration names: nil for none, or once the target has gone.
    static func object(of stored: Value) -> Object? {
        guard let object = stored.object else { return nil }
        return (object as? NonretainedObject).map { $0.object } ?? object
    }
}
