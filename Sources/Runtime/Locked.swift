import Synchronization
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
/// The lock is one atomic word holding the holder's thread id (0 when free): taking it is
/// one compare-and-exchange with acquiring order, giving it back one store with releasing
/// order. A pthread mutex costs two atomic read-modify-writes a pair (some 11 ns here, a
/// fifth of an exchange-and-restore round), as it must find out on unlock whether anyone
/// sleeps; and `Synchronization.Mutex` on Linux hands the lock over in the kernel
/// (priority-inheriting futexes), which ThreadSanitizer cannot see, so every access it
/// orders would be reported as a race. Here every hand-over is an atomic operation
/// ThreadSanitizer models, so it checks the runtime's state as a mutex would let it.
///
/// A thread that finds the lock taken spins briefly, then yields, then sleeps a little
/// at a time: the runtime holds its lock for microseconds (a mutation, a cache miss,
/// registering a class), and contention is rare, since a cached send takes no lock.
final class Locked<State: ~Copyable>: @unchecked Sendable {
    // @unchecked: `state` is only touched by the thread whose id `owner` holds, between
    // the acquiring exchange that stored it there and the releasing store that clears it.
    // The state lives in memory of its own, as `Mutex` keeps its value: the lock already
    // makes every access exclusive, and a stored property would have each one checked
    // again at run time, which costs as much as taking the lock.
    private let state: UnsafeMutablePointer<State>
    /// The thread holding the lock, or 0. Only the holder writes its own id here, so a
    /// thread that reads its own id holds the lock; any other reads something else.
    private let owner = Atomic<UInt>(0)

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
        if owner.load(ordering: .relaxed) == thread { return try body(&state.pointee) }
        if !owner.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged {
            waitAndAcquire(as: thread)
        }
        defer { owner.store(0, ordering: .releasing) }
        return try body(&state.pointee)
    }

    /// Takes the lock another thread holds, once it gives it back: spinning first, as the
    /// holder is usually done within a microsecond, then yielding the processor (on two
    /// cores, the holder may be waiting for this one), then sleeping in short naps.
    @inline(never)
    private func waitAndAcquire(as thread: UInt) {
        var attempts = 0
        while true {
            if owner.load(ordering: .relaxed) == 0,
               owner.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged {
                return
            }
            attempts += 1
            if attempts < 64 { continue }
            if attempts < 256 {
                sched_yield()
            } else {
                var nap = timespec(tv_sec: 0, tv_nsec: 20_000)
                nanosleep(&nap, nil)
            }
        }
    }

    private static var currentThread: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }
}
