import Runtime
import Synchronization

/// The state of one mock: its stubs, expectations and rejections, and every call it
/// received. The engine behind its three faces: OCMock's Objective-C API, OCMockito's, and
/// the shell's `mock`, `stub`, `expect` and `verify`.
///
/// Thread-safe: the state is behind a lock, never held while code runs (a constraint's
/// block, a stub's action).
public final class Mock: Sendable {
    /// What the mock stands in for.
    public enum Kind: Sendable {
        /// `OCMClassMock`: an instance of the class (and, for class methods, the class).
        case classMock(Class)
        /// `OCMProtocolMock`: an object conforming to the protocol.
        case protocolMock(ObjCProtocol)
        /// `OCMPartialMock`: the real object, whose methods run unless stubbed.
        case partialMock(Object)
        /// `OCMObserverMock`: an observer of notifications, each expected one a call of
        /// ``Mock/notificationSelector`` (name, object, userInfo). Always strict.
        case observer
        /// OCMockito's `mockClass`: an object standing for the class, whose instance
        /// methods are the class's class methods.
        case classObjectMock(Class)
        /// OCMockito's `mockObjectAndProtocol`: an instance of the class that also
        /// conforms to the protocol.
        case classAndProtocolMock(Class, ObjCProtocol)
    }

    /// Whose API made the mock, which decides how stubs answer and calls are verified.
    public enum Flavor: Sendable {
        /// OCMock's and the shell's: the first stub that takes a call answers it, with
        /// every action it has; a verification counts every call received.
        case ocmock
        /// OCMockito's: the newest stub that takes a call answers, with its answers in
        /// turn (the last one again once they are used up); a verification counts only
        /// calls no earlier verification counted.
        case ocmockito
        /// Kiwi's: as OCMock's, with Kiwi's names for the mocks; a stub replaces an earlier
        /// one of the same call.
        case kiwi
    }

    /// The call a notification is to an observer mock: its name, object and userInfo.
    public static let notificationSelector = "notificationWithName:object:userInfo:"

    /// A call the mock received.
    public struct Call: Sendable, CustomStringConvertible {
        public let selector: String
        public let arguments: [Value]
        public let isClassMethod: Bool

        public init(selector: String, arguments: [Value], isClassMethod: Bool = false) {
            self.selector = selector
            self.arguments = arguments
            self.isClassMethod = isClassMethod
        }

        /// `pushViewController:<MMFileContentsViewController: 0x3> animated:YES`
        public var description: String { (isClassMethod ? "+" : "") + Mock.describe(selector, arguments.map(\.description)) }
    }

    private struct State {
        var entries: [MockStub] = []
        var nextID = 1
        var received: [Call] = []
        /// Strict-mock failures raised when they happened, reported again by `verify`
        /// (code under test may have caught them), as OCMock does.
        var ignoredFailures: [MockError] = []
        var isNice: Bool
        var orderMatters = false
        var isStopped = false
        /// The positions in `received` of the calls an OCMockito verification counted.
        var verified: Set<Int> = []
    }

    public let kind: Kind
    public let flavor: Flavor
    private let state: Mutex<State>

    init(_ kind: Kind, isNice: Bool, flavor: Flavor = .ocmock) {
        self.kind = kind
        self.flavor = flavor
        state = Mutex(State(isNice: isNice))
    }

    /// The class whose methods the mock answers: the mocked class, or the real object's; nil for a protocol mock.
    public var mockedClass: Class? {
        switch kind {
        case .classMock(let cls), .classAndProtocolMock(let cls, _): cls
        case .partialMock(let object): object.isa
        case .classObjectMock(let cls): cls.isa
        case .protocolMock, .observer: nil
        }
    }

