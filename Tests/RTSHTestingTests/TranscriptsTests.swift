import Foundation
import RTSHTesting
import Testing

/// Transcripts replayed from Swift Testing: a passing one records nothing, a differing
/// one records an issue at the transcript's own file and line.
@Suite struct TranscriptsTests {
    /// A directory of transcripts, removed when the value goes.
    final class Directory: Sendable {
        let path: String

        init(_ files: [String: String]) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-testing-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for (name, text) in files { try text.write(toFile: "\(path)/\(name)", atomically: true, encoding: .utf8) }
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func filesAreEveryTranscriptSortedAndNamedByFile() throws {
        let directory = try Directory(["b.transcript": "rtsh> 1\n1\n", "a.transcript": "rtsh> 2\n2\n", "notes.txt": "x"])
        let files = Transcripts.files(in: directory.path)
        #expect(files.map(\.testDescription) == ["a.transcript", "b.transcript"])
    }

    @Test(arguments: Transcripts.files(in: "examples/sessions"))
    func theExampleSessionsReplay(_ transcript: TranscriptFile) async {
        await Transcripts.replay(transcript)
    }

    @Test func aDifferenceIsAnIssueAtTheTranscriptsLine() async throws {
        let directory = try Directory(["bad.transcript": "rtsh> 1 + 1\n2\nrtsh> 2 + 2\n5\n"])
        let file = try #require(Transcripts.files(in: directory.path).first)
        let expectedPath = "\(directory.path)/bad.transcript"
        await withKnownIssue {
            await Transcripts.replay(file)
        } matching: { issue in
            issue.sourceLocation?.line == 3 && issue.sourceLocation?.filePath == expectedPath
                && issue.comments.first?.rawValue.contains("@@ -4 +4 @@ rtsh> 2 + 2\n-5\n+4") == true
        }
    }

    @Test func aDirectoryWithNoTranscriptIsAnError() async throws {
        let directory = try Directory(["notes.txt": "x"])
        await #expect(throws: TranscriptsError.self) { try await Transcripts.replay(directory.path) }
        await #expect(throws: TranscriptsError.self) { try await Transcripts.replay("no/such/sessions") }
    }
}
