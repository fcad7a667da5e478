import Runtime

/// A `__weak` variable's storage: an object held without keeping it alive, read as nil
/// once the object has gone. Anything else assigned to it (a number, a block) is held as
/// it is, as nothing but an object can go.
///
/// @unchecked Sendable: like the frame slot that holds it, it belongs to one run on one
/// thread; a block capturing the variable gets storage of its own.
final class WeakVariable: @unchecked Sendable {
    private weak var object: Object?
    private var other: Value = .nil

    init(_ value: Value) { assign(value) }

    var value: Value {
        if let object { return .object(object) }
        return other
    }

    func assign(_ value: Value) {
        if case .object(let object) = value {
            self.object = object
            other = .nil
        } else {
            self.object = nil
            other = value
        }
    }
}
