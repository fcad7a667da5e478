import Foundation
import Shell
import Testing

/// ` (re)` lines are matched by an automaton, never by backtracking.
@Suite("Regular expressions in transcripts")
struct LineRegexTests {
    @Test(arguments: [
        ("a.c", "abc", true), ("a.c", "ac", false), ("colou?r", "color", true), ("colou?r", "colour", true),
        ("[a-c]+x", "abcabx", true), ("[^0-9]+", "abc", true), ("[^0-9]+", "ab1", false),
        ("\\d{3}-\\d{2,}", "123-4567", true), ("\\d{3}-\\d{2,}", "12-45", false), ("x{2,3}", "xxxx", false),
        ("(ab|cd)*e", "abcdabe", true), ("(?:ab)+", "ababab", true), ("\\w+ \\s*\\S", "word   x", true),
        ("^start.*end$", "start and end", true), ("a\\.b", "a.b", true), ("a\\.b", "axb", false),
        ("<MMLogin: 0x[0-9a-f]+>", "<MMLogin: 0x1f>", true), ("{not a count}", "{not a count}", true),
        ("(a*)*b", "aaab", true), ("[]a]+", "]a]", true), ("[a-]+", "a-a", true),
    ])
    func patternsMatchTheWholeLine(pattern: String, line: String, matches: Bool) {
        #expect(Replay.lineMatches(pattern + " (re)", line) == matches)
    }

    @Test func nestedQuantifiersOnALongLineFinishQuickly() {
        // A backtracking engine takes exponential time here; this one reads the line once.
        let line = String(repeating: "a", count: 10_000)
        #expect(!Replay.lineMatches("(a+)+b (re)", line))
        #expect(Replay.lineMatches("(a|aa)*(a|aa)* (re)", line))
        #expect(!Replay.lineMatches("(.*a){8}x (re)", line))
    }

    @Test(arguments: ["(((", "a)", "*a", "[abc", "x{3,1}", "\\q", String(repeating: "(", count: 500) + "a" + String(repeating: ")", count: 500), "a" + String(repeating: "+", count: 500), "(a{1000}){1000}"])
    func anInvalidPatternIsAMismatchTheDiffExplains(pattern: String) throws {
        #expect(!Replay.lineMatches(pattern + " (re)", pattern))
        let transcript = try Transcript(parsing: "rtsh> 1\n\(pattern) (re)\n", file: "bad.transcript")
        let result = Replay.run(transcript, file: "bad.transcript")
        let diff = ReplayReport.diff(result)
        #expect(diff.contains { $0.hasPrefix("# the regular expression in this line is invalid: ") })
    }
}
