import Foundation
import Shell
import Testing

/// What CI reads: GitHub annotations from runs, tests and replays, diffs with standard
/// hunk headers, and recordings that replay on their own.
@Suite struct CIReportTests {
    @Test func annotationsEscapeTheirMessageAndPropertiesAsGitHubDoes() {
        let annotation = GitHubAnnotation(file: "a,b:c.m", line: 3, title: "-[T t:]", message: "100% wrong\r\nnext: line, here")
        #expect(annotation.command == "::error file=a%2Cb%3Ac.m,line=3,title=-[T t%3A]::100%25 wrong%0D%0Anext: line, here")
        #expect(GitHubAnnotation(file: nil, line: 3, message: "m").command == "::error::m")
    }

    @Test func aRunsAnnotationsPointAtEachFailedCheckAndFailureInLineOrder() throws {
        let tree = try TemporaryTree(["s.rtsh": """
            @implementation MMForgetful : UIViewController
            - (void)viewWillAppear:(BOOL)animated { }
            @end
            assert 1 == 2
            check super MMForgetful viewWillAppear:
            """])
        let shell = try ShellHarness()
        let file = tree.root.appendingPathComponent("s.rtsh").path
        shell.session.run(script: try String(contentsOfFile: file, encoding: .utf8), file: file)
        let annotations = ReplayReport.annotations(ReplayReport.ScriptReport(script: file, session: shell.session, seconds: 0))
        #expect(annotations.map(\.line) == [4, 5])
        #expect(annotations.allSatisfy { $0.file == file })
        #expect(annotations[0].message.hasPrefix("assertion failed: 1 == 2"))
        #expect(annotations[1].title == "testMMForgetfulCallsSuperViewWillAppear")
        #expect(annotations[1].message.hasPrefix("FAIL -[MMForgetful viewWillAppear:]"))
    }

    @Test func aTestRunsAnnotationsAreItsFailuresTitledWithTheTest() throws {
        let tree = try TemporaryTree(["T.m": """
            @interface MMTests : XCTestCase
            @end
            @implementation MMTests
            - (void)testFails { XCTFail(@"broken"); }
            - (void)testSkips { XCTSkip(@"later"); }
            - (void)testPasses { }
            @end
            """])
        let shell = try ShellHarness()
        let summary = try #require(shell.session.testSources([tree.root.path], selection: Session.TestSelection()))
        let annotations = TestReport.annotations(summary)
        #expect(annotations.count == 1)
        #expect(annotations.first?.title == "-[MMTests testFails]")
        #expect(annotations.first?.line == 4)
        #expect(annotations.first?.file?.hasSuffix("T.m") == true)
    }

    @Test func hunkHeadersCountTheLinesOfEachSideAndFollowEarlierHunks() throws {
        let transcript = try Transcript(parsing: """
            rtsh> 1 + 1
            3
            4
            rtsh> 2 + 2
            5
            rtsh> 3 + 3
            """, file: "t.transcript")
        let diff = ReplayReport.diff(Replay.run(transcript, file: "t.transcript"))
        #expect(diff.filter { $0.hasPrefix("@@") } == ["@@ -2,2 +2 @@ rtsh> 1 + 1", "@@ -5 +4 @@ rtsh> 2 + 2", "@@ -6,0 +6 @@ rtsh> 3 + 3"])
    }

    @Test func recordRefusesToOverwriteUnlessToldAndAppendsWhenAsked() throws {
        let tree = try TemporaryTree(["old.transcript": "rtsh> 1\n1\n"])
        let shell = try ShellHarness()
        shell.session.workingDirectory = tree.root.path
        let path = tree.root.appendingPathComponent("old.transcript").path
        #expect(shell.run("record old.transcript").first
            == "error: line 1, column 8: \(path) already exists; record --force FILE replaces it, record --append FILE adds to it")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "rtsh> 1\n1\n")
        shell.run("record --append old.transcript", "2", "record stop")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "rtsh> 1\n1\nrtsh> 2\n2\n")
        shell.run("record --force old.transcript", "3", "record stop")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "rtsh> 3\n3\n")
        #expect(shell.run("record --force --append old.transcript").first?.contains("not both") == true)
    }

    @Test func aRecordingBeginsWithWhatWasLoadedAtThePromptSoItReplaysOnItsOwn() throws {
        let tree = try TemporaryTree([
            "app/MMGreeter.m": "@implementation MMGreeter : NSObject\n- (NSString *)greeting { return @\"hi\"; }\n@end\n",
            "setup.rtsh": "g = [MMGreeter new]\n",
            "sessions/.keep": "",
        ])
        let shell = try ShellHarness()
        shell.session.workingDirectory = tree.root.path
        shell.run("source app", "source setup.rtsh", "record sessions/greeting.transcript", "[g greeting]", "record stop")
        let path = tree.root.appendingPathComponent("sessions/greeting.transcript").path
        #expect(try String(contentsOfFile: path, encoding: .utf8) == """
            rtsh> source ../app
            ...
            rtsh> source ../setup.rtsh
            ...
            rtsh> [g greeting]
            "hi"

            """)
        #expect(Replay.run(file: path).passed)
    }

    @Test func absolutePathsInOutputAreWrittenAsPlaceholdersAndReplayAnywhere() throws {
        let tree = try TemporaryTree(["project/Package.swift": "", "project/sessions/.keep": "", "project/app/MMA.m": "", "elsewhere/.keep": ""])
        let project = tree.root.appendingPathComponent("project").path
        let elsewhere = tree.root.appendingPathComponent("elsewhere").path
        let placeholders = PathPlaceholders(transcript: "\(project)/sessions/s.transcript", workingDirectory: elsewhere)
        #expect(placeholders.apply("loaded \(project)/app/MMA.m: 1 class") == "loaded [ROOT]/app/MMA.m: 1 class")
        #expect(placeholders.apply("wrote \(elsewhere)/out.xml") == "wrote [CWD]/out.xml")
        #expect(placeholders.apply("\(project)") == "[ROOT]")
        // Only whole directory names: a sibling that shares the prefix stays as it is.
        #expect(placeholders.apply("\(project)-old/x") == "\(project)-old/x")
        #expect(placeholders.apply("no paths here") == "no paths here")

        let shell = try ShellHarness()
        shell.session.workingDirectory = project
        let path = "\(project)/sessions/s.transcript"
        shell.run("record sessions/s.transcript", "@\"\(project)/app/MMA.m\"", "record stop")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "rtsh> @\"\(project)/app/MMA.m\"\n\"[ROOT]/app/MMA.m\"\n")
        #expect(Replay.run(file: path).passed)
    }
}
