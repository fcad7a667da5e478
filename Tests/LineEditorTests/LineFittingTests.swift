import LineEditor
import Testing

@Suite("Fitting structured output to the terminal's width")
struct LineFittingTests {
    @Test func aLineThatFitsIsLeftAlone() {
        #expect(LineFitting.fit("  -[UIViewController loadView]", width: 80) == ["  -[UIViewController loadView]"])
    }

    @Test func aLineThatIsNotIndentedIsLeftToTheTerminal() {
        let message = "error: " + String(repeating: "word ", count: 30)
        #expect(LineFitting.fit(message, width: 40) == [message])
    }

    @Test func anIndentedLineWrapsAtSpacesUnderItsText() {
        let line = "    super -[MMBaseViewController viewWillAppear:] <MMLoginViewController: 0x1> NO"
        #expect(LineFitting.fit(line, width: 40) == [
            "    super -[MMBaseViewController",
            "      viewWillAppear:]",
            "      <MMLoginViewController: 0x1> NO",
        ])
    }

    @Test func aTraceLineWrapsUnderItsText() {
        let line = "trace:     -[MMLoginViewController setSession:] <MMLoginViewController: 0x1> <MMSession: 0x3>"
        let fitted = LineFitting.fit(line, width: 50)
        #expect(fitted.first == "trace:     -[MMLoginViewController setSession:]")
        #expect(fitted.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 12)) })
        #expect(fitted.allSatisfy { $0.count <= 50 })
    }

    @Test func aTreeLineWrapsUnderItsText() {
        let line = "│   ├── " + String(repeating: "MMVeryLongClassName", count: 3) + " and more"
        let fitted = LineFitting.fit(line, width: 40)
        #expect(fitted.allSatisfy { $0.count <= 40 })
        #expect(fitted.joined().filter { !$0.isWhitespace } == line.filter { !$0.isWhitespace })
    }

    @Test func aWordWiderThanTheRoomIsCut() {
        let line = "  " + String(repeating: "x", count: 30)
        #expect(LineFitting.fit(line, width: 12) == ["  xxxxxxxxxx", "    xxxxxxxx", "    xxxxxxxx", "    xxxx"])
    }

    @Test func deepIndentationLeavesHalfTheWidthForText() {
        let line = String(repeating: " ", count: 30) + "-[A a] -[B b] -[C c] -[D d]"
        let fitted = LineFitting.fit(line, width: 40)
        #expect(fitted.allSatisfy { $0.count <= 40 })
        #expect(fitted.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 20)) && !$0.hasPrefix(String(repeating: " ", count: 21)) })
    }

    @Test func nothingIsLost() {
        let line = "      <UILabel: 0x9> label=\"Greeting\" text=\"Hello, Ada! How are you today?\" hidden"
        for width in [10, 20, 33, 60] {
            let fitted = LineFitting.fit(line, width: width)
            #expect(fitted.allSatisfy { $0.count <= width })
            #expect(fitted.joined().filter { $0 != " " } == line.filter { $0 != " " })
        }
        // Where every word fits, the breaks are at the spaces.
        let fitted = LineFitting.fit(line, width: 40)
        #expect(fitted.joined(separator: " ").split(separator: " ") == line.split(separator: " "))
    }
}
