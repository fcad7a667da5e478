import Runtime
import Synchronization

/// The thread-specific values of rtsh's one thread (`pthread_setspecific`), by key, and
/// the keys made (`pthread_key_create`), for ``LockFunctions``.
final class ThreadSpecifics: Sendable {
    private let table = Mutex<(next: Int, values: [Int: Value])>((1, [:]))

    /// A new key, holding no value yet.
    func makeKey() -> Int {
        table.withLock { table in
            defer { table.next += 1 }
            table.values[table.next] = .nil
            return table.next
        }
    }

    /// Forgets `key`; false when no such key was made.
    func deleteKey(_ key: Int) -> Bool { table.withLock { $0.values.removeValue(forKey: key) != nil } }

    /// Sets `key`'s value; false when no such key was made.
    func set(_ value: Value, for key: Int) -> Bool {
        table.withLock { table in
            guard table.values.index(forKey: key) != nil else { return false }
            table.values[key] = value
            return true
        }
    }

    /// `key`'s value: NULL before one is set, as for a key not made.
    func value(for key: Int) -> Value { table.withLock { $0.values[key] ?? .nil } }

    /// Lets the values go, which may hold what holds this state.
    func removeAll() { table.withLock { $0.values.removeAll() } }
}
