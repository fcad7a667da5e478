import Runtime
import Synchronization

/// The main run loop as CoreFoundation shows it (`CFRunLoopRun`, `CFRunLoopRunInMode`,
/// `CFRunLoopStop`, run loop observers), over the library's ``VirtualClock``: a run moves
/// the clock from one due piece of work to the next, telling the observers each stage of
/// each turn, until it is stopped, its time is up or, when asked to, something ran.
///
/// The run loop has one mode: every mode's name runs the same timers, blocks and observers,
/// as the modes an app's code names (default and common) do in a test. A run inside the
/// clock's own work (a block running on a queue) waits for its time on the clock and tells
/// no observer: that is another thread's run loop, which has none of the main one's.
public final class MainRunLoop: Sendable {
    /// The stages of a turn of the loop an observer may ask to hear of, with
    /// CoreFoundation's values (`kCFRunLoopEntry`, ..., `kCFRunLoopExit`).
    public struct Activity: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let entry = Activity(rawValue: 1)
        public static let beforeTimers = Activity(rawValue: 1 << 1)
        public static let beforeSources = Activity(rawValue: 1 << 2)
        public static let beforeWaiting = Activity(rawValue: 1 << 5)
        public static let afterWaiting = Activity(rawValue: 1 << 6)
        public static let exit = Activity(rawValue: 1 << 7)
    }

    /// Why a run ended, with CoreFoundation's values (`kCFRunLoopRunFinished`, ...).
    public enum Outcome: Int, Sendable {
        /// Nothing is scheduled that could ever end a run with no deadline.
        case finished = 1
        /// `CFRunLoopStop` stopped it.
        case stopped = 2
        /// Its time was up.
        case timedOut = 3
        /// Something ran, and the run was asked to return once it had.
        case handledSource = 4
    }

    /// An observer's callout, told the stage of the turn.
    public typealias Callout = @Sendable (Activity) throws -> Void

    private struct Observer {
        let object: Object
        let activities: Activity
        let repeats: Bool
        let order: Int
        let callout: Callout
        /// Added to the run loop (it may be made and not added yet, or removed).
        var isAdded = false
        /// When it was made: observers of the same order are told in that order.
        let sequence: Int
    }

    private struct State {
        /// The valid observers, added or not, by identity.
        var observers: [ObjectIdentifier: Observer] = [:]
        var nextSequence = 0
        /// Whether each run going on was stopped, innermost last.
        var runs: [Bool] = []
    }

    /// The clock the loop runs.
    public let clock: VirtualClock
    private let state = Mutex(State())
    private let idle = IdleSpinning()

    /// A run loop whose time is `clock`'s.
    public init(clock: VirtualClock) {
        self.clock = clock
    }

    // MARK: Observers

    /// Makes `object` an observer of `activities` that calls `callout`, not yet added;
    /// one that does not repeat is invalidated after its first callout. Observers are told
    /// in ascending `order`, and in the order they were made when their orders are equal.
    public func makeObserver(_ object: Object, activities: Activity, repeats: Bool, order: Int, callout: @escaping Callout) {
        state.withLock { state in
            state.observers[ObjectIdentifier(object)] = Observer(
                object: object, activities: activities, repeats: repeats, order: order, callout: callout, sequence: state.nextSequence)
            state.nextSequence += 1
        }
    }

    /// Whether `object` is an observer ``makeObserver(_:activities:repeats:order:callout:)``
    /// made that has not been invalidated.
    public func isObserver(_ object: Object) -> Bool {
        state.withLock { $0.observers[ObjectIdentifier(object)] != nil }
    }

    /// What the observer `object` was made with; nil when it is not a valid observer.
    public func observerSettings(of object: Object) -> (activities: Activity, repeats: Bool, order: Int)? {
        state.withLock { state in
            state.observers[ObjectIdentifier(object)].map { ($0.activities, $0.repeats, $0.order) }
        }
    }

    /// Whether the observer `object` is on the run loop.
    public func isAdded(_ object: Object) -> Bool {
        state.withLock { $0.observers[ObjectIdentifier(object)]?.isAdded ?? false }
    }

    /// Adds or removes the valid observer `object`; false when it is not one.
    @discardableResult
    public func setObserver(_ object: Object, added: Bool) -> Bool {
        state.withLock { state in
            guard state.observers[ObjectIdentifier(object)] != nil else { return false }
            state.observers[ObjectIdentifier(object)]?.isAdded = added
            return true
        }
    }

    /// Invalidates the observer `object`: removed, and never told anything again.
    public func invalidateObserver(_ object: Object) {
        _ = state.withLock { $0.observers.removeValue(forKey: ObjectIdentifier(object)) }
    }

    /// Puts the timer `timer` (an `NSTimer`, which a `CFRunLoopTimerRef` is) on the run
    /// loop, or takes it off leaving it valid, as `CFRunLoopAddTimer` and
    /// `CFRunLoopRemoveTimer` do.
    public func setTimer(_ timer: Object, added: Bool, in runtime: Runtime) throws {
        if added { try Timer.schedule(timer, on: clock, in: runtime) } else { try Timer.unschedule(timer, on: clock, in: runtime) }
    }

    /// Whether the timer `timer` is on the run loop.
    public func containsTimer(_ timer: Object, in runtime: Runtime) throws -> Bool {
        try Timer.isScheduled(timer, in: runtime)
    }

    /// Forgets every observer and every run's stop, for a session's teardown.
    public func reset() {
        state.withLock { $0 = State() }
    }

    /// Tells the added observers of `activity` it has come, in their order; an observer
    /// that does not repeat is invalidated first, as CoreFoundation does.
    private func notify(_ activity: Activity) throws {
        let told: [Observer] = state.withLock { state in
            let chosen = state.observers.values.filter { $0.isAdded && $0.activities.contains(activity) }
                .sorted { ($0.order, $0.sequence) < ($1.order, $1.sequence) }
            for observer in chosen where !observer.repeats {
                state.observers.removeValue(forKey: ObjectIdentifier(observer.object))
            }
            return chosen
        }
        for observer in told {
            // One removed by an earlier observer's callout in this round is not told.
            guard !observer.repeats || isObserver(observer.object) else { continue }
            try observer.callout(activity)
        }
    }

    // MARK: Running

    /// Whether a run is going on.
    public var isRunning: Bool { state.withLock { !$0.runs.isEmpty } }

    /// Stops the innermost run going on; with none going on, does nothing (the next run
    /// starts afresh, as CoreFoundation's does).
    public func stop() {
        state.withLock { state in
            guard !state.runs.isEmpty else { return }
            state.runs[state.runs.count - 1] = true
        }
    }

    private var isStopped: Bool { state.withLock { $0.runs.last ?? false } }

    /// Runs the loop for at most `timeout` nanoseconds (nil: with no deadline) or until
    /// stopped; with `returningAfterSourceHandled`, only until something runs.
    ///
    /// - Parameters:
    ///   - stoppable: whether ``stop()`` ends this run; `-[NSRunLoop runUntilDate:]`
    ///     runs on to its date regardless, as its repeated runs do on a device.
    ///   - method: the function or method that runs the loop, for errors.
    /// - Throws: ``ClassLibraryError/idleRunLoop(method:)`` when the loop has been run
    ///   call after call for an hour of virtual time with nothing to run, and what the
    ///   work and the observers throw.
    public func run(for timeout: Int?, returningAfterSourceHandled: Bool, stoppable: Bool = true, method: String) throws -> Outcome {
        let start = clock.now
        let deadline = timeout.map { start &+ max(0, $0) }
        state.withLock { $0.runs.append(false) }
        defer { state.withLock { _ = $0.runs.popLast() } }
        let stopped = { stoppable && self.isStopped }
        var ran = 0
        let outcome: Outcome
        if clock.isInsideWork {
            // Another thread's run loop: it sleeps until its deadline or its stop, or, asked
            // to return once something ran, until the next piece of work is due.
            if returningAfterSourceHandled, let deadline {
                let target = min(clock.nextDue.map { max($0, start) } ?? deadline, deadline)
                try clock.advance(to: target)
                if target < deadline { ran = 1 }
                outcome = stopped() ? .stopped : (target < deadline ? .handledSource : .timedOut)
            } else {
                let held = if let timeout { try clock.advance(until: stopped, timeout: timeout) } else { try clock.advance(until: stopped) }
                outcome = held ? .stopped : (timeout == nil ? .finished : .timedOut)
            }
        } else {
            outcome = try turn(until: deadline, returningAfterSourceHandled: returningAfterSourceHandled, stopped: stopped, ran: &ran)
        }
        guard idle.spun(clock.now - start, ranNothing: ran == 0 && outcome == .timedOut) else {
            throw ClassLibraryError.idleRunLoop(method: method)
        }
        return outcome
    }

    /// The turns of a run on the clock's own thread, with the observers told of each stage;
    /// `ran` counts the pieces of work run.
    private func turn(until deadline: Int?, returningAfterSourceHandled: Bool, stopped: () -> Bool, ran: inout Int) throws -> Outcome {
        let limit = VirtualClock.waitRunLimit
        /// Runs the clock to `target` (nil: what is due now), counting against the limit a
        /// run with no end in sight (a repeating timer and nothing to stop it) would pass.
        func step(to target: Int?) throws {
            let report = if let target { try clock.advance(to: target, limit: limit) } else { try clock.runDue(limit: limit) }
            ran += report.total
            guard ran <= limit else { throw VirtualClock.Overrun(limit: limit, report: report, target: deadline) }
        }
        try notify(.entry)
        let outcome: Outcome
        while true {
            try notify(.beforeTimers)
            try notify(.beforeSources)
            try step(to: nil)
            if stopped() { outcome = .stopped; break }
            if returningAfterSourceHandled && ran > 0 { outcome = .handledSource; break }
            try notify(.beforeWaiting)
            if stopped() { outcome = .stopped; break }
            guard let next = clock.nextDue, deadline.map({ next <= $0 }) ?? true else {
                guard let deadline else { outcome = .finished; break }
                try step(to: deadline)
                try notify(.afterWaiting)
                outcome = stopped() ? .stopped : .timedOut
                break
            }
            // Sleeping until the next piece of work is due wakes it and runs it.
            try step(to: max(next, clock.now))
            try notify(.afterWaiting)
            if stopped() { outcome = .stopped; break }
            if returningAfterSourceHandled && ran > 0 { outcome = .handledSource; break }
        }
        try notify(.exit)
        return outcome
    }
}

/// How long the run loop has been run, call after call, with nothing to run.
final class IdleSpinning: Sendable {
    /// An hour of virtual time, far past any test's own timeout.
    static let idleLimit = 3_600 * 1_000_000_000
    private let state = Mutex((calls: 0, nanoseconds: 0))

    /// Counts one run of `elapsed` nanoseconds; false once the run loop has been run
    /// idle more than once and for longer than ``idleLimit`` in all.
    func spun(_ elapsed: Int, ranNothing: Bool) -> Bool {
        state.withLock { state in
            guard ranNothing else {
                state = (0, 0)
                return true
            }
            state = (state.calls + 1, state.nanoseconds &+ elapsed)
            guard state.calls < 2 || state.nanoseconds <= Self.idleLimit else {
                // Raised once; the next wait starts counting afresh.
                state = (0, 0)
                return false
            }
            return true
        }
    }
}
