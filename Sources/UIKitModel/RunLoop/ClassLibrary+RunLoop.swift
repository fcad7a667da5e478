import Runtime

extension ClassLibrary {
    /// The classes that run on the library's ``VirtualClock``.
    static let runLoopClassNames = ["NSRunLoop", runLoopObserverClassName, "NSThread", "NSTimer", "OS_dispatch_group", "OS_dispatch_queue", "OS_dispatch_semaphore", "OS_dispatch_source"]
        + lockClassNames + operationClassNames

    /// Runs `clock` until `done` holds, for a library method that waits with no date
    /// (`-[NSCondition wait]`, `waitUntilFinished`); raises when nothing scheduled can end it.
    static func waitForever(on clock: VirtualClock, in m: borrowing Message, for what: String, until done: () throws -> Bool) throws {
        guard try clock.advance(until: done) else { throw ClassLibraryError.waitsForever(method: m.methodName, waitingFor: what) }
    }

    /// Defines the run loop's classes (`NSTimer`, `NSRunLoop`, `NSThread`, the dispatch queues, the locks, the operation queues),
    /// NSObject's delayed performs and UIView's block animations, all on the environment's clock.
    static func defineRunLoopClasses(in runtime: Runtime, root: Class, environment: ModelEnvironment) throws {
        let clock = environment.clock
        _ = try defineTimer(in: runtime, root: root, environment: environment)
        _ = try defineRunLoop(in: runtime, root: root, runLoop: environment.runLoop)
        try defineDispatchQueue(in: runtime, root: root)
        try defineDispatchSynchronization(in: runtime, root: root)
        try defineThread(in: runtime, root: root, clock: clock)
        try defineLocks(in: runtime, root: root, environment: environment)
        try defineOperations(in: runtime, root: root, clock: clock)
        try defineDelayedPerforming(in: runtime, root: root, clock: clock)
        try defineViewAnimations(in: runtime, clock: clock, viewAnimations: environment.viewAnimations)
    }
}
