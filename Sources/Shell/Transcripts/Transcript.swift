/// A recorded session: statements as typed after `rtsh> ` (continuation lines after
/// `...> `), each followed by the output it produced. Lines that are `#` or start with
/// `# `, just before a statement, are comments (output such as `#2 exchange ...` is not).
public struct Transcript: Sendable, Equatable {
    public static let prompt = "rtsh> "
    public static let continuation = "...> "

    /// One statement and what it printed.
    public struct Entry: Sendable, Equatable {
        /// Comment lines written above the statement, kept when expectations are updated.
        public var comments: [String]
        /// The statement's lines, without prompts.
        public var statement: [String]
        /// The output expected, which may use `[..]`, `...` and ` (re)`.
        public var expected: [String]
        /// The line of the file the statement starts on.
        public var line: Int

        public init(comments: [String] = [], statement: [String], expected: [String], line: Int = 0) {
            self.comments = comments
            self.statement = statement
            self.expected = expected
            self.line = line
        }

        /// The statement as the transcript shows it: `rtsh> first`, then `...> more`.
        public var promptedStatement: [String] {
            statement.enumerated().map { ($0.offset == 0 ? Transcript.prompt : Transcript.continuation) + $0.element }
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Reads a transcript.
    ///
    /// - Throws: ``TranscriptError`` with the file and line when a `...> ` line has no
    ///   statement to continue, or output comes before any statement.
    public init(parsing text: String, file: String) throws(TranscriptError) {
        var entries: [Entry] = []
        var pendingComments: [String] = []
        var inStatement = false
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if line.hasPrefix(Self.prompt) || line == Self.prompt.trimmingWhitespace() {
                // `#` lines (and blank lines among them) right above a statement are comments.
                if var last = entries.popLast() {
                    var tail: [String] = []
                    while let final = last.expected.last, Self.isComment(final) || (final.isEmpty && !tail.isEmpty) {
                        tail.insert(last.expected.removeLast(), at: 0)
                    }
                    pendingComments = tail + pendingComments
                    entries.append(last)
                }
                entries.append(Entry(comments: pendingComments, statement: [String(line.dropFirst(Self.prompt.count))], expected: [], line: number))
                pendingComments = []
                inStatement = true
            } else if line.hasPrefix(Self.continuation) || line == Self.continuation.trimmingWhitespace() {
                guard inStatement, var last = entries.popLast() else {
                    throw TranscriptError(file: file, line: number, reason: "a '...> ' line must continue a statement, but no statement comes right before it")
                }
                last.statement.append(String(line.dropFirst(Self.continuation.count)))
                entries.append(last)
            } else if entries.isEmpty {
                guard Self.isComment(line) || line.trimmingWhitespace().isEmpty else {
                    throw TranscriptError(file: file, line: number, reason: "output comes before any statement; statements start with 'rtsh> '")
                }
                pendingComments.append(line)
            } else {
                inStatement = false
                entries[entries.count - 1].expected.append(line)
            }
        }
        self.entries = entries
    }

    static func isComment(_ line: String) -> Bool {
        line == "#" || line.hasPrefix("# ")
    }

    /// The transcript as text, ready to write.
    public var text: String {
        var lines: [String] = []
        for entry in entries {
            lines += entry.comments + entry.promptedStatement + entry.expected
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

/// A transcript that cannot be read.
public struct TranscriptError: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let reason: String

    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(file):\(line): \(reason)" }
}
