import Foundation
import Shell
import Testing

/// Every recorded session under examples/sessions replays as recorded; a broken one names itself.
@Suite("Recorded sessions")
struct RecordedSessionTests {
    static var transcripts: [String] {
        ReplaySuite(paths: [ExampleTests.examples.appendingPathComponent("sessions").path]).files
    }

    @Test(arguments: transcripts)
    func replaysAsRecorded(path: String) {
        let result = Replay.run(file: path)
        let diff = ReplayReport.diff(result).joined(separator: "\n")
        #expect(result.passed, "\(path):\n\(diff)")
    }

    @Test func thereIsOneSessionPerTechnique() {
        #expect(Self.transcripts.map { ($0 as NSString).lastPathComponent } == [
            "audit-app.transcript", "creation-check.transcript", "edit-and-retry.transcript", "exchange-and-restore.transcript", "hierarchy-tour.transcript",
            "lifecycle-tree.transcript", "mock-expectations.transcript", "stub-by-swizzling.transcript", "super-call-sweep.transcript",
            "ui-automation.transcript", "ui-by-label.transcript",
        ])
    }
}

@Suite("Transcripts")
struct TranscriptTests {
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-transcripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func parsingStatementsContinuationsOutputAndComments() throws {
        let text = """
            # A session.
            rtsh> vc = [UIViewController new]
            rtsh> @implementation MMA : NSObject
            ...> @end
            rtsh> swizzles
            #1 category Foo (Bar)
            # not output: a comment above the next statement

            # still a comment
            rtsh> vc
            <UIViewController: 0x1>
            """
        let transcript = try Transcript(parsing: text, file: "t.transcript")
        #expect(transcript.entries.map(\.statement) == [["vc = [UIViewController new]"], ["@implementation MMA : NSObject", "@end"], ["swizzles"], ["vc"]])
        #expect(transcript.entries.map(\.line) == [2, 3, 5, 10])
        #expect(transcript.entries[0].comments == ["# A session."])
        #expect(transcript.entries[2].expected == ["#1 category Foo (Bar)"])
        #expect(transcript.entries[3].comments == ["# not output: a comment above the next statement", "", "# still a comment"])
        #expect(transcript.entries[3].expected == ["<UIViewController: 0x1>"])
        #expect(transcript.text == text + "\n")
    }

