import Runtime
import Synchronization
import UIKitModel

/// What the framework's C functions keep for one runtime: the run loop's clock that
/// `dispatch_async`, `dispatch_after` and timers run on, the dispatch queues handed out,
/// the objects associated with others (`objc_setAssociatedObject`), and the random
/// numbers' generator.
///
/// Every interpreter of a session reaches the same one through its services, as methods,
/// functions and blocks run far from the statement that made them. Blocks scheduled on
/// the clock and values associated with objects may hold blocks that hold this state, a
/// cycle that ``tearDown()`` breaks when the session resets or ends.
final class FrameworkState: Sendable {
    let clock: VirtualClock
    /// The main run loop, on ``clock``, with its observers.
    let runLoop: MainRunLoop
    /// The app's files, which the file functions (`getxattr`) reach as Foundation's do.
    let container: AppContainer
    /// What answers for the framework API the class library lacks.
    let standIns: StandIns
    let associations = AssociatedObjects()
    /// The keychain's items (`SecItemAdd`), empty when the session starts.
    let keychain = Keychain()
    /// What `printf` wrote short of a newline.
    let standardOutput = StandardOutput()
    /// zlib's streams between their `...Init` and `...End`.
    let zlibStreams = ZlibFunctions.Streams()
    /// The memory C strings become under pointer arithmetic.
    let cStrings = CStringMemory()
    /// The objects whose addresses were read as integers, to be found by them again.
    let objectAddresses = ObjectAddresses()
    /// The objects `CFRetain` and `CFBridgingRetain` keep alive.
    let coreFoundationRetains = CoreFoundationRetains()
    /// The one thread's thread-specific values (`pthread_setspecific`), by key.
    let threadSpecifics = ThreadSpecifics()
    /// The SQLite databases and statements the code has open.
    let sqlite = SQLiteDatabases()
    /// The signal actions and the uncaught-exception handler the code installed.
    let installedHandlers = InstalledHandlers()
    /// What the running test records: assertions write their failures to it.
    let tests: TestRecorder
    /// How many sends the session's code has made: a loop is bounded by the sends its
    /// iterations make as well as by their number, so a loop whose body is heavy (or one
    /// spinning while it waits for another queue) stops in seconds rather than hours.
    let sendsMade = Atomic<Int>(0)
    /// The most sends one loop's iterations make together: a million, a few seconds of
    /// work, far more than a test's loop makes unless it waits for something that never
    /// comes; a loop whose turns are heavy work may make twenty times as many
    /// (``Interpreter/heavyTurnSends``).
    let loopSendLimit = Atomic<Int>(1_000_000)
    /// The main queue, and the global queues by their quality of service, made on first use.
    private let queues = Mutex<[Int: Object]>([:])
    /// A serial dispatch queue's turn: where one of its blocks runs (or waits, suspended),
    /// and the blocks held back meanwhile, in order, each with what follows it.
    private struct SerialQueue {
        /// The strand (``VirtualClock/currentStrand``) a block of the queue runs on.
        var runningOn: Int?
        var held: [(block: Block, then: (@Sendable () throws -> Void)?)] = []
    }

    /// The serial queues with a block running or held back.
    private let serialQueues = Mutex<[ObjectIdentifier: SerialQueue]>([:])

    /// A block `dispatch_async` (or `dispatch_barrier_async`) queued that has not run yet.
    final class QueuedBlock: Sendable {
        let block: Block
        let isBarrier: Bool

        init(_ block: Block, isBarrier: Bool) {
            self.block = block
            self.isBarrier = isBarrier
        }
    }

    /// The blocks queued on each queue that have not run yet, in order: a `dispatch_sync`
    /// onto the queue runs those it must wait for first.
    private let queuedBlocks = Mutex<[ObjectIdentifier: [QueuedBlock]]>([:])

