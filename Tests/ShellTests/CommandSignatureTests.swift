import Foundation
import Shell
import Testing

/// Commands read their arguments with the shell's lexer, by a signature declared as data.
@Suite("Command arguments")
struct CommandSignatureTests {
    private func harness() throws -> ShellHarness {
        let shell = try ShellHarness()
        shell.run("""
            @implementation MMScreen : UIViewController
            - (void)viewDidLoad { [super viewDidLoad]; }
            + (NSString *)kind { return @"screen"; }
            @end
            """, "mock UINavigationController as nav")
        return shell
    }

    @Test func aStringArgumentIsOneWordWhateverItHolds() throws {
        let shell = try harness()
        #expect(shell.run("stub nav title returns @\"it returns now\"", "[nav title]") == ["\"it returns now\""])
        #expect(shell.run("expect nav setTitle:@\"x returns y\" returns nil", "[nav setTitle:@\"x returns y\"]", "verify nav") == [])
        #expect(shell.run("stub nav title returns @\"a\" @\" returns b\"", "nav.title") == ["\"a returns b\""])
    }

    @Test func flagsComeInAnyOrderAndOnlyOnce() throws {
        let shell = try harness()
        let both = shell.run("methods MMScreen --all --class")
        #expect(!both.isEmpty && !both[0].hasPrefix("error"))
        #expect(shell.run("methods MMScreen --class --all") == both)
        #expect(shell.run("methods MMScreen --class") == ["+ kind  @@:"])
        #expect(shell.run("methods MMScreen --all --all")[0] == "error: line 1, column 24: unexpected '--all': expected --class; usage: methods CLASS [--all] [--class]")
    }

    @Test func aPhraseTakesTheWordsUpToTheNextKeyword() throws {
        let shell = try ShellHarness()
        shell.run("source \(ExampleTests.examples.appendingPathComponent("ui-app.rtsh").path)")
        shell.run("hello = [MMSayHelloViewController new]", "window hello")
        #expect(shell.run("enter Ada Lovelace into Name", "tap \"Say Hello\"", "hello.greetingLabel.text") == ["\"Hello, Ada Lovelace!\""])
        // Typing goes after the text there, as a keyboard's does: clear first.
        #expect(shell.run("clear Name", "enter \"Grace\" into \"Name\"", "tap Say Hello", "hello.greetingLabel.text") == ["\"Hello, Grace!\""])
    }

    @Test func aLineThatFitsNoFormSaysWhereAndWhatWasExpected() throws {
        let shell = try harness()
        #expect(shell.run("check") == [
            "error: line 1, column 6: check needs 'super' or 'creation'; usage: check super TARGET [SELECTOR...] | check creation GLOB",
            "  check",
            "       ^",
        ])
        #expect(shell.run("check sup MM*")[0] == "error: line 1, column 7: unexpected 'sup': expected 'super' or 'creation'; usage: check super TARGET [SELECTOR...] | check creation GLOB")
        #expect(shell.run("stub nav title")[0] == "error: line 1, column 15: stub needs 'returns', 'does', 'throws', 'posts' or 'calls-block'; usage: "
            + "stub MOCK CALL returns VALUE | stub MOCK CALL does BLOCK | stub MOCK CALL throws EXCEPTION | stub MOCK CALL posts NOTIFICATION | "
            + "stub MOCK CALL calls-block N with ARGS")
        #expect(shell.run("trace sideways")[0].hasPrefix("error: line 1, column 7: unexpected 'sideways': expected 'on' or 'off'"))
        #expect(shell.run("tap \"Say")[0] == "error: line 1, column 5: the string that starts here is not closed: add a \" at its end")
        #expect(shell.run("mock UIView as 3d")[0].hasPrefix("error: line 1, column 16: '3d' is not a variable name"))
        #expect(shell.session.failureCount == 6)
    }

    @Test func anErrorInAScriptNamesTheScriptsLineAndColumn() throws {
        let shell = try harness()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-signature-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("with space.rtsh")
        try "x = 1\n  methods MMScreen --bogus\n".write(to: script, atomically: true, encoding: .utf8)
        #expect(shell.run("source \"\(script.path)\"") == [
            "error: \(script.path):2:20: unexpected '--bogus': expected --all or --class; usage: methods CLASS [--all] [--class]",
            "    methods MMScreen --bogus",
            "                     ^",
        ])
    }

    @Test func usageAndHelpAreReadFromTheDeclaration() throws {
        let shell = try harness()
        #expect(shell.run("help restore") == [
            "restore: undo the newest change, the changes to one method, or all of them (your own definitions stay)",
            "usage: restore all | restore METHOD | restore",
            "example: restore -[MMLoginViewController viewDidLoad]",
        ])
        #expect(shell.run("help classes")[1] == "usage: classes [GLOB] [--subclasses-of CLASS]")
        #expect(shell.run("help expect")[1] == "usage: expect MOCK CALL [returns VALUE] [in order]")
    }

    @Test func completionOffersWhatTheSignatureAllowsNext() throws {
        let shell = try harness()
        func complete(_ line: String) -> [String] { shell.session.complete(line).candidates }
        #expect(complete("check ") == ["creation", "super"])
        #expect(complete("check super MMScreen view").contains("viewDidLoad"))
        #expect(complete("methods MMScreen --") == ["--all", "--class"])
        #expect(complete("methods MMScreen --all --") == ["--class"])
        #expect(complete("swizzle -[MMScreen viewDidLoad] ") == ["with"])
        #expect(complete("record st") == ["stop"])
        #expect(complete("mock UIView ") == ["as"])
        // A call is a phrase, which may go on; what may follow it is offered too.
        #expect(Set(["returns", "does", "throws", "posts", "calls-block"]).isSubset(of: complete("stub nav title ")))
        #expect(complete("fire nav viewDidLoad ").contains("YES"))
    }

    @Test func aPathologicalLineEndsQuickly() throws {
        let shell = try harness()
        let line = "expect nav " + String(repeating: "returns ", count: 3_000)
        let output = shell.run(line)
        #expect(output.first?.hasPrefix("error: line 1, column 12: ") == true)
        _ = shell.session.complete(line)
    }
}
