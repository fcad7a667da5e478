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
    static func defineRunLoop(in runtime: Runtime, root: Class, runLoop: MainRunLoop) throws -> Class {
        // The one run loop, made on first use; the class's methods hold it.
        let main = Mutex<Object?>(nil)
        // The run loop's observers (`CFRunLoopObserverRef`): what they observe is the run loop's.
        try runtime.registerLazyClass(named: runLoopObserverClassName, superclass: root) { _ in }
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
                try Timer.schedule(timer, on: runLoop.clock, in: m.runtime)
                return .nil
            }
            try c.addMethod("runUntilDate:", types: "v@:@") { m in
                let method = "-[NSRunLoop runUntilDate:]"
                _ = try runLoop.run(for: try interval(until: m[0], method: method, m), returningAfterSourceHandled: false, stoppable: false, method: method)
                return .nil
            }
            // As Foundation's, it returns once something ran or the date came: the clock goes to
            // the next due work when that comes before the date, so a loop that spins until a
            // completion block has run ends as soon as it has, at the time it ran.
            try c.addMethod("runMode:beforeDate:", types: "B@:@@") { m in
                let method = "-[NSRunLoop runMode:beforeDate:]"
                _ = try runLoop.run(for: try interval(until: m[1], method: method, m), returningAfterSourceHandled: true, method: method)
                return true
            }
            // The CoreFoundation run loop is this one: CFRunLoopGetMain() answers it.
            try c.addMethod("getCFRunLoop", types: "^v@:") { m in .object(m.receiver) }
        }
    }

    /// The class of the run loop's observers, which `CFRunLoopObserverCreate` makes.
    public static let runLoopObserverClassName = "__NSCFRunLoopObserver"

    /// The nanoseconds from now until `date`: whatever answers `timeIntervalSinceNow`, or a
    /// number of seconds; nil is now, and a date past is now.
    private static func interval(until date: Value, method: String, _ m: borrowing Message) throws -> Int {
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
        return max(0, VirtualClock.nanoseconds(fromSeconds: seconds))
    }
}
