import Runtime
import Synchronization

/// Kiwi's stubs, mocks and message expectations, through the mock engine (``Mock``).
extension ClassLibrary {
    /// `clearStubs`: a mock forgets its stubs; the partial mock over a real object, or the
    /// class mock standing in front of a class's methods, stops.
    func clearKiwiStubs(of subject: Object) throws {
        if let mock = mocks.mock(for: subject) {
            mock.removeStubs()
            return
        }
        let cls = subject as? Class
        for object in mocks.mockObjects(where: { mock in
            switch mock.kind {
            case .partialMock(let real): real === subject
            case .classMock(let mocked): mocked === cls && mock.flavor == .ocmock
            default: false
            }
        }) {
            stopMocking(object)
        }
    }


    /// The mock that stubs and counts calls to `subject`: its own, for a mock; the class
    /// mock of a class (made, nice, when there is none), whose calls are class methods; or
    /// the partial mock over a real object (made when there is none). `method` is the
    /// Kiwi method asking, for errors.
    func kiwiMock(for subject: Object, method: String) throws -> (mock: Mock, isClassMethod: Bool) {
        if let mock = mocks.mock(for: subject) { return (mock, false) }
        if let cls = subject as? Class, !cls.isMetaclass {
            if let (_, mock) = mocks.classMock(for: cls) { return (mock, true) }
            guard let mock = mocks.mock(for: try makeMock(of: cls, nice: true)) else {
                throw ClassLibraryError.invalidArgument(method: method, reason: "\(cls.name) cannot be stubbed")
            }
            return (mock, true)
        }
        if let mock = mocks.partialMock(over: subject) { return (mock, false) }
        guard let mock = mocks.mock(for: try makePartialMock(of: subject)) else {
            throw ClassLibraryError.invalidArgument(method: method, reason: "\(subject) cannot be stubbed")
        }
        return (mock, false)
    }

    /// Which calls of `selector` a stub or expectation takes: those with `arguments` (each
    /// equal, or taken by a constraint such as `any()`), or any arguments when nil.
    func kiwiMatcher(_ selector: Value, arguments: [Value]?, isClassMethod: Bool, method: String) throws -> InvocationMatcher {
        guard case .selector(let selector) = selector else {
            throw ClassLibraryError.wrongArgument(method: method, expected: "a selector, as in @selector(fetch:)", got: selector.description)
        }
        let constraints = arguments?.map(argumentConstraint(for:)) ?? Array(repeating: .any, count: selector.argumentCount)
        guard constraints.count == selector.argumentCount else {
            throw ClassLibraryError.invalidArgument(
                method: method, reason: "\(selector.name) takes \(selector.argumentCount) argument\(selector.argumentCount == 1 ? "" : "s"), but \(constraints.count) were given")
        }
        return InvocationMatcher(selector: selector.name, constraints: constraints, isClassMethod: isClassMethod)
    }

    /// Stubs `selector` on `subject`: it answers the values in turn (the last from then
    /// on), or what `block` answers given the arguments as an array, or zero. An earlier
    /// stub of the same call is replaced, unless `replacingEarlier` is false, when it stays.
    func stub(
        _ subject: Object, _ selector: Value, arguments: [Value]?, answering values: [Value]?, block: Block? = nil, replacingEarlier: Bool = true,
        method: String, nestedAt depth: Int
    ) throws {
        let (mock, isClassMethod) = try kiwiMock(for: subject, method: method)
        let matcher = try kiwiMatcher(selector, arguments: arguments, isClassMethod: isClassMethod, method: method)
        // A real object or class is stubbed only in a method it has, as Kiwi checks.
        if case .selector(let named) = selector, mocks.mock(for: subject) == nil, !runtime.instancesRespond(subject.isa, to: named) {
            throw ClassLibraryError.invalidArgument(method: method, reason: "\(subject) cannot be stubbed with \(named.name), a method it does not have")
        }
        if !replacingEarlier, mock.hasStub(for: matcher) { return }
        let zero = mock.types(of: matcher.selector, isClassMethod: isClassMethod, in: runtime)?.returnType.zeroValue ?? .nil
        if let block {
            let answer = Block(parameterCount: matcher.constraints.count) { arguments in
                try block.call(Arguments(.array(Array(arguments))), nestedAt: depth)
            }
            try mock.stub(matcher, doing: [.answer(answer)], replacing: true)
            return
        }
        let answers = (values ?? [zero]).map { $0 == .nil ? zero : $0 }
        if answers.count == 1 {
            try mock.stub(matcher, returning: answers[0], replacing: true, in: runtime)
        } else {
            try mock.stub(matcher, returningInTurn: answers, in: runtime)
        }
    }

