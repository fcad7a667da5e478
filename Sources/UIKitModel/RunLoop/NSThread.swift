import Runtime

extension ClassLibrary {
    /// `NSThread`: the model runs everything on one thread, the main one, so code that
    /// asserts it is on the main thread (`NSAssert([NSThread isMainThread], ...)`) passes,
    /// and `currentThread` is `mainThread`. Sleeping advances the virtual clock, running
    /// what comes due meanwhile, as other threads and queues would get on with their work
    /// while this one slept (a test that sleeps to wait for a `dispatch_after` sees it run).
    /// A thread detached with a selector runs it at the next turn of the run loop.
    static func defineThread(in runtime: Runtime, root: Class, clock: VirtualClock) throws {
        let main = SharedInstance()
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSThread", superclass: root) { c in
            try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "threadDictionary", type: .object(className: "NSMutableDictionary"), attributes: [.readOnly]))
            try c.addMethod("init", types: "@@:") { m in
                let dictionary = try m.send("dictionary", to: m.runtime.requireClass(named: "NSMutableDictionary"))
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_threadDictionary", of: this, to: dictionary) }
            }
            for name in ["mainThread", "currentThread"] {
                try c.addClassMethod(name, types: "@@:") { m in
                    try main.object { try m.allocInit(initialize).object }.map(Value.object) ?? .nil
                }
            }
            try c.addClassMethod("isMainThread", types: "B@:") { _ in true }
            try c.addClassMethod("isMultiThreaded", types: "B@:") { _ in false }
            try c.addMethod("isMainThread", types: "B@:") { m in
                .bool(try main.object { nil } === m.receiver)
            }
            try c.addClassMethod("sleepForTimeInterval:", types: "v@:d") { m in
                _ = try clock.advance(by: VirtualClock.nanoseconds(fromSeconds: max(0, try m.numberArgument(0))))
                return .nil
            }
            try c.addClassMethod("sleepUntilDate:", types: "v@:@") { m in
                guard let date = try m.objectArgument(0), let seconds = try m.send("timeIntervalSinceNow", to: date).numberValue else {
                    throw m.wrongArgument(0, expected: "an NSDate, such as [NSDate dateWithTimeIntervalSinceNow:1]")
                }
                _ = try clock.advance(by: VirtualClock.nanoseconds(fromSeconds: max(0, seconds)))
                return .nil
            }
            try c.addClassMethod("detachNewThreadSelector:toTarget:withObject:", types: "v@::@@") { m in
                let selector = try m.selectorArgument(0)
                guard let target = try m.objectArgument(1) else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "target cannot be nil")
                }
                let arguments = selector.argumentCount == 0 ? Arguments() : Arguments(m[2])
                let reference = RuntimeReference(m.runtime)
                clock.schedule(after: 0, kind: .perform, owner: ObjectIdentifier(target)) {
                    guard let runtime = reference.runtime else { return }
                    _ = try runtime.send(selector, to: target, arguments, nestedAt: 0)
                }
                return .nil
            }
        }
    }
}
