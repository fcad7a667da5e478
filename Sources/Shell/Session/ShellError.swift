/// An error in what was typed or run, with where it happened when that is known.
public struct ShellError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong and what would be right.
    public var message: String
    /// Where in the statement, when the error belongs to a place in it.
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    static func syntax(_ message: String, at location: SourceLocation) -> ShellError {
        ShellError(message, at: location)
    }

    public var description: String {
        location.map { "\($0): \(message)" } ?? message
    }
}
