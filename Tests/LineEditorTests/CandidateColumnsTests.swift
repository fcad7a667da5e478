@testable import LineEditor
import Testing

@Suite("Listing candidates in columns")
struct CandidateColumnsTests {
    @Test func candidatesFillColumnsDownwardsThenAcross() {
        let columns = CandidateColumns(["a", "bb", "ccc", "d", "e"])
        // Cells are 5 wide (the widest, 3, plus a gap of 2): 12 columns fit 2 of them.
        #expect(columns.lines(width: 12) == [
            "a    d",
            "bb   e",
            "ccc",
        ])
    }

    @Test func everythingFitsOnOneLineWhenTheTerminalIsWide() {
        #expect(CandidateColumns(["classes", "clear"]).lines(width: 80) == ["classes  clear"])
    }

    @Test func aNarrowTerminalGetsOneCandidatePerLine() {
        #expect(CandidateColumns(["classes", "clear"]).lines(width: 3) == ["classes", "clear"])
        #expect(CandidateColumns(["classes", "clear"]).lines(width: 0) == ["classes", "clear"])
    }

    @Test func candidatesBeyondTheLimitAreCounted() {
        let names = (1...250).map { "C\($0)" }
        let lines = CandidateColumns(names, limit: 100).lines(width: 80)
        #expect(lines.last == "... and 150 more")
        #expect(lines.dropLast().joined(separator: " ").split(separator: " ").count == 100)
    }

    @Test func noCandidatesNoLines() {
        #expect(CandidateColumns([]).lines(width: 80) == [])
    }
}