    /// The queues whose blocks are running, innermost last, on each of the clock's strands
    /// (``VirtualClock/currentStrand``): `dispatch_get_current_queue()`. A block suspended in
    /// a wait keeps its queue while other blocks run.
    private let runningQueues = Mutex<[Int: [Object]]>([:])
    /// What `dispatch_queue_set_specific` set, by queue and then by key (a pointer: an
    /// object, or the address of a variable, each by identity).
    private let queueSpecifics = Mutex<[ObjectIdentifier: [Value: Value]]>([:])
    /// The blocks `dispatch_block_create` made, with what cancels each.
    private let cancellableBlocks = Mutex<[ObjectIdentifier: (block: Block, cancellation: Cancellation)]>([:])
    /// The state of `arc4random` and `random`: the same seed in every runtime, so a script
    /// that draws random numbers gives the same output on every run.
    private let randomState = Mutex<UInt64>(FrameworkState.randomSeed)
    private static let randomSeed: UInt64 = 0x5DEE_CE66_D1CE_5EED
    /// `_objc_msgForward`, made on first use: one IMP, so that code comparing a method's
    /// IMP with it (as Aspects does before it hooks a method twice) finds it.
    private let forwarder = Mutex<Implementation?>(nil)

    init(runLoop: MainRunLoop, container: AppContainer, standIns: StandIns, tests: TestRecorder) {
        self.runLoop = runLoop
        clock = runLoop.clock
        self.container = container
        self.standIns = standIns
        self.tests = tests
    }

    /// `_objc_msgForward`: the IMP that hands a message to `-forwardInvocation:` (see
    /// ``ClassLibrary/forwardMessage(_:)``), written for the root class.
    func messageForwarder(in runtime: Runtime) throws -> Implementation {
        try forwarder.withLock { forwarder in
            if let forwarder { return forwarder }
            let made = try runtime.makeImplementation(writtenFor: try runtime.requireClass(named: "NSObject"), ClassLibrary.forwardMessage)
            forwarder = made
            return made
        }
    }

    /// The key of the main queue among ``queues``; the global queues use their identifier.
    private static let mainQueueKey = Int.min

    /// `dispatch_get_main_queue()`: the same queue every time.
    func mainQueue(in runtime: Runtime) throws -> Object {
        try queue(Self.mainQueueKey, label: "com.apple.main-thread", in: runtime)
    }

    /// `dispatch_get_current_queue()`: the queue whose block is running, else the main queue.
    func currentQueue(in runtime: Runtime) throws -> Object {
        try runningQueues.withLock { $0[VirtualClock.currentStrand]?.last } ?? mainQueue(in: runtime)
    }

    /// Runs `block`, with nothing passed, as a block of `queue`, then `completion` (a
    /// group's leave). A serial queue runs one block at a time: while one of its blocks is
    /// suspended in a wait (see ``VirtualClock``), its later blocks are held back, in order,
    /// and the first of them runs once that block ends.
    ///
    /// - Parameter concurrent: whether `queue` is concurrent
    ///   (``ClassLibrary/isConcurrentDispatchQueue(_:in:)``), read when the block was dispatched.
    func run(_ block: Block, on queue: Object, concurrent: Bool, then completion: (@Sendable () throws -> Void)? = nil) throws {
        guard !concurrent else { return try runNow(block, on: queue, then: completion) }
        // Anything but a free queue holds the block back (one code runs at a time, so
        // nothing comes between asking for the turn and holding the block).
        guard takeTurn(on: queue, strand: VirtualClock.currentStrand) == .taken else {
            serialQueues.withLock { $0[ObjectIdentifier(queue), default: SerialQueue()].held.append((block, completion)) }
            return
        }
        defer { endTurn(on: queue) }
        try runNow(block, on: queue, then: completion)
    }

    /// Keeps `block`, which `dispatch_async` queues on `queue`, until it runs.
    func enqueue(_ block: Block, barrier: Bool, on queue: Object) -> QueuedBlock {
        let queued = QueuedBlock(block, isBarrier: barrier)
        queuedBlocks.withLock { $0[ObjectIdentifier(queue), default: []].append(queued) }
        return queued
    }

    /// Takes `queued` off `queue` for its turn on the clock: false when a `dispatch_sync`
    /// has run it already.
    func take(_ queued: QueuedBlock, from queue: Object) -> Bool {
        let key = ObjectIdentifier(queue)
        return queuedBlocks.withLock { all in
            guard let index = all[key]?.firstIndex(where: { $0 === queued }) else { return false }
            all[key]?.remove(at: index)
            if all[key]?.isEmpty == true { all[key] = nil }
            return true
        }
    }

