import Runtime
import Synchronization

extension ClassLibrary {
    /// `NSRunLoop`: one run loop, the main one, whose time is the library's
    /// ``VirtualClock``. Running it until a date moves the clock to that date, running the
    /// timers, delayed performs and dispatched blocks that fall due on the way, so a test
    /// that spins the run loop until a completion block has run ends as soon as it has.
    ///
    /// A date is whatever answers `timeIntervalSinceNow` (an `NSDate`), or a number of
    /// seconds from now; nil is now.
    ///
    /// A loop that spins the run loop waiting for what never comes (a reply from a server,
    /// a callback the model does not make) would spin for ever: once the run loop has been
    /// run again and again for ``idleLimit`` of virtual time with nothing to run, it raises.
    static func defineRunLoop(in runtime: Runtime, root: Class, clock: VirtualClock) throws -> Class {
        // The one run loop, made on first use; the class's methods hold it.
        let main = Mutex<Object?>(nil)
        let idle = IdleSpinning()
        return try runtime.registerLazyClass(named: "NSRunLoop", superclass: root) { c in
            for name in ["mainRunLoop", "currentRunLoop"] {
                try c.addClassMethod(name, types: "@@:") { m in
                    let cls = try m.receiverClass()
                    return .object(try main.withLock { shared in
                        if let shared { return shared }
                        let made = try m.runtime.createInstance(of: cls)
                        shared = made
                        return made
                    })
                }
            }
            try c.addMethod("addTimer:forMode:", types: "v@:@@") { m in
                guard let timer = try m.objectArgument(0), timer.isKind(of: try m.runtime.requireClass(named: "NSTimer")) else {
                    throw ClassLibraryError.wrongArgument(method: "-[NSRunLoop addTimer:forMode:]", expected: "an NSTimer", got: m[0].description)
                }
                try Timer.schedule(timer, on: clock, in: m.runtime)
                return .nil
            }
            try c.addMethod("runUntilDate:", types: "v@:@") { m in
                try run(until: m[0], method: "-[NSRunLoop runUntilDate:]", m, clock: clock, idle: idle)
                return .nil
            }
            // As Foundation's, it returns once something ran or the date came: the clock goes to
            // the next due work when that comes before the date, so a loop that spins until a
            // completion block has run ends as soon as it has, at the time it ran.
            try c.addMethod("runMode:beforeDate:", types: "B@:@@") { m in
                try run(until: m[1], method: "-[NSRunLoop runMode:beforeDate:]", m, clock: clock, idle: idle, stoppingAtNextDue: true)
                return true
            }
        }
    }

    /// Moves the clock to `date`, running what falls due; with `stoppingAtNextDue`, only as
    /// far as the next due work when that comes first.
    private static func run(
        until date: Value, method: String, _ m: borrowing Message, clock: VirtualClock, idle: IdleSpinning, stoppingAtNextDue: Bool = false
    ) throws {
        let seconds: Double
        switch date {
        case .nil:
            seconds = 0
        case .object(let object):
            guard let interval = try m.send("timeIntervalSinceNow", to: object).numberValue else {
                throw ClassLibraryError.wrongArgument(method: method, expected: "a date whose timeIntervalSinceNow is a number", got: object.description)
            }
            seconds = interval
        default:
            guard let interval = date.numberValue else {
                throw ClassLibraryError.wrongArgument(method: method, expected: "a date, such as [NSDate dateWithTimeIntervalSinceNow:0.1]", got: date.kindDescription)
            }
            seconds = interval
        }
        let start = clock.now
        let target = start &+ max(0, VirtualClock.nanoseconds(fromSeconds: seconds))
        let report = if stoppingAtNextDue, let next = clock.nextDue, next < target {
            try clock.advance(to: max(next, clock.now))
        } else {
            try clock.advance(to: target)
        }
        guard idle.spun(clock.now - start, ranNothing: report.total == 0) else {
            throw ClassLibraryError.idleRunLoop(method: method)
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
}
