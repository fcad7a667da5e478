import Synchronization

/// Where a variable's value lives when code takes its address (`&error`): a pointer to
/// it, through which a method or function writes an out-parameter (`*error = ...`).
public final class Reference: Hashable, Sendable, CustomStringConvertible {
    private let storage: Mutex<Value>

    public init(_ value: Value) {
        storage = Mutex(value)
    }

    /// The value pointed to.
    public var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    public static func == (lhs: Reference, rhs: Reference) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Pointers print without their address, so output is the same on every run.
    public var description: String { "<pointer>" }
}