    /// Takes, in order, the queued blocks a `dispatch_sync` onto `queue` waits for, as GCD
    /// runs them before its block: every one on a serial queue or for a barrier; on a
    /// concurrent queue, those up to its last barrier (the others may run alongside).
    func takeBlocks(beforeSyncOn queue: Object, concurrent: Bool, barrier: Bool) -> [QueuedBlock] {
        let key = ObjectIdentifier(queue)
        return queuedBlocks.withLock { all in
            guard let queued = all[key] else { return [] }
            let count = !concurrent || barrier ? queued.count : (queued.lastIndex { $0.isBarrier }.map { $0 + 1 } ?? 0)
            all[key] = count == queued.count ? nil : Array(queued[count...])
            return Array(queued[..<count])
        }
    }

    /// Whose turn a serial queue's is, for `dispatch_sync` from `strand`.
    enum Turn {
        /// The queue was free: it is the caller's now, until ``endTurn(on:)``.
        case taken
        /// A block of the queue runs on the caller's own strand: `dispatch_sync` onto the
        /// queue the caller is on, run at once as before.
        case reentrant
        /// Another block of the queue runs (suspended) or waits for its turn.
        case busy
    }

    /// Takes the serial queue `queue`'s turn for code on `strand` when it is free.
    func takeTurn(on queue: Object, strand: Int) -> Turn {
        let key = ObjectIdentifier(queue)
        return serialQueues.withLock { queues in
            if let runner = queues[key]?.runningOn { return runner == strand ? .reentrant : .busy }
            if queues[key]?.held.isEmpty == false { return .busy }
            queues[key, default: SerialQueue()].runningOn = strand
            return .taken
        }
    }

    /// Ends a serial queue's turn: the first block it held back meanwhile gets its turn on
    /// the clock.
    func endTurn(on queue: Object) {
        let key = ObjectIdentifier(queue)
        let more = serialQueues.withLock { queues in
            queues[key]?.runningOn = nil
            guard queues[key]?.held.isEmpty == false else {
                queues[key] = nil
                return false
            }
            return true
        }
        if more { clock.schedule(after: 0, kind: .block) { [self] in try runNextHeld(on: queue) } }
    }

    /// The turn of the first block a serial queue held back.
    private func runNextHeld(on queue: Object) throws {
        let key = ObjectIdentifier(queue), strand = VirtualClock.currentStrand
        let next = serialQueues.withLock { queues -> (block: Block, then: (@Sendable () throws -> Void)?)? in
            guard queues[key]?.runningOn == nil, queues[key]?.held.isEmpty == false else { return nil }
            queues[key]?.runningOn = strand
            return queues[key]?.held.removeFirst()
        }
        guard let next else { return }
        defer { endTurn(on: queue) }
        try runNow(next.block, on: queue, then: next.then)
    }

    private func runNow(_ block: Block, on queue: Object, then completion: (@Sendable () throws -> Void)?) throws {
        try running(on: queue) { _ = try block.call(Arguments(), nestedAt: 0) }
        try completion?()
    }

    /// Runs `body` as work of `queue`: it is the current queue meanwhile.
    func running<Result>(on queue: Object, _ body: () throws -> Result) rethrows -> Result {
        let strand = VirtualClock.currentStrand
        runningQueues.withLock { $0[strand, default: []].append(queue) }
        defer {
            runningQueues.withLock { running in
                running[strand]?.removeLast()
                if running[strand]?.isEmpty == true { running[strand] = nil }
            }
        }
        return try body()
    }

    /// `dispatch_queue_set_specific(queue, key, value, NULL)`; nil removes the key.
    /// Keeps `block`, made by `dispatch_block_create`, with what cancels it.
    func makeCancellable(_ block: Block, _ cancellation: Cancellation) {
        cancellableBlocks.withLock { $0[ObjectIdentifier(block)] = (block, cancellation) }
    }

