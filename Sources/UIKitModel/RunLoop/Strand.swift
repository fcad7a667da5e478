import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for the clock's work, one piece at a time, so that a wait inside
/// the work (a semaphore, a group, a condition, a lock's date) suspends it where it is,
/// rather than running the rest of the run loop nested inside it: work that waits for
/// work queued after it no longer nests one wait inside another until the stack runs out,
/// and two pieces of work that wait for each other in turn both get on.
///
/// Strands take turns with the thread that runs the clock: each hands control to the
/// other and blocks until it comes back, so exactly one runs at any moment and the work
/// runs in the same order on every run, as it did on one thread.
final class Strand: @unchecked Sendable {
    // @unchecked: `work`, `answer`, `pause` and `isRetired` are written by one side of a
    // hand-over (the clock's thread or the strand's) before it posts the other's ``Baton``,
    // and read by the other only after its wait on that baton returns; the batons order
    // every access (release on posting, acquire on taking), and the two sides never run at
    // once.

    /// How a turn on a strand ended.
    enum Pause {
        /// The work ended, with the error it threw, if any.
        case finished((any Error)?)
        /// The work waits; the clock resumes it with an ``Answer``.
        case suspended
    }

    /// What a suspended wait is resumed with.
    enum Answer {
        /// The wait is over: whether what it waited for holds.
        case ready(Bool)
        /// Asking whether the wait was over threw: the wait throws it.
        case failed(any Error)
        /// The clock is going away: the wait throws ``Abandoned``, so the work ends.
        case abandoned
    }

    /// Thrown by a wait on a strand the clock abandons (its session ended or was reset).
    struct Abandoned: Error, CustomStringConvertible {
        var description: String { "the run loop was reset while this work waited" }
    }

    /// Numbers strands in the order their clock makes them.
    let number: Int
    /// The clock whose work the strand runs.
    let owner: ObjectIdentifier
    private let resumeSignal = Baton()
    private let pauseSignal = Baton()
    private var work: (() throws -> Void)?
    private var answer = Answer.ready(true)
    private var pause = Pause.suspended
    private var isRetired = false

    /// The stack each strand gets: as much as a main thread's, twice over, since the work
    /// it runs is interpreted code that nests as deeply as the main thread's.
    private static let stackSize = 16 << 20

    private init(number: Int, owner: ObjectIdentifier) {
        self.number = number
        self.owner = owner
    }

    /// A strand of the clock `owner` with its thread started, idle until given work.
    static func make(number: Int, owner: ObjectIdentifier) -> Strand {
        let strand = Strand(number: number, owner: owner)
        let thread = Thread { [strand] in
            // The thread's own reference, dropped when the thread ends.
            pthread_setspecific(currentKey, Unmanaged.passRetained(strand).toOpaque())
            strand.serve()
            pthread_setspecific(currentKey, nil)
            Unmanaged.passUnretained(strand).release()
        }
        thread.stackSize = stackSize
        thread.start()
        return strand
    }

    /// The strand the calling code runs on; nil on any other thread.
    static var current: Strand? {
        pthread_getspecific(currentKey).map { Unmanaged<Strand>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Holds each strand's thread's strand.
    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Runs `work` on this strand and blocks until it ends or waits.
    func run(_ work: @escaping () throws -> Void) -> Pause {
        self.work = work
        return handOver()
    }

    /// Resumes the suspended work with `answer` and blocks until it ends or waits again.
    func resume(_ answer: Answer) -> Pause {
        self.answer = answer
        return handOver()
    }

    /// Ends the strand's thread once it is idle.
    func retire() {
        isRetired = true
        resumeSignal.post()
    }

    private func handOver() -> Pause {
        resumeSignal.post()
        pauseSignal.wait()
        return pause
    }

    /// Called by the work, on this strand: gives control back to the clock's thread and
    /// blocks until the clock resumes it.
    func suspend() -> Answer {
        pause = .suspended
        pauseSignal.post()
        resumeSignal.wait()
        return answer
    }

    /// The thread's loop: each piece of work given, run to its end.
    private func serve() {
        while true {
            resumeSignal.wait()
            if isRetired { return }
            guard let work else { continue }
            self.work = nil
            do {
                try work()
                pause = .finished(nil)
            } catch {
                pause = .finished(error)
            }
            pauseSignal.post()
        }
    }
}

/// One direction of a hand-over between two threads: one side posts, the other waits for
/// the post. The waiter spins a little first, yielding, because the other side's turn is
/// usually short (a timer's block, a block that only signals); only a longer turn puts it
/// to sleep on a semaphore, which costs a system call on each side.
private final class Baton: Sendable {
    private static let (empty, posted, sleeping) = (0, 1, 2)
    /// How many times a waiter looks before it sleeps, yielding after the first few.
    private static let looks = 256, looksBeforeYielding = 32

    private let state = Atomic(empty)
    private let sleeper = DispatchSemaphore(value: 0)

    func post() {
        if state.exchange(Self.posted, ordering: .acquiringAndReleasing) == Self.sleeping { sleeper.signal() }
    }

    func wait() {
        for look in 0..<Self.looks {
            if state.compareExchange(expected: Self.posted, desired: Self.empty, ordering: .acquiringAndReleasing).exchanged { return }
            if look >= Self.looksBeforeYielding { sched_yield() }
        }
        if state.compareExchange(expected: Self.empty, desired: Self.sleeping, ordering: .acquiringAndReleasing).exchanged {
            sleeper.wait()
        }
        // Posted, while looking for the last time or to wake this side: taking the post
        // acquires what the poster wrote before it.
        _ = state.exchange(Self.empty, ordering: .acquiringAndReleasing)
    }
}