    @Test func unparseableTranscriptsSayWhereAndWhy() throws {
        #expect(throws: TranscriptError(file: "a", line: 3, reason: "a '...> ' line must continue a statement, but no statement comes right before it")) {
            try Transcript(parsing: "rtsh> vc\nout\n...> more", file: "a")
        }
        #expect(throws: TranscriptError.self) { try Transcript(parsing: "output first\nrtsh> vc", file: "a") }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = directory.appendingPathComponent("binary.transcript")
        // Line 4 holds ÿ, valid UTF-8; line 5 holds bytes that are not UTF-8 at all.
        try Data("rtsh> 1\n1\nrtsh> 2\n\u{FF}\n".utf8.map { $0 } + [0xFF, 0xFE]).write(to: binary)
        let result = Replay.run(file: binary.path)
        #expect(!result.passed)
        #expect(result.problem?.line == 5)
        #expect(result.problem?.reason == "the file is not UTF-8 text")
        #expect(ReplayReport.diff(result) == ["error: \(binary.path):5: the file is not UTF-8 text"])
    }

    @Test(arguments: [
        ("<MMLogin: 0x[..]>", "<MMLogin: 0x1f>", true), ("<MMLogin: 0x[..]>", "<MMFeed: 0x1>", false),
        ("[..] passed, [..] failed", "9 passed, 3 failed", true), ("a[..]b[..]c", "abc", true), ("a[..]a", "a", false),
        ("[0-9]+ passed (re)", "12 passed", true), ("[0-9]+ passed (re)", "12 passed!", false), ("((( (re)", "(((", false),
        ("exact", "exact", true), ("exact", "exact ", false),
    ])
    func lineWildcards(expected: String, actual: String, matches: Bool) {
        #expect(Replay.lineMatches(expected, actual) == matches)
    }

    @Test func dotsMatchAnyRunOfLines() {
        #expect(Replay.outputMatches(["first", "...", "last"], ["first", "a", "b", "last"]))
        #expect(Replay.outputMatches(["first", "...", "last"], ["first", "last"]))
        #expect(Replay.outputMatches(["..."], []))
        #expect(!Replay.outputMatches(["first", "...", "last"], ["first", "a"]))
    }

    @Test func aMismatchIsAUnifiedDiffPerStatementWithVisibleTrailingSpace() throws {
        let transcript = try Transcript(parsing: """
            rtsh> vc = [UIViewController new]
            rtsh> vc
            <UIView: 0x1>
            rtsh> vc.title = @"Login "
            rtsh> vc.title
            "Login"
            rtsh> 1 + 1
            2
            """, file: "login.transcript")
        let result = Replay.run(transcript, file: "login.transcript")
        #expect(result.mismatches.count == 2)
        #expect(ReplayReport.diff(result) == [
            "--- expected login.transcript",
            "+++ actual",
            "@@ -3 +3 @@ rtsh> vc",
            "-<UIView: 0x1>",
            "+<UIViewController: 0x1>",
            "@@ -6 +6 @@ rtsh> vc.title",
            "-\"Login\"",
            "+\"Login \"",
        ])
        #expect(ReplayReport.visible("trailing  \t") == "trailing··→")
        #expect(ReplayReport.annotations(result).map(\.command) == [
            "::error file=login.transcript,line=2,title=rtsh replay::output of 'vc' differs from the transcript",
            "::error file=login.transcript,line=5,title=rtsh replay::output of 'vc.title' differs from the transcript",
        ])
    }

    @Test func updatingKeepsWildcardLinesThatStillMatch() throws {
        let transcript = try Transcript(parsing: """
            # Kept comment.
            rtsh> vc = [UIViewController new]
            rtsh> check super MM*
            error: stale
            rtsh> vc
            <UIViewController: 0x[..]>
            stale line
            """, file: "u.transcript")
        let result = Replay.run(transcript, file: "u.transcript", update: true)
        let updated = try #require(result.updated)
        #expect(updated.text == """
            # Kept comment.
            rtsh> vc = [UIViewController new]
            rtsh> check super MM*
            error: line 1, column 13: nothing to check: no class matching 'MM*' overrides a policed selector
              check super MM*
                          ^
            rtsh> vc
            <UIViewController: 0x[..]>

            """)
        #expect(Replay.run(updated, file: "u.transcript").passed)
    }

    @Test func theJUnitReportHasOneCasePerTranscriptWithTheDiff() throws {
        let good = Replay.run(try Transcript(parsing: "rtsh> 1\n1\n", file: "good.transcript"), file: "good.transcript")
        let bad = Replay.run(try Transcript(parsing: "rtsh> 1 < 2\nNO\n", file: "bad.transcript"), file: "bad.transcript")
        let xml = ReplayReport.junit([good, bad])
        #expect(xml.contains("<testsuite name=\"rtsh replay\" tests=\"2\" failures=\"1\">"))
        #expect(xml.contains("<testcase classname=\"transcripts\" name=\"good.transcript\" time=\"0.0\"/>"))
        #expect(xml.contains("<failure message=\"1 statement(s) printed something else\">--- expected bad.transcript\n+++ actual\n@@ -2 +2 @@ rtsh&gt; 1 &lt; 2\n-NO\n+YES</failure>"))
    }

    @Test func recordingWritesStatementsAndTheirOutputButNotSessionCommands() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shell = try ShellHarness()
        shell.session.workingDirectory = directory.path
        let path = directory.appendingPathComponent("s.transcript").path
        shell.run("record s.transcript", "record", "vc = [UIViewController new]", "help vars", "vc", "[vc")
        shell.run("viewDidLoadd]", "1 + )", "@implementation MMA : NSObject", "@end", "record stop", "vc")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == """
            rtsh> vc = [UIViewController new]
            rtsh> vc
            <UIViewController: 0x1>
            rtsh> [vc
            ...> viewDidLoadd]
            error: line 1, column 1: -[UIViewController viewDidLoadd]: unrecognized selector sent to instance 0x1; did you mean 'viewDidLoad'?
              [vc
              ^
            rtsh> 1 + )
            error: line 1, column 5: expected an expression, but found ')'
              1 + )
                  ^
            rtsh> @implementation MMA : NSObject
            ...> @end

            """)
        #expect(Replay.run(file: path).passed)
        #expect(shell.run("record") == ["not recording"])
        #expect(shell.run("record stop") == ["error: not recording; start with record FILE"])
    }

    @Test func aSuiteFiltersShardsAndKeepsItsOrderWhateverTheJobs() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for index in 0..<8 {
            let nested = directory.appendingPathComponent(index < 4 ? "a" : "b")
            try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
            try "rtsh> \(index) * 2\n\(index * 2 + (index == 5 ? 1 : 0))\n".write(
                to: nested.appendingPathComponent("t\(index).transcript"), atomically: true, encoding: .utf8)
        }
        let suite = ReplaySuite(paths: [directory.path, "/no/such/place"])
        #expect(suite.files.count == 8 && suite.missing == ["/no/such/place"])
        #expect(ReplaySuite(paths: [directory.path], filter: try Regex("/b/")).files.count == 4)
        #expect(ReplaySuite(paths: [directory.path], shard: (2, 3)).files == [suite.files[1], suite.files[4], suite.files[7]])
        let serial = suite.run(jobs: 1).map { ($0.result.file, $0.result.passed) }
        let parallel = suite.run(jobs: 4).map { ($0.result.file, $0.result.passed) }
        #expect(serial.map(\.0) == suite.files && parallel.map(\.0) == suite.files)
        #expect(serial.map(\.1) == parallel.map(\.1))
        #expect(serial.filter { !$0.1 }.map { ($0.0 as NSString).lastPathComponent } == ["t5.transcript"])
    }
}
