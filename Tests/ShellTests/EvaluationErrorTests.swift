import Runtime
@testable import Shell
import Testing

/// The evaluation layer's errors are typed: each keeps its kind (and a lower layer's error
/// whole), and the one renderer words it exactly as it was worded before.
@Suite("Evaluation errors")
struct EvaluationErrorTests {
    /// Reads and runs `source` as a script named `file` does, but hands back the error
    /// that stopped it rather than reporting it.
    private func error(running source: String, file: String = "errors.rtsh") throws -> (any Error)? {
        let session = try ShellHarness().session
        do {
            let tokens = try Lexer.tokens(of: source, at: SourceLocation(file: file, line: 1, column: 1))
            let expanded = try Preprocessor.run(tokens, macros: &session.macros, include: session.includer(from: file))
            var parser = Parser(tokens: expanded, mode: .prompt, types: session.types)
            let items = try parser.parseAll()
            session.types = parser.types
            let scope = FileScope(environment: session.globals, directory: ".")
            for item in items {
                guard case .statement(let statement) = item else {
                    try session.define(item, in: scope)
                    continue
                }
                let interpreter = session.topLevelInterpreter()
                _ = try interpreter.execute(try interpreter.bind([statement]))
            }
        } catch {
            return error
        }
        return nil
    }

    /// The evaluation error that stopped `source`.
    private func evaluationError(running source: String) throws -> EvaluationError {
        let found = try error(running: source)
        return try #require(found as? EvaluationError, "expected an EvaluationError, got \(String(describing: found))")
    }

    /// What the session prints to standard error when it runs `source` as the script `errors.rtsh`.
    private func rendered(_ source: String) throws -> [String] {
        let shell = try ShellHarness()
        shell.session.run(script: source, file: "errors.rtsh")
        return shell.take().err
    }

    @Test func aRuntimeErrorInsideAMethodKeepsItsTypedCause() throws {
        let script = """
            @implementation MMBox : NSObject
            - (void)fill {
                int count = @"three";
            }
            @end
            [[MMBox new] fill];
            """
        let failure = try #require(try error(running: script) as? MethodBodyError)
        #expect(failure.method == "-[MMBox fill]")
        guard case .runtime(let cause) = failure.error.kind, case .typeMismatch = cause else {
            Issue.record("expected a runtime type mismatch, got \(failure.error.kind)")
            return
        }
        #expect(failure.error.location == SourceLocation(file: "errors.rtsh", line: 3, column: 9))
        #expect(failure.error.message == cause.description)
        #expect(try rendered(script) == [
            "error: errors.rtsh:3:9: in -[MMBox fill]: \(cause.description) (called from errors.rtsh:6)",
            "      int count = @\"three\";",
            "          ^",
        ])
    }

    @Test func divisionByZeroNamesTheOperator() throws {
        let script = "int zero = 0;\nint quotient = 10 / zero;"
        let error = try evaluationError(running: script)
        guard case .divisionByZero(let op) = error.kind else {
            Issue.record("expected division by zero, got \(error.kind)")
            return
        }
        #expect(op == .divide)
        #expect(error.description == "errors.rtsh:2:19: division by zero: the right operand of '/' is 0")
        #expect(try rendered(script) == [
            "error: errors.rtsh:2:19: division by zero: the right operand of '/' is 0",
            "  int quotient = 10 / zero;",
            "                    ^",
        ])
    }

    @Test func anUnknownVariableSuggestsTheNearestName() throws {
        let script = "NSString *greeting = @\"hi\";\nNSLog(@\"%@\", greting);"
        let error = try evaluationError(running: script)
        guard case .unknownName(let name, let suggestion) = error.kind else {
            Issue.record("expected an unknown name, got \(error.kind)")
            return
        }
        #expect(name == "greting")
        #expect(suggestion == "greeting")
        #expect(error.description == "errors.rtsh:2:14: no variable or class named 'greting'; did you mean 'greeting'?")
        #expect(try rendered(script)[0] == "error: errors.rtsh:2:14: no variable or class named 'greting'; did you mean 'greeting'?")
    }

    @Test func anUnrecognizedSelectorKeepsTheRuntimeErrorAndTheSuggestion() throws {
        let script = "NSString *text = @\"hello\";\n[text lenght];"
        let error = try evaluationError(running: script)
        guard case .unrecognizedSelector(let cause, let suggestion) = error.kind else {
            Issue.record("expected an unrecognized selector, got \(error.kind)")
            return
        }
        #expect(cause.isUnrecognizedSelector)
        #expect(suggestion == "length")
        #expect(error.message == cause.description + "; did you mean 'length'?")
        #expect(try rendered(script)[0] == "error: errors.rtsh:2:1: \(error.message)")
    }

    @Test func breakOutsideALoopIsFoundWhenBound() throws {
        let script = "int x = 1;\nif (x) { break; }"
        let error = try evaluationError(running: script)
        guard case .breakOutsideLoop = error.kind else {
            Issue.record("expected a break outside a loop, got \(error.kind)")
            return
        }
        #expect(error.description == "errors.rtsh:2:10: 'break' belongs inside a loop or a switch")
        #expect(try rendered(script) == [
            "error: errors.rtsh:2:10: 'break' belongs inside a loop or a switch",
            "  if (x) { break; }",
            "           ^",
        ])
    }

    @Test func definingAClassOfTheLibraryAgainIsADefinitionError() throws {
        let script = "\n\n@implementation NSDate : NSObject\n@end"
        let error = try evaluationError(running: script)
        guard case .classAlreadyDefined(let name) = error.kind else {
            Issue.record("expected a class already defined, got \(error.kind)")
            return
        }
        #expect(name == "NSDate")
        let message = "NSDate is rtsh's own class (or a stand-in), not one your code defined, so it cannot be defined again; "
            + "to add or replace methods, write a category: @implementation NSDate (Name) ... @end"
        #expect(error.description == "errors.rtsh:3:1: " + message)
        #expect(try rendered(script) == ["error: errors.rtsh:3:1: " + message, "  @implementation NSDate : NSObject", "  ^"])
    }

    @Test func notesFollowTheMessage() {
        let error = EvaluationError(.unknownClass(name: "MMLogn", suggestion: "MMLogin"), at: SourceLocation(line: 2, column: 7))
            .noting("-[MMLogin show] is left out of the class")
        #expect(error.description == "line 2, column 7: no class named 'MMLogn'; did you mean 'MMLogin'?; -[MMLogin show] is left out of the class")
        #expect(EvaluationError(.mockInsideMethod).description == "mocks are made at the prompt or in scripts, not inside methods")
    }
}
