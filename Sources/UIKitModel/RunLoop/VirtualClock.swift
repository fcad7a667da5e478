import Synchronization

/// The time a session's main run loop keeps: virtual, so that timers, `dispatch_after` and
/// `performSelector:withObject:afterDelay:` run in the same order, at the same moments, on
/// every run, and a test that waits ten seconds takes no time at all.
///
/// The clock starts at 0 and moves only when asked to (``advance(by:limit:)``). What is
/// scheduled runs when the clock reaches its time, in order of that time and then of
/// scheduling; what runs may schedule more, which runs in the same advance when it is due
/// by then. Work scheduled for now (`dispatch_async` on the main queue) runs at the next
/// ``runDue(limit:)``, which the shell calls at the end of every statement it runs.
///
/// Times are whole nanoseconds, as `dispatch_time_t` counts them, so that adding intervals
/// never drifts as sums of binary fractions would.
///
/// Thread-safe: the schedule is behind a lock, which is never held while work runs, so
/// work may schedule and cancel other work.
public final class VirtualClock: Sendable {
    /// What a piece of scheduled work is, for the report of what ran.
    public enum Kind: Hashable, Sendable {
        /// A block given to `dispatch_async` or `dispatch_after`.
        case block
        /// A timer firing.
        case timer
        /// A delayed `performSelector:withObject:afterDelay:`.
        case perform
    }

    /// Identifies scheduled work, to cancel it.
    public struct Token: Hashable, Sendable {
        let sequence: Int
    }

    /// How many pieces of work one advance or one drain runs at most: past that, a repeating
    /// timer with a tiny interval, or a block that schedules itself again, would keep the
    /// clock from ever getting there, and the shell from answering.
    public static let defaultRunLimit = 10_000

    /// How many pieces of work one step of a wait runs at most (``advance(until:limit:)``):
    /// more than a drain, as code that waits for something (a cache's thousand writes, each
    /// a chain of a dozen blocks) has asked for the work to be done.
    public static let waitRunLimit = 100_000

    /// The nanoseconds in a second.
    public static let nanosecondsPerSecond = 1_000_000_000

    private struct Scheduled: Sendable {
        let due: Int
        let sequence: Int
        let kind: Kind
        /// Who the work is for (the target of a delayed perform), to cancel it by target.
        let owner: ObjectIdentifier?
        /// The deadline of a suspended wait (``Waiter``), not work of the program's: it
        /// resumes the wait, is not counted, and no cancelling takes it away.
        var isDeadline = false
        let work: @Sendable () throws -> Void
    }

    /// Work suspended on its ``Strand`` in a wait, until what it waits for holds or its
    /// deadline comes.
    private struct Waiter: Sendable {
        let sequence: Int
        let strand: Strand
        /// Nil for a wait for time alone (`runUntilDate:` inside queued work).
        let condition: WaitCondition?
    }

    /// A suspended wait's condition, asked by the thread running the clock.
    private final class WaitCondition: @unchecked Sendable {
        // @unchecked: the closure belongs to the suspended strand's frame; it is only called
        // while that strand is suspended (under the hand-over of ``Strand``, never at once
        // with it), and never after the strand is resumed.
        let holds: () throws -> Bool
        init(_ holds: @escaping () throws -> Bool) { self.holds = holds }
    }

    private struct State {
        var now = 0
        var nextSequence = 0
        /// Sorted by due time, then by sequence: the next to run is first.
        var pending: [Scheduled] = []
        /// The suspended waits, in the order they began.
        var waiters: [Waiter] = []
        /// The strands with no work, and how many were made.
        var idle: [Strand] = []
        var strandsMade = 0
    }

    private let state = Mutex(State())

    /// The most strands suspended at once; past that, work runs on the thread running the
    /// clock, and a wait inside it runs the clock nested, as on one thread.
    static let strandLimit = 256

    public init() {}

    deinit {
        abandonWaiters()
        for strand in state.withLock({ $0.idle }) { strand.retire() }
    }

    /// Which strand the calling code runs on, for state kept per thread of execution (the
    /// dispatch queue whose block runs): 0 outside the clock's work.
    public static var currentStrand: Int { Strand.current?.number ?? 0 }

