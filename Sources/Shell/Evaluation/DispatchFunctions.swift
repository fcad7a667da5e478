import Runtime
import UIKitModel

/// Grand Central Dispatch, deterministic: every queue runs on the main run loop's
/// ``VirtualClock``, so blocks run in the order they were dispatched, on every run.
///
/// - `dispatch_async(queue, block)` queues the block; the shell runs what is queued once
///   the statements of the line (or of the lines one statement takes) at the prompt or in
///   a script have finished, and after each command, in order, including blocks those
///   blocks queue: the run loop's turn.
/// - `dispatch_after(when, queue, block)` runs the block once the clock reaches `when`
///   (`advance`, or the run loop run until a date); `DISPATCH_TIME_FOREVER` never.
/// - `dispatch_sync(queue, block)` runs the block now, after the blocks queued on the queue
///   before it that it waits for (all of a serial queue's, or a concurrent queue's up to its
///   last barrier; all for `dispatch_barrier_sync`); `dispatch_apply(count, queue, block)`
///   runs it for each index in order, now; `dispatch_benchmark(count, block)` runs it
///   `count` times and answers the nanoseconds a run took on the clock.
/// - `dispatch_get_current_queue()` (and `dispatch_queue_get_label(NULL)`) is the queue
///   whose `dispatch_async`, `dispatch_after`, `dispatch_sync` or `dispatch_group_async`
///   block is running, else the main queue. `dispatch_get_specific(key)` reads what
///   `dispatch_queue_set_specific` set on that queue (or on one running further out).
/// - `dispatch_once(&token, block)` runs the block the first time a token is passed, as
///   the real one: the token is set to -1 (`~0`) once it has run.
/// - `dispatch_time(base, delta)` is nanoseconds of the clock; `DISPATCH_TIME_NOW` (0) is
///   now, and `DISPATCH_TIME_FOREVER` (`~0ull`, -1 in rtsh's signed integers) stays forever.
///   `dispatch_walltime(when, delta)` is the same clock: NULL is now, and a `timespec` is
///   as far from now as it is from the model's present.
/// - `dispatch_semaphore_wait(s, when)` and `dispatch_group_wait(g, when)` return 0 at once
///   when the semaphore can be taken or the group is done; otherwise they run the clock, as
///   a blocked thread lets the queues run, until it can or `when` has passed (then they
///   return non-zero, `KERN_OPERATION_TIMED_OUT`). A wait for ever that nothing scheduled
///   could end is an error rather than a hang. `dispatch_group_async` enters the group,
///   queues the block and leaves once it ran; `dispatch_group_notify` queues its block when
///   the group is done; leaving a group more often than it was entered raises, as GCD does.
/// - `dispatch_block_create(flags, block)` makes a block that `dispatch_block_cancel` can
///   cancel before it runs (then running it does nothing); `dispatch_block_testcancel` says
///   whether it was.
enum DispatchFunctions {
    private static let expectations: [String: String] = [
        "dispatch_get_main_queue": "nothing, as in dispatch_get_main_queue()",
        "dispatch_get_current_queue": "nothing, as in dispatch_get_current_queue()",
        "dispatch_set_target_queue": "a queue or a source and the queue to target, as in dispatch_set_target_queue(queue, dispatch_get_global_queue(QOS_CLASS_UTILITY, 0))",
        "dispatch_queue_set_specific": "a queue, a key, a value and a destructor, as in dispatch_queue_set_specific(queue, &kQueueKey, (__bridge void *)self, NULL)",
        "dispatch_queue_get_specific": "a queue and a key, as in dispatch_queue_get_specific(queue, &kQueueKey)",
        "dispatch_get_specific": "a key, as in dispatch_get_specific(&kQueueKey)",
        "dispatch_get_global_queue": "a quality of service and 0, as in dispatch_get_global_queue(QOS_CLASS_DEFAULT, 0)",
        "dispatch_queue_create": "a label and attributes, as in dispatch_queue_create(\"com.example.work\", DISPATCH_QUEUE_SERIAL)",
        "dispatch_queue_get_label": "a queue, as in dispatch_queue_get_label(dispatch_get_main_queue())",
        "dispatch_async": "a queue and a block taking nothing, as in dispatch_async(dispatch_get_main_queue(), ^{ ... })",
        "dispatch_barrier_async": "a queue and a block taking nothing, as in dispatch_barrier_async(queue, ^{ ... })",
        "dispatch_sync": "a queue and a block taking nothing, as in dispatch_sync(queue, ^{ ... })",
        "dispatch_barrier_sync": "a queue and a block taking nothing, as in dispatch_barrier_sync(queue, ^{ ... })",
        "dispatch_after": "a time, a queue and a block taking nothing, as in dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.5 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ ... })",
        "dispatch_once": "a pointer to a static dispatch_once_t and a block taking nothing, as in dispatch_once(&onceToken, ^{ ... })",
        "dispatch_apply": "a count, a queue and a block taking the index, as in dispatch_apply(count, queue, ^(size_t i) { ... })",
        "dispatch_benchmark": "a count and a block taking nothing, as in dispatch_benchmark(100, ^{ ... })",
        "dispatch_time": "a time and nanoseconds to add, as in dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.5 * NSEC_PER_SEC))",
        "dispatch_walltime": "NULL for now, or the address of a struct timespec, and nanoseconds to add, as in dispatch_walltime(NULL, (int64_t)(5 * NSEC_PER_SEC))",
        "dispatch_semaphore_create": "a starting count of 0 or more, as in dispatch_semaphore_create(0)",
        "dispatch_semaphore_signal": "a semaphore, as in dispatch_semaphore_signal(semaphore)",
        "dispatch_semaphore_wait": "a semaphore and a time, as in dispatch_semaphore_wait(semaphore, DISPATCH_TIME_FOREVER)",
        "dispatch_group_create": "nothing, as in dispatch_group_create()",
        "dispatch_group_enter": "a group, as in dispatch_group_enter(group)",
        "dispatch_group_leave": "a group, as in dispatch_group_leave(group)",
        "dispatch_group_async": "a group, a queue and a block taking nothing, as in dispatch_group_async(group, queue, ^{ ... })",
        "dispatch_group_notify": "a group, a queue and a block taking nothing, as in dispatch_group_notify(group, dispatch_get_main_queue(), ^{ ... })",
        "dispatch_group_wait": "a group and a time, as in dispatch_group_wait(group, DISPATCH_TIME_FOREVER)",
        "dispatch_block_create": "flags and a block taking nothing, as in dispatch_block_create(0, ^{ ... })",
        "dispatch_block_cancel": "a block dispatch_block_create made, as in dispatch_block_cancel(work)",
        "dispatch_block_testcancel": "a block dispatch_block_create made, as in dispatch_block_testcancel(work)",
    ]

