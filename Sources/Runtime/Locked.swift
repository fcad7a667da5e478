#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// State guarded by a lock, with `Synchronization.Mutex`'s `withLock` shape.
///
/// The thread holding the lock may take it again: the body then runs at once, with the
/// same state. Only realizing a lazily registered class needs that (its builder, run with
/// the lock held, interns selectors and finds classes through the runtime); the outer
/// holder is suspended in the builder meanwhile and reads the state only through the
/// same pointer afterwards.
///
/// The lock is a ``LockWord`` holding the holder's thread id, so a thread taking it
/// again finds its own id there.
final class Locked<State: ~Copyable>: @unchecked Sendable {
    // @unchecked: `state` is only touched by the thread whose id `lock` holds, between
    // the acquiring exchange that stored it there and the releasing store that clears it.
    // The state lives in memory of its own, as `Mutex` keeps its value: the lock already
    // makes every access exclusive, and a stored property would have each one checked
    // again at run time, which costs as much as taking the lock.
    private let state: UnsafeMutablePointer<State>
    /// Holds the holder's thread id, or 0.
    private let lock = LockWord()

    init(_ state: consuming State) {
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` with the state, holding the lock.
    func withLock<Result: ~Copyable, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        let thread = Self.currentThread
        if lock.holder == thread { return try body(&state.pointee) }
        lock.acquire(as: thread)
        defer { lock.release() }
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