    /// The virtual time now, in nanoseconds since the clock started.
    public var now: Int { state.withLock { $0.now } }

    /// The virtual time now, in seconds.
    public var seconds: Double { Double(now) / Double(Self.nanosecondsPerSecond) }

    /// How long code takes to read the time, in nanoseconds: a microsecond, as a device's
    /// `+[NSDate date]` takes about that (and `CFAbsoluteTimeGetCurrent` and the rest).
    public static let readingTime = 1_000

    /// The time as code reads it: ``now``, after which the clock has moved on by
    /// ``readingTime`` without running anything (work that falls due runs at the next
    /// drain). Code runs in no time on this clock, so without it two times read one after
    /// the other would be the same, where on a device they never are: a cache that evicts
    /// the least recently used by date, or a test that checks a stubbed response took
    /// longer than its delay, relies on them differing.
    public func read() -> Int {
        state.withLock { state in
            defer { state.now &+= Self.readingTime }
            return state.now
        }
    }

    /// How many pieces of work are waiting.
    public var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Schedules `work` to run when the clock reaches `due` (nanoseconds; a time already
    /// past runs at the next drain).
    ///
    /// - Parameter owner: whom the work is for, so ``cancel(kind:owner:)`` can find it.
    @discardableResult
    public func schedule(at due: Int, kind: Kind, owner: ObjectIdentifier? = nil, _ work: @escaping @Sendable () throws -> Void) -> Token {
        state.withLock { state in
            let item = Scheduled(due: due, sequence: state.nextSequence, kind: kind, owner: owner, work: work)
            state.nextSequence += 1
            // After every item due at the same time or earlier: equal times keep their order.
            let index = state.pending.firstIndex { $0.due > due } ?? state.pending.endIndex
            state.pending.insert(item, at: index)
            return Token(sequence: item.sequence)
        }
    }

    /// Schedules `work` to run `delay` nanoseconds from now (0 or less: at the next drain).
    @discardableResult
    public func schedule(after delay: Int, kind: Kind, owner: ObjectIdentifier? = nil, _ work: @escaping @Sendable () throws -> Void) -> Token {
        let due = state.withLock { $0.now } &+ max(0, delay)
        return schedule(at: due, kind: kind, owner: owner, work)
    }

    /// Takes scheduled work off the schedule; work already run or cancelled is ignored.
    public func cancel(_ token: Token) {
        state.withLock { $0.pending.removeAll { $0.sequence == token.sequence } }
    }

    /// Takes every piece of work of `kind` for `owner` off the schedule.
    ///
    /// - Returns: how many were cancelled.
    @discardableResult
    public func cancel(kind: Kind, owner: ObjectIdentifier) -> Int {
        state.withLock { state in
            let before = state.pending.count
            state.pending.removeAll { $0.kind == kind && $0.owner == owner }
            return before - state.pending.count
        }
    }

    /// Takes the work due by now off the schedule, leaving what is due later.
    ///
    /// - Returns: how many were cancelled.
    @discardableResult
    public func cancelDue() -> Int {
        state.withLock { state in
            let now = state.now
            let before = state.pending.count
            state.pending.removeAll { $0.due <= now && !$0.isDeadline }
            return before - state.pending.count
        }
    }

    /// Forgets everything scheduled, which also lets go of what the work holds: how a
    /// session that ends or resets breaks the cycles a block scheduled on it makes.
    ///
    /// Work suspended in a wait is abandoned first: its wait throws, so that it ends.
    public func cancelAll() {
        abandonWaiters()
        state.withLock { $0.pending.removeAll() }
    }

    /// Resumes every suspended wait with ``Strand/Abandoned``, so the work ends and its
    /// strand is free. Work that catches that and waits again is abandoned again, a few
    /// times; past that its strand is left waiting, holding no turn.
    private func abandonWaiters() {
        for _ in 0..<8 {
            let strands = state.withLock { state in
                defer { state.waiters.removeAll() }
                state.pending.removeAll { $0.isDeadline }
                return state.waiters.map(\.strand)
            }
            guard !strands.isEmpty else { return }
            for strand in strands { try? settle(strand, strand.resume(.abandoned)) }
        }
    }

    /// What one drain or advance ran.
    public struct Report: Hashable, Sendable {
        /// The pieces of work run, by kind.
        public var counts: [Kind: Int] = [:]
        /// The virtual time when it ended, in nanoseconds.
        public var end: Int = 0

        /// How many of `kind` ran.
        public func count(of kind: Kind) -> Int { counts[kind] ?? 0 }
        /// How many ran in all.
        public var total: Int { counts.values.reduce(0, +) }
    }

    /// Runs the work due by now, in order, including work that becomes due by now as it
    /// runs (a block that dispatches another). The clock does not move.
    ///
    /// - Throws: ``Overrun`` past `limit` pieces of work, or the first error work throws;
    ///   the work after it stays scheduled.
    @discardableResult
    public func runDue(limit: Int = defaultRunLimit) throws -> Report {
        try advance(to: nil, limit: limit)
    }

    /// Moves the clock forward by `delay` nanoseconds (a negative delay counts as 0),
    /// running what falls due on the way, each at its own time.
    ///
    /// - Throws: ``Overrun`` past `limit` pieces of work, or the first error work throws;
    ///   the clock then stays at the time of the work that failed.
    @discardableResult
    public func advance(by delay: Int, limit: Int = defaultRunLimit) throws -> Report {
        let target = state.withLock { $0.now } &+ max(0, delay)
        return try advance(to: target, limit: limit)
    }

    /// When the next piece of work is due, in nanoseconds; nil when nothing is scheduled.
    public var nextDue: Int? { state.withLock { $0.pending.first?.due } }

    /// Moves the clock to `target` (nanoseconds; a time already past runs what is due and
    /// does not move it), running what falls due on the way.
    @discardableResult
    public func advance(to target: Int, limit: Int = defaultRunLimit) throws -> Report {
        try advance(to: Optional(target), limit: limit)
    }

    /// Runs the clock forward one due time after another until `condition` holds, which
    /// is asked first and after each step, or until `timeout` nanoseconds have passed: how a
    /// test waits for an expectation or `wait until` for a state. Nothing sleeps; a
    /// condition that holds at once costs no time, and a wait for what never comes ends at
    /// its deadline.
    ///
    /// - Returns: whether `condition` held.
    /// - Throws: ``Overrun`` when one step runs more than `limit` pieces of work, or what
    ///   the work or `condition` throws.
    public func advance(until condition: () throws -> Bool, timeout: Int, limit: Int = waitRunLimit) throws -> Bool {
        let deadline = now &+ max(0, timeout)
        if let strand = suspendable { return try suspend(strand, until: condition, deadline: deadline) }
        try runDue(limit: limit)
        while true {
            if try condition() { return true }
            guard let next = nextDue, next <= deadline else {
                _ = try advance(to: Optional(deadline), limit: limit)
                return try condition()
            }
            _ = try advance(to: Optional(max(next, now)), limit: limit)
        }
    }

    /// Runs the clock forward one due time after another until `condition` holds, with no
    /// deadline: how a wait "for ever" (`DISPATCH_TIME_FOREVER`, `-[NSCondition wait]`)
    /// lets the work it waits for run. When nothing is left scheduled and the condition
    /// still does not hold, nothing ever will make it: the wait ends there and says so,
    /// rather than hang.
    ///
    /// - Returns: whether `condition` held; false when it never can.
    /// - Throws: ``Overrun`` when one step runs more than `limit` pieces of work, or what
    ///   the work or `condition` throws.
    ///
    /// Inside the clock's work, the wait suspends the work until the condition holds; if
    /// nothing ever makes it hold, the work stays suspended, as a thread waiting for ever
    /// would, and does not hold the run loop up.
    public func advance(until condition: () throws -> Bool, limit: Int = waitRunLimit) throws -> Bool {
        if let strand = suspendable { return try suspend(strand, until: condition, deadline: nil) }
        try runDue(limit: limit)
        while try !condition() {
            guard let next = nextDue else { return false }
            _ = try advance(to: Optional(max(next, now)), limit: limit)
        }
        return true
    }

    /// Whether the calling code is the clock's own work, running on one of its strands,
    /// whose waits suspend it rather than run the clock.
    public var isInsideWork: Bool { suspendable != nil }

    /// The strand the calling code runs on, when it is this clock's work that may suspend.
    private var suspendable: Strand? {
        guard let strand = Strand.current, strand.owner == ObjectIdentifier(self) else { return nil }
        return strand
    }

    /// Suspends the work on `strand` until `condition` holds (asked by the clock's thread
    /// at each step) or, with a deadline, until the clock reaches it; nil `condition`
    /// waits for the deadline alone.
    ///
    /// - Returns: whether the condition held when the wait ended.
    private func suspend(_ strand: Strand, until condition: () throws -> Bool, deadline: Int?) throws -> Bool {
        try withoutActuallyEscaping(condition) { condition in try suspend(strand, asking: WaitCondition(condition), deadline: deadline) }
    }

    /// Suspends the work on `strand` until the clock reaches `deadline`.
    private func suspend(_ strand: Strand, until deadline: Int) throws {
        _ = try suspend(strand, asking: nil, deadline: deadline)
    }

    private func suspend(_ strand: Strand, asking condition: WaitCondition?, deadline: Int?) throws -> Bool {
        state.withLock { state in
            let sequence = state.nextSequence
            state.nextSequence += 1
            state.waiters.append(Waiter(sequence: sequence, strand: strand, condition: condition))
            guard let deadline else { return }
            let due = max(deadline, state.now)
            let index = state.pending.firstIndex { $0.due > due } ?? state.pending.endIndex
            // Its sequence is the wait's, which the run loop resumes when it comes to it.
            state.pending.insert(Scheduled(due: due, sequence: sequence, kind: .block, owner: nil, isDeadline: true) {}, at: index)
        }
        switch strand.suspend() {
        case .ready(let holds): return holds
        case .failed(let error): throw error
        case .abandoned: throw Strand.Abandoned()
        }
    }

    /// A suspended wait's deadline has come: resumes it, with whether its condition holds.
    ///
    /// - Returns: false when the wait had already ended.
    private func endWait(_ sequence: Int) throws -> Bool {
        func takeWaiter() -> (Strand, Strand.Answer)? {
            guard let waiter = state.withLock({ state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.sequence == sequence }) else { return nil }
                return state.waiters.remove(at: index)
            }) else { return nil }
            do { return (waiter.strand, .ready(try waiter.condition?.holds() ?? true)) } catch { return (waiter.strand, .failed(error)) }
        }
        // The condition is let go of before the wait resumes.
        guard let (strand, answer) = takeWaiter() else { return false }
        try settle(strand, strand.resume(answer))
        return true
    }

    /// The strand of the first suspended wait whose condition holds now, taken off the
    /// list, with what to resume it with; nil when none does. (The wait's condition is not
    /// kept past this: it must be gone by the time the wait returns.)
    private func readyWaiter() -> (Strand, Strand.Answer)? {
        let waiters = state.withLock { $0.waiters }
        for waiter in waiters {
            guard let condition = waiter.condition else { continue }
            let answer: Strand.Answer
            do {
                guard try condition.holds() else { continue }
                answer = .ready(true)
            } catch {
                answer = .failed(error)
            }
            // Its deadline goes too, so that it moves no clock that waits for what is next.
            state.withLock { state in
                state.waiters.removeAll { $0.sequence == waiter.sequence }
                state.pending.removeAll { $0.isDeadline && $0.sequence == waiter.sequence }
            }
            return (waiter.strand, answer)
        }
        return nil
    }

    /// Runs `work` on a strand of its own, or here when too many are suspended.
    private func runOnStrand(_ work: @escaping @Sendable () throws -> Void) throws {
        let strand: Strand? = state.withLock { state in
            if let idle = state.idle.popLast() { return idle }
            guard state.waiters.count < Self.strandLimit else { return nil }
            state.strandsMade += 1
            return Strand.make(number: state.strandsMade, owner: ObjectIdentifier(self))
        }
        guard let strand else { return try work() }
        try settle(strand, strand.run(work))
    }

    /// After a turn on `strand`: a strand whose work ended is idle again, and what the work
    /// threw is thrown here (a suspended one waits in ``State/waiters``).
    private func settle(_ strand: Strand, _ pause: Strand.Pause) throws {
        guard case .finished(let error) = pause else { return }
        state.withLock { $0.idle.append(strand) }
        if let error, !(error is Strand.Abandoned) { throw error }
    }

    /// Runs work up to `target` (nil: up to now, without moving). Inside the clock's work,
    /// suspends it until the clock gets there.
    private func advance(to target: Int?, limit: Int) throws -> Report {
        if let strand = suspendable {
            try suspend(strand, until: target ?? now)
            return Report(counts: [:], end: now)
        }
        enum Step { case run(Scheduled), done, overrun }
        var report = Report()
        // A batch queued before the run began (ten thousand blocks a performance test
        // dispatched at once) runs whole, and the limit is on the work beyond it; one piece
        // of work that keeps scheduling more (a timer, a block) still stops at the limit.
        let queued = state.withLock { $0.pending.count }
        let allowed = queued > 1 ? limit + queued : limit
        // Resumed waits are counted in the report but not against the limit: each resumes
        // work already counted, and work waiting again and again is a loop of its own, which
        // the interpreter stops.
        var resumed = 0
        while true {
            let ran = report.total - resumed
            // Work suspended in a wait that is over now goes on before anything else starts.
            if let (strand, answer) = readyWaiter() {
                report.counts[.block, default: 0] += 1
                resumed += 1
                try settle(strand, strand.resume(answer))
                report.end = now
                continue
            }
            let step: Step = state.withLock { state in
                let end = target ?? state.now
                guard let first = state.pending.first, first.due <= end else {
                    state.now = max(state.now, end)
                    return .done
                }
                // Left scheduled: nothing of it ran.
                guard ran < allowed else { return .overrun }
                state.pending.removeFirst()
                state.now = max(state.now, first.due)
                return .run(first)
            }
            report.end = now
            switch step {
            case .done:
                return report
            case .overrun:
                throw Overrun(limit: allowed, report: report, target: target)
            case .run(let next) where next.isDeadline:
                if try endWait(next.sequence) {
                    report.counts[.block, default: 0] += 1
                    resumed += 1
                }
            case .run(let next):
                report.counts[next.kind, default: 0] += 1
                try runOnStrand(next.work)
            }
        }
    }

    /// More work fell due than one advance or drain runs: a repeating timer with a tiny
    /// interval, or work that schedules itself again and again.
    public struct Overrun: Error, Hashable, Sendable, CustomStringConvertible {
        /// The most pieces of work run.
        public let limit: Int
        /// What ran before the clock stopped.
        public let report: Report
        /// Where the clock was going, in nanoseconds; nil for a drain.
        public let target: Int?

        public var description: String {
            let goal = target.map { "before \(VirtualClock.secondsText($0))" } ?? "now"
            return "the run loop stopped at \(VirtualClock.secondsText(report.end)) after running \(limit) blocks, timers and delayed performs, "
                + "the most it runs at once, with more still due \(goal): a repeating timer with a tiny interval, or a block that schedules "
                + "itself again, keeps it busy; invalidate the timer, or advance by less"
        }
    }

    /// A time in nanoseconds as seconds for people: `0.5 s`, `2 s`, `0.000001 s`.
    public static func secondsText(_ nanoseconds: Int) -> String {
        let whole = nanoseconds / nanosecondsPerSecond
        var fraction = String(abs(nanoseconds % nanosecondsPerSecond))
        guard fraction != "0" else { return "\(whole) s" }
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(nanoseconds < 0 && whole == 0 ? "-" : "")\(whole).\(fraction) s"
    }

    /// `seconds` in whole nanoseconds, rounded to the nearest and kept within what an
    /// integer holds: an interval from code may be anything a double is.
    public static func nanoseconds(fromSeconds seconds: Double) -> Int {
        guard seconds.isFinite else { return seconds > 0 ? Int.max / 2 : 0 }
        let value = (seconds * Double(nanosecondsPerSecond)).rounded()
        // A quarter of Int's range: far beyond any wait, and safe to add to a time.
        let bound = Double(Int.max / 4)
        return Int(min(max(value, -bound), bound))
    }
}
