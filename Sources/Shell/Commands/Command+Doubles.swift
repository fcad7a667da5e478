import Runtime
import UIKitModel

/// The shell's face of the doubles engine (``Mock``): `mock`, `stub`, `expect`, `reject` and
/// `verify` build and check the same entries OCMock's macros do.
extension Command {
    static let doubles: [Command] = [mock, stub, expect, reject, verify]

    /// How a call's arguments are written, for the summaries.
    private static let argumentsHelp = "a call written +CALL is a class method of a class mock's class; "
        + "arguments are values or any, notNil, nil, isKindOf(C), conformsTo(P), ^(id x){...}, [OCMArg ...], "
        + "or capture(v), which stores the argument in the variable v"

    static let mock = Command(
        name: "mock",
        summary: "make a mock of a class, of a protocol written <P>, or (partial) of an object; strict (the default) fails on a call "
            + "nothing expects or stubs, nice answers it with zero, partial runs the object's own methods but those stubbed",
        signature: Signature(
            [.word("partial"), .argument("OBJECT", .object), .optional([.word("as"), .argument("NAME", .newName)])],
            [.flags(["nice", "strict"]), .argument("TARGET", .className), .optional([.word("as"), .argument("NAME", .newName)])]),
        example: "mock nice <UITableViewDataSource> as source"
    ) { session, arguments, command in
        let object: Object
        if let written = arguments["OBJECT"] {
            let value = try session.evaluate(written)
            guard let real = value.object, !(real is Class) else {
                throw command.usageError("mock partial takes an object, and '\(written.text)' is \(value.kindDescription) (\(value)); "
                    + "mock \(written.text) makes a class mock", at: written.location)
            }
            object = try session.library.makePartialMock(of: real)
        } else {
            guard !(arguments.has("nice") && arguments.has("strict")) else {
                throw command.usageError("a mock is nice or strict, not both")
            }
            let target = arguments["TARGET"]!
            let nice = arguments.has("nice")
            if let proto = try session.mockedProtocol(target) {
                object = try session.library.makeMock(of: proto, nice: nice)
            } else {
                object = try session.library.makeMock(of: try session.mockedClass(target, for: command), nice: nice)
            }
        }
        guard let name = arguments["NAME"] else {
            session.output.print(Value.object(object).description)
            return
        }
        guard name.tokens.count == 1, let variable = name.tokens.first?.identifier else {
            throw ShellError("'\(name.text)' is not a variable name: write letters, digits and _, as in nav", at: name.location)
        }
        session.variables.assign(variable, .object(object))
    }

    static let stub = Command(
        name: "stub",
        summary: "make a mock answer a call: returns V, does ^(args){...} (what it returns is the answer), throws EXCEPTION, "
            + "posts NOTIFICATION (or a name), or calls-block N with (ARGS) (calls the block passed as argument N, counted from 1); "
            + "a later stub of the same call replaces it; " + argumentsHelp,
        signature: Signature(
            [.argument("MOCK", .object), .argument("CALL", .message), .word("returns"), .argument("VALUE", .expression)],
            [.argument("MOCK", .object), .argument("CALL", .message), .word("does"), .argument("BLOCK", .expression)],
            [.argument("MOCK", .object), .argument("CALL", .message), .word("throws"), .argument("EXCEPTION", .expression)],
            [.argument("MOCK", .object), .argument("CALL", .message), .word("posts"), .argument("NOTIFICATION", .expression)],
            [.argument("MOCK", .object), .argument("CALL", .message), .word("calls-block"), .argument("N", .object), .word("with"), .argument("ARGS", .object)]),
        example: "stub api fetchWithCompletion:any calls-block 1 with (@[@\"Ada\"], nil)"
    ) { session, arguments, command in
        let mockArgument = arguments["MOCK"]!, call = arguments["CALL"]!
        let (object, mock) = try session.requireMock(try session.evaluate(mockArgument), for: command, at: mockArgument.location)
        var matcher = try session.matcher(for: call, on: mock, object: object)
        let runtime = session.runtime
        do {
            if let value = arguments["VALUE"] {
                try mock.stub(matcher, returning: try session.evaluate(value), replacing: true, in: runtime)
                return
            }
            var actions: [MockAction] = []
            if let written = arguments["BLOCK"] {
                guard case .block(let block) = try session.evaluate(written) else {
                    throw ShellError("does takes a block, which gets the call's arguments and returns the answer, as in ^(id item) { return nil; }", at: written.location)
                }
                guard block.parameterCount <= matcher.constraints.count else {
                    throw ShellError("the block takes \(block.parameterCount) arguments, but \(matcher.selector) passes \(matcher.constraints.count)", at: written.location)
                }
                actions = [.answer(block)]
            } else if let written = arguments["EXCEPTION"] {
                let exception = try session.evaluate(written)
                guard ClassLibrary.isException(exception, in: runtime), let raised = exception.object else {
                    throw ShellError("throws takes an NSException, as in [NSException exceptionWithName:@\"MMOffline\" reason:@\"no network\" userInfo:nil]", at: written.location)
                }
                actions = [.raise(.object(raised))]
            } else if let written = arguments["NOTIFICATION"] {
                actions = [.post(try session.notification(written))]
            } else {
                // The constraint calls the block when the call is taken; the stub itself does nothing more.
                try session.invokeBlock(arguments["N"]!, with: arguments["ARGS"]!, in: &matcher, on: mock)
            }
            try mock.stub(matcher, doing: actions, replacing: true)
        } catch let error as MockError {
            throw ShellError(error.description)
        }
    }