    /// As OCMock names its mocks in failures (`OCClassMockObject(UINavigationController)`),
    /// and OCMockito its (`mock object of UINavigationController`).
    public var name: String {
        switch (kind, flavor) {
        case (.classMock(let cls), .ocmock): "OCClassMockObject(\(cls.name))"
        case (.protocolMock(let proto), .ocmock): "OCProtocolMockObject(\(proto.name))"
        case (.classMock(let cls), .ocmockito): "mock object of \(cls.name)"
        case (.protocolMock(let proto), .ocmockito): "mock implementer of \(proto.name) protocol"
        case (.classMock(let cls), .kiwi): "KWMock for \(cls.name)"
        case (.protocolMock(let proto), .kiwi): "KWMock for <\(proto.name)>"
        case (.partialMock(let object), _): "OCPartialMockObject(\(object.isa.name))"
        case (.observer, _): "OCMockObserver"
        case (.classObjectMock(let cls), _): "mock class of \(cls.name)"
        case (.classAndProtocolMock(let cls, let proto), _): "mock object of \(cls.name) implementing \(proto.name) protocol"
        }
    }

    /// Whether a call nothing stubs answers zero (a nice mock) rather than failing (a strict one).
    public var isNice: Bool { state.withLock { $0.isNice } }

    /// `setExpectationOrderMatters:`: expected calls must come in the order expected.
    public var expectationOrderMatters: Bool {
        get { state.withLock { $0.orderMatters } }
        set { state.withLock { $0.orderMatters = newValue } }
    }

    /// Every call received, in order.
    public var receivedCalls: [Call] { state.withLock { $0.received } }

    /// The expectations not met yet.
    public var pendingExpectations: [InvocationMatcher] {
        state.withLock { $0.entries.filter { $0.role == .expectation }.compactMap(\.matcher) }
    }

    /// Whether `stopMocking` was called.
    public var isStopped: Bool { state.withLock { $0.isStopped } }

    // MARK: Recording

    /// Adds a stub, expectation or rejection, its call still to be recorded
    /// (``record(_:for:)``) unless given. Later entries are consulted after earlier ones.
    @discardableResult
    public func add(_ role: MockStub.Role, matching matcher: InvocationMatcher? = nil, inOrder: Bool = false) throws(MockError) -> Int {
        try state.withLock { state throws(MockError) in
            guard !state.isStopped else { throw .stopped(mock: name) }
            let id = state.nextID
            state.nextID += 1
            state.entries.append(MockStub(id: id, role: role, matcher: matcher, inOrder: inOrder))
            return id
        }
    }

    /// Sets the call entry `id` takes.
    public func record(_ matcher: InvocationMatcher, for id: Int) {
        state.withLock { state in
            if let index = state.entries.firstIndex(where: { $0.id == id }) { state.entries[index].matcher = matcher }
        }
    }

    /// Adds an action to entry `id`. A returned value is checked against the method's
    /// return type, as OCMock checks `andReturn`.
    public func add(_ action: MockAction, to id: Int, in runtime: Runtime) throws(MockError) {
        if state.withLock({ $0.entries.first { $0.id == id }?.role == .rejection }) { throw .actionOnRejection(mock: name) }
        var checked = action
        if case .returnValue(let value, let form) = action, let selector = state.withLock({ $0.entries.first { $0.id == id }?.matcher }) {
            checked = .returnValue(try returnValue(value, for: selector, form: form, in: runtime), form)
        }
        state.withLock { state in
            if let index = state.entries.firstIndex(where: { $0.id == id }) { state.entries[index].actions.append(checked) }
        }
    }