    /// `[[subject should] receive:...]`: stubs the call (with `value`, or zero unless it is
    /// stubbed already, as Kiwi keeps an earlier stub) and expects it `quantifier` times
    /// from now until the example ends; `shouldNot` expects it not at all.
    func expectMessage(
        on verifier: Object, _ selector: Value, arguments: [Value]?, returning value: Value?, quantifier: MockQuantifier, isCounted: Bool, nestedAt depth: Int
    ) throws {
        try runtime.setIvar("_settled", of: verifier, to: .bool(true))
        guard try runtime.ivarValue("_attached", of: verifier).isTruthy, let subject = try runtime.ivarValue("_subject", of: verifier).object else { return }
        try stub(subject, selector, arguments: arguments, answering: value.map { [$0] }, replacingEarlier: value != nil, method: "receive:", nestedAt: depth)
        let negated = try runtime.ivarValue("_negated", of: verifier).isTruthy
        let timeout = try runtime.ivarValue("_timeout", of: verifier).numberValue ?? -1
        let (mock, isClassMethod) = try kiwiMock(for: subject, method: "receive:")
        let file: String? = if case .string(let path) = try runtime.ivarValue("_file", of: verifier) { path } else { nil }
        kiwi.add(KiwiRegistry.MessageExpectation(
            mock: mock, matcher: try kiwiMatcher(selector, arguments: arguments, isClassMethod: isClassMethod, method: "receive:"),
            // `shouldNot receive:` means not at all, whatever the count.
            quantifier: negated && !isCounted ? .atLeast(1) : quantifier, baseline: mock.receivedCalls.count, negated: negated,
            timeout: timeout >= 0 ? timeout : nil, subject: subject.description, file: file, line: try runtime.ivarValue("_line", of: verifier).intValue ?? 0))
    }

    /// `[[@"MMDidSave" should] bePosted]`: a notification of the subject's name (with the
    /// object and user info given) must be posted before the example ends.
    func expectPost(on verifier: Object, object: Value?, userInfo: Value?, evaluating: Block?, nestedAt depth: Int) throws {
        try runtime.setIvar("_settled", of: verifier, to: .bool(true))
        let name = try runtime.ivarValue("_subject", of: verifier)
        guard case .string(let notificationName) = name else {
            throw ClassLibraryError.invalidArgument(method: "bePosted", reason: "its subject must be a notification's name, as in [[@\"MMDidSave\" should] bePosted]")
        }
        let runtime = self.runtime
        let posted = Mutex<[Value]>([])
        // `bePostedEvaluatingBlock:` runs its block with each notification as it is posted.
        let observer = Block(parameterCount: 1, body: { arguments, depth in
            posted.withLock { $0.append(arguments[0]) }
            _ = try evaluating?.call(Arguments(arguments[0]), nestedAt: depth)
            return .nil
        })
        let center = try runtime.send("defaultCenter", to: try runtime.requireClass(named: "NSNotificationCenter"))
        let token = try runtime.send(
            try runtime.selector("addObserverForName:object:queue:usingBlock:"), to: center.object, Arguments([name, .nil, .nil, .block(observer)]), nestedAt: depth)
        let negated = try runtime.ivarValue("_negated", of: verifier).isTruthy
        let timeout = try runtime.ivarValue("_timeout", of: verifier).numberValue ?? -1
        kiwi.add(KiwiRegistry.PostExpectation(
            verifier: verifier, description: "\(negated ? "no " : "")\(notificationName) notification", timeout: timeout >= 0 ? timeout : nil, observer: token
        ) {
            let wanted = try posted.withLock { $0 }.contains { notification in
                guard let notification = notification.object else { return false }
                func part(_ name: String) throws -> Value { try runtime.send(try runtime.selector(name), to: notification, Arguments(), nestedAt: depth) }
                if let object, try !runtime.isEqual(try part("object"), object, nestedAt: depth) { return false }
                if let userInfo, try !runtime.isEqual(try part("userInfo"), userInfo, nestedAt: depth) { return false }
                return true
            }
            return wanted != negated
        })
    }
}
