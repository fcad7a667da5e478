import Runtime

extension ClassLibrary {
    /// The dispatch objects code waits on: `OS_dispatch_semaphore`, a count that
    /// `dispatch_semaphore_signal` raises and `dispatch_semaphore_wait` lowers, and
    /// `OS_dispatch_group`, a count of work entered and not yet left, with the blocks
    /// `dispatch_group_notify` runs once it is zero. The functions that use them wait by
    /// running the run loop's clock, as a blocked thread lets other queues run.
    static func defineDispatchSynchronization(in runtime: Runtime, root: Class) throws {
        for name in ["OS_dispatch_semaphore", "OS_dispatch_group"] {
            try runtime.registerLazyClass(named: name, superclass: root) { c in
                try c.addIvar("_count", type: .integer(code: "q"))
                if name == "OS_dispatch_group" { try c.addIvar("_notifications", type: .object(className: "NSArray")) }
                try c.addMethod("description", types: "@@:") { m in
                    .string("<\(name): 0x\(String(m.receiver.serial, radix: 16)) count = \(try m.runtime.ivarValue("_count", of: m.receiver).intValue ?? 0)>")
                }
            }
        }
        // A source: its kind, queue, handlers, schedule (a timer's), pending data (a data
        // source's) and state, which the dispatch source functions read and write (see
        // `DispatchSourceFunctions` in the shell).
        try runtime.registerLazyClass(named: "OS_dispatch_source", superclass: root) { c in
            for (ivar, type) in [("_queue", ObjCType.object(className: nil)), ("_handler", .block), ("_cancelHandler", .block),
                                 ("_start", .integer(code: "q")), ("_interval", .integer(code: "q")), ("_suspensions", .integer(code: "q")),
                                 ("_generation", .integer(code: "q")), ("_cancelled", .bool), ("_type", .object(className: "NSString")),
                                 ("_handle", .integer(code: "Q")), ("_mask", .integer(code: "Q")), ("_data", .integer(code: "Q")),
                                 ("_delivering", .bool), ("_activated", .bool)] {
                try c.addIvar(ivar, type: type)
            }
            try c.addMethod("description", types: "@@:") { m in
                let state = try m.runtime.ivarValue("_cancelled", of: m.receiver).isTruthy ? "cancelled"
                    : (try m.runtime.ivarValue("_suspensions", of: m.receiver).intValue ?? 0) > 0 ? "suspended" : "running"
                // `DISPATCH_SOURCE_TYPE_VNODE` is "vnode".
                let kind = (try m.runtime.ivarValue("_type", of: m.receiver).text ?? "timer")
                    .replacingOccurrences(of: "DISPATCH_SOURCE_TYPE_", with: "").lowercased()
                return .string("<OS_dispatch_source: 0x\(String(m.receiver.serial, radix: 16)) \(kind), \(state)>")
            }
        }
    }

    /// A new semaphore or group (`kind` "semaphore" or "group") holding `count`.
    public static func makeDispatchObject(_ kind: String, count: Int, in runtime: Runtime) throws -> Object {
        let made = try runtime.createInstance(of: try runtime.requireClass(named: "OS_dispatch_\(kind)"))
        try runtime.setIvar("_count", of: made, to: .int(count))
        return made
    }

    /// The count of a semaphore or a group.
    public static func dispatchCount(of object: Object, in runtime: Runtime) -> Int {
        (try? runtime.ivarValue("_count", of: object).intValue ?? 0) ?? 0
    }

    /// Sets the count of a semaphore or a group.
    public static func setDispatchCount(_ count: Int, of object: Object, in runtime: Runtime) throws {
        try runtime.setIvar("_count", of: object, to: .int(count))
    }

    /// Keeps `block` to run once `group` is done.
    public static func addNotification(_ block: Block, to group: Object, in runtime: Runtime) throws {
        let waiting = try runtime.ivarValue("_notifications", of: group).arrayElements
        try runtime.setIvar("_notifications", of: group, to: .array(waiting + [.block(block)]))
    }

    /// The blocks waiting for `group` to be done, which it no longer keeps.
    public static func takeNotifications(of group: Object, in runtime: Runtime) throws -> [Block] {
        let waiting = try runtime.ivarValue("_notifications", of: group).arrayElements
        try runtime.setIvar("_notifications", of: group, to: .nil)
        return waiting.compactMap { if case .block(let block) = $0 { block } else { nil } }
    }

    /// What a dispatch source keeps under `key`: `queue`, `handler`, `cancelHandler`,
    /// `start`, `interval`, `suspensions`, `generation` or `cancelled`; nil for another key.
    public static func dispatchSourceValue(_ key: String, of source: Object, in runtime: Runtime) -> Value {
        (try? runtime.ivarValue("_" + key, of: source)) ?? .nil
    }

    /// Keeps `value` under `key` (see ``dispatchSourceValue(_:of:in:)``) on a dispatch source.
    public static func setDispatchSourceValue(_ value: Value, for key: String, of source: Object, in runtime: Runtime) throws {
        try runtime.setIvar("_" + key, of: source, to: value)
    }

    /// Whether `value` is a dispatch object of `kind` ("semaphore" or "group").
    public static func isDispatchObject(_ value: Value, _ kind: String) -> Bool {
        value.object.map { !($0 is Class) && $0.isa.lineage.contains { $0.name == "OS_dispatch_\(kind)" } } ?? false
    }
}
