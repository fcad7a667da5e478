@testable import LineEditor
import Testing

@Suite("Reading a bracketed paste")
struct PasteReaderTests {
    /// Feeds `input` a character at a time; returns the reader and how many characters it
    /// took before it said the paste was over (nil if it never did).
    private func read(_ input: String) -> (PasteReader, taken: Int?) {
        var reader = PasteReader()
        for (index, scalar) in input.unicodeScalars.enumerated() where reader.add(scalar) {
            return (reader, index + 1)
        }
        return (reader, nil)
    }

    @Test func thePasteEndsAtTheEndMarker() {
        let (reader, taken) = read("classes\u{1B}[201~tree")
        #expect(taken == 13)
        #expect(reader.isFinished)
        #expect(reader.text == "classes")
    }

    @Test func tabsStayAndCarriageReturnsBecomeLineBreaks() {
        let (reader, _) = read("- (int)x {\r\treturn 1;\r\n}\n@end\r\u{1B}[201~")
        #expect(reader.text == "- (int)x {\n\treturn 1;\n}\n@end")
    }

    @Test func lineBreaksAtTheEndAreLeftForEnter() {
        #expect(read("@end\n\n\u{1B}[201~").0.text == "@end")
        #expect(read("\r\n\u{1B}[201~").0.text == "")
    }

    @Test func blankLinesInsideAreKept() {
        #expect(read("a\r\rb\u{1B}[201~").0.text == "a\n\nb")
    }

    @Test func whatOnlyBeginsLikeTheMarkerIsText() {
        let (reader, taken) = read("a\u{1B}[20x\u{1B}\u{1B}[201~")
        #expect(taken != nil)
        // The escapes themselves are control characters and are dropped; what followed stays.
        #expect(reader.text == "a[20x")
    }

    @Test func otherControlCharactersAreDropped() {
        #expect(read("x\u{03}y\u{7F}z\u{1B}[201~").0.text == "xyz")
    }

    @Test func textIsKeptAsPasted() {
        #expect(read("NSLog(@\"héllo ✓\");\u{1B}[201~").0.text == "NSLog(@\"héllo ✓\");")
    }

    @Test func withoutTheEndMarkerThePasteIsNotOver() {
        let (reader, taken) = read("classes\u{1B}[201")
        #expect(taken == nil)
        #expect(!reader.isFinished)
    }

    @Test func aPasteBeyondTheCapacityIsCutThere() {
        var reader = PasteReader()
        for _ in 0..<(PasteReader.capacity + 10) { _ = reader.add("a") }
        for scalar in PasteReader.endMarker { _ = reader.add(scalar) }
        #expect(reader.isFinished)
        #expect(reader.overflowed)
        #expect(reader.text.count == PasteReader.capacity)
    }
}
