import Runtime
import Synchronization

/// The mocks of one class library: each mock object's ``Mock``, the classes mock objects
/// are instances of, the class methods forwarded to class mocks, and what the OCMock
/// macros are recording.
///
/// Thread-safe: every table is behind its own lock, none held while the program's code runs.
final class MockRegistry: Sendable {
    /// A table entry: the object it is for, held weakly, so that an object made later at
    /// the same address (which its `ObjectIdentifier` is) is not taken for it.
    private struct Entry: Sendable {
        weak var object: Object?
        let mock: Mock
    }

    private let mocks = Mutex<[ObjectIdentifier: Entry]>([:])
    /// Mock classes by what they mock (`C:UINavigationController`, `P:UITableViewDataSource`),
    /// each with the shape of what it was built for.
    private let classes = Mutex<[String: (shape: MockedShape, cls: Class)]>([:])
    /// The real objects of partial mocks, and their mocks.
    private let partials = Mutex<[ObjectIdentifier: Entry]>([:])
    /// For each class whose class methods are forwarded, the class mocks that mock it, newest last.
    private let classMethodMocks = Mutex<[ObjectIdentifier: [Object]]>([:])
    /// The ledger entries that forward a mock's class methods or a partial mock's
    /// methods, undone when it stops.
    private let forwarding = Mutex<[ObjectIdentifier: [LedgerEntry.ID]]>([:])
    /// Every mock made, in order, so that the end of a test can stop them.
    private let made = Mutex<[Object]>([])
    let recording = Mutex<MockRecording?>(nil)
    /// What OCMockito's `given` and `verify` are in the middle of.
    let mockitoProgress = Mutex(MockitoProgress())

    func register(_ mock: Mock, for object: Object) {
        mocks.withLock { $0[ObjectIdentifier(object)] = Entry(object: object, mock: mock) }
        made.withLock { $0.append(object) }
    }

    func mock(for object: Object) -> Mock? {
        mocks.withLock { table in table[ObjectIdentifier(object)].flatMap { $0.object === object ? $0.mock : nil } }
    }

    /// The partial mock over the real object `object`, if any.
    func partialMock(over object: Object) -> Mock? {
        partials.withLock { table in table[ObjectIdentifier(object)].flatMap { $0.object === object ? $0.mock : nil } }
    }

    func registerPartial(_ mock: Mock, over object: Object) {
        partials.withLock { $0[ObjectIdentifier(object)] = Entry(object: object, mock: mock) }
    }

    /// The newest live class mock of `cls` itself: as in OCMock, a mock of a superclass
    /// leaves a subclass's class methods alone, inherited or not.
    func classMock(for cls: Class) -> (object: Object, mock: Mock)? {
        let candidates = classMethodMocks.withLock { $0[ObjectIdentifier(cls)] ?? [] }
        for object in candidates.reversed() {
            if let mock = mock(for: object), !mock.isStopped { return (object, mock) }
        }
        return nil
    }

    func addClassMock(_ object: Object, of cls: Class) -> Bool {
        classMethodMocks.withLock { table in
            let isFirst = table[ObjectIdentifier(cls)]?.isEmpty ?? true
            table[ObjectIdentifier(cls), default: []].append(object)
            return isFirst
        }
    }

    func noteForwarding(_ entries: [LedgerEntry.ID], for object: Object) {
        forwarding.withLock { $0[ObjectIdentifier(object), default: []] += entries }
    }

    /// Stops `object`'s mock: its forwarding is undone, newest first, unless another live
    /// class mock of the same class still needs it.
    func stop(_ object: Object, in runtime: Runtime) {
        guard let mock = mock(for: object), !mock.isStopped else { return }
        mock.stop()
        if case .partialMock(let real) = mock.kind { partials.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(real)) } }
        if case .classMock(let cls) = mock.kind {
            let othersLive = classMethodMocks.withLock { table in
                table[ObjectIdentifier(cls)]?.removeAll { $0 === object }
                return !(table[ObjectIdentifier(cls)]?.isEmpty ?? true)
            }
            // The forwarding stays for the other mocks of the class, passing to the newest.
            if othersLive {
                let entries = forwarding.withLock { $0.removeValue(forKey: ObjectIdentifier(object)) ?? [] }
                if let heir = classMethodMocks.withLock({ $0[ObjectIdentifier(cls)]?.last }) { noteForwarding(entries, for: heir) }
                return
            }
        }
        let entries = forwarding.withLock { $0.removeValue(forKey: ObjectIdentifier(object)) ?? [] }
        for id in entries.reversed() { _ = try? runtime.undo(id) }
    }

    /// Takes from the live mocks whose forwarding includes any of `undone` (changes a class's
    /// redefinition undid) all their forwarding, undoing what is left of it, newest first;
    /// answers those mocks, to forward again to the new code, and the entries of `undone` they had.
    func takeForwarding(brokenBy undone: Set<LedgerEntry.ID>, in runtime: Runtime) -> (mocks: [(Object, Mock)], entries: Set<LedgerEntry.ID>) {
        let broken = forwarding.withLock { table in
            let hit = table.filter { !undone.isDisjoint(with: $0.value) }
            for key in hit.keys { table[key] = nil }
            return hit
        }
        let objects = made.withLock { $0 }.filter { broken[ObjectIdentifier($0)] != nil }
        var taken: Set<LedgerEntry.ID> = []
        for entries in broken.values {
            for id in entries.reversed() where !undone.contains(id) { _ = try? runtime.undo(id) }
            taken.formUnion(entries.filter(undone.contains))
        }
        return (objects.compactMap { object in mock(for: object).flatMap { $0.isStopped ? nil : (object, $0) } }, taken)
    }

    /// Whether a mock class has been built for `key`.
    func hasMockClass(for key: String) -> Bool {
        classes.withLock { $0[key] != nil }
    }

    /// The mock objects made so far whose mocks `belongs` picks, oldest first.
    func mockObjects(where belongs: (Mock) -> Bool) -> [Object] {
        made.withLock { $0 }.filter { object in mock(for: object).map(belongs) ?? false }
    }

    /// Stops every mock made so far: the end of a test, as OCMock stops a test's mocks.
    func stopAll(in runtime: Runtime) {
        let objects = made.withLock { objects in
            defer { objects.removeAll() }
            return objects
        }
        for object in objects.reversed() { stop(object, in: runtime) }
    }

    /// The mock class for `key`, built by `build` on first use, and built again when what
    /// it mocks has another `shape` since (a class defined again at the prompt, with other
    /// methods, or made anew under its name): `build` then gets the class to redefine in
    /// place, so that mocks made before answer the new methods too.
    func mockClass(for key: String, shape: MockedShape, build: (_ existing: Class?) throws -> Class) throws -> Class {
        // Held while building, so that two threads mocking one class build it once; building
        // registers a class and runs no code of the program's.
        try classes.withLock { classes in
            if let existing = classes[key], existing.shape == shape { return existing.cls }
            let built = try build(classes[key]?.cls)
            classes[key] = (shape, built)
            return built
        }
    }
}

/// What a mock class was built from: the mocked class or protocol (by identity, so a class
/// made anew under its name counts as another) and the methods it had then.
struct MockedShape: Equatable {
    let mocked: ObjectIdentifier
    let methods: [String]
}