    static let expect = Command(
        name: "expect",
        summary: "make a mock expect a call, answering VALUE if given; those marked in order must come in the order expected; " + argumentsHelp,
        signature: Signature([
            .argument("MOCK", .object), .argument("CALL", .message), .optional([.word("returns"), .argument("VALUE", .expression)]),
            .optional([.word("in"), .word("order")]),
        ]),
        example: "expect nav pushViewController:isKindOf(MMFileContentsViewController) animated:any"
    ) { session, arguments, command in
        let mockArgument = arguments["MOCK"]!, call = arguments["CALL"]!
        let (object, mock) = try session.requireMock(try session.evaluate(mockArgument), for: command, at: mockArgument.location)
        let matcher = try session.matcher(for: call, on: mock, object: object)
        do {
            try mock.expect(matcher, returning: try arguments["VALUE"].map(session.evaluate), inOrder: arguments.has("order"), in: session.runtime)
        } catch let error as MockError {
            throw ShellError(error.description)
        }
    }

    static let reject = Command(
        name: "reject", summary: "make a mock fail on a call, whatever kind of mock it is; " + argumentsHelp,
        signature: Signature([.argument("MOCK", .object), .argument("CALL", .message)]),
        example: "reject nav popViewControllerAnimated:any"
    ) { session, arguments, command in
        let mockArgument = arguments["MOCK"]!, call = arguments["CALL"]!
        let (object, mock) = try session.requireMock(try session.evaluate(mockArgument), for: command, at: mockArgument.location)
        let matcher = try session.matcher(for: call, on: mock, object: object)
        do { try mock.add(.rejection, matching: matcher) } catch { throw ShellError("\(error)") }
    }

    static let verify = Command(
        name: "verify",
        summary: "check that a mock received every call it expects, or (received) how many calls it received like CALL: at least once "
            + "unless times, atLeast, atMost or never says; within SECONDS runs the virtual clock until it holds or they pass",
        signature: Signature(
            [
                .argument("MOCK", .object), .word("received"), .argument("CALL", .message),
                .optional([.word("times"), .argument("COUNT", .object)]), .optional([.word("atLeast"), .argument("COUNT", .object)]),
                .optional([.word("atMost"), .argument("COUNT", .object)]), .flags(["never"]),
                .optional([.word("within"), .argument("SECONDS", .object)]),
            ],
            [.argument("MOCK", .object), .optional([.word("within"), .argument("SECONDS", .object)])]),
        example: "verify nav received pushViewController:capture(pushed) animated:YES times 1"
    ) { session, arguments, command in
        let mockArgument = arguments["MOCK"]!
        let (object, mock) = try session.requireMock(try session.evaluate(mockArgument), for: command, at: mockArgument.location)
        let seconds = try arguments["SECONDS"].map { try session.count($0, for: "within", allowingFractions: true) } ?? 0
        guard let call = arguments["CALL"] else {
            try session.library.wait(upTo: seconds) { mock.expectationsAreMet }
            do { try mock.verify() } catch { throw BrokenExpectation(message: "\(error)") }
            return
        }
        // The call is a phrase, so quantifiers it could not place (two of them, one without
        // its count, or one after within) end up in it: say what is wrong with them rather
        // than reading them as the call's arguments.
        let quantifierNames = ["times", "atLeast", "atMost", "never"]
        let quantifierWords = Set(quantifierNames + ["within"])
        let tokens = call.tokens
        if let stray = tokens.indices.dropFirst().first(where: {
            tokens[$0].identifier.map(quantifierWords.contains) == true && tokens[$0].bytes.lowerBound != tokens[$0 - 1].bytes.upperBound
        }) {
            let written = call.text.utf8.dropFirst(Int(tokens[stray].bytes.lowerBound - tokens[tokens.startIndex].bytes.lowerBound))
            throw command.usageError("'\(String(written) ?? "")' is out of place: after the call give at most one of times N, atLeast N, "
                + "atMost N and never, then within SECONDS if need be", at: tokens[stray].location)
        }
        let quantifiers = quantifierNames.filter(arguments.has)
        guard quantifiers.count <= 1 else {
            throw command.usageError("give one of times, atLeast, atMost and never, not \(quantifiers.joined(separator: " and "))")
        }
        let count = try arguments["COUNT"].map { Int(try session.count($0, for: quantifiers[0], allowingFractions: false)) } ?? 0
        let quantifier: MockQuantifier = switch quantifiers.first {
        case "times": .exactly(count)
        case "atLeast": .atLeast(count)
        case "atMost": .atMost(count)
        case "never": .never
        default: .atLeastOnce
        }
        let matcher = try session.matcher(for: call, on: mock, object: object)
        let runtime = session.runtime
        try session.library.wait(upTo: seconds) {
            (try? mock.verify(matcher, quantifier, in: runtime)) != nil
        }
        do {
            try mock.verify(matcher, quantifier, in: runtime)
        } catch let error as MockError {
            throw BrokenExpectation(message: error.description)
        }
    }
}

