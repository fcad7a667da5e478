import Synchronization
import Runtime

/// Holds a class's single shared instance, made once under a lock.
final class SharedInstance: Sendable {
    private let state = Mutex<Object?>(nil)

    /// The instance, if it has been made.
    var existing: Object? { state.withLock { $0 } }

    func object(make: () throws -> Object?) throws -> Object? {
        if let existing = state.withLock({ $0 }) { return existing }
        let made = try make()
        return state.withLock { current in
            if current == nil { current = made }
            return current
        }
    }
}
