import Shell
import Testing

@Suite("Errors")
struct ErrorTests {
    @Test func errorsSayWhatAndWhereWithACaretAndANearMiss() throws {
        let shell = try ShellHarness()
        shell.run("@implementation MMLogin : UIViewController\n@end")
        #expect(shell.run("vc = [MMLogn new]") == [
            "error: line 1, column 7: no variable or class named 'MMLogn'; did you mean 'MMLogin'?",
            "  vc = [MMLogn new]",
            "        ^",
        ])
        shell.run("vc = [MMLogin new]")
        #expect(shell.run("[vc viewDidLoadd]") == [
            "error: line 1, column 1: -[MMLogin viewDidLoadd]: unrecognized selector sent to instance 0x1; did you mean 'viewDidLoad'?",
            "  [vc viewDidLoadd]",
            "  ^",
        ])
        #expect(shell.run("clases")[0] == "error: line 1, column 1: no variable or class named 'clases'; did you mean 'classes'?")
        #expect(shell.run("methods UIViewControler")[0] == "error: line 1, column 9: no class named 'UIViewControler'; did you mean 'UIViewController'?")
        #expect(shell.run("help fier")[0] == "error: line 1, column 6: no command named 'fier'; did you mean 'fire'?")
        #expect(shell.run("[vc title") .first == nil) // still open: waits for more
        shell.session.cancelPendingInput()
        #expect(shell.run("@\"unterminated") == [
            "error: line 1, column 1: the string that starts here has no closing quote",
            "  @\"unterminated",
            "  ^",
        ])
        #expect(shell.run("methods") == ["error: line 1, column 8: methods needs CLASS; usage: methods CLASS [--all] [--class]", "  methods", "         ^"])
        #expect(shell.session.failureCount == 7)
    }

    @Test func errorsInsideMethodBodiesNameTheMethodAndItsLine() throws {
        let shell = try ShellHarness()
        shell.run("@implementation MMOops : NSObject\n- (id)look {\n    return missing;\n}\n@end")
        #expect(shell.run("[[MMOops new] look]") == [
            "error: line 3, column 12: in -[MMOops look]: no variable or class named 'missing'",
        ])
    }

    @Test func definitionMistakesAreExplained() throws {
        let shell = try ShellHarness()
        #expect(shell.run("@implementation MMNoSuper\n@end") == [
            "error: line 1, column 1: MMNoSuper needs a superclass, as in @implementation MMNoSuper : NSObject",
            "  @implementation MMNoSuper",
            "  ^",
        ])
        #expect(shell.run("@implementation UIView : NSObject\n@end")[0].contains("UIView is rtsh's own class (or a stand-in), not one your code defined, so it cannot be defined again; to add or replace methods, write a category"))
        #expect(shell.run("@interface UIView : NSObject\n@end")[0].contains("UIView is rtsh's own class (or a stand-in), not one your code defined, so it cannot be declared again; to add to it, write a category: @interface UIView (Name) ... @end"))
        #expect(shell.run("@implementation MMBad : NSObject\n- (void)set:(BOOL)a {\n}\n- (void)set:(BOOL)a {\n}\n@end")[0].contains("-[MMBad set:] already exists"))
        #expect(shell.run("@interface MMX : NSObjcet\n@end")[0].contains("did you mean 'NSObject'?"))
    }

    @Test func noInputCrashesTheShell() throws {
        // Malformed and random lines: every one is answered, none ends the session.
        let shell = try ShellHarness()
        let pieces = ["[", "]", "(", ")", "{", "}", "@", "@end", "@interface", "@implementation X", ":", ";", "\"", "@\"s\"", "=",
                      "==", "vc", "UIView", "new", "alloc", "nil", "YES", "42", "-", "+", "*", "/", "^", "#", ".", ",", "super",
                      "self", "return", "if", "else", "@selector(", "@protocol(", "@[", "@{", "-[UIView new]", "classes", "fire",
                      "check", "assert", "9999999999999999999999", "1/0", "\u{0}", "é", "trace", "restore", "source"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let line = (0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: " ")
            // Loading every header on the disk tests the disk: the walk's bound has its own test.
            if line == "source /" { continue }
            shell.session.execute(line: line)
            if shell.session.isContinuing, Bool.random(using: &generator) { shell.session.cancelPendingInput() }
        }
        shell.session.cancelPendingInput()
        _ = shell.take()
        #expect(shell.run("1 + 1") == ["2"])
    }
}
