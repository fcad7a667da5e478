import Runtime
import UIKitModel

extension Command {
    static let checks: [Command] = [check, policy, assert]

    static let check = Command(
        name: "check",
        summary: "audit super calls (check super) or creation with new (check creation); one ok/FAIL/ERROR line each",
        signature: Signature(
            [.word("super"), .argument("TARGET", .classPattern), .argument("SELECTOR", .auditedSelector, repeats: true)],
            [.word("creation"), .argument("GLOB", .classPattern)]),
        example: "check super MM*"
    ) { session, arguments, command in
        let pattern = arguments["TARGET"] ?? arguments["GLOB"]!
        let target = try session.auditTarget(pattern)
        let lines: [CheckOutcome]
        if arguments.has("super") {
            do {
                lines = try session.superCallChecks(target, selectors: arguments.all("SELECTOR").map(\.text))
            } catch let error as AuditError {
                throw ShellError(error.description, at: arguments.all("SELECTOR").first?.location)
            }
        } else {
            lines = SuperCallAudit(runtime: session.runtime).checkCreation(target).map(CheckOutcome.init)
        }
        guard !lines.isEmpty else {
            throw ShellError("nothing to check: no class matching '\(pattern.text)'\(arguments.has("super") ? " overrides a policed selector" : "")", at: pattern.location)
        }
        session.report(lines)
    }

    static let assert = Command(
        name: "assert", summary: "check that an expression is true, or that two are equal",
        signature: Signature([.argument("EXPR", .expression)]), example: "assert vc.title == \"Login\""
    ) { session, arguments, command in
        let written = arguments["EXPR"]!
        let expression = try written.expression(types: session.types)
        let interpreter = session.topLevelInterpreter()
        // In a script the failure names its place; at the prompt it is plain to see.
        var place: String { session.argumentsOrigin.file == nil ? "" : "\(session.argumentsOrigin): " }
        if case .operators(let left, let operations) = expression, operations.count == 1,
           case let (op, right) = (operations[0].kind, operations[0].operand), op == .equal || op == .notEqual {
            let lhs = try interpreter.bindAndEvaluate(left)
            let rhs = try interpreter.bindAndEvaluate(right)
            guard lhs.isEqual(to: rhs) == (op == .equal) else {
                session.recordFailure(session.brokenExpectation("assertion failed: \(written.text)"))
                session.output.printError("error: \(place)assertion failed: \(written.text)")
                session.output.printError("  left:  \(lhs)")
                session.output.printError("  right: \(rhs)")
                return
            }
            return
        }
        let value = try interpreter.bindAndEvaluate(expression)
        guard value.isTruthy else {
            session.recordFailure(session.brokenExpectation("assertion failed: \(written.text) (was \(value))"))
            session.output.printError("error: \(place)assertion failed: \(written.text) (was \(value))")
            return
        }
    }
}

extension Session {
    /// Prints checks' lines and their summary, and counts those that are not ok as failures.
    func report(_ checks: [CheckOutcome]) {
        checkOutcomes += checks.map { check in
            var placed = check
            (placed.file, placed.line) = (argumentsOrigin.file, argumentsOrigin.line)
            return placed
        }
        for check in checks { output.print(check.text) }
        for _ in 0..<checks.count(where: { !$0.passed }) { recordFailure() }
        output.print(Self.tally(checks))
    }

    /// `9 passed, 3 failed`, and `, 2 errors` when there are some.
    static func tally(_ checks: [CheckOutcome]) -> String {
        let failed = checks.count { $0.verdict == .failed }
        let errors = checks.count { $0.verdict == .error }
        // Errors are named only when there are some, so a summary reads as it always has.
        let errorCount = errors == 0 ? "" : ", \(errors) error\(errors == 1 ? "" : "s")"
        return "\(checks.count - failed - errors) passed, \(failed) failed\(errorCount)"
    }

    /// A class name (that class only), a glob, or a variable holding an instance (its
    /// class), for the audit.
    func auditTarget(_ argument: ArgumentWords.Word) throws -> SuperCallAudit.Target {
        let glob = try glob(argument)
        guard !glob.hasWildcards else { return .matching(glob) }
        return .classes([try requireClass(argument)])
    }
}

extension Session {
    /// The super-call checks of the classes `target` covers, by the session's policy (only
    /// `selectors`, when some are named): each class's audits, then its policed overrides
    /// that were not loaded.
    ///
    /// - Throws: ``AuditError`` when a selector named has no rule.
    func superCallChecks(_ target: SuperCallAudit.Target, selectors: [String] = []) throws -> [CheckOutcome] {
        let audit = SuperCallAudit(runtime: runtime, policy: superCallPolicy, standIns: library.standIns)
        let audited = try audit.sweep(target, selectors: selectors.isEmpty ? nil : selectors)
        let unread = unreadOverrides(of: audit.classes(in: target), selectors: selectors)
        return (audited + unread).sorted { $0.method.className < $1.method.className }
            .map(CheckOutcome.init)
    }

    /// The overrides of `classes` that the session's policy polices but whose bodies could not be read
    /// when they loaded, as errors: an audit reports them rather than passing them.
    private func unreadOverrides(of classes: [Class], selectors: [String]) -> [SuperCallResult] {
        classes.flatMap { cls in
            (unreadMethods[cls.name] ?? []).compactMap { record -> SuperCallResult? in
                let selector = record.method.selector
                guard !record.method.isClassMethod, selectors.isEmpty || selectors.contains(selector),
                      let requirement = superCallPolicy.rule(for: selector, in: cls)?.requirement else {
                    return nil
                }
                return SuperCallResult(method: record.method, requirement: requirement, finding: .notLoaded("its body could not be read (\(record.location))"))
            }
        }
    }
}
