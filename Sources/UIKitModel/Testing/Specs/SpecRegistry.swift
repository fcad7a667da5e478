import Runtime
import Synchronization

/// The specs of one class library: the groups being declared while a spec's `-spec`
/// runs, the shared example groups by name, and each spec class's examples once declared.
///
/// Thread-safe: the state is behind a lock, never held while the spec's code runs.
final class SpecRegistry: Sendable {
    /// Shared examples (`sharedExamplesFor`, Quick's `sharedExamples`): the block that
    /// declares them, and whether it takes Quick's context block rather than Specta's dictionary.
    struct Shared: Sendable {
        let block: Block
        let takesContextBlock: Bool
    }

    private struct State {
        /// The groups open while a spec declares itself, outermost first.
        var building: [SpecGroup] = []
        var shared: [String: Shared] = [:]
        var built: [ObjectIdentifier: [SpecRun]] = [:]
        var configured = false
        /// Whether the block `waitUntil` is waiting on has called its `done`.
        var done = false
        /// Specta's `setAsyncSpecTimeout`: how long `waitUntil` waits, in seconds.
        var asyncTimeout = 10.0
    }

    private let state = Mutex(State())

    /// Whether a spec is declaring itself: the DSL is only good inside its `-spec`.
    var isBuilding: Bool { state.withLock { !$0.building.isEmpty } }

    /// The examples `cls` declared, running `declare` (its `-spec`) the first time.
    func runs(of cls: Class, declaring declare: () throws -> Void) throws -> [SpecRun] {
        if let built = state.withLock({ $0.built[ObjectIdentifier(cls)] }) { return built }
        state.withLock { $0.building = [SpecGroup(name: "")] }
        defer { state.withLock { $0.building = [] } }
        try declare()
        let root = state.withLock { $0.building.first ?? SpecGroup(name: "") }
        let runs = root.flattened()
        state.withLock { $0.built[ObjectIdentifier(cls)] = runs }
        return runs
    }

    /// Whether Quick's configurations still have to run, marking them run.
    func takeConfiguration() -> Bool {
        state.withLock { state in
            defer { state.configured = true }
            return !state.configured
        }
    }

    /// Opens a group, runs `declare` (its block), and closes it into the group around it.
    func group(_ group: SpecGroup, declaring declare: () throws -> Void) throws {
        state.withLock { $0.building.append(group) }
        defer {
            state.withLock { state in
                guard state.building.count > 1, let closed = state.building.popLast() else { return }
                state.building[state.building.count - 1].children.append(.group(closed))
            }
        }
        try declare()
    }

    func add(_ example: SpecExample) {
        state.withLock { state in
            guard !state.building.isEmpty else { return }
            state.building[state.building.count - 1].children.append(.example(example))
        }
    }

    /// Adds a hook to the innermost open group.
    func addHook(_ kind: String, _ block: Block) {
        state.withLock { state in
            guard !state.building.isEmpty else { return }
            let last = state.building.count - 1
            switch kind {
            case "beforeAll": state.building[last].beforeAll.append(block)
            case "afterAll": state.building[last].afterAll.append(block)
            case "afterEach": state.building[last].afterEach.append(block)
            default: state.building[last].beforeEach.append(block)
            }
        }
    }

    /// Adds a `let` to the innermost open group.
    func addLet(_ declared: SpecLet) {
        state.withLock { state in
            guard !state.building.isEmpty else { return }
            state.building[state.building.count - 1].lets.append(declared)
        }
    }

    var isDone: Bool { state.withLock { $0.done } }
    func resetDone() { state.withLock { $0.done = false } }
    func markDone() { state.withLock { $0.done = true } }

    /// How long Specta's `waitUntil` waits.
    var asyncTimeout: Double {
        get { state.withLock { $0.asyncTimeout } }
        set { state.withLock { $0.asyncTimeout = newValue } }
    }

    func share(_ shared: Shared, named name: String) {
        state.withLock { $0.shared[name] = shared }
    }

    func shared(named name: String) -> Shared? {
        state.withLock { $0.shared[name] }
    }
}
