import Runtime
import UIKitModel

extension Command {
    static let doubles: [Command] = [mock, expect, stub, verify]

    static let mock = Command(
        name: "mock", summary: "make a mock of a class: it answers only what it is told (expect, stub)",
        usage: "mock CLASS [as NAME]", example: "mock UINavigationController as nav"
    ) { session, arguments, command in
        let words = arguments.words
        guard words.count == 1 || (words.count == 3 && words[1] == "as") else {
            throw command.usageError("give a class, and optionally 'as NAME'")
        }
        let object = try session.library.makeMock(of: try session.requireClass(words[0]))
        if words.count == 3 {
            guard words[2].first.map({ $0 == "_" || $0.isLetter }) == true, words[2].allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }) else {
                throw ShellError("'\(words[2])' is not a variable name")
            }
            session.variables.assign(words[2], .object(object))
        } else {
            session.output.print(Value.object(object).description)
        }
    }

    static let expect = Command(
        name: "expect",
        summary: "make a mock expect a call; arguments are values or any, notNil, nil, isKindOf(C), conformsTo(P), ^(id x){...}",
        usage: "expect MOCK SELECTOR-WITH-ARGUMENTS [returns VALUE]",
        example: "expect nav pushViewController:isKindOf(MMFileContentsViewController) animated:any"
    ) { session, arguments, command in
        let (callText, resultText) = arguments.text.splitOnReturns()
        var parser = try Parser("[" + callText + "]")
        guard case .message(let receiver, let selector, let argumentExpressions, _) = try parser.expression(), parser.current.kind == .end,
              case .expression(let mockExpression) = receiver else {
            throw command.usageError("write the mock, then the call as inside [ ]")
        }
        let interpreter = session.topLevelInterpreter()
        let (object, mock) = try session.requireMock(try interpreter.evaluate(mockExpression), for: command)
        let constraints = try argumentExpressions.map { try session.constraint(from: $0, using: interpreter) }
        try session.checkMocked(selector, on: mock, object: object)
        do {
            try mock.expect(Mock.Expectation(selector: selector, constraints: constraints, returning: try resultText.map(session.evaluateExpression)), in: session.runtime)
        } catch let error as MockError {
            throw ShellError(error.description)
        }
    }

    static let stub = Command(
        name: "stub", summary: "make a mock answer a selector with a value, whatever the arguments",
        usage: "stub MOCK SELECTOR returns VALUE", example: "stub nav topViewController returns details"
    ) { session, arguments, command in
        let (callText, resultText) = arguments.text.splitOnReturns()
        let words = CommandArguments(callText).words
        guard words.count == 2, let resultText else { throw command.usageError("give a mock, a selector and 'returns VALUE'") }
        let (object, mock) = try session.requireMock(try session.evaluateExpression(words[0]), for: command)
        try session.checkMocked(words[1], on: mock, object: object)
        do {
            try mock.stub(words[1], returning: try session.evaluateExpression(resultText), in: session.runtime)
        } catch let error as MockError {
            throw ShellError(error.description)
        }
    }

    static let verify = Command(
        name: "verify", summary: "check that a mock received every call it expects",
        usage: "verify MOCK", example: "verify nav"
    ) { session, arguments, command in
        guard arguments.words.count == 1 else { throw command.usageError("give one mock") }
        let (object, mock) = try session.requireMock(try session.evaluateExpression(arguments.words[0]), for: command)
        do { try mock.verify(describing: object) } catch { throw BrokenExpectation(message: "\(error)") }
    }
}

extension Session {
    func requireMock(_ value: Value, for command: Command) throws -> (Object, Mock) {
        guard let object = value.object, let mock = library.mock(of: object) else {
            throw ShellError("\(value) is not a mock; make one with mock CLASS as NAME; usage: \(command.usage)")
        }
        return (object, mock)
    }

    /// Refuses a selector the mocked class does not have: the mock could never receive it.
    func checkMocked(_ selector: String, on mock: Mock, object: Object) throws {
        let known = mock.mockedClass.lineage.flatMap { runtime.methods(of: $0).map(\.selector.name) }
        guard known.contains(selector) else {
            throw ShellError("\(mock.mockedClass.name) has no instance method '\(selector)', so its mock can never receive it"
                + Suggestions.didYouMean(selector, among: known))
        }
    }

    /// The constraint an expected argument is written as.
    func constraint(from expression: Expression, using interpreter: Interpreter) throws -> ArgumentConstraint {
        switch expression {
        case .name("any", _): return .any
        case .name("notNil", _): return .notNil
        case .literal(.nil, _): return .isNil
        case .call("isKindOf", let arguments, let location):
            guard arguments.count == 1, let cls = try interpreter.evaluate(arguments[0]).class else {
                throw ShellError("isKindOf takes one class, as in isKindOf(UIViewController)", at: location)
            }
            return .kindOf(cls)
        case .call("conformsTo", let arguments, let location):
            guard arguments.count == 1 else { throw ShellError("conformsTo takes one protocol, as in conformsTo(NSObject)", at: location) }
            if case .name(let name, _) = arguments[0], let proto = runtime.protocol(named: name) { return .conformsTo(proto) }
            guard case .protocol(let proto) = try interpreter.evaluate(arguments[0]) else {
                throw ShellError("conformsTo takes a protocol, as in conformsTo(NSObject)", at: location)
            }
            return .conformsTo(proto)
        case .block:
            guard case .block(let block) = try interpreter.evaluate(expression), block.parameterCount == 1 else {
                throw ShellError("a predicate block takes one argument, as in ^(id x) { return x != nil; }", at: expression.location)
            }
            return .predicate(block)
        default:
            return .equal(try interpreter.evaluate(expression))
        }
    }
}

extension String {
    /// The text before and after a top-level ` returns `, if there is one.
    func splitOnReturns() -> (String, String?) {
        guard let range = range(of: " returns ", options: .backwards) else { return (self, nil) }
        return (String(self[..<range.lowerBound]), String(self[range.upperBound...]).trimmingWhitespace())
    }
}
