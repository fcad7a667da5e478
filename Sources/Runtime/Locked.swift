import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// State guarded by a POSIX mutex, with `Synchronization.Mutex`'s `withLock` shape.
///
/// The thread holding the lock may take it again: the body then runs at once, with the
/// same state. Only realizing a lazily registered class needs that (its builder, run with
/// the lock held, interns selectors and finds classes through the runtime); the outer
/// holder is suspended in the builder meanwhile and reads the state only through the
/// same pointer afterwards.
///
/// Why not `Mutex`: on Linux it waits on a futex in code ThreadSanitizer does not see, so
/// ThreadSanitizer takes every access it orders for a race, and CI's race check would be
/// noise. A pthread mutex is what ThreadSanitizer understands, and costs the same where
/// the runtime locks (registration, mutation, a cache miss), never on a cached send.
final class Locked<State: ~Copyable>: @unchecked Sendable {
    // @unchecked: `state` is only touched between pthread_mutex_lock and _unlock.
    // The state lives in memory of its own, as `Mutex` keeps its value: the lock already
    // makes every access exclusive, and a stored property would have each one checked
    // again at run time, which costs as much as taking the lock.
    private let state: UnsafeMutablePointer<State>
    // The mutex must not move, so it lives in memory of its own.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// The thread holding the lock, or 0. Only the holder writes its own id here, so a
    /// thread that reads its own id holds the lock; any other reads something else.
    private let holder = Atomic<UInt>(0)

    init(_ state: consuming State) {
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the state, holding the lock.
    func withLock<Result: ~Copyable, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        let thread = Self.currentThread
        if holder.load(ordering: .relaxed) == thread { return try body(&state.pointee) }
        pthread_mutex_lock(mutex)
        holder.store(thread, ordering: .relaxed)
        defer {
            holder.store(0, ordering: .relaxed)
            pthread_mutex_unlock(mutex)
        }
        return try body(&state.pointee)
    }

    private static var currentThread: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }
}
