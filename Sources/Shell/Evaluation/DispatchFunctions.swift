import Runtime
import UIKitModel

/// Grand Central Dispatch, deterministic: every queue is serial and runs on the main run
/// loop's ``VirtualClock``, so blocks run in the order they were dispatched, on every run.
///
/// - `dispatch_async(queue, block)` queues the block; the shell runs what is queued once
///   the statements of the line (or of the lines one statement takes) at the prompt or in
///   a script have finished, and after each command, in order, including blocks those
///   blocks queue: the run loop's turn.
/// - `dispatch_after(when, queue, block)` runs the block once the clock reaches `when`
///   (`advance`, or the run loop run until a date); `DISPATCH_TIME_FOREVER` never.
/// - `dispatch_sync(queue, block)` runs the block now.
/// - `dispatch_once(&token, block)` runs the block the first time a token is passed, as
///   the real one: the token is set to -1 (`~0`) once it has run.
/// - `dispatch_time(base, delta)` is nanoseconds of the clock; `DISPATCH_TIME_NOW` (0) is
///   now, and `DISPATCH_TIME_FOREVER` (`~0ull`, -1 in rtsh's signed integers) stays forever.
enum DispatchFunctions {
    private static let expectations: [String: String] = [
        "dispatch_get_main_queue": "nothing, as in dispatch_get_main_queue()",
        "dispatch_get_global_queue": "a quality of service and 0, as in dispatch_get_global_queue(QOS_CLASS_DEFAULT, 0)",
        "dispatch_queue_create": "a label and attributes, as in dispatch_queue_create(\"com.example.work\", DISPATCH_QUEUE_SERIAL)",
        "dispatch_queue_get_label": "a queue, as in dispatch_queue_get_label(dispatch_get_main_queue())",
        "dispatch_async": "a queue and a block taking nothing, as in dispatch_async(dispatch_get_main_queue(), ^{ ... })",
        "dispatch_barrier_async": "a queue and a block taking nothing, as in dispatch_barrier_async(queue, ^{ ... })",
        "dispatch_sync": "a queue and a block taking nothing, as in dispatch_sync(queue, ^{ ... })",
        "dispatch_barrier_sync": "a queue and a block taking nothing, as in dispatch_barrier_sync(queue, ^{ ... })",
        "dispatch_after": "a time, a queue and a block taking nothing, as in dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.5 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ ... })",
        "dispatch_once": "a pointer to a static dispatch_once_t and a block taking nothing, as in dispatch_once(&onceToken, ^{ ... })",
        "dispatch_time": "a time and nanoseconds to add, as in dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.5 * NSEC_PER_SEC))",
    ]

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
            return .object(try call.located { try ClassLibrary.makeDispatchQueue(label: label, in: context.runtime) })
        case "dispatch_queue_get_label":
            try call.expect(1)
            // DISPATCH_CURRENT_QUEUE_LABEL (NULL): code runs on the main queue here.
            let queue = call[0] == .nil ? try call.located { try framework.mainQueue(in: context.runtime) } : try queue(call, 0)
            return ClassLibrary.dispatchQueueLabel(of: queue, in: context.runtime).map(Value.string) ?? .string("")
        case "dispatch_async", "dispatch_barrier_async":
            try call.expect(2)
            _ = try queue(call, 0)
            let block = try work(call, 1)
            framework.clock.schedule(after: 0, kind: .block) { _ = try block.call(Arguments(), nestedAt: 0) }
            return .nil
        case "dispatch_sync", "dispatch_barrier_sync":
            try call.expect(2)
            _ = try queue(call, 0)
            _ = try interpreter.call(try work(call, 1), named: "the block given to \(name)", [], at: location)
            return .nil
        case "dispatch_after":
            try call.expect(3)
            let when = try call.integer(0)
            _ = try queue(call, 1)
            let block = try work(call, 2)
            guard when != forever else { return .nil }
            framework.clock.schedule(at: when, kind: .block) { _ = try block.call(Arguments(), nestedAt: 0) }
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
        default: // dispatch_time
            try call.expect(2)
            let (base, delta) = (try call.integer(0), try call.integer(1))
            if base == forever { return .int(forever) }
            return .int((base == 0 ? framework.clock.now : base) &+ delta)
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
