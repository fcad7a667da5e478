import Synchronization

/// Where a variable's value lives when code takes its address (`&error`): a pointer to
/// it, through which a method or function writes an out-parameter (`*error = ...`). A
/// pointer to an instance variable (`&_lock`, `&self->_count`) reads and writes the ivar.
public final class Reference: Hashable, Sendable, CustomStringConvertible {
    private let storage: Mutex<Value>
    /// The ivar pointed to, when this points into an object rather than at a variable.
    private let place: (object: Object, ivar: Ivar)?

    public init(_ value: Value) {
        storage = Mutex(value)
        place = nil
    }

    /// A pointer to `object`'s `ivar`, which must be one of its class's.
    public init(ivar: Ivar, of object: Object) {
        storage = Mutex(.nil)
        place = (object, ivar)
    }

    /// The value pointed to.
    public var value: Value {
        get {
            guard let place else { return storage.withLock { $0 } }
            // The ivar is the object's, which is all reading it can fail for.
            return (try? place.object.value(of: place.ivar)) ?? .nil
        }
        set {
            guard let place else { return storage.withLock { $0 = newValue } }
            try? place.object.setValue(newValue, of: place.ivar)
        }
    }

    /// Two pointers to the same ivar of the same object are equal, as their addresses are.
    public static func == (lhs: Reference, rhs: Reference) -> Bool {
        if let left = lhs.place, let right = rhs.place { return left.object === right.object && left.ivar === right.ivar }
        return lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        if let place {
            hasher.combine(ObjectIdentifier(place.object))
            hasher.combine(ObjectIdentifier(place.ivar))
        } else {
            hasher.combine(ObjectIdentifier(self))
        }
    }

    /// Pointers print without their address, so output is the same on every run.
    public var description: String { "<pointer>" }
}