    /// What cancels `block`; nil for a block `dispatch_block_create` did not make.
    func cancellation(of block: Block) -> Cancellation? {
        cancellableBlocks.withLock { $0[ObjectIdentifier(block)]?.cancellation }
    }

    func setSpecific(_ value: Value, for key: Value, on queue: Object) {
        queueSpecifics.withLock { $0[ObjectIdentifier(queue), default: [:]][key] = value == .nil ? nil : value }
    }

    /// `dispatch_queue_get_specific(queue, key)`, nil when it was never set.
    func specific(for key: Value, on queue: Object) -> Value {
        queueSpecifics.withLock { $0[ObjectIdentifier(queue)]?[key] } ?? .nil
    }

    /// `dispatch_get_specific(key)`: the value the current queue has for `key`, else that of
    /// a queue whose block is running further out, as a queue's target queues answer.
    func currentSpecific(for key: Value, in runtime: Runtime) throws -> Value {
        let running = runningQueues.withLock { $0[VirtualClock.currentStrand] ?? [] }
        for queue in running.reversed() + [try mainQueue(in: runtime)] {
            let value = specific(for: key, on: queue)
            if value != .nil { return value }
        }
        return .nil
    }

    /// `dispatch_get_global_queue(identifier, 0)`: one queue per identifier, labelled as
    /// libdispatch labels them.
    func globalQueue(_ identifier: Int, in runtime: Runtime) throws -> Object {
        let name = switch identifier {
        case 2, 0x21: "com.apple.root.user-interactive-qos"
        case 0x19: "com.apple.root.user-initiated-qos"
        case -2, 0x11: "com.apple.root.utility-qos"
        case Int(Int16.min), 0x09: "com.apple.root.background-qos"
        default: "com.apple.root.default-qos"
        }
        return try queue(identifier, label: name, in: runtime)
    }

    private func queue(_ key: Int, label: String, in runtime: Runtime) throws -> Object {
        try queues.withLock { queues in
            if let made = queues[key] { return made }
            // The global queues are concurrent; the main queue is serial.
            let made = try ClassLibrary.makeDispatchQueue(label: label, concurrent: key != Self.mainQueueKey, in: runtime)
            queues[key] = made
            return made
        }
    }

    /// The next 32 random bits (SplitMix64, whose output passes the usual statistical tests
    /// and needs one word of state).
    func nextRandom() -> UInt32 {
        randomState.withLock { state in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt32(truncatingIfNeeded: (z ^ (z >> 31)) >> 32)
        }
    }

    /// Starts the random numbers again from `seed` (`srandom`).
    func seedRandom(_ seed: UInt64) {
        randomState.withLock { $0 = seed }
    }

    /// Drops what is scheduled and associated, and the queues.
    func tearDown() {
        clock.cancelAll()
        runLoop.reset()
        associations.removeAll()
        zlibStreams.removeAll()
        coreFoundationRetains.removeAll()
        threadSpecifics.removeAll()
        sqlite.closeAll(saving: container)
        installedHandlers.removeAll()
        // The blocks serial queues held back hold what they captured.
        serialQueues.withLock { $0.removeAll() }
        queues.withLock { $0.removeAll() }
        forwarder.withLock { $0 = nil }
    }
}

/// Values associated with objects by key, as `objc_setAssociatedObject` keeps them: an
/// object's associations last while it does, through its `-dealloc` (as objc removes them
/// only after), and go with it.
///
/// Every policy keeps its value strongly here: the values a copy policy would copy are
/// immutable already, and an assigned one outliving its object is harmless where nothing
/// is freed by hand.
final class AssociatedObjects: Sendable {
    private final class Entry: @unchecked Sendable {
        // @unchecked: only read and written under the table's lock.
        weak var object: Object?
        var values: [Value: Value] = [:]
        init(_ object: Object) { self.object = object }
    }

    /// An object's entry by its number, which the object receiving its `-dealloc` keeps
    /// (see ``Object/isDeallocating``); classes are numbered apart from instances.
    private struct Key: Hashable {
        let serial: Int
        let isClass: Bool
        init(_ object: Object) { (serial, isClass) = (object.serial, object is Class) }
    }