    /// `ignoringNonObjectArgs`: entry `id` takes any number, boolean or struct where it named one.
    public func ignoreNonObjectArguments(of id: Int) {
        state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.id == id }), let matcher = state.entries[index].matcher else { return }
            let loosened = matcher.constraints.map { constraint -> ArgumentConstraint in
                switch constraint {
                case .equal(.int), .equal(.double), .equal(.bool), .equal(.structure): .any
                default: constraint
                }
            }
            state.entries[index].matcher = InvocationMatcher(selector: matcher.selector, constraints: loosened, isClassMethod: matcher.isClassMethod)
        }
    }

    /// OCMockito's `given`: answers the calls `matcher` takes before any stub made earlier
    /// does (OCMockito's newest stub wins), with the actions added to the entry in turn.
    public func stubInTurn(_ matcher: InvocationMatcher) throws(MockError) -> Int {
        try state.withLock { state throws(MockError) in
            guard !state.isStopped else { throw .stopped(mock: name) }
            let id = state.nextID
            state.nextID += 1
            var stub = MockStub(id: id, role: .stub, matcher: matcher, inOrder: false)
            stub.answersInTurn = true
            state.entries.insert(stub, at: 0)
            return id
        }
    }

    /// Forgets the last call received: the call written inside OCMockito's `given` only
    /// names the call to stub, and is no call for a verification to count.
    public func forgetLastCall() {
        state.withLock { state in
            guard !state.received.isEmpty else { return }
            state.verified.remove(state.received.count - 1)
            state.received.removeLast()
        }
    }

    /// OCMockito's `withMatcher:forArgument:`: entry `id` takes for argument `index` what
    /// `constraint` accepts.
    ///
    /// - Throws: ``MockError/noSuchArgument(call:index:count:)`` when the call has no such argument.
    public func setConstraint(_ constraint: ArgumentConstraint, forArgument index: Int, of id: Int) throws(MockError) {
        try state.withLock { state throws(MockError) in
            guard let position = state.entries.firstIndex(where: { $0.id == id }), let matcher = state.entries[position].matcher else { return }
            guard matcher.constraints.indices.contains(index) else {
                throw .noSuchArgument(call: matcher.selector, index: index, count: matcher.constraints.count)
            }
            var constraints = matcher.constraints
            constraints[index] = constraint
            state.entries[position].matcher = InvocationMatcher(selector: matcher.selector, constraints: constraints, isClassMethod: matcher.isClassMethod)
        }
    }

    /// Checks the return actions of entry `id` once its call is known (`[[mock stub] andReturn:x] call]`).
    func checkReturns(of id: Int, in runtime: Runtime) throws(MockError) {
        guard let entry = state.withLock({ $0.entries.first { $0.id == id } }), let matcher = entry.matcher else { return }
        var checked: [MockAction] = []
        var misfit: MockError?
        for action in entry.actions {
            guard case .returnValue(let value, let form) = action else {
                checked.append(action)
                continue
            }
            // A result that does not fit is left out, so that a failure reported and passed over answers zero.
            do throws(MockError) {
                checked.append(.returnValue(try returnValue(value, for: matcher, form: form, in: runtime), form))
            } catch {
                misfit = misfit ?? error
            }
        }
        setActions(checked, of: id)
        if let misfit { throw misfit }
    }

    /// Expects one more call (each expectation is met by one call), answering `result`;
    /// one `inOrder` must come before those marked so after it.
    public func expect(_ matcher: InvocationMatcher, returning result: Value? = nil, inOrder: Bool = false, in runtime: Runtime) throws(MockError) {
        var checked: Value?
        if let result { checked = try returnValue(result, for: matcher, form: .shell, in: runtime) }
        let id = try add(.expectation, matching: matcher, inOrder: inOrder)
        if let checked { setActions([.returnValue(checked, .shell)], of: id) }
    }

    /// Answers every call `matcher` takes with `value`. Nothing is added when `value`
    /// does not fit the method's return type.
    ///
    /// - Parameter replacing: drop the earlier stubs of the same call, so that this
    ///   answer is the one given (the shell's `stub`, where a user changes an answer);
    ///   OCMock's own stubs keep the first match.
    public func stub(_ matcher: InvocationMatcher, returning value: Value, replacing: Bool = false, in runtime: Runtime) throws(MockError) {
        let checked = try returnValue(value, for: matcher, form: .shell, in: runtime)
        try stub(matcher, doing: [.returnValue(checked, .shell)], replacing: replacing)
    }

    /// Answers every call `matcher` takes by running `actions` (the shell's `does`,
    /// `throws`, `posts`); see ``stub(_:returning:replacing:in:)`` for `replacing`.
    public func stub(_ matcher: InvocationMatcher, doing actions: [MockAction], replacing: Bool = false) throws(MockError) {
        if replacing {
            // The same call with the same arguments: `titleAtIndex:1` leaves `titleAtIndex:0`'s answer.
            state.withLock { state in
                state.entries.removeAll { $0.role == .stub && $0.matcher?.description == matcher.description }
            }
        }
        setActions(actions, of: try add(.stub, matching: matcher))
    }

    /// Answers every call `matcher` takes with `values` in turn, the last one again once
    /// they are used up, replacing the earlier stubs of the same call.
    public func stub(_ matcher: InvocationMatcher, returningInTurn values: [Value], in runtime: Runtime) throws(MockError) {
        var checked: [MockAction] = []
        for value in values { checked.append(.returnValue(try returnValue(value, for: matcher, form: .shell, in: runtime), .shell)) }
        state.withLock { state in
            state.entries.removeAll { $0.role == .stub && $0.matcher?.description == matcher.description }
        }
        let id = try stubInTurn(matcher)
        setActions(checked, of: id)
    }

    /// Forgets every stub (Kiwi's `clearStubs`); expectations and calls received stay.
    public func removeStubs() {
        state.withLock { $0.entries.removeAll { $0.role == .stub } }
    }

    /// Whether a stub takes calls of exactly `matcher`'s description.
    public func hasStub(for matcher: InvocationMatcher) -> Bool {
        state.withLock { $0.entries.contains { $0.role == .stub && $0.matcher?.description == matcher.description } }
    }

    private func setActions(_ actions: [MockAction], of id: Int) {
        state.withLock { state in
            if let index = state.entries.firstIndex(where: { $0.id == id }) { state.entries[index].actions = actions }
        }
    }

    /// `value` as the method returns it (a number as the integer or double it declares),
    /// or an error when it cannot be: nothing for a void method, a number or `BOOL` for a
    /// scalar one. OCMock's forms are checked as OCMock checks them, and worded so.
    private func returnValue(_ value: Value, for matcher: InvocationMatcher, form: ReturnForm, in runtime: Runtime) throws(MockError) -> Value {
        guard let declared = returnType(of: matcher, in: runtime) else { return value }
        let method = "\(matcher.isClassMethod ? "+" : "-")[\(ownerName) \(matcher.selector)]"
        if form == .mockito {
            // OCMockito answers an object, or a number for a scalar, as the method returns it.
            guard value != .nil, declared != .void else { return declared.zeroValue }
            return (try? declared.coerce(value, for: method)) ?? value
        }
        if form != .shell { return try ocmockReturnValue(value, declared: declared, method: method, form: form, in: runtime) }
        if declared == .void {
            guard value == .nil else { throw .wrongReturnType(method: method, returns: "void", got: value.description) }
            return value
        }
        do {
            return try declared.coerce(value, for: method)
        } catch {
            throw .wrongReturnType(method: method, returns: declared.description, got: "\(value) (\(value.kindDescription))")
        }
    }

    /// OCMock's check of a stubbed result: `andReturn:` takes an object, for a method that
    /// returns one; `andReturnValue:` a box, unboxed to the method's type; `.andReturn(x)`
    /// either, by what `x` is. Numbers are `NSNumber`s and boxes at once in rtsh.
    private func ocmockReturnValue(_ value: Value, declared: ObjCType, method: String, form: ReturnForm, in runtime: Runtime) throws(MockError) -> Value {
        guard value != .nil else { return declared.zeroValue }
        var given = value
        if form == .boxed, let (held, _) = ClassLibrary.unboxed(value, in: runtime) { given = held }
        let givenType = given.typeEncoding
        let isObject = givenType == "@"
        let isNumber = ["B", "q", "d"].contains(givenType)
        switch declared {
        case .object, .class, .block:
            if isObject || (isNumber && form != .boxed) { return given }
        case .void:
            break
        default:
            if isObject, form != .boxed { throw .objectForNonObjectReturn(method: method, returns: declared.description, got: value.description) }
            if !isObject, let fitted = try? declared.coerce(given, for: method) { return fitted }
        }
        if isObject, form != .boxed { throw .objectForNonObjectReturn(method: method, returns: declared.description, got: value.description) }
        throw .returnValueDoesNotFit(method: method, declares: declared.description, valueType: givenType)
    }

    private var ownerName: String {
        switch kind {
        case .classMock(let cls), .classObjectMock(let cls), .classAndProtocolMock(let cls, _): cls.name
        case .protocolMock(let proto): proto.name
        case .partialMock(let object): object.isa.name
        case .observer: name
        }
    }

    /// The declared return type of the method `matcher` names, when the mock knows it.
    private func returnType(of matcher: InvocationMatcher, in runtime: Runtime) -> ObjCType? {
        types(of: matcher.selector, isClassMethod: matcher.isClassMethod, in: runtime)?.returnType
    }

    /// The type encoding of the mocked method `selector`, when the mock knows it.
    public func types(of selector: String, isClassMethod: Bool = false, in runtime: Runtime) -> TypeEncoding? {
        guard let selector = try? runtime.selector(selector) else { return nil }
        switch kind {
        case .classMock, .partialMock, .classObjectMock:
            guard let cls = mockedClass else { return nil }
            return runtime.lookUpMethod(selector, in: isClassMethod ? cls.isa : cls)?.types
        case .protocolMock(let proto):
            return Self.methods(of: proto).first { $0.selector === selector && $0.isClassMethod == isClassMethod }?.types
        case .classAndProtocolMock(let cls, let proto):
            return runtime.lookUpMethod(selector, in: cls)?.types
                ?? Self.methods(of: proto).first { $0.selector === selector && !$0.isClassMethod }?.types
        case .observer:
            return nil
        }
    }

    /// The selectors the mock can receive: the mocked class's instance methods, or the
    /// protocol's; with `isClassMethod`, the class methods a class mock takes for its class.
    public func selectors(isClassMethod: Bool = false, in runtime: Runtime) -> [String] {
        if isClassMethod {
            guard case .classMock(let cls) = kind else { return [] }
            return cls.lineage.flatMap { runtime.methods(of: $0.isa).map(\.selector.name) }
        }
        return switch kind {
        case .classMock, .partialMock, .classObjectMock: mockedClass.map { $0.lineage.flatMap { runtime.methods(of: $0).map(\.selector.name) } } ?? []
        case .protocolMock(let proto): Self.methods(of: proto).filter { !$0.isClassMethod }.map(\.selector.name)
        case .classAndProtocolMock(let cls, let proto):
            cls.lineage.flatMap { runtime.methods(of: $0).map(\.selector.name) } + Self.methods(of: proto).filter { !$0.isClassMethod }.map(\.selector.name)
        case .observer: [Self.notificationSelector]
        }
    }

    /// Every method a protocol and the protocols it inherits declare, required and (unless
    /// told otherwise) optional.
    static func methods(of proto: ObjCProtocol, includingOptionals: Bool = true) -> [MethodDescription] {
        var seen: Set<ObjectIdentifier> = []
        var pending = [proto], found: [MethodDescription] = []
        while let next = pending.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            found += next.requiredMethods + (includingOptionals ? next.optionalMethods : [])
            pending += next.inheritedProtocols
        }
        return found
    }

    // MARK: Calls

    /// Handles a call: the first entry that takes it answers (an expectation is then met,
    /// a rejection fails); with none, a partial mock runs the real method (`real`), a
    /// nice mock answers `zero`, a strict one fails. A stopped mock fails, except
    /// OCMockito's, which answers `zero`.
    ///
    /// - Parameters:
    ///   - invocation: makes the call's `NSInvocation` for an `andDo` block.
    ///   - perform: runs one action the engine cannot run itself (raising, posting, forwarding).
    func handle(_ call: Call, zero: Value, runtime: Runtime, depth: Int, perform: (MockAction, Call) throws -> Value?) throws -> Value {
        let taking = try state.withLock { state throws(MockError) -> [MockStub]? in
            guard !state.isStopped else {
                // OCMockito's stopped mock ignores what it is sent, as when code under test
                // that outlived its test still calls it.
                if flavor == .ocmockito { return nil }
                throw .stopped(mock: name)
            }
            state.received.append(call)
            return state.entries
        }
        guard let entries = taking else { return zero }
        // Constraints may run code that sends messages, so they are checked outside the lock.
        var taken: MockStub?
        for entry in entries {
            if let matcher = entry.matcher, try matcher.matches(call, in: runtime, depth: depth) {
                taken = entry
                break
            }
        }
        guard let taken, let matcher = taken.matcher else {
            // A partial mock's other methods, and a class mock's class methods, are the real ones.
            if case .partialMock = kind, let answer = try perform(.forwardToRealObject, call) { return answer }
            if call.isClassMethod, let answer = try perform(.forwardToRealObject, call) { return answer }
            if isNice { return zero }
            let error = MockError.unexpectedCall(
                mock: name, call: call.description, entries: entries.map(\.description), received: receivedCalls.map(\.description))
            state.withLock { $0.ignoredFailures.append(error) }
            throw error
        }
        try settle(taken, call: call)
        for (constraint, argument) in zip(matcher.constraints, call.arguments) { try constraint.act(on: argument, depth: depth) }
        var answer = zero
        for action in taken.answersInTurn ? takeTurn(of: taken) : taken.actions {
            if case .returnValue(let value, _) = action {
                answer = value
            } else if let result = try perform(action, call) {
                answer = result
            }
        }
        return answer
    }

    /// The action whose turn it is of a stub that answers in turn, the last one again
    /// once they are used up; none for a stub given none.
    private func takeTurn(of stub: MockStub) -> [MockAction] {
        state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.id == stub.id }), !state.entries[index].actions.isEmpty else { return [] }
            let actions = state.entries[index].actions
            defer { state.entries[index].turn += 1 }
            return [actions[min(state.entries[index].turn, actions.count - 1)]]
        }
    }

    /// An observer mock's notification: the first expectation that takes it is met (only
    /// the next one when order matters); any other fails, as observer mocks are strict.
    ///
    /// - Parameter notification: how the notification describes itself, for the failure.
    func observe(_ call: Call, described notification: String, in runtime: Runtime, depth: Int) throws {
        let (expected, orderMatters) = try state.withLock { state throws(MockError) in
            guard !state.isStopped else { throw .stopped(mock: name) }
            state.received.append(call)
            return (state.entries.filter { $0.role == .expectation }, state.orderMatters)
        }
        for entry in orderMatters ? Array(expected.prefix(1)) : expected {
            if let matcher = entry.matcher, try matcher.matches(call, in: runtime, depth: depth) {
                state.withLock { $0.entries.removeAll { $0.id == entry.id } }
                return
            }
        }
        throw MockError.unexpectedNotification(mock: name, notification: notification)
    }

    /// Meets an expectation (removing it) or fails a rejection; checks the order when it matters.
    private func settle(_ entry: MockStub, call: Call) throws(MockError) {
        switch entry.role {
        case .stub:
            return
        case .rejection:
            let error = MockError.disallowedCall(mock: name, call: call.description)
            // Code under test may catch it; `verify` reports it again, as OCMock does.
            state.withLock { $0.ignoredFailures.append(error) }
            throw error
        case .expectation:
            try state.withLock { state throws(MockError) in
                let ordered = state.orderMatters || entry.inOrder
                if ordered, let next = state.entries.first(where: { $0.role == .expectation && (state.orderMatters || $0.inOrder) }), next.id != entry.id {
                    throw .outOfOrder(mock: name, call: call.description, next: next.matcher?.description ?? "")
                }
                state.entries.removeAll { $0.id == entry.id }
            }
        }
    }

    // MARK: Verifying

    /// `verify`: every expectation was met, and no strict-mock failure went unreported.
    ///
    /// - Throws: ``MockError/unmetExpectations(mock:expected:received:)``, or the first
    ///   failure raised during the test.
    public func verify() throws(MockError) {
        let (pending, received, ignored) = state.withLock { state in
            (state.entries.filter { $0.role == .expectation }.compactMap(\.matcher), state.received, state.ignoredFailures)
        }
        if case .observer = kind, !pending.isEmpty {
            throw .unobservedNotifications(mock: name, expected: pending.map(\.description), observed: received.map(\.description))
        }
        guard pending.isEmpty else {
            throw .unmetExpectations(mock: name, expected: pending.map(\.description), received: received.map(\.description))
        }
        if let first = ignored.first { throw .earlierFailure(first.description) }
    }

    /// `OCMVerify`: the calls `matcher` takes number as `quantifier` accepts.
    public func verify(_ matcher: InvocationMatcher, _ quantifier: MockQuantifier = .atLeastOnce, in runtime: Runtime, depth: Int = 0) throws {
        let received = try state.withLock { state throws(MockError) in
            guard !state.isStopped else { throw .stopped(mock: name) }
            return state.received
        }
        let matching = try received.filter { try matcher.matches($0, in: runtime, depth: depth) }
        let count = matching.count
        // What the last matching call passed goes to the captures (`verify … received` at the shell).
        if let last = matching.last {
            for (constraint, argument) in zip(matcher.constraints, last.arguments) {
                if case .captures = constraint { try constraint.act(on: argument, depth: depth) }
            }
        }
        guard quantifier.accepts(count) else {
            throw MockError.wrongCount(mock: name, call: matcher.description, count: count, quantifier: quantifier, received: received.map(\.description))
        }
    }

    /// OCMockito's verification (`[verify(mock) call]`, `[verifyCount(mock, times(2)) call]`):
    /// the calls `matcher` takes, among those no earlier verification counted, number as
    /// `quantifier` accepts. Those calls are counted now, whatever the outcome, so the next
    /// verification of the same call looks only at calls made since, as OCMockito 3.0 and
    /// later count; `countingEveryCall`, the calls counted before are counted again, as
    /// earlier versions did.
    ///
    /// - Returns: nil when they do, else the failure, worded as OCMockito words it.
    public func verifyUncounted(
        _ matcher: InvocationMatcher, _ quantifier: MockQuantifier, countingEveryCall: Bool = false, in runtime: Runtime, depth: Int = 0
    ) throws -> String? {
        let (received, verified) = try state.withLock { state throws(MockError) in
            guard !state.isStopped else { throw .stopped(mock: name) }
            return (state.received, countingEveryCall ? [] : state.verified)
        }
        var matching: [Int] = []
        for (index, call) in received.enumerated() where !verified.contains(index) {
            if try matcher.matches(call, in: runtime, depth: depth) { matching.append(index) }
        }
        state.withLock { $0.verified.formUnion(matching) }
        let count = matching.count
        if case .exactly(let wanted) = quantifier, wanted > 0, count == 0 {
            let uncounted = received.indices.filter { !verified.contains($0) }.map { received[$0] }
            if let similar = uncounted.last(where: { $0.selector == matcher.selector && $0.isClassMethod == matcher.isClassMethod }) {
                return "Argument(s) are different!\nWanted: \(matcher)\nActual invocation has different arguments:\n\(similar)"
            }
            let others = uncounted.isEmpty
                ? "Actually, there were zero interactions with this mock."
                : "However, there were other interactions with this mock:\n" + uncounted.map(\.description).joined(separator: "\n")
            return "Wanted but not invoked:\n\(matcher)\n" + others
        }
        guard !quantifier.accepts(count) else { return nil }
        func times(_ count: Int) -> String { count == 1 ? "1 time" : "\(count) times" }
        return switch quantifier {
        case .atMost(0), .exactly(0): "Never wanted but was called \(times(count))."
        case .exactly(let wanted): "Wanted \(times(wanted)) but was called \(times(count))."
        case .atLeast(let wanted): "Wanted at least \(times(wanted)) but was called \(times(count))."
        case .atMost(let wanted): "Wanted at most \(times(wanted)) but was called \(times(count))."
        }
    }

    /// Whether every expectation has been met: what `verifyWithDelay:` waits for.
    public var expectationsAreMet: Bool {
        state.withLock { !$0.entries.contains { $0.role == .expectation } }
    }

    /// `stopMocking`: the mock takes no more calls; its class methods are the class's own again.
    func stop() {
        state.withLock { $0.isStopped = true }
    }

    /// `name:value other:value`, or the bare selector for one without arguments.
    static func describe(_ selector: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty else { return selector }
        let parts = selector.split(separator: ":", omittingEmptySubsequences: false).dropLast()
        return zip(parts, arguments).map { "\($0):\($1)" }.joined(separator: " ")
    }
}
