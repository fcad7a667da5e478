import Runtime
import UIKitModel

extension Command {
    static let doubles: [Command] = [mock, expect, stub, verify]

    static let mock = Command(
        name: "mock", summary: "make a mock of a class: it answers only what it is told (expect, stub)",
        signature: Signature([.argument("CLASS", .className), .optional([.word("as"), .argument("NAME", .newName)])]),
        example: "mock UINavigationController as nav"
    ) { session, arguments, command in
        let object = try session.library.makeMock(of: try session.requireClass(arguments["CLASS"]!))
        if let name = arguments["NAME"] {
            guard name.tokens.count == 1, let variable = name.tokens.first?.identifier else {
                throw ShellError("'\(name.text)' is not a variable name: write letters, digits and _, as in nav", at: name.location)
            }
            session.variables.assign(variable, .object(object))
        } else {
            session.output.print(Value.object(object).description)
        }
    }

    static let expect = Command(
        name: "expect",
        summary: "make a mock expect a call; arguments are values or any, notNil, nil, isKindOf(C), conformsTo(P), ^(id x){...}, [OCMArg ...]",
        signature: Signature([.argument("MOCK", .object), .argument("CALL", .message), .optional([.word("returns"), .argument("VALUE", .expression)])]),
        example: "expect nav pushViewController:isKindOf(MMFileContentsViewController) animated:any"
    ) { session, arguments, command in
        let mockArgument = arguments["MOCK"]!, call = arguments["CALL"]!
        let (selector, argumentExpressions) = try session.message(call)
        let interpreter = session.topLevelInterpreter()
        let (object, mock) = try session.requireMock(try session.evaluate(mockArgument), for: command, at: mockArgument.location)
        let constraints = try argumentExpressions.map { try session.constraint(from: $0, using: interpreter) }
        try session.checkMocked(selector, on: mock, object: object, at: call.location)
        do {
            try mock.expect(InvocationMatcher(selector: selector, constraints: constraints), returning: try arguments["VALUE"].map(session.evaluate), in: session.runtime)
        } catch let error as MockError {
            throw ShellError(error.description)
        }
    }

    static let stub = Command(
        name: "stub", summary: "make a mock answer a selector with a value, whatever the arguments (replacing an earlier answer)",
        signature: Signature([.argument("MOCK", .object), .argument("SELECTOR", .selector), .word("returns"), .argument("VALUE", .expression)]),
        example: "stub nav topViewController returns details"
    ) { session, arguments, command in
        let mockArgument = arguments["MOCK"]!, selector = arguments["SELECTOR"]!
        let (object, mock) = try session.requireMock(try session.evaluate(mockArgument), for: command, at: mockArgument.location)
        try session.checkMocked(selector.text, on: mock, object: object, at: selector.location)
        do {
            let anyArguments = Array(repeating: ArgumentConstraint.any, count: selector.text.filter { $0 == ":" }.count)
            try mock.stub(InvocationMatcher(selector: selector.text, constraints: anyArguments), returning: try session.evaluate(arguments["VALUE"]!), replacing: true, in: session.runtime)
        } catch let error as MockError {
            throw ShellError(error.description)
        }
    }

    static let verify = Command(
        name: "verify", summary: "check that a mock received every call it expects",
        signature: Signature([.argument("MOCK", .object)]), example: "verify nav"
    ) { session, arguments, command in
        let mockArgument = arguments["MOCK"]!
        let (object, mock) = try session.requireMock(try session.evaluate(mockArgument), for: command, at: mockArgument.location)
        do { try mock.verify() } catch { throw BrokenExpectation(message: "\(error)") }
    }
}

extension Session {
    func requireMock(_ value: Value, for command: Command, at location: SourceLocation) throws -> (Object, Mock) {
        guard let object = value.object, let mock = library.mock(of: object) else {
            throw command.usageError("\(value) is not a mock; make one with mock CLASS as NAME", at: location)
        }
        return (object, mock)
    }

    /// Refuses a selector the mocked class does not have: the mock could never receive it.
    func checkMocked(_ selector: String, on mock: Mock, object: Object, at location: SourceLocation) throws {
        let known = mock.selectors(in: runtime)
        guard known.contains(selector) else {
            throw ShellError("\(mock.name) has no instance method '\(selector)', so it can never receive it"
                + Suggestions.didYouMean(selector, among: known), at: location)
        }
    }

    /// A selector with its arguments as written inside `[ ]` after the receiver
    /// (`pushViewController:details animated:YES`): the selector and each argument's expression.
    func message(_ call: ArgumentWords.Word) throws -> (selector: String, arguments: [Expression]) {
        let start = call.location
        var tokens = [Token(kind: .symbol("["), location: start), Token(kind: .identifier("self"), location: start)]
        tokens += call.tokens
        tokens += [Token(kind: .symbol("]"), location: start), Token(kind: .end, location: start)]
        var parser = Parser(tokens: tokens, types: types)
        guard case .message(_, let selector, let arguments, _) = try parser.expression(), parser.atEnd else {
            throw ShellError("'\(call.text)' is not a call: write a selector with its arguments, as inside [ ] (pushViewController:vc animated:YES)", at: start)
        }
        return (selector, arguments)
    }

    /// The constraint an expected argument is written as.
    func constraint(from expression: Expression, using interpreter: Interpreter) throws -> ArgumentConstraint {
        switch expression {
        case .name("any", _): return .any
        case .name("notNil", _): return .notNil
        case .literal(.nil, _): return .isNil
        case .call("isKindOf", let arguments, let location):
            guard arguments.count == 1, let cls = try interpreter.bindAndEvaluate(arguments[0]).class else {
                throw ShellError("isKindOf takes one class, as in isKindOf(UIViewController)", at: location)
            }
            return .kindOf(cls)
        case .call("conformsTo", let arguments, let location):
            guard arguments.count == 1 else { throw ShellError("conformsTo takes one protocol, as in conformsTo(NSObject)", at: location) }
            if case .name(let name, _) = arguments[0], let proto = runtime.protocol(named: name) { return .conformsTo(proto) }
            guard case .protocol(let proto) = try interpreter.bindAndEvaluate(arguments[0]) else {
                throw ShellError("conformsTo takes a protocol, as in conformsTo(NSObject)", at: location)
            }
            return .conformsTo(proto)
        case .block:
            guard case .block(let block) = try interpreter.bindAndEvaluate(expression), block.parameterCount == 1 else {
                throw ShellError("a predicate block takes one argument, as in ^(id x) { return x != nil; }", at: expression.location)
            }
            return .predicate(block)
        default:
            // A value, or an OCMock constraint (`[OCMArg checkWithBlock:...]`) or OCHamcrest matcher made at the prompt.
            return library.argumentConstraint(for: try interpreter.bindAndEvaluate(expression))
        }
    }
}
