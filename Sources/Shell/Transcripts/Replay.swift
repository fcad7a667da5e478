import Foundation

/// Replays transcripts: each in a fresh session, statement by statement, comparing what it
/// prints with what the transcript expects.
public struct Replay: Sendable {
    /// What replaying one transcript found.
    public struct Result: Sendable {
        public let file: String
        /// The statements whose output differed, with what they printed.
        public let mismatches: [Mismatch]
        /// Why the transcript could not be replayed at all, if it could not.
        public let problem: TranscriptError?
        /// The transcript with its expectations brought up to date, when asked for.
        public let updated: Transcript?

        public var passed: Bool { problem == nil && mismatches.isEmpty }
    }

    /// A statement whose output was not what the transcript expects.
    public struct Mismatch: Sendable {
        public let entry: Transcript.Entry
        public let actual: [String]
    }

    /// Replays the transcript at `path`. Relative paths in it (`source`) are taken from the
    /// transcript's directory.
    public static func run(file path: String, update: Bool = false) -> Result {
        do {
            return run(text: try readUTF8(path), file: path, update: update)
        } catch {
            return Result(file: path, mismatches: [], problem: error, updated: nil)
        }
    }

    /// Replays a transcript's text; `file` names it in messages (`<stdin>` for standard
    /// input), and relative paths in it are taken from its directory.
    public static func run(text: String, file: String, update: Bool = false) -> Result {
        do {
            return run(try Transcript(parsing: text, file: file), file: file, update: update)
        } catch {
            return Result(file: file, mismatches: [], problem: error, updated: nil)
        }
    }

    /// Replays a parsed transcript.
    public static func run(_ transcript: Transcript, file: String, update: Bool = false) -> Result {
        let directory = (file as NSString).deletingLastPathComponent
        let session: Session
        do {
            session = try Session(output: ShellOutput(standardOutput: { _ in }, standardError: { _ in }),
                                  workingDirectory: directory.isEmpty ? "." : directory)
        } catch {
            return Result(file: file, mismatches: [], problem: TranscriptError(file: file, line: 1, reason: "\(error)"), updated: nil)
        }
        let placeholders = PathPlaceholders(transcript: file, workingDirectory: FileManager.default.currentDirectoryPath)
        var mismatches: [Mismatch] = []
        var updated = transcript
        for (index, entry) in transcript.entries.enumerated() {
            var actual: [String] = []
            for line in entry.statement {
                if session.execute(line: line) != .needsMore { actual += session.lastStatementOutput.map(placeholders.apply) }
            }
            if !OutputMatcher.matches(entry.expected, actual) {
                mismatches.append(Mismatch(entry: entry, actual: actual))
                if update { updated.entries[index].expected = merged(entry.expected, actual) }
            }
        }
        return Result(file: file, mismatches: mismatches, problem: nil, updated: update ? updated : nil)
    }

    /// Whether an expected line matches an actual one: `[..]` and ` (re)` as in transcripts.
    public static func lineMatches(_ expected: String, _ actual: String) -> Bool {
        OutputMatcher.lineMatches(expected, actual)
    }

    /// Whether expected output (with `...`, `[..]` and ` (re)`) matches actual output.
    public static func outputMatches(_ expected: [String], _ actual: [String]) -> Bool {
        OutputMatcher.matches(expected, actual)
    }

    /// New expectations: the actual output, keeping each expected line (wildcards and `...`
    /// included) that still matches what it lines up with.
    static func merged(_ expected: [String], _ actual: [String]) -> [String] {
        OutputMatcher.align(expected, actual).flatMap { step -> [String] in
            switch step {
            case .matched(let expectedLine, _): [expectedLine]
            case .missing: []
            case .extra(let actualLine): [Transcript.expectation(for: actualLine)]
            }
        }
    }

    /// The file's text, or an error naming the line of the first byte that is not UTF-8.
    static func readUTF8(_ path: String) throws(TranscriptError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TranscriptError(file: path, line: 1, reason: FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "there is no such file")
        }
        if let text = String(validating: data, as: UTF8.self) { return text }
        var line = 1
        var decoder = UTF8()
        var iterator = data.makeIterator()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: break loop
            case .error: break loop
            }
        }
        throw TranscriptError(file: path, line: line, reason: "the file is not UTF-8 text")
    }
}
