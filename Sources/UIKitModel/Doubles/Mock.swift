import Runtime
import Synchronization

/// The state of one mock object: what it expects, what it answers, what it received.
public final class Mock: Sendable {
    /// A call a mock expects, with constraints on its arguments.
    public struct Expectation: Sendable, CustomStringConvertible {
        public let selector: String
        public let constraints: [ArgumentConstraint]
        /// What the call returns; nil gives the zero value of the method's return type.
        public let result: Value?

        public init(selector: String, constraints: [ArgumentConstraint], returning result: Value? = nil) {
            self.selector = selector
            self.constraints = constraints
            self.result = result
        }

        /// `pushViewController:isKindOf(MMFileContentsViewController) animated:any`
        public var description: String { Mock.describe(selector, constraints.map(\.description)) }
    }

    /// A call a mock received.
    public struct Call: Sendable, CustomStringConvertible {
        public let selector: String
        public let arguments: [Value]

        /// `pushViewController:<MMFileContentsViewController: 0x3> animated:YES`
        public var description: String { Mock.describe(selector, arguments.map(\.description)) }
    }

    /// The class the mock stands in for.
    public let mockedClass: Class
    private let state = Mutex<(expected: [Expectation], stubs: [String: Value], received: [Call])>(([], [:], []))

    init(mocking cls: Class) {
        mockedClass = cls
    }

    /// Expects one more call (each expectation is met by one call).
    ///
    /// - Throws: ``MockError/wrongReturnType(method:returns:got:)`` when the call's result
    ///   does not fit the method's return type, as OCMock checks `andReturn`.
    public func expect(_ expectation: Expectation, in runtime: Runtime) throws(MockError) {
        var checked = expectation
        if let result = expectation.result {
            checked = Expectation(selector: expectation.selector, constraints: expectation.constraints,
                                  returning: try returnValue(result, for: expectation.selector, in: runtime))
        }
        state.withLock { $0.expected.append(checked) }
    }

    /// Answers every call of `selector`, whatever its arguments, with `value`.
    ///
    /// - Throws: ``MockError/wrongReturnType(method:returns:got:)`` when `value` does not
    ///   fit the method's return type.
    public func stub(_ selector: String, returning value: Value, in runtime: Runtime) throws(MockError) {
        let checked = try returnValue(value, for: selector, in: runtime)
        state.withLock { $0.stubs[selector] = checked }
    }

    /// `value` as the method returns it (a number as the integer or double it declares),
    /// or an error when it cannot be: nothing for a void method, a number or `BOOL` for a
    /// scalar one.
    private func returnValue(_ value: Value, for selector: String, in runtime: Runtime) throws(MockError) -> Value {
        let method = "-[\(mockedClass.name) \(selector)]"
        guard let found = try? runtime.selector(selector), let declared = runtime.lookUpMethod(found, in: mockedClass)?.types.returnType else {
            return value
        }
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

    /// The expectations not met yet.
    public var pendingExpectations: [Expectation] { state.withLock { $0.expected } }

    /// Every call received, in order.
    public var receivedCalls: [Call] { state.withLock { $0.received } }

    /// Checks that every expectation was met.
    ///
    /// - Throws: ``MockError/unmetExpectations(mock:expected:received:)`` naming the calls
    ///   still expected and the calls received.
    public func verify(describing object: Object) throws(MockError) {
        let (pending, received) = state.withLock { ($0.expected, $0.received) }
        guard pending.isEmpty else {
            throw .unmetExpectations(mock: mockName(object), expected: pending.map(\.description), received: received.map(\.description))
        }
    }

    /// Handles a call: the first pending expectation it meets is used up and answers;
    /// otherwise a stub answers; otherwise the call is unexpected.
    func handle(_ selector: String, _ arguments: [Value], object: Object, zero: Value, runtime: Runtime, depth: Int) throws -> Value {
        let call = Call(selector: selector, arguments: arguments)
        let (expected, stub) = state.withLock { state in
            state.received.append(call)
            return (state.expected, state.stubs[selector])
        }
        // Constraints may run blocks that send messages, so they are checked outside the lock.
        for (index, expectation) in expected.enumerated() where expectation.selector == selector {
            if try zip(expectation.constraints, arguments).allSatisfy({ try $0.accepts($1, in: runtime, depth: depth) }) {
                state.withLock { state in
                    if index < state.expected.count, state.expected[index].selector == selector {
                        state.expected.remove(at: index)
                    }
                }
                return expectation.result ?? zero
            }
        }
        if let stub { return stub }
        let received = state.withLock { $0.received }
        throw MockError.unexpectedCall(
            mock: mockName(object), call: call.description, expected: expected.map(\.description), received: received.map(\.description))
    }

    private func mockName(_ object: Object) -> String {
        "mock \(mockedClass.name) \(object)"
    }

    /// `name:value other:value`, or the bare selector for one without arguments.
    static func describe(_ selector: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty else { return selector }
        let parts = selector.split(separator: ":", omittingEmptySubsequences: false).dropLast()
        return zip(parts, arguments).map { "\($0):\($1)" }.joined(separator: " ")
    }
}

/// A mock's complaint.
public enum MockError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A call no expectation or stub accepts.
    case unexpectedCall(mock: String, call: String, expected: [String], received: [String])
    /// Expected calls that never came.
    case unmetExpectations(mock: String, expected: [String], received: [String])
    /// A stubbed or expected result that the method cannot return.
    case wrongReturnType(method: String, returns: String, got: String)

    public var description: String {
        switch self {
        case .unexpectedCall(let mock, let call, let expected, let received):
            "\(mock) received an unexpected call \(call); it expects "
                + (expected.isEmpty ? "no calls" : expected.joined(separator: "; "))
                + ". Calls received: " + received.joined(separator: "; ")
        case .unmetExpectations(let mock, let expected, let received):
            "\(mock) did not receive the expected call " + expected.joined(separator: "; ")
                + ". Calls received: " + (received.isEmpty ? "none" : received.joined(separator: "; "))
        case .wrongReturnType(let method, let returns, let got):
            "\(method) returns \(returns == "v" || returns == "void" ? "void, so it cannot return a value" : "'\(returns)'"), "
                + "but the value given is \(got); give a value of that type"
        }
    }
}
