import Runtime

/// What OCMockito's `given` and `verify` are in the middle of (OCMockito's
/// `MKTMockingProgress`): the last call a mock received, which `given(…)` names once the
/// call inside it has run, and the verification `verify(mock)` set up, which the mock's
/// next call is.
struct MockitoProgress: Sendable {
    /// Where a `given` or `verify` was written, and the test case to fail there.
    struct Location: Sendable {
        /// The test case the macro passed; nil fails the running test.
        let testCase: Object?
        let file: String?
        let line: Int
    }

    /// `verify(mock)` or `verifyCount(mock, mode)`, waiting for the mock's next call.
    struct Verification: Sendable {
        let mockObject: Object
        let quantifier: MockQuantifier
        let location: Location
        /// `withMatcher:forArgument:` sent to the mock before the call, by argument.
        var argumentMatchers: [Int: Value] = [:]
    }

    var verification: Verification?
    /// The last call an OCMockito mock received, until `given` takes it.
    var ongoingStubbing: (mockObject: Object, call: Mock.Call)?
}
