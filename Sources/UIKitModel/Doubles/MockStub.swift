import Runtime

/// Which calls a stub or an expectation takes: a selector, whether it is the class
/// method, and a constraint per argument.
public struct InvocationMatcher: Sendable, CustomStringConvertible {
    public let selector: String
    public let constraints: [ArgumentConstraint]
    /// A class method of the mocked class (`OCMClassMethod`), not an instance method.
    public let isClassMethod: Bool

    public init(selector: String, constraints: [ArgumentConstraint], isClassMethod: Bool = false) {
        self.selector = selector
        self.constraints = constraints
        self.isClassMethod = isClassMethod
    }

    /// Whether `call` is one this matcher takes. Constraints may run code (blocks,
    /// `-evaluate:`, `-isEqual:`), nested at `depth`.
    func matches(_ call: Mock.Call, in runtime: Runtime, depth: Int) throws -> Bool {
        guard call.selector == selector, call.isClassMethod == isClassMethod else { return false }
        for (constraint, argument) in zip(constraints, call.arguments) where try !constraint.accepts(argument, in: runtime, depth: depth) {
            return false
        }
        return true
    }

    /// `+fetchWithCompletion:any`, `pushViewController:isKindOf(MMFileViewController) animated:YES`.
    public var description: String {
        (isClassMethod ? "+" : "") + Mock.describe(selector, constraints.map(\.description))
    }
}

/// What a stub does when it takes a call, in the order added (OCMock's `andReturn`,
/// `andDo`, `andThrow`, `andPost`, `andCall`, `andForwardToRealObject`, `andFulfill`).
public enum MockAction: Sendable {
    /// Answers the value (checked against the method's return type when added, as the
    /// form it was given in says).
    case returnValue(Value, ReturnForm)
    /// Calls the block with the call's `NSInvocation`; what the block sets as the
    /// invocation's return value is the answer.
    case run(Block)
    /// Raises the exception.
    case raise(Value)
    /// Posts the notification through the default center.
    case post(Value)
    /// Sends `selector` to `target` with the call's arguments; its answer is the answer.
    case call(Selector, on: Object)
    /// Runs the real object's method (a partial mock's, or the class's own class method).
    case forwardToRealObject
    /// Fulfills the `XCTestExpectation`.
    case fulfill(Object)
    /// Calls the block with the call's arguments (as many as it takes); what it returns is
    /// the answer (the shell's `does`).
    case answer(Block)
    /// Calls the block with the call's `NSInvocation`; what it returns is the answer
    /// (OCMockito's `willDo:`).
    case answerWithInvocation(Block)
}

/// How a stub's result was given: what fits the method's return type, and how a misfit is worded.
public enum ReturnForm: Sendable {
    /// The shell's `returns`: any value the return type takes, a misfit worded by rtsh.
    case shell
    /// OCMock's `andReturn:`: an object (numbers are `NSNumber`s, so they count as one).
    case object
    /// OCMock's `andReturnValue:`: a boxed value (`NSValue`, `NSNumber`, `OCMOCK_VALUE(x)`),
    /// unboxed to the method's scalar or struct.
    case boxed
    /// OCMock's `.andReturn(x)`, which boxes `x` by its type: an object as `andReturn:`
    /// takes it, anything else as `andReturnValue:` does.
    case macro
    /// OCMockito's `willReturn:` and its typed forms: an object, or a number for a method
    /// that returns a scalar; nil answers zero.
    case mockito
}

/// One entry of a mock's list: a stub, an expectation (met once, then gone) or a rejection.
public struct MockStub: Sendable {
    /// What the entry is for.
    public enum Role: Sendable {
        /// Answers every matching call.
        case stub
        /// Answers one matching call and is then met (`expect`).
        case expectation
        /// Fails on a matching call (`reject`).
        case rejection
    }

    /// The entry's number in its mock, for recorders to add actions to it.
    public let id: Int
    public let role: Role
    /// Nil until the call is recorded (`[[mock stub] andReturn:x]` names the call last).
    public internal(set) var matcher: InvocationMatcher?
    public internal(set) var actions: [MockAction] = []
    /// An expectation that must be met in the order expected, among those so marked
    /// (the shell's `in order`); with `setExpectationOrderMatters:` every expectation is.
    public internal(set) var inOrder = false
    /// OCMockito's stubs answer with one action a call, in turn, rather than all of them.
    var answersInTurn = false
    /// Which action answers the next call, for a stub that answers in turn.
    var turn = 0

    /// `expected: pushViewController:any animated:YES`
    var description: String {
        let name = switch role {
        case .stub: "stubbed"
        case .expectation: "expected"
        case .rejection: "rejected"
        }
        return "\(name): \(matcher?.description ?? "(no call recorded)")"
    }
}
