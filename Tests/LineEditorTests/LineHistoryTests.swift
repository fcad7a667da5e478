import Foundation
@testable import LineEditor
import Testing

@Suite("History and the history file")
struct LineHistoryTests {
    /// A path in a fresh temporary directory, removed by `cleanUp`.
    struct TemporaryFile {
        let directory: URL
        var path: String { directory.appendingPathComponent("history").path }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("LineEditorTests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        func cleanUp() {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test func linesAreKeptOldestFirst() throws {
        let history = try #require(LineHistory(capacity: 10, file: nil))
        history.add("classes")
        history.add("tree UIView")
        #expect(history.lines == ["classes", "tree UIView"])
    }

    @Test func aLineEqualToThePreviousOneIsNotAddedTwice() throws {
        let history = try #require(LineHistory(capacity: 10, file: nil))
        history.add("classes")
        history.add("classes")
        history.add("tree")
        history.add("classes")
        #expect(history.lines == ["classes", "tree", "classes"])
    }

    @Test func theOldestLinesGoBeyondTheCapacity() throws {
        let history = try #require(LineHistory(capacity: 2, file: nil))
        for line in ["a", "b", "c"] {
            history.add(line)
        }
        #expect(history.lines == ["b", "c"])
    }

    @Test func theFileIsSavedAsLinesAreAddedAndLoadedBack() throws {
        let file = try TemporaryFile()
        defer { file.cleanUp() }
        let lines = ["classes", "vc.title = \"Log in\"", #"NSLog(@"a\tb\\c")"#, "  indented", "héllo wörld ✓"]
        do {
            let history = try #require(LineHistory(capacity: 10, file: file.path))
            for line in lines {
                #expect(history.add(line))
            }
        }
        let reloaded = try #require(LineHistory(capacity: 10, file: file.path))
        #expect(reloaded.lines == lines)
    }

    @Test func aBlockIsOneEntryThatSurvivesTheFile() throws {
        let file = try TemporaryFile()
        defer { file.cleanUp() }
        let block = "@implementation MMFoo : NSObject\n- (int)answer {\n\treturn 42;\n}\n\n@end"
        do {
            let history = try #require(LineHistory(capacity: 10, file: file.path))
            #expect(history.add(block))
            #expect(history.add("[[MMFoo new] answer]"))
        }
        let reloaded = try #require(LineHistory(capacity: 10, file: file.path))
        #expect(reloaded.lines == [block, "[[MMFoo new] answer]"])
        // libedit escapes the line breaks (strvis), so the file keeps one line per entry.
        let saved = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(saved.split(separator: "\n").count == 3)
    }

    @Test func aMissingFileIsAnEmptyHistory() throws {
        let file = try TemporaryFile()
        defer { file.cleanUp() }
        let history = try #require(LineHistory(capacity: 10, file: file.path))
        #expect(history.lines == [])
    }

    @Test func anUnwritableFileIsReportedAndTheLineStillKept() throws {
        let history = try #require(LineHistory(capacity: 10, file: "/nonexistent-directory/history"))
        #expect(!history.add("classes"))
        #expect(history.lines == ["classes"])
    }

    @Test func theEditorSavesNonBlankLinesToItsHistoryFile() throws {
        let file = try TemporaryFile()
        defer { file.cleanUp() }
        do {
            let editor = LineEditor(programName: "rtsh-tests", historyFile: file.path) { _ in
                .init(wordStart: 0, candidates: [])
            }
            editor.addToHistory("classes")
            editor.addToHistory("   ")
            editor.addToHistory("")
            editor.addToHistory("tree")
        }
        let reloaded = try #require(LineHistory(capacity: 10, file: file.path))
        #expect(reloaded.lines == ["classes", "tree"])
    }
}
