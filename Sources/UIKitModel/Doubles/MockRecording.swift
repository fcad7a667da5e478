import Runtime

/// What the OCMock macros are recording (OCMock's `OCMMacroState`): between
/// `OCMStub(` and `)`, the first message to a mock is not handled but recorded as the
/// call the new stub takes.
struct MockRecording: Sendable {
    /// What the recorded call becomes.
    enum Purpose: Sendable {
        /// A stub, expectation or rejection of the mock that receives the call.
        case entry(MockStub.Role)
        /// A verification of the calls already received (`OCMVerify`).
        case verification(MockQuantifier)
    }

    /// The macro, for errors: `OCMStub`.
    let macro: String
    var purpose: Purpose
    /// Where the macro is, for failures.
    let file: String?
    let line: Int
    /// `OCMClassMethod(...)` inside the macro: the call is the class method.
    var isClassMethod = false
    /// The mock object that received the call, and the entry made for it (nil for a verification).
    var recorded: (mock: Object, matcher: InvocationMatcher, id: Int?)?
}
