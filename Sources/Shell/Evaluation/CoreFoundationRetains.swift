import Runtime
import Synchronization

/// The objects `CFRetain` and `CFBridgingRetain` keep alive, each with the retains not yet
/// balanced by a `CFRelease` or `CFBridgingRelease`: code that hands an object to C as a
/// `void *` or an integer (`state->state = (unsigned long)CFBridgingRetain(sequence)`)
/// counts on the retain to keep it while nothing else refers to it.
final class CoreFoundationRetains: Sendable {
    private struct Retained {
        let object: Object
        var count: Int
    }

    private let table = Mutex<[ObjectIdentifier: Retained]>([:])

    func retain(_ object: Object) {
        table.withLock { table in table[ObjectIdentifier(object), default: Retained(object: object, count: 0)].count += 1 }
    }

    /// Balances one retain; the object is let go (and may go) when none is left. A
    /// release of an object never retained here (one a `Create` function made) does nothing.
    func release(_ object: Object) {
        let released: Retained? = table.withLock { table in
            let id = ObjectIdentifier(object)
            guard var entry = table[id] else { return nil }
            entry.count -= 1
            if entry.count > 0 {
                table[id] = entry
                return nil
            }
            return table.removeValue(forKey: id)
        }
        // Let go outside the lock: the object's -dealloc may retain or release others.
        withExtendedLifetime(released) {}
    }

    /// Lets every retained object go, as the session's objects go when it resets or ends.
    func removeAll() {
        let all = table.withLock { table in
            defer { table.removeAll() }
            return table
        }
        withExtendedLifetime(all) {}
    }
}
