/// Something a session found wrong, kept for reports such as `rtsh run --junit`: a broken
/// expectation (an assertion, a mock's verification, a UI step that found no such view,
/// an unbalanced lifecycle event) or an error that stopped a statement. Failed checks are
/// kept apart, as ``CheckOutcome``s.
public struct Failure: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The code ran, and what it was expected to do did not happen.
        case brokenExpectation
        /// A statement could not be read or raised.
        case error
    }

    public let kind: Kind
    /// The first line of what was printed about it.
    public let message: String
    /// The script and line of the statement, or of the place in it; nil file at the prompt.
    public let file: String?
    public let line: Int
    /// How long the statement that failed took to run.
    public internal(set) var seconds: Double = 0
    /// The screen when a UI step failed, drawn as SVG; nil for failures of other kinds.
    public let screenshot: String?

    public init(kind: Kind, message: String, file: String?, line: Int, seconds: Double = 0, screenshot: String? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.seconds = seconds
        self.screenshot = screenshot
    }
}

/// A broken expectation, reported like an error but counted as a test failure.
struct BrokenExpectation: Error, CustomStringConvertible {
    let message: String
    /// Where the expectation was written, when code wrote it (`XCTAssertEqual` at the prompt).
    var location: SourceLocation? = nil
    /// The screen when a UI step broke it, drawn as SVG.
    var screenshot: String? = nil
    var description: String { message }
}
