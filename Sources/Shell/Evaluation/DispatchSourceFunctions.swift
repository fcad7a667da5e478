import Runtime
import UIKitModel

/// Grand Central Dispatch's timer sources, on the run loop's virtual clock:
///
/// - `dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER, 0, 0, queue)` makes a suspended
///   source; `dispatch_source_set_timer(source, start, interval, leeway)` sets when it
///   first fires and how often after (`DISPATCH_TIME_FOREVER` for once); the event handler
///   runs on the source's queue each time it fires, once it is resumed.
/// - `dispatch_suspend` and `dispatch_resume` count, as GCD's do (a source starts suspended
///   once); on a queue they change nothing, as every queue here runs in order anyway.
/// - `dispatch_source_cancel` stops it for good and runs the cancel handler at the next turn.
///
/// And the other kinds, as far as the model has their events:
///
/// - A data source (`DISPATCH_SOURCE_TYPE_DATA_ADD`, `_DATA_OR`) takes
///   `dispatch_source_merge_data(source, value)`, adding or or-ing the value into what is
///   pending, and runs its event handler once at the next turn for all merged meanwhile,
///   as GCD coalesces them; `dispatch_source_get_data` in the handler reads what was merged.
/// - A source of the system's events (a file's changes, `DISPATCH_SOURCE_TYPE_VNODE`; a
///   descriptor's reads or writes; a signal; a process; memory pressure) is made, resumed,
///   cancelled and read as GCD's is, and never fires: the model has no files changing
///   under the app, no signals and no memory pressure.
/// - `dispatch_activate` resumes a source made inactive (created suspended), once.
enum DispatchSourceFunctions {
    private static let expectations: [String: String] = [
        "dispatch_source_create": "a source type, a handle, a mask and a queue, as in dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER, 0, 0, queue)",
        "dispatch_source_set_timer": "a source, a start time, an interval and a leeway, as in dispatch_source_set_timer(timer, DISPATCH_TIME_NOW, 1 * NSEC_PER_SEC, 0)",
        "dispatch_source_set_event_handler": "a source and a block taking nothing, as in dispatch_source_set_event_handler(timer, ^{ ... })",
        "dispatch_source_set_cancel_handler": "a source and a block taking nothing, as in dispatch_source_set_cancel_handler(timer, ^{ ... })",
        "dispatch_source_cancel": "a source, as in dispatch_source_cancel(timer)",
        "dispatch_source_testcancel": "a source, as in dispatch_source_testcancel(timer)",
        "dispatch_resume": "a source or a queue, as in dispatch_resume(timer)",
        "dispatch_suspend": "a source or a queue, as in dispatch_suspend(timer)",
        "dispatch_activate": "a source or a queue, as in dispatch_activate(source)",
        "dispatch_source_merge_data": "a data source and a value, as in dispatch_source_merge_data(source, 1)",
        "dispatch_source_get_data": "a source, as in dispatch_source_get_data(source)",
        "dispatch_source_get_handle": "a source, as in dispatch_source_get_handle(source)",
        "dispatch_source_get_mask": "a source, as in dispatch_source_get_mask(source)",
    ]

    /// The kinds of source the model makes: the timer, the data sources, and those of
    /// system events that never come.
    static let sourceTypes: Set<String> = [
        timerType, "DISPATCH_SOURCE_TYPE_DATA_ADD", "DISPATCH_SOURCE_TYPE_DATA_OR", "DISPATCH_SOURCE_TYPE_DATA_REPLACE",
        "DISPATCH_SOURCE_TYPE_READ", "DISPATCH_SOURCE_TYPE_WRITE", "DISPATCH_SOURCE_TYPE_SIGNAL", "DISPATCH_SOURCE_TYPE_PROC",
        "DISPATCH_SOURCE_TYPE_VNODE", "DISPATCH_SOURCE_TYPE_MEMORYPRESSURE", "DISPATCH_SOURCE_TYPE_MACH_SEND", "DISPATCH_SOURCE_TYPE_MACH_RECV",
    ]

