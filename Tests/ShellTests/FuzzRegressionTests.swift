import Foundation
import Shell
import Testing

/// Replays every input the fuzzers kept (Tests/FuzzRegressions/, written by scripts/fuzz)
/// through the same harness as the fuzz targets, one test case per file: an input that
/// once crashed or hung must now run to the end and leave a usable session.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let regressions = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzRegressions")

    static func inputs(_ target: String) -> [String] {
        let directory = regressions.appendingPathComponent(target).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    static func contents(_ target: String, _ name: String) throws -> Data {
        try Data(contentsOf: regressions.appendingPathComponent(target).appendingPathComponent(name))
    }

    @Test(arguments: inputs("statements"))
    func statementsInputRunsAndLeavesASessionThatWorks(name: String) throws {
        let input = try Self.contents("statements", name)
        var sum: [String]?
        StatementsHarness.run(input) { session in
            session.execute(line: "1 + 1")
            sum = session.lastStatementOutput
        }
        #expect(sum == ["2"], "after \(name), `1 + 1` printed \(sum ?? [])")
    }

    @Test(arguments: inputs("transcripts"))
    func transcriptsInputReadsAndWritesBack(name: String) throws {
        let input = try Self.contents("transcripts", name)
        #expect(throws: Never.self) { try TranscriptsHarness.run(input) }
    }

    /// Holds with no kept inputs too: the directories scripts/fuzz writes to exist, and the
    /// harnesses run known-good input to the end.
    @Test func harnessesRunKnownGoodInput() throws {
        for target in ["statements", "transcripts"] {
            var isDirectory: ObjCBool = false
            let path = Self.regressions.appendingPathComponent(target).path
            #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue,
                    "\(path) should exist")
        }
        var printed: [String] = []
        StatementsHarness.run(Array("x = 6 * 7\n@implementation MMFuzz : NSObject\n- (NSInteger)answer {\n    return 42;\n}\n@end\n".utf8)) { session in
            session.execute(line: "[[MMFuzz new] answer] + x")
            printed = session.lastStatementOutput
        }
        #expect(printed == ["84"])
        #expect(throws: Never.self) { try TranscriptsHarness.run(Array("# a comment\nrtsh> 1 + 1\n2\nrtsh> x = [..]\n...\n".utf8)) }
    }

    /// The filter keeps every input inside its temporary directory.
    @Test func harnessRefusesCommandsThatReachOutsideItsDirectory() {
        #expect(!StatementsHarness.isAllowed("source examples/SampleApp.rtsh"))
        #expect(!StatementsHarness.isAllowed("  source x"))
        #expect(!StatementsHarness.isAllowed("record /tmp/x.transcript"))
        #expect(!StatementsHarness.isAllowed("record ../x.transcript"))
        #expect(StatementsHarness.isAllowed("record x.transcript"))
        #expect(StatementsHarness.isAllowed("record stop"))
        #expect(StatementsHarness.isAllowed("sourced = 3"))
    }
}
