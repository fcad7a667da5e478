#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// State guarded by a POSIX mutex, with `Synchronization.Mutex`'s `withLock` shape.
///
/// Why not `Mutex`: on Linux it waits on a futex in code ThreadSanitizer does not see, so
/// ThreadSanitizer takes every access it orders for a race, and CI's race check would be
/// noise. A pthread mutex is what ThreadSanitizer understands, and costs the same where
/// the runtime locks (registration, mutation, a cache miss), never on a cached send.
final class Locked<State: ~Copyable>: @unchecked Sendable {
    // @unchecked: `state` is only touched between pthread_mutex_lock and _unlock.
    private var state: State
    // The mutex must not move, so it lives in memory of its own.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(_ state: consuming State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the state, holding the lock.
    func withLock<Result: ~Copyable, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
