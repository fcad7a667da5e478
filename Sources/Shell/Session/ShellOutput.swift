/// Where a session's output goes: results to standard output, errors to standard error.
/// Recording and tests swap in their own sinks.
public struct ShellOutput: Sendable {
    private let standardOutput: @Sendable (String) -> Void
    private let standardError: @Sendable (String) -> Void

    /// - Parameters:
    ///   - standardOutput: receives each line of results, without its newline.
    ///   - standardError: receives each line of errors, without its newline.
    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Writes result text, one call per line.
    public func print(_ text: String) {
        // Most text printed is one line, which goes out as it is.
        guard !text.isOneLine else { return standardOutput(text) }
        for line in text.lines { standardOutput(String(line)) }
    }

    /// Writes error text, one call per line.
    public func printError(_ text: String) {
        guard !text.isOneLine else { return standardError(text) }
        for line in text.lines { standardError(String(line)) }
    }

    /// Writes one line of results that is already split (it has no line break).
    func printLine(_ line: String) { standardOutput(line) }

    /// Writes one line of errors that is already split (it has no line break).
    func printErrorLine(_ line: String) { standardError(line) }
}
