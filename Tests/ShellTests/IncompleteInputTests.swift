import Foundation
import Shell
import Testing

/// The parser, not only the brackets, decides when a statement typed over several lines is
/// whole: input that ends before what it started is complete waits for another line.
@Suite("Input the parser finds unfinished")
struct IncompleteInputTests {
    @Test func anAssignmentWithoutItsValueWaitsForTheNextLine() throws {
        let shell = try ShellHarness()
        #expect(shell.session.execute(line: "x = ") == .needsMore)
        #expect(shell.session.prompt == "...> ")
        #expect(shell.session.execute(line: "6 * 7") == .done)
        #expect(shell.run("x") == ["42"])
    }

    @Test func anIfWithoutItsStatementWaitsForTheNextLine() throws {
        let shell = try ShellHarness()
        #expect(shell.session.execute(line: "int n = 0;") == .done)
        #expect(shell.session.execute(line: "if (YES)") == .needsMore)
        #expect(shell.session.execute(line: "    n = 5;") == .done)
        #expect(shell.run("n") == ["5"])
    }

    @Test func aMessageSplitAfterAnArgumentWaitsForItsNextPart() throws {
        let shell = try ShellHarness()
        shell.run("nav = [UINavigationController new]", "vc = [UIViewController new]")
        // The brackets are closed on the second line only; the parser agrees once they are.
        #expect(shell.session.execute(line: "[nav pushViewController:vc") == .needsMore)
        #expect(shell.session.execute(line: "    animated:NO]") == .done)
        #expect(shell.run("[nav topViewController] == vc") == ["YES"])
    }

    @Test func aWrongStatementIsAnErrorAtOnceNotAWait() throws {
        let shell = try ShellHarness()
        #expect(shell.session.execute(line: "x = )") == .done)
        #expect(shell.take().all.first?.contains("expected an expression, but found ')'") == true)
        #expect(shell.session.prompt == "rtsh> ")
    }

    @Test func aDefineInUnfinishedInputIsKeptOnlyOnceTheInputIsWhole() throws {
        let shell = try ShellHarness()
        #expect(shell.session.execute(line: "#define MMTWICE(x) ((x) * 2)") == .done)
        #expect(shell.session.execute(line: "y = MMTWICE(") == .needsMore)
        #expect(shell.session.execute(line: "21)") == .done)
        #expect(shell.run("y") == ["42"])
    }

    @Test func helpSaysHowUnfinishedInputContinues() throws {
        let shell = try ShellHarness()
        #expect(shell.run("help").last?.contains("What is not finished yet (an open block or bracket, x =, if (ready)) continues on the next line at ...> ") == true)
    }

    @Test func cancellingUnfinishedInputForgetsIt() throws {
        let shell = try ShellHarness()
        #expect(shell.session.execute(line: "x = ") == .needsMore)
        shell.session.cancelPendingInput()
        #expect(shell.session.prompt == "rtsh> ")
        #expect(shell.run("1 + 1") == ["2"])
    }

    @Test func aScriptEndingInAnUnfinishedStatementSaysWhatWasExpected() throws {
        let shell = try ShellHarness()
        let finished = shell.session.run(script: "x = 1\ny = ", file: "unfinished.rtsh")
        #expect(!finished)
        let output = shell.take().all
        #expect(output.first == "error: unfinished.rtsh:2:5: expected an expression, but found the end of the input")
        #expect(shell.session.failureCount == 1)
    }
}