    private let table = Mutex<[Key: Entry]>([:])

    private final class BlockEntry: @unchecked Sendable {
        // @unchecked: only read and written under the table's lock.
        weak var block: Block?
        var values: [Value: Value] = [:]
        init(_ block: Block) { self.block = block }
    }

    /// Blocks' associations (a block is an object in Objective-C: a wrapper marks the
    /// blocks it made so), by the block's identity while it lives.
    private let blockTable = Mutex<[ObjectIdentifier: BlockEntry]>([:])

    /// The associations of numbers, strings and collections, values here, by the value:
    /// an NSNumber is a tagged pointer on a device, whose associations objc4 keeps by its
    /// bits, so the same number finds them again (and an equal string or collection here).
    private let valueTable = Mutex<[Value: [Value: Value]]>([:])

    /// Associates `value` with `holder`, a number, string or collection, under `key`; nil
    /// removes the association.
    func set(_ value: Value, for key: Value, onValue holder: Value) {
        valueTable.withLock { table in table[holder, default: [:]][key] = value == .nil ? nil : value }
    }

    /// The value associated with `holder` under `key`, or nil.
    func value(for key: Value, onValue holder: Value) -> Value {
        valueTable.withLock { $0[holder]?[key] ?? .nil }
    }

    /// Associates `value` with `block` under `key`; nil removes the association.
    func set(_ value: Value, for key: Value, onBlock block: Block) {
        blockTable.withLock { table in
            if table.count > 64, table.count.isMultiple(of: 64) { table = table.filter { $0.value.block != nil } }
            let id = ObjectIdentifier(block)
            let entry = table[id].flatMap { $0.block === block ? $0 : nil } ?? BlockEntry(block)
            entry.values[key] = value == .nil ? nil : value
            table[id] = entry.values.isEmpty ? nil : entry
        }
    }

    /// The value associated with `block` under `key`, or nil.
    func value(for key: Value, onBlock block: Block) -> Value {
        blockTable.withLock { table in
            guard let entry = table[ObjectIdentifier(block)], entry.block === block else { return .nil }
            return entry.values[key] ?? .nil
        }
    }

    /// Associates `value` with `object` under `key`; nil removes the association.
    func set(_ value: Value, for key: Value, on object: Object) {
        table.withLock { table in
            // Entries of objects gone are dropped now and then, so the table cannot grow without end.
            if table.count > 64, table.count.isMultiple(of: 64) { table = table.filter { $0.value.object != nil } }
            let entry = Self.entry(of: object, in: table) ?? Entry(object)
            entry.values[key] = value == .nil ? nil : value
            table[Key(object)] = entry.values.isEmpty ? nil : entry
        }
    }

    /// The value associated with `object` under `key`, or nil.
    func value(for key: Value, on object: Object) -> Value {
        table.withLock { table in Self.entry(of: object, in: table)?.values[key] ?? .nil }
    }

    /// Removes every association of `object` (`objc_removeAssociatedObjects`).
    func removeAll(from object: Object) {
        table.withLock { table in
            if Self.entry(of: object, in: table) != nil { table[Key(object)] = nil }
        }
    }

    func removeAll() {
        table.withLock { $0.removeAll() }
        blockTable.withLock { $0.removeAll() }
        valueTable.withLock { $0.removeAll() }
    }

    /// `object`'s entry: the one made for it, or, for the object receiving the `-dealloc`
    /// of one gone, the entry that one left, which it takes over.
    private static func entry(of object: Object, in table: [Key: Entry]) -> Entry? {
        guard let entry = table[Key(object)] else { return nil }
        if entry.object === object { return entry }
        guard object.isDeallocating, entry.object == nil else { return nil }
        entry.object = object
        return entry
    }
}

/// Whether a block `dispatch_block_create` made was cancelled; shared by the block, which
/// reads it when it runs, and `dispatch_block_cancel`, which sets it.
final class Cancellation: Sendable {
    private let cancelled = Mutex(false)
    var isCancelled: Bool { cancelled.withLock { $0 } }
    func cancel() { cancelled.withLock { $0 = true } }
}
