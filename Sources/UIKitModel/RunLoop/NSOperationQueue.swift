import Runtime
import Synchronization

extension ClassLibrary {
    /// The operation classes `defineOperations` makes.
    static let operationClassNames = ["NSBlockOperation", "NSInvocationOperation", "NSOperation", "NSOperationQueue"]

    /// `NSOperation` and its block and invocation kinds, and `NSOperationQueue`, on the run
    /// loop's clock.
    ///
    /// A queue starts each operation added to it at a later turn of the run loop, in the
    /// order added, once the operations it depends on have finished, and not while the
    /// queue is suspended. The main queue and every other queue run on rtsh's one thread,
    /// one operation at a time, so output is the same on every run. `+currentQueue` is the
    /// queue whose operation is running, else the main queue (the test runs on the main
    /// thread). An operation that overrides `start` to finish later (a concurrent one)
    /// stays in its queue until its `isFinished` says YES.
    ///
    /// Waiting (`waitUntilFinished`, `waitUntilAllOperationsAreFinished`,
    /// `addOperations:waitUntilFinished:`) runs the clock; a wait that nothing scheduled
    /// can end raises rather than hang.
    static func defineOperations(in runtime: Runtime, root: Class, clock: VirtualClock) throws {
        let state = OperationQueueState()
        let isFinished = try runtime.selector("isFinished"), isReady = try runtime.selector("isReady")
        let start = try runtime.selector("start"), main = try runtime.selector("main")
        let initialize = try runtime.selector("init")
        let cancelled = IvarName("_cancelled"), executing = IvarName("_executing"), finished = IvarName("_finished")
        let dependencies = IvarName("_dependencies"), operations = IvarName("_operations"), suspended = IvarName("_suspended")

        /// Sets a state flag with the key-value notifications observers of an operation expect.
        @Sendable func set(_ flag: IvarName, key: String, to value: Bool, _ m: borrowing Message) throws {
            guard m.ivar(flag).isTruthy != value else { return }
            try m.send("willChangeValueForKey:", to: m.receiver, .string(key))
            try m.setIvar(flag, .bool(value))
            try m.send("didChangeValueForKey:", to: m.receiver, .string(key))
        }
        try runtime.registerLazyClass(named: "NSOperation", superclass: root) { c in
            for (name, getter) in [("cancelled", "isCancelled"), ("executing", "isExecuting"), ("finished", "isFinished")] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.readOnly], getter: getter))
            }
            try c.addProperty(Property(name: "completionBlock", type: .block, attributes: [.copy]))
            try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "queuePriority", type: .integer(code: "q"), attributes: []))
            try c.addProperty(Property(name: "qualityOfService", type: .integer(code: "q"), attributes: []))
            try c.addIvar("_dependencies", type: .object(className: "NSArray"))
            try c.addMethod("isConcurrent", types: "B@:") { _ in false }
            try c.addMethod("isAsynchronous", types: "B@:") { _ in false }
            try c.addMethod("isReady", types: "B@:") { m in
                for dependency in m.ivar(dependencies).arrayElements {
                    if try !m.send(isFinished, to: dependency.object).isTruthy { return false }
                }
                return true
            }
            try c.addMethod("dependencies", types: "@@:") { m in .array(m.ivar(dependencies).arrayElements) }
            try c.addMethod("addDependency:", types: "v@:@") { m in
                guard let other = try m.objectArgument(0) else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the operation cannot be nil") }
                try m.setIvar(dependencies, .array(m.ivar(dependencies).arrayElements + [.object(other)]))
                return .nil
            }
            try c.addMethod("removeDependency:", types: "v@:@") { m in
                let other = m[0].object
                try m.setIvar(dependencies, .array(m.ivar(dependencies).arrayElements.filter { $0.object !== other }))
                return .nil
            }
            try c.addMethod("cancel", types: "v@:") { m in try set(cancelled, key: "isCancelled", to: true, m); return .nil }
            try c.addMethod("main", types: "v@:") { _ in .nil }
            // Runs `main` unless cancelled, then finishes and runs the completion block.
            try c.addMethod("start", types: "v@:") { m in
                guard !m.ivar(finished).isTruthy, !m.ivar(executing).isTruthy else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the operation has already started")
                }
                if !m.ivar(cancelled).isTruthy {
                    try set(executing, key: "isExecuting", to: true, m)
                    defer { try? set(executing, key: "isExecuting", to: false, m) }
                    try m.send(main, to: m.receiver)
                }
                try set(finished, key: "isFinished", to: true, m)
                if case .block(let completion) = try m.ivar("_completionBlock") { _ = try completion.call(Arguments(), nestedAt: m.depth + 1) }
                return .nil
            }
            try c.addMethod("waitUntilFinished", types: "v@:") { m in
                let (runtime, operation, depth) = (m.runtime, m.receiver, m.depth)
                try waitForever(on: clock, in: m, for: "\(operation.isa.name) to finish") {
                    try runtime.send(isFinished, to: operation, Arguments(), nestedAt: depth + 1).isTruthy
                }
                return .nil
            }
        }
        let operation = try runtime.requireClass(named: "NSOperation")

        try runtime.registerLazyClass(named: "NSBlockOperation", superclass: operation) { c in
            try c.addIvar("_executionBlocks", type: .object(className: "NSArray"))
            try c.addClassMethod("blockOperationWithBlock:", types: "@@:@?") { m in
                guard let made = try m.allocInit(initialize).object else { return .nil }
                try m.send("addExecutionBlock:", to: made, m[0])
                return .object(made)
            }
            try c.addMethod("addExecutionBlock:", types: "v@:@?") { m in
                guard let block = try m.blockArgument(0) else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "block is nil") }
                try m.setIvar("_executionBlocks", .array(try m.ivar("_executionBlocks").arrayElements + [.block(block)]))
                return .nil
            }
            try c.addMethod("executionBlocks", types: "@@:") { m in .array(try m.ivar("_executionBlocks").arrayElements) }
            try c.addMethod("main", types: "v@:") { m in
                for case .block(let block) in try m.ivar("_executionBlocks").arrayElements { _ = try block.call(Arguments(), nestedAt: m.depth + 1) }
                return .nil
            }
        }

        try runtime.registerLazyClass(named: "NSInvocationOperation", superclass: operation) { c in
            try c.addIvar("_target", type: .object(className: nil))
            try c.addIvar("_selector", type: .selector)
            try c.addIvar("_argument", type: .object(className: nil))
            try c.addProperty(Property(name: "result", type: .object(className: nil), attributes: [.readOnly]))
            try c.addMethod("initWithTarget:selector:object:", types: "@@:@:@") { m in
                let (target, selector, argument) = (m[0], try m.selectorArgument(1), m[2])
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_target": target, "_selector": .selector(selector), "_argument": argument])
                }
            }
            try c.addMethod("main", types: "v@:") { m in
                guard case .selector(let selector) = try m.ivar("_selector") else { return .nil }
                let arguments = selector.argumentCount == 0 ? Arguments() : Arguments(try m.ivar("_argument"))
                try m.setIvar("_result", try m.send(selector, to: try m.ivar("_target").object, arguments))
                return .nil
            }
        }

        try runtime.registerLazyClass(named: "NSOperationQueue", superclass: root) { c in
            try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "maxConcurrentOperationCount", type: .integer(code: "q"), attributes: []))
            try c.addProperty(Property(name: "qualityOfService", type: .integer(code: "q"), attributes: []))
            try c.addProperty(Property(name: "underlyingQueue", type: .object(className: "OS_dispatch_queue"), attributes: []))
            try c.addProperty(Property(name: "suspended", type: .bool, attributes: [], getter: "isSuspended"))
            try c.addIvar("_operations", type: .object(className: "NSArray"))
            try c.addMethod("init", types: "@@:") { m in
                // NSOperationQueueDefaultMaxConcurrentOperationCount
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_maxConcurrentOperationCount", of: this, to: .int(-1)) }
            }
            try c.addClassMethod("mainQueue", types: "@@:") { m in
                try state.mainQueue { try m.allocInit(initialize).object }.map(Value.object) ?? .nil
            }
            try c.addClassMethod("currentQueue", types: "@@:") { m in
                if let running = state.running { return .object(running) }
                return try m.send("mainQueue", to: m.receiver)
            }
            // The operations not yet finished, in the order added.
            @Sendable func unfinished(_ m: borrowing Message) throws -> [Value] {
                try m.ivar(operations).arrayElements.filter { try !m.send(isFinished, to: $0.object).isTruthy }
            }
            try c.addMethod("operations", types: "@@:") { m in .array(try unfinished(m)) }
            try c.addMethod("operationCount", types: "Q@:") { m in .int(try unfinished(m).count) }
            /// Schedules the turn that starts `operation` on `queue`; it comes back while the
            /// operations it depends on are still to run.
            @Sendable func schedule(_ operation: Object, on queue: Object, _ runtime: Runtime) {
                let reference = RuntimeReference(runtime)
                clock.schedule(after: 0, kind: .block, owner: ObjectIdentifier(queue)) {
                    guard let runtime = reference.runtime else { return }
                    if runtime.ivarValue(suspended, of: queue).isTruthy { return state.park(operation, on: queue) }
                    guard !(try runtime.send(isFinished, to: operation, Arguments(), nestedAt: 0).isTruthy) else { return }
                    // Held back until an operation finishes, which may be the one it depends on.
                    guard try runtime.send(isReady, to: operation, Arguments(), nestedAt: 0).isTruthy else {
                        return state.holdUntilAnotherFinishes(operation, on: queue)
                    }
                    try state.runAsOperation(of: queue) { _ = try runtime.send(start, to: operation, Arguments(), nestedAt: 0) }
                    for (held, heldQueue) in state.takeHeld() { schedule(held, on: heldQueue, runtime) }
                }
            }
            try c.addMethod("addOperation:", types: "v@:@") { m in
                guard let added = try m.objectArgument(0), added.isKind(of: operation) else {
                    throw m.wrongArgument(0, expected: "an NSOperation")
                }
                let queued = m.ivar(operations).arrayElements
                guard !queued.contains(where: { $0.object === added }) else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "operation is already enqueued on a queue")
                }
                try m.setIvar(operations, .array(try unfinished(m) + [.object(added)]))
                schedule(added, on: m.receiver, m.runtime)
                return .nil
            }
            try c.addMethod("addOperationWithBlock:", types: "v@:@?") { m in
                let made = try m.send("blockOperationWithBlock:", to: m.runtime.requireClass(named: "NSBlockOperation"), m[0])
                return try m.send("addOperation:", to: m.receiver, made)
            }
            @Sendable func waitForAll(_ m: borrowing Message) throws {
                let (runtime, queue, depth) = (m.runtime, m.receiver, m.depth)
                let name = if case .string(let text) = try m.ivar("_name") { "the queue '\(text)'" } else { "the queue" }
                try waitForever(on: clock, in: m, for: "every operation on \(name) to finish") {
                    try runtime.ivarValue(operations, of: queue).arrayElements.allSatisfy {
                        try runtime.send(isFinished, to: $0.object, Arguments(), nestedAt: depth + 1).isTruthy
                    }
                }
            }
            try c.addMethod("addOperations:waitUntilFinished:", types: "v@:@B") { m in
                for added in try m.arrayArgument(0) { try m.send("addOperation:", to: m.receiver, added) }
                if m[1].isTruthy { try waitForAll(m) }
                return .nil
            }
            try c.addMethod("waitUntilAllOperationsAreFinished", types: "v@:") { m in try waitForAll(m); return .nil }
            try c.addMethod("cancelAllOperations", types: "v@:") { m in
                for queued in try unfinished(m) { try m.send("cancel", to: queued.object) }
                return .nil
            }
            // Resuming starts the operations that came due while suspended, in order.
            try c.addMethod("setSuspended:", types: "v@:B") { m in
                try m.setIvar(suspended, .bool(m[0].isTruthy))
                if !m[0].isTruthy {
                    for parked in state.unpark(m.receiver) { schedule(parked, on: m.receiver, m.runtime) }
                }
                return .nil
            }
        }
    }
}

