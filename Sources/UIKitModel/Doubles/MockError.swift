/// A mock's complaint, worded as OCMock words it, with what rtsh adds: every call the
/// mock received.
public enum MockError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A strict mock got a call no stub or expectation takes.
    case unexpectedCall(mock: String, call: String, entries: [String], received: [String])
    /// A call that a `reject` forbids.
    case disallowedCall(mock: String, call: String)
    /// With `setExpectationOrderMatters:YES`, an expected call that came before the one expected next.
    case outOfOrder(mock: String, call: String, next: String)
    /// Expected calls that never came.
    case unmetExpectations(mock: String, expected: [String], received: [String])
    /// `OCMVerify`: the number of matching calls is not what the quantifier accepts.
    case wrongCount(mock: String, call: String, count: Int, quantifier: MockQuantifier, received: [String])
    /// A stubbed or expected result that the method cannot return.
    case wrongReturnType(method: String, returns: String, got: String)
    /// OCMock's `andReturn:` of an object for a method that returns a scalar, a struct or nothing.
    case objectForNonObjectReturn(method: String, returns: String, got: String)
    /// OCMock's `andReturnValue:` (or `.andReturn(x)`) of a value of a type the method does not return.
    case returnValueDoesNotFit(method: String, declares: String, valueType: String)
    /// An observer mock received a notification no expectation takes (observer mocks are strict).
    case unexpectedNotification(mock: String, notification: String)
    /// Notifications an observer mock expected and did not observe.
    case unobservedNotifications(mock: String, expected: [String], observed: [String])
    /// `init` sent to a mock inside a recording macro: a mock answers `init` with itself.
    case initNotStubbable(macro: String)
    /// A mock used after `stopMocking`.
    case stopped(mock: String)
    /// `OCMStub`, `OCMExpect`, `OCMReject` or `OCMVerify` around code that sent no message to a mock.
    case nothingRecorded(macro: String)
    /// `verify` after a strict mock's failure that code may have caught when it happened.
    case earlierFailure(String)
    /// A call recorded for a selector the mocked class or protocol does not have.
    case noSuchMethod(mock: String, selector: String)
    /// OCMockito's `withMatcher:forArgument:` for an argument the call does not have.
    case noSuchArgument(call: String, index: Int, count: Int)
    /// An OCMockito verification that failed with no test running, worded as OCMockito words it.
    case verificationFailed(String)
    /// `andReturn:` or another action added to a `reject`, which answers no call.
    case actionOnRejection(mock: String)

    public var description: String {
        switch self {
        case .unexpectedCall(let mock, let call, let entries, let received):
            "\(mock): unexpected method invoked: \(call)"
                + (entries.isEmpty ? "" : "; " + entries.joined(separator: "; "))
                + Self.calls(received)
        case .disallowedCall(let mock, let call):
            "\(mock): explicitly disallowed method invoked: \(call)"
        case .outOfOrder(let mock, let call, let next):
            "\(mock): unexpected method invoked: \(call); expected next: \(next)"
        case .unmetExpectations(let mock, let expected, let received):
            (expected.count == 1
                ? "\(mock): expected method was not invoked: \(expected[0])"
                : "\(mock): \(expected.count) expected methods were not invoked: \(expected.joined(separator: "; "))")
                + Self.calls(received)
        case .wrongCount(let mock, let call, let count, let quantifier, let received):
            "\(mock): Method `\(call)` was \(MockQuantifier.invoked(count)); but was expected \(quantifier)" + Self.calls(received)
        case .wrongReturnType(let method, let returns, let got):
            "\(method) returns \(returns == "v" || returns == "void" ? "void, so it cannot return a value" : "'\(returns)'"), "
                + "but the value given is \(got); give a value of that type"
        case .objectForNonObjectReturn(let method, let returns, let got):
            "Expected invocation with object return type. Did you mean to use andReturnValue: instead? "
                + "(\(method) returns '\(returns)', and \(got) is an object)"
        case .returnValueDoesNotFit(let method, let declares, let valueType):
            "Return value cannot be used for method \(method); method signature declares '\(declares)' but value is '\(valueType)'."
        case .unexpectedNotification(let mock, let notification):
            "\(mock): unexpected notification observed: \(notification)"
        case .unobservedNotifications(let mock, let expected, let observed):
            (expected.count == 1
                ? "\(mock): expected notification was not observed: \(expected[0])"
                : "\(mock) : \(expected.count) expected notifications were not observed: \(expected.joined(separator: "; "))")
                + ". Notifications observed: " + (observed.isEmpty ? "none" : observed.joined(separator: "; "))
        case .initNotStubbable(let macro):
            "Method init invoked on a mock inside \(macro). Are you trying to mock the init method? This is not supported: "
                + "a mock answers init with itself, so stub alloc (or new) to return the mock, and initWith… methods as any other"
        case .stopped(let mock):
            "\(mock) was used after stopMocking; make a new mock instead"
        case .nothingRecorded(let macro):
            // OCMock's words, then where the message must go.
            "Did not record an invocation in \(macro == "OCMVerify" ? "OCMVerify" : "OCMStub/OCMExpect/OCMReject"). Possible causes: "
                + "The receiver is not a mock object. The selector conflicts with a selector implemented by "
                + (macro == "OCMVerify" ? "OCMVerifier" : "OCMStubRecorder/OCMExpectationRecorder")
                + ". (The message inside \(macro) must go to a mock, or, for a class method, to a class that a class mock mocks.)"
        case .earlierFailure(let failure):
            "\(failure) (This is a strict mock failure that was ignored when it actually occurred.)"
        case .noSuchMethod(let mock, let selector):
            "\(mock): cannot stub, expect or verify '\(selector)' because the mocked class has no such method"
        case .verificationFailed(let failure):
            failure
        case .actionOnRejection(let mock):
            "\(mock): adding an action (andReturn, andDo, ...) to a rejection is not supported: a rejected call fails whatever it would answer"
        case .noSuchArgument(let call, let index, let count):
            "withMatcher:forArgument:\(index) names no argument of '\(call)', which takes \(count == 1 ? "1 argument" : "\(count) arguments")"
                + (count == 0 ? "" : ": give an index from 0 to \(count - 1)")
        }
    }

    private static func calls(_ received: [String]) -> String {
        ". Calls received: " + (received.isEmpty ? "none" : received.joined(separator: "; "))
    }
}
