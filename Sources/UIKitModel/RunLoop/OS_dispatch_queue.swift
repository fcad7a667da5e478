import Runtime

extension ClassLibrary {
    /// `OS_dispatch_queue`: what `dispatch_get_main_queue()`, `dispatch_get_global_queue()`
    /// and `dispatch_queue_create()` give. Every queue runs its blocks on the library's
    /// ``VirtualClock``, in the order they were dispatched, so output is the same on every
    /// run; a queue is an object for its identity, its label and whether it is concurrent
    /// (a global queue, or one made with `DISPATCH_QUEUE_CONCURRENT`): a serial one holds
    /// its blocks back while one of its blocks waits.
    static func defineDispatchQueue(in runtime: Runtime, root: Class) throws {
        try runtime.registerLazyClass(named: "OS_dispatch_queue", superclass: root) { c in
            try c.addIvar("_label", type: .object(className: "NSString"))
            try c.addIvar("_concurrent", type: .bool)
            try c.addMethod("label", types: "@@:") { m in try m.runtime.ivarValue("_label", of: m.receiver) }
            try c.addMethod("description", types: "@@:") { m in
                let label = try m.runtime.ivarValue("_label", of: m.receiver)
                return .string("<OS_dispatch_queue: \(label == .nil ? "(no label)" : Format.plainText(of: label))>")
            }
        }
    }

    /// A new dispatch queue labelled `label` (nil: none), serial unless `concurrent`, in
    /// `runtime`'s class library.
    ///
    /// - Throws: when the runtime has no class library.
    public static func makeDispatchQueue(label: String?, concurrent: Bool = false, in runtime: Runtime) throws -> Object {
        let queue = try runtime.createInstance(of: try runtime.requireClass(named: "OS_dispatch_queue"))
        try runtime.setIvar("_label", of: queue, to: label.map(Value.string) ?? .nil)
        if concurrent { try runtime.setIvar("_concurrent", of: queue, to: .bool(true)) }
        return queue
    }

    /// Whether the dispatch queue `queue` runs its blocks at once rather than one after another.
    public static func isConcurrentDispatchQueue(_ queue: Object, in runtime: Runtime) -> Bool {
        (try? runtime.ivarValue("_concurrent", of: queue))?.isTruthy ?? false
    }

    /// Whether `value` is a dispatch queue.
    public static func isDispatchQueue(_ value: Value) -> Bool {
        value.object.map { !($0 is Class) && $0.isa.lineage.contains { $0.name == "OS_dispatch_queue" } } ?? false
    }

    /// The label of a dispatch queue, or nil when it has none.
    public static func dispatchQueueLabel(of queue: Object, in runtime: Runtime) -> String? {
        if case .string(let label)? = try? runtime.ivarValue("_label", of: queue) { return label }
        return nil
    }
}