    /// What `DISPATCH_SOURCE_TYPE_TIMER` is (in C, the address of the timer type).
    static let timerType = "DISPATCH_SOURCE_TYPE_TIMER"

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let runtime = interpreter.runtime, framework = interpreter.context.framework
        func source(_ index: Int) throws -> Object {
            guard ClassLibrary.isDispatchObject(call[index], "source"), let object = call[index].object else { throw call.mistake }
            return object
        }
        func ivar(_ key: String, of object: Object) -> Value { ClassLibrary.dispatchSourceValue(key, of: object, in: runtime) }
        func set(_ key: String, of object: Object, to value: Value) throws {
            _ = try call.located { try ClassLibrary.setDispatchSourceValue(value, for: key, of: object, in: runtime); return Value.nil }
        }
        switch name {
        case "dispatch_source_create":
            try call.expect(4)
            guard case .string(let type) = call[0], ClassLibrary.isDispatchQueue(call[3]) || call[3] == .nil else { throw call.mistake }
            guard sourceTypes.contains(type) else { throw EvaluationError(.unmodelledDispatchSource(type), at: location) }
            let queue = try call[3].object ?? call.located { try framework.mainQueue(in: runtime) }
            let made = try call.located { try runtime.createInstance(of: try runtime.requireClass(named: "OS_dispatch_source")) }
            try set("queue", of: made, to: .object(queue))
            try set("type", of: made, to: .string(type))
            try set("handle", of: made, to: .int(try call.integer(1)))
            try set("mask", of: made, to: .int(try call.integer(2)))
            try set("data", of: made, to: .int(0))
            try set("suspensions", of: made, to: .int(1))
            try set("start", of: made, to: .int(DispatchFunctions.forever))
            return .object(made)
        case "dispatch_source_set_timer":
            try call.expect(4)
            let timer = try source(0)
            try set("start", of: timer, to: .int(try call.integer(1)))
            try set("interval", of: timer, to: .int(try call.integer(2)))
            try schedule(timer, call, runtime: runtime, framework: framework)
            return .nil
        case "dispatch_source_set_event_handler", "dispatch_source_set_cancel_handler":
            try call.expect(2)
            let timer = try source(0)
            let block: Value = call[1] == .nil ? .nil : .block(try call.block(1))
            try set(name.hasSuffix("event_handler") ? "handler" : "cancelHandler", of: timer, to: block)
            return .nil
        case "dispatch_source_cancel":
            try call.expect(1)
            let timer = try source(0)
            guard !(ivar("cancelled", of: timer).isTruthy) else { return .nil }
            try set("cancelled", of: timer, to: true)
            if case .block(let handler) = ivar("cancelHandler", of: timer), let queue = ivar("queue", of: timer).object {
                let concurrent = ClassLibrary.isConcurrentDispatchQueue(queue, in: runtime)
                framework.clock.schedule(after: 0, kind: .block) { try framework.run(handler, on: queue, concurrent: concurrent) }
            }
            return .nil
        case "dispatch_source_testcancel":
            try call.expect(1)
            return .int(ivar("cancelled", of: try source(0)).isTruthy ? 1 : 0)
        case "dispatch_source_get_data", "dispatch_source_get_handle", "dispatch_source_get_mask":
            try call.expect(1)
            return ivar(String(name.dropFirst("dispatch_source_get_".count)), of: try source(0))
        case "dispatch_source_merge_data":
            try call.expect(2)
            let merged = try source(0)
            guard case .string(let type) = ivar("type", of: merged), type.hasPrefix("DISPATCH_SOURCE_TYPE_DATA_") else { throw call.mistake }
            let value = try call.integer(1), pending = ivar("data", of: merged).intValue ?? 0
            let data = switch type {
            case "DISPATCH_SOURCE_TYPE_DATA_ADD": pending &+ value
            case "DISPATCH_SOURCE_TYPE_DATA_OR": pending | value
            default: value
            }
            try set("data", of: merged, to: .int(data))
            try deliver(merged, call, runtime: runtime, framework: framework)
            return .nil
        default: // dispatch_resume, dispatch_suspend, dispatch_activate
            try call.expect(1)
            if ClassLibrary.isDispatchQueue(call[0]) { return .nil }
            let timer = try source(0)
            if name == "dispatch_activate" {
                // Activating an active source changes nothing.
                guard !ivar("activated", of: timer).isTruthy else { return .nil }
                try set("activated", of: timer, to: true)
            }
            let suspensions = (ivar("suspensions", of: timer).intValue ?? 0) + (name == "dispatch_suspend" ? 1 : -1)
            // Resuming more than suspended is a crash in GCD ("over-resume").
            guard suspensions >= 0 else { throw EvaluationError(.overResumedDispatchSource, at: location) }
            try set("suspensions", of: timer, to: .int(suspensions))
            if suspensions == 0 {
                try schedule(timer, call, runtime: runtime, framework: framework)
                if ivar("data", of: timer).intValue ?? 0 != 0 { try deliver(timer, call, runtime: runtime, framework: framework) }
            }
            return .nil
        }
    }

    /// Runs a data source's event handler at the next turn for what was merged, once for
    /// every merge until then, when it is resumed and not cancelled; the data reads as
    /// merged in the handler and starts again from 0 after it.
    private static func deliver(_ source: Object, _ call: FunctionCall, runtime: Runtime, framework: FrameworkState) throws {
        func value(_ key: String) -> Value { ClassLibrary.dispatchSourceValue(key, of: source, in: runtime) }
        guard value("suspensions").intValue == 0, !value("cancelled").isTruthy, !value("delivering").isTruthy else { return }
        _ = try call.located { try ClassLibrary.setDispatchSourceValue(true, for: "delivering", of: source, in: runtime); return Value.nil }
        let reference = RuntimeReference(runtime)
        framework.clock.schedule(after: 0, kind: .block) {
            guard let runtime = reference.runtime else { return }
            func value(_ key: String) -> Value { ClassLibrary.dispatchSourceValue(key, of: source, in: runtime) }
            try ClassLibrary.setDispatchSourceValue(false, for: "delivering", of: source, in: runtime)
            guard value("suspensions").intValue == 0, !value("cancelled").isTruthy else { return }
            if case .block(let handler) = value("handler"), let queue = value("queue").object {
                try framework.run(handler, on: queue, concurrent: ClassLibrary.isConcurrentDispatchQueue(queue, in: runtime))
            }
            try ClassLibrary.setDispatchSourceValue(.int(0), for: "data", of: source, in: runtime)
        }
    }

    /// Puts the timer's next firing on the clock when it is resumed, set and not cancelled;
    /// a firing scheduled before a change finds the generation moved on and does nothing.
    private static func schedule(_ timer: Object, _ call: FunctionCall, runtime: Runtime, framework: FrameworkState) throws {
        func value(_ key: String) -> Value { ClassLibrary.dispatchSourceValue(key, of: timer, in: runtime) }
        let generation = (value("generation").intValue ?? 0) + 1
        _ = try call.located { try ClassLibrary.setDispatchSourceValue(.int(generation), for: "generation", of: timer, in: runtime); return Value.nil }
        guard value("suspensions").intValue == 0, !value("cancelled").isTruthy,
              let start = value("start").intValue, start != DispatchFunctions.forever else { return }
        let clock = framework.clock
        let reference = RuntimeReference(runtime)
        @Sendable func fire(at due: Int) {
            clock.schedule(at: due, kind: .timer, owner: ObjectIdentifier(timer)) {
                guard let runtime = reference.runtime else { return }
                func value(_ key: String) -> Value { ClassLibrary.dispatchSourceValue(key, of: timer, in: runtime) }
                guard value("generation").intValue == generation, !value("cancelled").isTruthy, value("suspensions").intValue == 0 else { return }
                let interval = value("interval").intValue ?? DispatchFunctions.forever
                // Due again before the handler runs, so a handler that cancels the timer stops it.
                if interval > 0, interval != DispatchFunctions.forever { fire(at: due &+ interval) }
                if case .block(let handler) = value("handler"), let queue = value("queue").object {
                    try framework.run(handler, on: queue, concurrent: ClassLibrary.isConcurrentDispatchQueue(queue, in: runtime))
                }
            }
        }
        fire(at: start == 0 ? clock.now : start)
    }
}