extension Session {
    func requireMock(_ value: Value, for command: Command, at location: SourceLocation) throws -> (Object, Mock) {
        guard let object = value.object, let mock = library.mock(of: object) else {
            throw command.usageError("\(value) is not a mock; make one with mock CLASS as NAME", at: location)
        }
        return (object, mock)
    }

    /// The protocol `<Name>` names, nil for anything else.
    fileprivate func mockedProtocol(_ target: ArgumentWords.Word) throws -> ObjCProtocol? {
        guard target.text.hasPrefix("<") else { return nil }
        let name = String(target.text.dropFirst().prefix { $0 != ">" })
        guard target.text.hasSuffix(">"), !name.isEmpty else {
            throw ShellError("a protocol is written in angle brackets, as in <UITableViewDataSource>", at: target.location)
        }
        guard let proto = runtime.protocol(named: name) else {
            throw ShellError("no protocol named '\(name)'" + Suggestions.didYouMean(name, among: runtime.protocols.map(\.name)), at: target.location)
        }
        return proto
    }

    /// The class a `mock` names: by its name, or a variable or expression that gives a class.
    fileprivate func mockedClass(_ target: ArgumentWords.Word, for command: Command) throws -> Class {
        if target.tokens.count == 1, target.tokens.first?.identifier != nil, variables.lookUp(target.text) == nil {
            return try requireClass(target)
        }
        let value = try evaluate(target)
        if let cls = value.class { return cls }
        if value.object != nil {
            throw command.usageError("'\(target.text)' is an object (\(value)); mock partial \(target.text) as NAME mocks it partially, "
                + "mock CLASS mocks a class", at: target.location)
        }
        throw command.usageError("'\(target.text)' is \(value.kindDescription) (\(value)), not a class or a protocol", at: target.location)
    }

    /// What a call written at the prompt takes: its selector, which the mock must have, and a
    /// constraint per argument. A bare selector (`popViewControllerAnimated:`) takes any arguments.
    ///
    /// A call written with a leading `+` (`+sharedClientWithName:any`) is a class method of a
    /// class mock's class, as `OCMClassMethod` makes one; so is a call the class has only as a
    /// class method, as OCMock takes it.
    func matcher(for written: ArgumentWords.Word, on mock: Mock, object: Object) throws -> InvocationMatcher {
        var call = written
        var writtenAsClassMethod = false
        if let first = call.tokens.first, first.isSymbol("+"), call.tokens.count > 1 {
            call = ArgumentWords.Word(tokens: call.tokens.dropFirst(), text: String(call.text.dropFirst()))
            writtenAsClassMethod = true
        }
        if Self.isBareSelector(call.text), call.text.hasSuffix(":") {
            let isClassMethod = try checkMocked(call.text, on: mock, writtenAsClassMethod: writtenAsClassMethod, at: written.location)
            let anyArguments = Array(repeating: ArgumentConstraint.any, count: call.text.filter { $0 == ":" }.count)
            return InvocationMatcher(selector: call.text, constraints: anyArguments, isClassMethod: isClassMethod)
        }
        let (selector, argumentExpressions) = try message(call)
        let isClassMethod = try checkMocked(selector, on: mock, writtenAsClassMethod: writtenAsClassMethod, at: written.location)
        let interpreter = topLevelInterpreter()
        return InvocationMatcher(
            selector: selector, constraints: try argumentExpressions.map { try constraint(from: $0, using: interpreter) }, isClassMethod: isClassMethod)
    }

    private static func isBareSelector(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" } && !(text.first?.isNumber ?? true)
    }

