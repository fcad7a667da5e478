import Foundation
import Shell
import Testing

/// Whatever a session prints, its recording replays green.
@Suite("Escaped transcript lines")
struct TranscriptEscapeTests {
    @Test(arguments: [
        ("rtsh> x", "\\x72tsh> x (esc)"), ("...> more", "\\x2e..> more (esc)"), ("# not a comment", "\\x23 not a comment (esc)"),
        ("#", "\\x23 (esc)"), ("...", "\\x2e.. (esc)"), ("a [..] b", "a \\x5b..] b (esc)"), ("[0-9] (re)", "[0-9] (re) (esc)"),
        ("done (esc)", "done (esc) (esc)"), ("line\r", "line\\x0d (esc)"), ("back\\slash\u{1}", "back\\\\slash\\x01 (esc)"),
        ("\u{FEFF}bom", "\\u{feff}bom (esc)"), ("plain text", "plain text"), ("tab\there", "tab\there"), ("back\\slash", "back\\slash"),
    ])
    func outputThatWouldReadAsSomethingElseIsEscaped(output: String, line: String) {
        #expect(Transcript.expectation(for: output) == line)
        #expect(Transcript.unescaped(line) == (line == output ? nil : output))
        #expect(Replay.lineMatches(line, output))
    }

    @Test func crlfAndByteOrderMarkReadAsTheirLFForm() throws {
        let lf = try Transcript(parsing: "# comment\nrtsh> 1 + 1\n2\nrtsh> vc\n...> .title\nnil\n", file: "lf.transcript")
        let crlf = try Transcript(parsing: "\u{FEFF}# comment\r\nrtsh> 1 + 1\r\n2\r\nrtsh> vc\r\n...> .title\r\nnil\r\n", file: "crlf.transcript")
        #expect(crlf == lf)
        #expect(crlf.entries.map(\.statement) == [["1 + 1"], ["vc", ".title"]])
    }

    @Test func aScriptWithCRLFRunsLineByLine() throws {
        let shell = try ShellHarness()
        shell.session.run(script: "\u{FEFF}x = 20\r\ny = 22\r\nx + y\r\n", file: "windows.rtsh")
        #expect(shell.take().all == ["42"])
    }

    /// A small deterministic generator, so that a failure can be reproduced from its seed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// One random statement: mostly output that looks like transcript syntax.
    static func statement(_ random: inout Generator) -> String {
        let pieces = ["rtsh> ", "...> ", "#", "# ", "...", "[..]", " (re)", " (esc)", "\\\\", "\\r", "\\t", "\\n", "x", " ", "\\\"", "0x1", "é", "[", "]"]
        func text() -> String { (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return "NSLog(@\"\(text())\")"
        case 1: return "@\"\(text())\""
        case 2: return "\(Int.random(in: -1000...1000, using: &random)) * \(Int.random(in: -9...9, using: &random))"
        case 3: return "v\(Int.random(in: 0..<3, using: &random)) = @\"\(text())\""
        case 4: return "[UIView \(["new", "nothing", "class"].randomElement(using: &random)!)]"
        default: return ["help", "swizzles", "classes UIView*", "@[@\"a\", @\"[..]\"]", "oops(", "v0"].randomElement(using: &random)!
        }
    }

    @Test(arguments: 0..<8)
    func randomSessionsReplayAsRecorded(seed: UInt64) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-property-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var random = Generator(state: seed)
        for session in 0..<25 {
            let path = directory.appendingPathComponent("s\(session).transcript").path
            let shell = try ShellHarness()
            shell.run("record \(path)")
            let statements = (0..<Int.random(in: 1...12, using: &random)).map { _ in Self.statement(&random) }
            for statement in statements { shell.run(statement) }
            shell.run("record stop")
            let result = Replay.run(file: path)
            #expect(result.passed, "seed \(seed), session \(session): \(statements)\n\(ReplayReport.diff(result).joined(separator: "\n"))")
        }
    }
}

@Suite("A recording that cannot be written")
struct LostRecordingTests {
    @Test func aRemovedDirectoryIsReportedAtTheNextStatementAndRecordingStops() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-lost-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("s.transcript").path
        let shell = try ShellHarness()
        #expect(shell.run("record \(path)") == ["recording to \(path)"])
        #expect(shell.run("1 + 1") == ["2"])
        try FileManager.default.removeItem(at: directory)
        #expect(shell.run("2 + 2") == [
            "4",
            "error: cannot write to the recording \(path): No such file or directory; recording stopped, and this statement is not in it",
        ])
        #expect(shell.run("record") == ["not recording"])
        #expect(shell.run("record stop") == ["error: not recording; start with record FILE"])
        #expect(shell.session.failureCount == 2)
    }
}
