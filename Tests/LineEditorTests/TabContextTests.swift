@testable import LineEditor
import Testing

@Suite("Whether Tab completes or indents")
struct TabContextTests {
    @Test func anEmptyContinuationLineIndents() {
        #expect(TabContext(textBeforeCursor: "", isContinuation: true).indents)
        #expect(TabContext(textBeforeCursor: "    ", isContinuation: true).indents)
        #expect(TabContext(textBeforeCursor: "\t", isContinuation: true).indents)
    }

    @Test func aContinuationLineWithTextCompletes() {
        let tab = TabContext(textBeforeCursor: "    [vc vie", isContinuation: true)
        #expect(!tab.indents)
        #expect(tab.lineBeforeCursor == "    [vc vie")
    }

    @Test func anEmptyFirstLineCompletes() {
        // At `rtsh> ` Tab on nothing lists the commands.
        #expect(!TabContext(textBeforeCursor: "", isContinuation: false).indents)
        #expect(!TabContext(textBeforeCursor: "  ", isContinuation: false).indents)
    }

    @Test func aBlankLineInsideABlockIndents() {
        let tab = TabContext(textBeforeCursor: "@implementation A\n- (void)f {\n  ", isContinuation: false)
        #expect(tab.indents)
        #expect(tab.lineBeforeCursor == "  ")
    }

    @Test func completionSeesOnlyTheLineTheCursorIsOn() {
        let tab = TabContext(textBeforeCursor: "@implementation A\nclas", isContinuation: false)
        #expect(!tab.indents)
        #expect(tab.lineBeforeCursor == "clas")
    }
}