    /// Refuses a selector the mock could never receive, and says whether the call is a class
    /// method: one written with `+`, or one the mocked class has only as a class method.
    func checkMocked(_ selector: String, on mock: Mock, writtenAsClassMethod: Bool, at location: SourceLocation) throws -> Bool {
        let classSelectors = mock.selectors(isClassMethod: true, in: runtime)
        if writtenAsClassMethod {
            guard case .classMock = mock.kind else {
                throw ShellError("+\(selector) is a class method, and only a class mock takes class methods; "
                    + "make one with mock CLASS as NAME", at: location)
            }
            guard classSelectors.contains(selector) else {
                throw ShellError("\(mock.name) has no class method '+\(selector)', so it can never receive it"
                    + Suggestions.didYouMean(selector, among: classSelectors), at: location)
            }
            return true
        }
        let instanceSelectors = mock.selectors(in: runtime)
        if instanceSelectors.contains(selector) { return false }
        if classSelectors.contains(selector) { return true }
        throw ShellError("\(mock.name) has no instance method '\(selector)', so it can never receive it"
            + Suggestions.didYouMean(selector, among: instanceSelectors + classSelectors), at: location)
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

    /// A number a command takes (`times 2`, `within 0.5`): 0 or more.
    fileprivate func count(_ written: ArgumentWords.Word, for word: String, allowingFractions: Bool) throws -> Double {
        let value = try evaluate(written)
        guard let number = value.numberValue, number >= 0, allowingFractions || number.rounded() == number else {
            let wanted = allowingFractions ? "a number of seconds, 0 or more, as in \(word) 0.5" : "a count of 0 or more, as in \(word) 2"
            throw ShellError("\(word) takes \(wanted), and '\(written.text)' is \(value.kindDescription) (\(value))", at: written.location)
        }
        return number
    }

    /// The notification `posts` sends: an `NSNotification`, or a name for one with no object.
    fileprivate func notification(_ written: ArgumentWords.Word) throws -> Value {
        let value = try evaluate(written)
        if case .string(let name) = value {
            return try runtime.send("notificationWithName:object:", to: try runtime.requireClass(named: "NSNotification"), .string(name), .nil)
        }
        guard let object = value.object, let note = runtime.class(named: "NSNotification"), object.isKind(of: note) else {
            throw ShellError("posts takes an NSNotification or a notification's name, as in posts @\"MMCoachesDidLoad\"", at: written.location)
        }
        return value
    }

    /// `calls-block N with (ARGS)`: argument N (counted from 1) of `matcher` takes any block
    /// and calls it with ARGS.
    fileprivate func invokeBlock(_ index: ArgumentWords.Word, with written: ArgumentWords.Word, in matcher: inout InvocationMatcher, on mock: Mock) throws {
        let count = matcher.constraints.count
        let position = Int(try self.count(index, for: "calls-block", allowingFractions: false))
        guard (1...max(count, 1)).contains(position), count > 0 else {
            throw ShellError("calls-block \(position): \(matcher.selector) takes \(count == 1 ? "1 argument" : "\(count) arguments"); "
                + "N counts them from 1", at: index.location)
        }
        if let type = mock.types(of: matcher.selector, in: runtime)?.argumentTypes[position - 1], type != .block, type != .object(className: nil) {
            throw ShellError("argument \(position) of \(matcher.selector) is '\(type)', not a block", at: index.location)
        }
        guard written.text.hasPrefix("("), written.text.hasSuffix(")") else {
            throw ShellError("the block's arguments are written in parentheses, as in with (@[@\"Ada\"], nil), or with () for none", at: written.location)
        }
        // `(a, b)` read as the arguments of a call.
        var tokens = [Token(kind: .identifier("blockArguments"), location: written.location)] + Array(written.tokens)
        tokens.append(Token(kind: .end, location: written.location))
        var parser = Parser(tokens: tokens, types: types)
        guard case .call(_, let expressions, _) = try parser.expression(), parser.atEnd else {
            throw ShellError("the block's arguments are written in parentheses, separated by commas, as in (@[@\"Ada\"], nil)", at: written.location)
        }
        let interpreter = topLevelInterpreter()
        let values = try expressions.map { try interpreter.bindAndEvaluate($0) }
        var constraints = matcher.constraints
        constraints[position - 1] = .invokesBlock(arguments: values)
        matcher = InvocationMatcher(selector: matcher.selector, constraints: constraints, isClassMethod: matcher.isClassMethod)
    }

    /// The constraint an expected argument is written as.
    func constraint(from expression: Expression, using interpreter: Interpreter) throws -> ArgumentConstraint {
        switch expression {
        case .name("any", _): return .any
        case .name("notNil", _): return .notNil
        case .literal(.nil, _): return .isNil
        case .call("capture", let arguments, let location):
            guard arguments.count == 1, case .name(let name, _) = arguments[0] else {
                throw ShellError("capture takes the name of the variable to store the argument in, as in capture(pushed)", at: location)
            }
            let variables = self.variables
            return .captures(ArgumentCapture(name: name) { variables.assign(name, $0) })
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
