import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock that is one atomic word: 0 when free, otherwise a non-zero number its holder
/// chose (``Locked`` stores the holder's thread, so it can tell a thread taking it again).
///
/// Taking it is one compare-and-exchange with acquiring order, giving it back one store
/// with releasing order. `Synchronization.Mutex` on Linux hands the lock over in the
/// kernel (priority-inheriting futexes), which ThreadSanitizer cannot see, so every access
/// it orders would be reported as a race; here every hand-over is an atomic operation
/// ThreadSanitizer models. It is also cheaper: a pthread mutex pays two atomic
/// read-modify-writes a pair, as it must find out on unlock whether anyone sleeps.
///
/// A thread that finds the word taken spins briefly, then yields, then sleeps a little at
/// a time: the runtime's locks are held for microseconds, and contention is rare.
struct LockWord: ~Copyable, Sendable {
    private let word = Atomic<UInt>(0)

    init() {}

    /// The holder's number, or 0 when free. Only the holder writes its own number here,
    /// so a thread reading its own number holds the lock.
    var holder: UInt { word.load(ordering: .relaxed) }

    /// Takes the lock as `holder` (not 0), waiting while someone else holds it.
    @inline(__always)
    func acquire(as holder: UInt) {
        if !word.compareExchange(expected: 0, desired: holder, ordering: .acquiring).exchanged {
            waitAndAcquire(as: holder)
        }
    }

    /// Gives the lock back; only its holder may.
    @inline(__always)
    func release() {
        word.store(0, ordering: .releasing)
    }

    /// Takes the lock once its holder gives it back: spinning first, as the holder is
    /// usually done within a microsecond, then yielding the processor (on two cores, the
    /// holder may be waiting for this one), then sleeping in short naps.
    @inline(never)
    private func waitAndAcquire(as holder: UInt) {
        var attempts = 0
        while true {
            if word.load(ordering: .relaxed) == 0,
               word.compareExchange(expected: 0, desired: holder, ordering: .acquiring).exchanged {
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
}