    /// What a wait that timed out returns: `KERN_OPERATION_TIMED_OUT`.
    static let timedOut = 49

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// `DISPATCH_TIME_FOREVER`, as rtsh's signed integers hold `~0ull`.
    static let forever = -1

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let context = interpreter.context
        let framework = context.framework
        if name.hasPrefix("dispatch_semaphore") || name.hasPrefix("dispatch_group") {
            return try synchronization(call, interpreter: interpreter)
        }
        switch name {
        case "dispatch_get_main_queue":
            try call.expect(0)
            return .object(try call.located { try framework.mainQueue(in: context.runtime) })
        case "dispatch_get_global_queue":
            try call.expect(2)
            return .object(try call.located { try framework.globalQueue(try call.integer(0), in: context.runtime) })
        case "dispatch_queue_create":
            try call.expect(2)
            let label: String? = if case .string(let text) = call[0] { text } else if call[0] == .nil { nil } else { throw call.mistake }
            // DISPATCH_QUEUE_SERIAL is NULL; DISPATCH_QUEUE_CONCURRENT and its kin, their names.
            let concurrent = if case .string(let attributes) = call[1] { attributes.hasPrefix("DISPATCH_QUEUE_CONCURRENT") } else { false }
            return .object(try call.located { try ClassLibrary.makeDispatchQueue(label: label, concurrent: concurrent, in: context.runtime) })
        case "dispatch_get_current_queue":
            try call.expect(0)
            return .object(try call.located { try framework.currentQueue(in: context.runtime) })
        case "dispatch_queue_get_label":
            try call.expect(1)
            // DISPATCH_CURRENT_QUEUE_LABEL (NULL): the queue whose block is running.
            let queue = call[0] == .nil ? try call.located { try framework.currentQueue(in: context.runtime) } : try queue(call, 0)
            return ClassLibrary.dispatchQueueLabel(of: queue, in: context.runtime).map(Value.string) ?? .string("")
        case "dispatch_async", "dispatch_barrier_async":
            try call.expect(2)
            let queue = try queue(call, 0)
            let block = try work(call, 1)
            let concurrent = ClassLibrary.isConcurrentDispatchQueue(queue, in: context.runtime)
            let queued = framework.enqueue(block, barrier: name == "dispatch_barrier_async", on: queue)
            framework.clock.schedule(after: 0, kind: .block) {
                guard framework.take(queued, from: queue) else { return }
                try framework.run(block, on: queue, concurrent: concurrent)
            }
            return .nil
        case "dispatch_sync", "dispatch_barrier_sync":
            try call.expect(2)
            let queue = try queue(call, 0)
            let block = try work(call, 1)
            // What the queue was given before runs first, as the caller waits for it: a
            // read with dispatch_sync sees what a dispatch_barrier_async wrote.
            let concurrent = ClassLibrary.isConcurrentDispatchQueue(queue, in: context.runtime)
            for earlier in framework.takeBlocks(beforeSyncOn: queue, concurrent: concurrent, barrier: name == "dispatch_barrier_sync") {
                try framework.run(earlier.block, on: queue, concurrent: concurrent)
            }
            // On a serial queue whose block waits, suspended, the caller waits for its turn.
            var holdsTurn = false
            if !concurrent {
                let strand = VirtualClock.currentStrand
                var turn = framework.takeTurn(on: queue, strand: strand)
                if turn == .busy {
                    try waitForever(call, until: {
                        turn = framework.takeTurn(on: queue, strand: strand)
                        return turn != .busy
                    }, what: "the queue's other blocks to end", clock: framework.clock)
                }
                holdsTurn = turn == .taken
            }
            defer { if holdsTurn { framework.endTurn(on: queue) } }
            _ = try framework.running(on: queue) { try interpreter.call(block, named: "the block given to \(name)", [], at: location) }
            return .nil
        case "dispatch_apply":
            // Each index in order, on the queue, and only then the call returns, as the
            // real one returns once every iteration has (its parallel runs end the same).
            try call.expect(3)
            let count = try call.integer(0)
            let queue = try queue(call, 1)
            let block = try call.block(2)
            guard count >= 0, block.parameterCount == 1 else { throw call.mistake }
            for index in 0..<count {
                _ = try framework.running(on: queue) { try interpreter.call(block, named: "the block given to dispatch_apply", [.int(index)], at: location) }
            }
            return .nil
        case "dispatch_benchmark":
            // Runs the block `count` times and answers the nanoseconds one run took on the
            // model's clock, which only a wait moves: 0 unless the block waits.
            try call.expect(2)
            let count = try call.integer(0)
            let block = try work(call, 1)
            guard count > 0 else { throw call.mistake }
            let start = framework.clock.now
            for _ in 0..<count { _ = try interpreter.call(block, named: "the block given to dispatch_benchmark", [], at: location) }
            return .int((framework.clock.now &- start) / count)
        case "dispatch_set_target_queue":
            // A source's handlers run on the queue it targets; a queue's target changes
            // nothing here, where there are no priorities and blocks run in the order dispatched.
            try call.expect(2)
            let runtime = context.runtime
            let target = call[1] == .nil ? try call.located { try framework.mainQueue(in: runtime) } : try queue(call, 1)
            if ClassLibrary.isDispatchObject(call[0], "source"), let source = call[0].object {
                _ = try call.located { try ClassLibrary.setDispatchSourceValue(.object(target), for: "queue", of: source, in: runtime); return Value.nil }
            } else {
                _ = try queue(call, 0)
            }
            return .nil
        case "dispatch_queue_set_specific":
            try call.expect(4)
            framework.setSpecific(call[2], for: call[1], on: try queue(call, 0))
            return .nil
        case "dispatch_queue_get_specific":
            try call.expect(2)
            return framework.specific(for: call[1], on: try queue(call, 0))
        case "dispatch_get_specific":
            try call.expect(1)
            return try call.located { try framework.currentSpecific(for: call[0], in: context.runtime) }
        case "dispatch_after":
            try call.expect(3)
            let when = try call.integer(0)
            let queue = try queue(call, 1)
            let block = try work(call, 2)
            guard when != forever else { return .nil }
            let concurrent = ClassLibrary.isConcurrentDispatchQueue(queue, in: context.runtime)
            framework.clock.schedule(at: when, kind: .block) { try framework.run(block, on: queue, concurrent: concurrent) }
            return .nil
        case "dispatch_block_create":
            try call.expect(2)
            _ = try call.integer(0)
            let original = try work(call, 1)
            let cancellation = Cancellation()
            let block = Block(parameterCount: 0) { _, depth in
                guard !cancellation.isCancelled else { return .nil }
                return try original.call(Arguments(), nestedAt: depth)
            }
            framework.makeCancellable(block, cancellation)
            return .block(block)
        case "dispatch_block_cancel", "dispatch_block_testcancel":
            try call.expect(1)
            guard let cancellation = framework.cancellation(of: try work(call, 0)) else { throw call.mistake }
            if name == "dispatch_block_testcancel" { return .int(cancellation.isCancelled ? 1 : 0) }
            cancellation.cancel()
            return .nil
        case "dispatch_once":
            try call.expect(2)
            guard let token = try call.pointer(0) else { throw call.mistake }
            let block = try work(call, 1)
            guard token.value.intValue == 0 else { return .nil }
            // Marked before the block runs, so a block that reaches its own dispatch_once
            // does not run again (the real one would deadlock).
            token.value = .int(forever)
            _ = try interpreter.call(block, named: "the block given to dispatch_once", [], at: location)
            return .nil
        case "dispatch_walltime":
            // The wall clock is the model's clock: NULL is now; a `timespec` is placed on the
            // clock by its distance from the model's present (`+[NSDate date]`), a time past
            // being now.
            try call.expect(2)
            let delta = try call.integer(1)
            guard call[0] != .nil else { return .int(framework.clock.now &+ delta) }
            guard let spec = try call.pointer(0), case .structure(let time) = spec.value,
                  let seconds = time["tv_sec"]?.numberValue, let nanoseconds = time["tv_nsec"]?.numberValue else { throw call.mistake }
            let runtime = context.runtime
            let present = try call.located {
                try runtime.send(runtime.selector("timeIntervalSince1970"), toValue: try runtime.send("date", to: try runtime.requireClass(named: "NSDate")),
                                 Arguments(), nestedAt: context.depth + 1)
            }.numberValue ?? 0
            let ahead = ((seconds + nanoseconds / 1e9 - present) * 1e9).rounded()
            return .int(framework.clock.now &+ (ahead > 0 ? Int(min(ahead, 9e18)) : 0) &+ delta)
        default: // dispatch_time
            try call.expect(2)
            let (base, delta) = (try call.integer(0), try call.integer(1))
            if base == forever { return .int(forever) }
            return .int((base == 0 ? framework.clock.now : base) &+ delta)
        }
    }

    /// The semaphore and group functions.
    private static func synchronization(_ call: FunctionCall, interpreter: Interpreter) throws -> Value {
        let runtime = interpreter.runtime, clock = interpreter.context.framework.clock
        func count(of object: Object) -> Int { ClassLibrary.dispatchCount(of: object, in: runtime) }
        func setCount(_ value: Int, of object: Object) throws { try call.located { try ClassLibrary.setDispatchCount(value, of: object, in: runtime) } }
        func dispatchObject(_ kind: String, _ index: Int) throws -> Object {
            guard ClassLibrary.isDispatchObject(call[index], kind), let object = call[index].object else { throw call.mistake }
            return object
        }
        switch call.function {
        case "dispatch_semaphore_create":
            try call.expect(1)
            let start = try call.integer(0)
            // A negative count makes no semaphore: GCD returns NULL.
            guard start >= 0 else { return .nil }
            return .object(try call.located { try ClassLibrary.makeDispatchObject("semaphore", count: start, in: runtime) })
        case "dispatch_semaphore_signal":
            try call.expect(1)
            let semaphore = try dispatchObject("semaphore", 0)
            try setCount(count(of: semaphore) + 1, of: semaphore)
            return .int(0)
        case "dispatch_semaphore_wait":
            try call.expect(2)
            let semaphore = try dispatchObject("semaphore", 0)
            guard try wait(call, until: { count(of: semaphore) > 0 }, what: "the semaphore to be signalled", clock: clock) else { return .int(timedOut) }
            try setCount(count(of: semaphore) - 1, of: semaphore)
            return .int(0)
        case "dispatch_group_create":
            try call.expect(0)
            return .object(try call.located { try ClassLibrary.makeDispatchObject("group", count: 0, in: runtime) })
        case "dispatch_group_enter":
            try call.expect(1)
            let group = try dispatchObject("group", 0)
            try setCount(count(of: group) + 1, of: group)
            return .nil
        case "dispatch_group_leave":
            try call.expect(1)
            try leave(try dispatchObject("group", 0), call, runtime: runtime, clock: clock)
            return .nil
        case "dispatch_group_async":
            try call.expect(3)
            let group = try dispatchObject("group", 0)
            let queue = try queue(call, 1)
            let block = try work(call, 2)
            try setCount(count(of: group) + 1, of: group)
            let framework = interpreter.context.framework
            let concurrent = ClassLibrary.isConcurrentDispatchQueue(queue, in: runtime)
            clock.schedule(after: 0, kind: .block) {
                try framework.run(block, on: queue, concurrent: concurrent) { try leave(group, call, runtime: runtime, clock: clock) }
            }
            return .nil
        case "dispatch_group_notify":
            try call.expect(3)
            let group = try dispatchObject("group", 0)
            _ = try queue(call, 1)
            let block = try work(call, 2)
            if count(of: group) == 0 {
                clock.schedule(after: 0, kind: .block) { _ = try block.call(Arguments(), nestedAt: 0) }
            } else {
                try call.located { try ClassLibrary.addNotification(block, to: group, in: runtime) }
            }
            return .nil
        default: // dispatch_group_wait
            try call.expect(2)
            let group = try dispatchObject("group", 0)
            return .int(try wait(call, until: { count(of: group) == 0 }, what: "the group's work to finish", clock: clock) ? 0 : timedOut)
        }
    }

    /// Leaves `group`; once nothing is left in it, queues the blocks waiting for that.
    private static func leave(_ group: Object, _ call: FunctionCall, runtime: Runtime, clock: VirtualClock) throws {
        let remaining = ClassLibrary.dispatchCount(of: group, in: runtime) - 1
        guard remaining >= 0 else {
            throw EvaluationError(.unbalancedGroupLeave, at: call.location)
        }
        try call.located { try ClassLibrary.setDispatchCount(remaining, of: group, in: runtime) }
        guard remaining == 0 else { return }
        for block in try call.located({ try ClassLibrary.takeNotifications(of: group, in: runtime) }) {
            clock.schedule(after: 0, kind: .block) { _ = try block.call(Arguments(), nestedAt: 0) }
        }
    }

    /// Runs the clock until `condition` holds or the time given as argument 1 passes;
    /// whether it held. For ever, with nothing scheduled that could make it hold, is an error.
    private static func wait(_ call: FunctionCall, until condition: () throws -> Bool, what: String, clock: VirtualClock) throws -> Bool {
        let when = try call.integer(1)
        do {
            guard when == forever else {
                return try clock.advance(until: condition, timeout: when == 0 ? 0 : when - clock.now)
            }
        } catch let overrun as VirtualClock.Overrun {
            throw EvaluationError(.runLoopOverrun(overrun), at: call.location)
        }
        try waitForever(call, until: condition, what: what, clock: clock)
        return true
    }

    /// Runs the clock until `condition` holds, for a function that waits with no deadline;
    /// raises when nothing scheduled can make it hold.
    static func waitForever(_ call: FunctionCall, until condition: () throws -> Bool, what: String, clock: VirtualClock) throws {
        do {
            guard try clock.advance(until: condition) else {
                throw EvaluationError(.waitsForever(function: call.function, waitingFor: what), at: call.location)
            }
        } catch let overrun as VirtualClock.Overrun {
            throw EvaluationError(.runLoopOverrun(overrun), at: call.location)
        }
    }

    private static func queue(_ call: FunctionCall, _ index: Int) throws -> Object {
        guard ClassLibrary.isDispatchQueue(call[index]), let queue = call[index].object else { throw call.mistake }
        return queue
    }

    /// A block taking nothing.
    private static func work(_ call: FunctionCall, _ index: Int) throws -> Block {
        let block = try call.block(index)
        guard block.parameterCount == 0 else { throw call.mistake }
        return block
    }
}
