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
        var lines = text.droppingByteOrderMark.lines.map(String.init)
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

    // MARK: Escaped lines

    /// The suffix of an escaped line, as cram writes it.
    static let escapeSuffix = " (esc)"

    /// The transcript line that expects `output` exactly. Most output is its own
    /// expectation; a line that would read back as something else (a prompt, a comment, `...`,
    /// a `[..]` wildcard, a ` (re)` pattern, an escaped line) or that holds control
    /// characters is written escaped: `\` for a backslash, `\xHH` (or `\u{HHHH}`) for a
    /// character, and the suffix ` (esc)`. `rtsh> x` is written `\x72tsh> x (esc)`.
    public static func expectation(for output: String) -> String {
        let readsAsSomethingElse = output.hasPrefix(prompt) || output.hasPrefix(continuation)
            || output == prompt.trimmingWhitespace() || output == continuation.trimmingWhitespace()
            || isComment(output) || output == "..."
        let needsEscape = readsAsSomethingElse || output.contains("[..]") || output.hasSuffix(" (re)")
            || output.hasSuffix(escapeSuffix) || output.unicodeScalars.contains(where: isEscaped)
        guard needsEscape else { return output }
        var escaped = ""
        for (offset, scalar) in output.unicodeScalars.enumerated() {
            if isEscaped(scalar) || (offset == 0 && readsAsSomethingElse) {
                escaped += code(for: scalar)
            } else if scalar == "[", output.unicodeScalars.dropFirst(offset).starts(with: "[..]".unicodeScalars) {
                escaped += code(for: scalar)
            } else if scalar == "\\" {
                escaped += "\\\\"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + escapeSuffix
    }

    /// The output an escaped line (ending in ` (esc)`) stands for, or nil for any other line.
    public static func unescaped(_ line: String) -> String? {
        guard line.hasSuffix(escapeSuffix) else { return nil }
        let scalars = Array(line.dropLast(escapeSuffix.count).unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "\\", index + 1 < scalars.count else { result.append(scalars[index]); continue }
            let rest = scalars[(index + 1)...]
            if rest.first == "\\" {
                result.append("\\")
                index += 1
            } else if rest.first == "x", rest.count >= 3, let value = UInt32(String(String.UnicodeScalarView(rest.dropFirst().prefix(2))), radix: 16),
                      let scalar = Unicode.Scalar(value) {
                result.append(scalar)
                index += 3
            } else if rest.first == "u", rest.dropFirst().first == "{", let close = rest.firstIndex(of: "}"),
                      let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 3)..<close])), radix: 16),
                      let scalar = Unicode.Scalar(value) {
                result.append(scalar)
                index = close
            } else {
                result.append(scalars[index])
            }
        }
        return String(result)
    }

    /// Characters a transcript cannot show as they are: control characters (a tab aside),
    /// and the byte-order mark an editor would take for its own.
    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F || scalar.value == 0xFEFF
    }

    private static func code(for scalar: Unicode.Scalar) -> String {
        scalar.value < 0x100
            ? "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            : "\\u{" + String(scalar.value, radix: 16) + "}"
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