/// What the operation queues share: the main queue, the queue whose operation is running
/// (`+currentQueue`), the operations each suspended queue holds back, and the operations
/// waiting for those they depend on.
private final class OperationQueueState: Sendable {
    private struct State {
        /// Per strand of the clock (``VirtualClock/currentStrand``): an operation suspended in
        /// a wait is still its queue's while others run.
        var running: [Int: [Object]] = [:]
        var parked: [ObjectIdentifier: [Object]] = [:]
        var held: [(operation: Object, queue: Object)] = []
    }

    private let main = SharedInstance()
    private let state = Mutex(State())

    /// The main queue, made on first use.
    func mainQueue(make: () throws -> Object?) throws -> Object? { try main.object(make: make) }

    /// The queue whose operation is running, innermost first; nil outside any.
    var running: Object? { state.withLock { $0.running[VirtualClock.currentStrand]?.last } }

    /// Runs `body` as an operation of `queue`: `running` is `queue` meanwhile.
    func runAsOperation(of queue: Object, _ body: () throws -> Void) throws {
        let strand = VirtualClock.currentStrand
        state.withLock { $0.running[strand, default: []].append(queue) }
        defer {
            state.withLock { state in
                state.running[strand]?.removeLast()
                if state.running[strand]?.isEmpty == true { state.running[strand] = nil }
            }
        }
        try body()
    }

    /// Holds `operation`, not ready, back until another operation finishes.
    func holdUntilAnotherFinishes(_ operation: Object, on queue: Object) {
        state.withLock { $0.held.append((operation, queue)) }
    }

    /// The operations held back for another to finish, in order, which are no longer held.
    func takeHeld() -> [(operation: Object, queue: Object)] {
        state.withLock { state in
            defer { state.held = [] }
            return state.held
        }
    }

    /// Holds `operation` back until `queue` resumes.
    func park(_ operation: Object, on queue: Object) {
        state.withLock { $0.parked[ObjectIdentifier(queue), default: []].append(operation) }
    }

    /// The operations `queue` held back while suspended, in order, which it no longer holds.
    func unpark(_ queue: Object) -> [Object] {
        state.withLock { $0.parked.removeValue(forKey: ObjectIdentifier(queue)) ?? [] }
    }
}
