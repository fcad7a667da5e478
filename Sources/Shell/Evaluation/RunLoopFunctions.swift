import Runtime
import UIKitModel

/// CoreFoundation's run loop functions, on the model's main run loop (``MainRunLoop``),
/// whose time is virtual:
///
/// - `CFRunLoopGetMain()` and `CFRunLoopGetCurrent()` answer the one run loop, the object
///   `[NSRunLoop mainRunLoop]` is (its `getCFRunLoop` answers itself).
/// - `CFRunLoopRun()` runs it until `CFRunLoopStop` stops it: the pattern of a test that
///   waits for a callback which stops the loop. When nothing scheduled is left that could
///   stop it, it raises rather than hang.
/// - `CFRunLoopRunInMode(mode, seconds, returnAfterSourceHandled)` runs it for at most that
///   long of virtual time, or until stopped, or until something ran when asked to return
///   then, and answers why it returned (`kCFRunLoopRunStopped`, `kCFRunLoopRunTimedOut`,
///   `kCFRunLoopRunHandledSource`). A mode is any name: the run loop has one.
/// - `CFRunLoopStop(rl)` stops the innermost run going on; `CFRunLoopWakeUp(rl)` does
///   nothing, as nothing sleeps.
/// - Observers: `CFRunLoopObserverCreateWithHandler(allocator, activities, repeats, order,
///   block)` and `CFRunLoopObserverCreate(allocator, activities, repeats, order, callout,
///   context)` (the callout is given the observer, the activity and the context's `info`)
///   make one; `CFRunLoopAddObserver`, `CFRunLoopRemoveObserver` and
///   `CFRunLoopContainsObserver` put it on the run loop and take it off;
///   `CFRunLoopObserverInvalidate` ends it. Each run tells them its entry and exit and
///   each turn's stages: before timers, before sources, before waiting, after waiting.
/// - `CFRunLoopPerformBlock(rl, mode, block)` runs the block on the main queue at the
///   loop's next turn.
/// - Timers are `NSTimer`s, as CoreFoundation bridges them:
///   `CFRunLoopTimerCreateWithHandler(allocator, fireDate, interval, flags, order, block)`
///   and `CFRunLoopTimerCreate(allocator, fireDate, interval, flags, order, callout,
///   context)` (the callout is given the timer and the context's `info`) make one that fires
///   at an absolute time (`CFAbsoluteTimeGetCurrent() + 1`) and repeats when the interval is
///   above 0; `CFRunLoopAddTimer`, `CFRunLoopRemoveTimer` (which leaves it valid) and
///   `CFRunLoopContainsTimer`, and the timer's `Invalidate`, `IsValid`, `GetNextFireDate`,
///   `SetNextFireDate`, `GetInterval`, `DoesRepeat` and `Get`/`SetTolerance`.
enum RunLoopFunctions {
    private static let expectations: [String: String] = [
        "CFRunLoopGetMain": "nothing, as in CFRunLoopGetMain()",
        "CFRunLoopGetCurrent": "nothing, as in CFRunLoopGetCurrent()",
        "CFRunLoopRun": "nothing, as in CFRunLoopRun()",
        "CFRunLoopRunInMode": "a mode, a number of seconds and whether to return once something ran, as in CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.1, false)",
        "CFRunLoopStop": "a run loop, as in CFRunLoopStop(CFRunLoopGetCurrent())",
        "CFRunLoopWakeUp": "a run loop, as in CFRunLoopWakeUp(CFRunLoopGetMain())",
        "CFRunLoopIsWaiting": "a run loop, as in CFRunLoopIsWaiting(CFRunLoopGetMain())",
        "CFRunLoopCopyCurrentMode": "a run loop, as in CFRunLoopCopyCurrentMode(CFRunLoopGetCurrent())",
        "CFRunLoopPerformBlock": "a run loop, a mode and a block taking nothing, as in CFRunLoopPerformBlock(CFRunLoopGetMain(), kCFRunLoopDefaultMode, ^{ ... })",
        "CFRunLoopObserverCreateWithHandler": "an allocator, the activities, whether it repeats, an order and a block taking the observer and the activity, as in CFRunLoopObserverCreateWithHandler(NULL, kCFRunLoopBeforeWaiting, YES, 0, ^(CFRunLoopObserverRef observer, CFRunLoopActivity activity) { ... })",
        "CFRunLoopObserverCreate": "an allocator, the activities, whether it repeats, an order, a function taking the observer, the activity and the context's info, and a context or NULL, as in CFRunLoopObserverCreate(NULL, kCFRunLoopBeforeWaiting, YES, 0, MMObserve, &context)",
        "CFRunLoopAddObserver": "a run loop, an observer and a mode, as in CFRunLoopAddObserver(CFRunLoopGetMain(), observer, kCFRunLoopCommonModes)",
        "CFRunLoopRemoveObserver": "a run loop, an observer and a mode, as in CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, kCFRunLoopCommonModes)",
        "CFRunLoopContainsObserver": "a run loop, an observer and a mode, as in CFRunLoopContainsObserver(CFRunLoopGetMain(), observer, kCFRunLoopCommonModes)",
        "CFRunLoopObserverInvalidate": "an observer, as in CFRunLoopObserverInvalidate(observer)",
        "CFRunLoopObserverIsValid": "an observer, as in CFRunLoopObserverIsValid(observer)",
        "CFRunLoopObserverGetActivities": "an observer, as in CFRunLoopObserverGetActivities(observer)",
        "CFRunLoopObserverDoesRepeat": "an observer, as in CFRunLoopObserverDoesRepeat(observer)",
        "CFRunLoopObserverGetOrder": "an observer, as in CFRunLoopObserverGetOrder(observer)",
        "CFRunLoopTimerCreateWithHandler": "an allocator, a fire date, an interval, flags, an order and a block taking the timer, as in CFRunLoopTimerCreateWithHandler(NULL, CFAbsoluteTimeGetCurrent() + 1, 0, 0, 0, ^(CFRunLoopTimerRef timer) { ... })",
        "CFRunLoopTimerCreate": "an allocator, a fire date, an interval, flags, an order, a function taking the timer and the context's info, and a context or NULL, as in CFRunLoopTimerCreate(NULL, CFAbsoluteTimeGetCurrent() + 1, 0, 0, 0, MMFire, &context)",
        "CFRunLoopAddTimer": "a run loop, a timer and a mode, as in CFRunLoopAddTimer(CFRunLoopGetMain(), timer, kCFRunLoopCommonModes)",
        "CFRunLoopRemoveTimer": "a run loop, a timer and a mode, as in CFRunLoopRemoveTimer(CFRunLoopGetMain(), timer, kCFRunLoopCommonModes)",
        "CFRunLoopContainsTimer": "a run loop, a timer and a mode, as in CFRunLoopContainsTimer(CFRunLoopGetMain(), timer, kCFRunLoopCommonModes)",
        "CFRunLoopTimerInvalidate": "a timer, as in CFRunLoopTimerInvalidate(timer)",
        "CFRunLoopTimerIsValid": "a timer, as in CFRunLoopTimerIsValid(timer)",
        "CFRunLoopTimerGetNextFireDate": "a timer, as in CFRunLoopTimerGetNextFireDate(timer)",
        "CFRunLoopTimerSetNextFireDate": "a timer and an absolute time, as in CFRunLoopTimerSetNextFireDate(timer, CFAbsoluteTimeGetCurrent() + 5)",
        "CFRunLoopTimerGetInterval": "a timer, as in CFRunLoopTimerGetInterval(timer)",
        "CFRunLoopTimerDoesRepeat": "a timer, as in CFRunLoopTimerDoesRepeat(timer)",
        "CFRunLoopTimerGetTolerance": "a timer, as in CFRunLoopTimerGetTolerance(timer)",
        "CFRunLoopTimerSetTolerance": "a timer and a number of seconds, as in CFRunLoopTimerSetTolerance(timer, 0.1)",
        "CFAbsoluteTimeGetCurrent": "nothing, as in CFAbsoluteTimeGetCurrent()",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let runtime = interpreter.runtime, framework = interpreter.context.framework, runLoop = framework.runLoop
        func mainRunLoop() throws -> Value {
            try call.located { try runtime.send(runtime.selector("mainRunLoop"), to: try runtime.requireClass(named: "NSRunLoop"), Arguments()) }
        }
        func runLoopArgument(_ index: Int) throws {
            guard let object = call[index].object, object.isKind(of: try call.located({ try runtime.requireClass(named: "NSRunLoop") })) else { throw call.mistake }
        }
        func timer(_ index: Int) throws -> Object {
            let timers = try call.located { try runtime.requireClass(named: "NSTimer") }
            guard let object = call[index].object, object.isKind(of: timers) else { throw call.mistake }
            return object
        }
        func send(_ selectorName: String, to receiver: Value, _ arguments: Value...) throws -> Value {
            try runtime.send(runtime.selector(selectorName), toValue: receiver, Arguments(arguments), nestedAt: 0)
        }
        func send(_ selectorName: String, to receiver: Object, _ arguments: Value...) throws -> Value {
            try runtime.send(runtime.selector(selectorName), to: receiver, Arguments(arguments))
        }
        func observer(_ index: Int) throws -> Object {
            let observers = try call.located { try runtime.requireClass(named: ClassLibrary.runLoopObserverClassName) }
            guard let object = call[index].object, object.isKind(of: observers) else { throw call.mistake }
            return object
        }
        /// Runs the loop, its errors placed at the call.
        func run(for timeout: Int?, returningAfterSourceHandled: Bool) throws -> MainRunLoop.Outcome {
            do {
                return try runLoop.run(for: timeout, returningAfterSourceHandled: returningAfterSourceHandled, method: "\(name)()")
            } catch let overrun as VirtualClock.Overrun {
                throw EvaluationError(.runLoopOverrun(overrun), at: location)
            } catch {
                throw EvaluationError.placing(error, at: location)
            }
        }
        switch name {
        case "CFRunLoopGetMain", "CFRunLoopGetCurrent":
            try call.expect(0)
            return try mainRunLoop()
        case "CFRunLoopRun":
            try call.expect(0)
            guard try run(for: nil, returningAfterSourceHandled: false) == .stopped else {
                throw EvaluationError(.waitsForever(function: name, waitingFor: "CFRunLoopStop to stop the run loop"), at: location)
            }
            return .nil
        case "CFRunLoopRunInMode":
            try call.expect(3)
            _ = try call.string(0)
            let timeout = max(0, VirtualClock.nanoseconds(fromSeconds: try call.number(1)))
            return .int(try run(for: timeout, returningAfterSourceHandled: call[2].isTruthy).rawValue)
        case "CFRunLoopStop", "CFRunLoopWakeUp", "CFRunLoopIsWaiting", "CFRunLoopCopyCurrentMode":
            try call.expect(1)
            try runLoopArgument(0)
            switch name {
            case "CFRunLoopStop": runLoop.stop()
            // Nothing here sleeps: the loop is never waiting when code asks.
            case "CFRunLoopIsWaiting": return .bool(false)
            case "CFRunLoopCopyCurrentMode": return runLoop.isRunning ? .string("kCFRunLoopDefaultMode") : .nil
            default: break
            }
            return .nil
        case "CFRunLoopPerformBlock":
            try call.expect(3)
            try runLoopArgument(0)
            _ = try call.string(1)
            let block = try call.block(2)
            guard block.parameterCount == 0 else { throw call.mistake }
            let queue = try call.located { try framework.mainQueue(in: runtime) }
            framework.clock.schedule(after: 0, kind: .block) { try framework.run(block, on: queue, concurrent: false) }
            return .nil
        case "CFRunLoopObserverCreateWithHandler", "CFRunLoopObserverCreate":
            let withHandler = name == "CFRunLoopObserverCreateWithHandler"
            try call.expect(withHandler ? 5 : 6)
            let activities = MainRunLoop.Activity(rawValue: try call.integer(1))
            let repeats = call[2].isTruthy, order = try call.integer(3)
            let callout = try call.block(4)
            guard callout.parameterCount == (withHandler ? 2 : 3) else { throw call.mistake }
            // The context's `info`, which the callout is given (a C function has no captures).
            let info: Value = withHandler ? .nil : try contextInfo(call, at: 5)
            let made = try call.located { try runtime.createInstance(of: try runtime.requireClass(named: ClassLibrary.runLoopObserverClassName)) }
            runLoop.makeObserver(made, activities: activities, repeats: repeats, order: order) { activity in
                let arguments: [Value] = [.object(made), .int(activity.rawValue)] + (withHandler ? [] : [info])
                _ = try callout.call(Arguments(arguments), nestedAt: 0)
            }
            return .object(made)
        case "CFAbsoluteTimeGetCurrent":
            // The model's date, read as `+[NSDate date]` reads it.
            try call.expect(0)
            return try call.located { try send("timeIntervalSinceReferenceDate", to: try send("date", to: try runtime.requireClass(named: "NSDate"))) }
        case "CFRunLoopTimerCreateWithHandler", "CFRunLoopTimerCreate":
            let withHandler = name == "CFRunLoopTimerCreateWithHandler"
            try call.expect(withHandler ? 6 : 7)
            let (fireDate, interval) = (try call.number(1), try call.number(2))
            _ = (try call.integer(3), try call.integer(4))
            let callout = try call.block(5)
            guard callout.parameterCount == (withHandler ? 1 : 2) else { throw call.mistake }
            let info: Value = withHandler ? .nil : try contextInfo(call, at: 6)
            let fires = withHandler ? callout : Block(parameterCount: 1) { arguments, depth in
                try callout.call(Arguments([arguments[0], info]), nestedAt: depth)
            }
            return try call.located {
                let date = try send("dateWithTimeIntervalSinceReferenceDate:", to: try runtime.requireClass(named: "NSDate"), .double(fireDate))
                let allocated = try send("alloc", to: try runtime.requireClass(named: "NSTimer"))
                // CoreFoundation's timer repeats when it has an interval, NSTimer's when told.
                return try send("initWithFireDate:interval:repeats:block:", to: allocated, date, .double(interval), .bool(interval > 0), .block(fires))
            }
        case "CFRunLoopAddTimer", "CFRunLoopRemoveTimer", "CFRunLoopContainsTimer":
            try call.expect(3)
            try runLoopArgument(0)
            let object = try timer(1)
            _ = try call.string(2)
            return try call.located {
                if name == "CFRunLoopContainsTimer" { return .bool(try runLoop.containsTimer(object, in: runtime)) }
                try runLoop.setTimer(object, added: name == "CFRunLoopAddTimer", in: runtime)
                return .nil
            }
        case "CFRunLoopTimerSetNextFireDate", "CFRunLoopTimerSetTolerance":
            try call.expect(2)
            let object = try timer(0)
            let seconds = try call.number(1)
            return try call.located {
                if name == "CFRunLoopTimerSetTolerance" { return try send("setTolerance:", to: object, .double(seconds)) }
                return try send("setFireDate:", to: object, try send("dateWithTimeIntervalSinceReferenceDate:", to: try runtime.requireClass(named: "NSDate"), .double(seconds)))
            }
        case "CFRunLoopTimerInvalidate", "CFRunLoopTimerIsValid", "CFRunLoopTimerGetNextFireDate", "CFRunLoopTimerGetInterval",
             "CFRunLoopTimerDoesRepeat", "CFRunLoopTimerGetTolerance":
            try call.expect(1)
            let object = try timer(0)
            return try call.located {
                switch name {
                case "CFRunLoopTimerInvalidate": try send("invalidate", to: object)
                case "CFRunLoopTimerIsValid": try send("isValid", to: object)
                case "CFRunLoopTimerGetNextFireDate": try send("timeIntervalSinceReferenceDate", to: try send("fireDate", to: object))
                case "CFRunLoopTimerGetTolerance": try send("tolerance", to: object)
                // A timer that does not repeat answers 0, as NSTimer's timeInterval does.
                case "CFRunLoopTimerGetInterval": try send("timeInterval", to: object)
                default: .bool(try send("timeInterval", to: object).numberValue ?? 0 > 0)
                }
            }
        case "CFRunLoopAddObserver", "CFRunLoopRemoveObserver", "CFRunLoopContainsObserver":
            try call.expect(3)
            try runLoopArgument(0)
            let object = try observer(1)
            _ = try call.string(2)
            switch name {
            case "CFRunLoopContainsObserver": return .bool(runLoop.isAdded(object))
            // An invalidated observer is added to nothing, as CoreFoundation ignores it.
            default: runLoop.setObserver(object, added: name == "CFRunLoopAddObserver")
            }
            return .nil
        default:
            try call.expect(1)
            let object = try observer(0)
            let settings = runLoop.observerSettings(of: object)
            switch name {
            case "CFRunLoopObserverInvalidate":
                runLoop.invalidateObserver(object)
                return .nil
            case "CFRunLoopObserverIsValid": return .bool(settings != nil)
            case "CFRunLoopObserverGetActivities": return .int(settings?.activities.rawValue ?? 0)
            case "CFRunLoopObserverDoesRepeat": return .bool(settings?.repeats ?? false)
            default: return .int(settings?.order ?? 0)
            }
        }
    }

    /// The `info` of the context (a `CFRunLoopObserverContext` or `CFRunLoopTimerContext`)
    /// argument `index` points at; nil for NULL.
    private static func contextInfo(_ call: FunctionCall, at index: Int) throws -> Value {
        guard let context = try call.pointer(index) else { return .nil }
        guard case .structure(let fields) = context.value, let info = fields["info"] else { throw call.mistake }
        return info
    }
}
