import Runtime
import UIKitModel

extension Command {
    static let checks: [Command] = [check, assert]

    static let check = Command(
        name: "check",
        summary: "audit super calls (check super) or creation with new (check creation); one ok/FAIL line each",
        usage: "check super TARGET [SELECTOR...] | check creation GLOB",
        example: "check super MM*"
    ) { session, arguments, command in
        let words = arguments.words
        guard let kind = words.first, kind == "super" || kind == "creation" else {
            throw command.usageError("say what to check: super or creation")
        }
        guard words.count >= 2 else { throw command.usageError("give a class or a glob pattern") }
        let audit = SuperCallAudit(runtime: session.runtime)
        let target = try session.auditTarget(words[1])
        let lines: [CheckOutcome]
        if kind == "super" {
            let selectors = words.count > 2 ? Array(words.dropFirst(2)) : nil
            do {
                lines = try audit.sweep(target, selectors: selectors).map { CheckOutcome(testName: $0.testName, passed: $0.passed, text: $0.description) }
            } catch let error as AuditError {
                throw ShellError(error.description)
            }
        } else {
            guard words.count == 2 else { throw command.usageError("check creation takes one pattern") }
            lines = audit.checkCreation(target).map { CheckOutcome(testName: $0.testName, passed: $0.passed, text: $0.description) }
        }
        session.checkOutcomes += lines
        guard !lines.isEmpty else {
            throw ShellError("nothing to check: no class matching '\(words[1])'\(kind == "super" ? " overrides a policed selector" : "")")
        }
        for line in lines { session.output.print(line.text) }
        let failed = lines.filter { !$0.passed }.count
        for _ in 0..<failed { session.recordFailure() }
        session.output.print("\(lines.count - failed) passed, \(failed) failed")
    }

    static let assert = Command(
        name: "assert", summary: "check that an expression is true, or that two are equal",
        usage: "assert EXPR | assert EXPR == EXPR", example: "assert vc.title == \"Login\""
    ) { session, arguments, command in
        guard !arguments.text.isEmpty else { throw command.usageError("give an expression") }
        var parser = try Parser(arguments.text, at: session.argumentsOrigin)
        let expression = try parser.expression()
        guard parser.current.kind == .end else { throw parser.unexpected("the end of the assertion") }
        let interpreter = session.topLevelInterpreter()
        // In a script the failure names its place; at the prompt it is plain to see.
        let place = session.argumentsOrigin.file == nil ? "" : "\(session.argumentsOrigin): "
        if case .operators(let left, let operations) = expression, operations.count == 1,
           case let (op, right) = (operations[0].symbol, operations[0].operand), op == "==" || op == "!=" {
            let lhs = try interpreter.evaluate(left)
            let rhs = try interpreter.evaluate(right)
            guard lhs.isEqual(to: rhs) == (op == "==") else {
                session.recordFailure(session.brokenExpectation("assertion failed: \(arguments.text)"))
                session.output.printError("error: \(place)assertion failed: \(arguments.text)")
                session.output.printError("  left:  \(lhs)")
                session.output.printError("  right: \(rhs)")
                return
            }
            return
        }
        let value = try interpreter.evaluate(expression)
        guard value.isTruthy else {
            session.recordFailure(session.brokenExpectation("assertion failed: \(arguments.text) (was \(value))"))
            session.output.printError("error: \(place)assertion failed: \(arguments.text) (was \(value))")
            return
        }
    }
}

extension Session {
    /// A class name (that class only) or a glob, for the audit.
    func auditTarget(_ text: String) throws -> SuperCallAudit.Target {
        let glob = try Glob(text)
        if !glob.hasWildcards { _ = try requireClass(text) }
        return .matching(glob)
    }
}

/// One check's outcome, kept for a JUnit report: its test name, and its ok/FAIL line.
public struct CheckOutcome: Hashable, Sendable {
    public let testName: String
    public let passed: Bool
    public let text: String
    /// How long the statement that ran the check took.
    public internal(set) var seconds: Double = 0
}
