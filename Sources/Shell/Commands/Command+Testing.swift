import Runtime
import UIKitModel

extension Command {
    static let testing: [Command] = [test, wait]

    /// Runs the loaded test cases at the prompt, so a user can change a method and run the
    /// tests again without leaving.
    static let test = Command(
        name: "test",
        summary: "run the loaded XCTest, SenTestingKit, GHUnit, KIF, Specta and Quick tests: all, one class's, or one -[Class testMethod]",
        signature: Signature([.optional([.argument("TARGET", .className)])]), example: "test MMLoginTests"
    ) { session, arguments, command in
        var selection = Session.TestSelection()
        if let target = arguments["TARGET"] {
            if target.text.hasPrefix("-[") || target.text.hasPrefix("+[") {
                let reference = try session.methodReference(target)
                selection.className = reference.className
                selection.methodName = reference.selector
            } else {
                selection.className = target.text
            }
            let cls = try session.requireClass(selection.className!, at: target.location)
            guard TestRunner(session: session).kind(of: cls) != nil else {
                throw command.usageError("\(cls.name) is not a test case class: it does not descend from XCTestCase, SenTestCase or GHTestCase", at: target.location)
            }
        }
        guard let summary = session.runTests(selection) else { return }
        for result in summary.results where result.outcome == .failed || result.outcome == .error {
            let issue = result.issues.first { $0.kind != .skip }
            session.recordFailure(Failure(
                kind: result.outcome == .error ? .error : .brokenExpectation, message: "\(result.name) : \(issue?.message ?? "failed")",
                file: issue?.file, line: issue?.line ?? 0, seconds: result.seconds))
        }
        if summary.results.isEmpty { session.recordFailure() }
    }

    /// Lets virtual time pass: a number of seconds, or until an expression is true.
    static let wait = Command(
        name: "wait",
        summary: "let virtual time pass: SECONDS of it, or until EXPR is true (10 s at most unless a timeout is given)",
        signature: Signature(
            [.word("until"), .argument("EXPR", .expression), .optional([.word("timeout"), .argument("SECONDS", .expression)])],
            [.argument("SECONDS", .expression)]),
        example: "wait until vc.isLoaded timeout 2"
    ) { session, arguments, command in
        let clock = session.framework.clock
        let start = clock.now
        var timeout = 10.0
        if let written = arguments["SECONDS"] {
            let value = try session.evaluate(written)
            guard let seconds = value.numberValue, seconds.isFinite, seconds >= 0 else {
                throw command.usageError("wait takes a number of seconds, 0 or more, such as 0.5, but '\(written.text)' is \(value)", at: written.location)
            }
            timeout = seconds
        }
        do {
            guard let written = arguments["EXPR"] else {
                let report = try clock.advance(by: VirtualClock.nanoseconds(fromSeconds: timeout))
                session.output.print("waited \(VirtualClock.secondsText(clock.now - start)), now \(VirtualClock.secondsText(report.end)): \(describe(report))")
                return
            }
            let expression = try written.expression(types: session.types)
            let interpreter = session.topLevelInterpreter()
            let bound = try interpreter.bind(expression)
            let held = try clock.advance(until: { try interpreter.evaluate(bound).isTruthy }, timeout: VirtualClock.nanoseconds(fromSeconds: timeout))
            let waited = VirtualClock.secondsText(clock.now - start)
            guard held else {
                throw BrokenExpectation(message: "\(written.text) was still false after waiting \(waited)", location: written.location)
            }
            session.output.print("waited \(waited) until \(written.text), now \(VirtualClock.secondsText(clock.now))")
        } catch let overrun as VirtualClock.Overrun {
            throw EvaluationError(.runLoopOverrun(overrun))
        }
    }
}
