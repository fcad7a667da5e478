import Foundation
import Shell
import Testing

/// Recorded rtsh sessions as Swift Testing tests: each transcript replays in a fresh
/// runtime, and each statement whose output differs is an issue at the transcript's own
/// file and line, so `swift test` points at the transcript, not at this helper.
///
/// One test case per transcript:
///
///     @Test(arguments: Transcripts.files(in: "Tests/Sessions"))
///     func replays(_ transcript: TranscriptFile) async {
///         await Transcripts.replay(transcript)
///     }
///
/// Or every transcript in one test:
///
///     @Test func sessionsReplay() async throws {
///         try await Transcripts.replay("Tests/Sessions")
///     }
public enum Transcripts {
    /// The `*.transcript` files at or under `paths`, sorted, for a parameterized test.
    ///
    /// A relative path is taken from the working directory (the package's root under
    /// `swift test`) or, when it is not there, from the nearest directory above
    /// `callerPath` (the calling test file) that has it. A path found in neither place
    /// gives a ``TranscriptFile`` that fails when replayed, saying so, rather than no test.
    public static func files(in paths: String..., callerPath: String = #filePath) -> [TranscriptFile] {
        let located = paths.map { locate($0, from: callerPath) }
        let suite = ReplaySuite(paths: located)
        return suite.files.map { TranscriptFile(path: $0) } + suite.missing.map { TranscriptFile(path: $0) }
    }

    /// Replays one transcript, recording an issue at its file and line for each statement
    /// whose output differs, or for why it could not be read.
    public static func replay(_ transcript: TranscriptFile) async {
        record(Replay.run(file: transcript.path))
    }

    /// Replays every transcript at or under `path` (found as ``files(in:callerPath:)``
    /// finds them), recording an issue at its file and line for each difference.
    ///
    /// - Throws: ``TranscriptsError`` when `path` holds no transcript: a test that replays
    ///   nothing must not pass.
    public static func replay(_ path: String, callerPath: String = #filePath) async throws {
        let located = locate(path, from: callerPath)
        let suite = ReplaySuite(paths: [located])
        guard !suite.files.isEmpty else { throw TranscriptsError(path: located, exists: suite.missing.isEmpty) }
        for (result, _) in suite.run(jobs: ProcessInfo.processInfo.activeProcessorCount) { record(result) }
    }

    /// An issue per difference, at the statement's line in the transcript.
    private static func record(_ result: Replay.Result) {
        if let problem = result.problem {
            Issue.record(Comment(rawValue: "cannot replay: \(problem.reason)"), sourceLocation: location(problem.file, line: problem.line))
            return
        }
        for mismatch in result.mismatches {
            let diff = ReplayReport.hunk(mismatch).lines.joined(separator: "\n")
            let statement = mismatch.entry.statement.first ?? ""
            Issue.record(
                Comment(rawValue: "output of '\(statement)' differs from the transcript\n\(diff)"),
                sourceLocation: location(result.file, line: mismatch.entry.line))
        }
    }

    private static func location(_ file: String, line: Int) -> Testing.SourceLocation {
        let absolute = file.hasPrefix("/") ? file : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(file)
        let name = (file as NSString).lastPathComponent
        return Testing.SourceLocation(fileID: "Transcripts/\(name)", filePath: absolute, line: max(line, 1), column: 1)
    }

    /// `path` as given when it exists or is absolute; otherwise under the nearest directory
    /// above `callerPath` that has it; otherwise as given (and reported missing).
    static func locate(_ path: String, from callerPath: String) -> String {
        guard !path.hasPrefix("/"), !FileManager.default.fileExists(atPath: path) else { return path }
        var directory = (callerPath as NSString).deletingLastPathComponent
        while directory.count > 1 {
            let candidate = (directory as NSString).appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            directory = (directory as NSString).deletingLastPathComponent
        }
        return path
    }
}

/// One transcript, as a parameterized test's argument: shown by its file name.
public struct TranscriptFile: Sendable, Hashable, CustomTestStringConvertible {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public var testDescription: String { (path as NSString).lastPathComponent }
}

/// A replay that selected no transcript.
public struct TranscriptsError: Error, CustomStringConvertible {
    public let path: String
    /// Whether `path` exists (and holds no transcript) or does not exist at all.
    public let exists: Bool

    public var description: String {
        exists ? "\(path) holds no *.transcript file: there is nothing to replay"
            : "\(path) does not exist (looked in the working directory and above the test file); give the transcripts' directory"
    }
}
