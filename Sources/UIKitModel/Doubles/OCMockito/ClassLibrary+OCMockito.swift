import Runtime

extension ClassLibrary {
    /// The names of OCMockito's classes the library defines.
    static let ocmockitoClassNames = ["MKTArgumentCaptor", "MKTMockitoCore", "MKTOngoingStubbing"]

    /// OCMockito's API over the mock engine (``Mock``), as its macros reach it
    /// (`OCMockitoMacros` in the shell): `MKTMockitoCore`, whose class methods make the mocks
    /// (`mock`, `mockClass`, `mockProtocol`, `mockObjectAndProtocol`), stub (`given`,
    /// `givenVoid`), verify (`verify`, `verifyCount`) and stop them; `MKTOngoingStubbing`,
    /// what `given` answers (`willReturn:`, `willDo:`, `willThrow:`, `withMatcher:forArgument:`);
    /// and `MKTArgumentCaptor`.
    ///
    /// OCMockito's mocks are always nice and record every call. A verification is the
    /// mock's next call after `verify(mock)`: it counts the matching calls no earlier
    /// verification counted, and a failure is the test's, at the macro's file and line.
    func defineOCMockito(root: Class) throws {
        try defineMockitoCore(root: root)
        try defineOngoingStubbing(root: root)
        try defineMockitoArgumentCaptor(root: root)
    }

    private func defineMockitoCore(root: Class) throws {
        let library = unheld
        try runtime.registerLazyClass(named: "MKTMockitoCore", superclass: root) { c in
            try c.addClassMethod("_mockForClass:", types: "@@:#") { m in
                .object(try library.makeMockitoMock(of: try Self.mockedClass(m, 0, function: "mock")))
            }
            try c.addClassMethod("_mockForClassObject:", types: "@@:#") { m in
                .object(try library.makeMockitoClassMock(of: try Self.mockedClass(m, 0, function: "mockClass")))
            }
            try c.addClassMethod("_mockForProtocol:optionals:", types: "@@:@B") { m in
                let optionals = m[1].isTruthy
                let proto = try Self.mockedProtocol(m, 0, function: optionals ? "mockProtocol" : "mockProtocolWithoutOptionals")
                return .object(try library.makeMock(of: proto, nice: true, flavor: .ocmockito, includingOptionals: optionals))
            }
            try c.addClassMethod("_mockForClass:protocol:", types: "@@:#@") { m in
                let cls = try Self.mockedClass(m, 0, function: "mockObjectAndProtocol")
                return .object(try library.makeMockitoMock(of: cls, and: try Self.mockedProtocol(m, 1, function: "mockObjectAndProtocol")))
            }
            // Before the call inside `given(…)`: a call made earlier is no call to stub.
            try c.addClassMethod("_beginGiven", types: "v@:") { _ in
                library.mocks.mockitoProgress.withLock { $0.ongoingStubbing = nil }
                return .nil
            }
            try c.addClassMethod("_givenIn:file:line:", types: "@@:@*i") { m in
                try library.given(at: try Self.location(m, 0), m)
            }
            try c.addClassMethod("_givenVoidIn:file:line:block:", types: "@@:@*i@?") { m in
                let location = try Self.location(m, 0)
                guard let block = try m.blockArgument(3) else { throw m.wrongArgument(3, expected: "a block making the call to stub") }
                // Cleared first, so a block that calls no mock takes no call made before it.
                library.mocks.mockitoProgress.withLock { $0.ongoingStubbing = nil }
                _ = try block.call(Arguments(), nestedAt: m.depth + 1)
                return try library.given(at: location, m)
            }
            try c.addClassMethod("_verify:mode:in:file:line:", types: "@@:@@@*i") { m in
                let location = try Self.location(m, 2)
                let quantifier = try Self.quantifier(m[1], m)
                guard let mockObject = m[0].object, library.mock(of: mockObject)?.flavor == .ocmockito else {
                    try library.failMockito(Self.notAMock(m[0], passedTo: m[1] == .nil ? "verify" : "verifyCount"), at: location, in: m.runtime, nestedAt: m.depth + 1)
                    return .nil
                }
                library.mocks.mockitoProgress.withLock {
                    $0.verification = MockitoProgress.Verification(mockObject: mockObject, quantifier: quantifier, location: location)
                }
                return .object(mockObject)
            }
            try c.addClassMethod("_stubSingleton:selector:in:file:line:", types: "v@:@:@*i") { m in
                let location = try Self.location(m, 2)
                guard let mockObject = m[0].object, let mock = library.mock(of: mockObject), case .classObjectMock(let cls) = mock.kind else {
                    let given = m[0].object.map { "type \($0.isa.name)" } ?? (m[0] == .nil ? "nil" : m[0].kindDescription)
                    try library.failMockito("Argument passed to stubSingleton() should be a class mock, but was \(given)", at: location, in: m.runtime, nestedAt: m.depth + 1)
                    return .nil
                }
                let selector = try m.selectorArgument(1)
                guard let types = m.runtime.lookUpMethod(selector, in: cls.isa)?.types else {
                    try library.failMockito("Method name passed to stubSingleton() should be a class method of \(cls.name), but was \(selector.name)", at: location, in: m.runtime, nestedAt: m.depth + 1)
                    return .nil
                }
                try library.stubSingleton(selector, types: types, of: cls, with: mockObject)
                return .nil
            }
            for (selector, disables) in [("_stopMocking:in:file:line:", false), ("_disableMocking:in:file:line:", true)] {
                try c.addClassMethod(selector, types: "v@:@@*i") { m in
                    let location = try Self.location(m, 1)
                    guard let mockObject = m[0].object, library.mock(of: mockObject) != nil else {
                        try library.failMockito(Self.notAMock(m[0], passedTo: disables ? "disableMocking" : "stopMocking"), at: location, in: m.runtime, nestedAt: m.depth + 1)
                        return .nil
                    }
                    library.stopMocking(mockObject)
                    return .nil
                }
            }
        }
    }

    /// `MKTOngoingStubbing`: what `given(…)` answers. Each `willReturn…:`, `willThrow:` and
    /// `willDo:` adds an answer, used in turn, one a call, the last again once they are
    /// used up; `withMatcher:forArgument:` has the stub take for one argument what a
    /// matcher accepts, for a scalar argument the call could not hold a matcher in.
    private func defineOngoingStubbing(root: Class) throws {
        let library = unheld
        try runtime.registerLazyClass(named: "MKTOngoingStubbing", superclass: root) { c in
            try c.addIvar("_mockObject", type: .object(className: nil))
            try c.addIvar("_entry", type: .integer(code: "q"))
            @Sendable func add(_ m: borrowing Message, _ action: MockAction) throws -> Value {
                let (mock, id) = try library.stubbing(m.receiver)
                try mock.add(action, to: id, in: m.runtime)
                return .object(m.receiver)
            }
            try c.addMethod("willReturn:", types: "@@:@") { m in try add(m, .returnValue(m[0], .mockito)) }
            for (kind, code) in [("Bool", "B"), ("Char", "c"), ("Int", "i"), ("Short", "s"), ("Long", "q"), ("LongLong", "q"), ("Integer", "q"),
                                 ("UnsignedChar", "C"), ("UnsignedInt", "I"), ("UnsignedShort", "S"), ("UnsignedLong", "Q"),
                                 ("UnsignedLongLong", "Q"), ("UnsignedInteger", "Q"), ("Float", "f"), ("Double", "d")] {
                try c.addMethod("willReturn\(kind):", types: "@@:\(code)") { m in try add(m, .returnValue(m[0], .mockito)) }
            }
            try c.addMethod("willReturnStruct:objCType:", types: "@@:^v*") { m in
                // `&value` arrives as a reference to the struct.
                let value = if case .reference(let reference) = m[0] { reference.value } else { m[0] }
                return try add(m, .returnValue(value, .mockito))
            }
            try c.addMethod("willThrow:", types: "@@:@") { m in try add(m, .raise(m[0])) }
            try c.addMethod("willDo:", types: "@@:@?") { m in
                guard let block = try m.blockArgument(0) else { throw m.wrongArgument(0, expected: "a block taking the NSInvocation and answering the result") }
                return try add(m, .answerWithInvocation(block))
            }
            try c.addMethod("withMatcher:forArgument:", types: "@@:@Q") { m in
                let (mock, id) = try library.stubbing(m.receiver)
                try mock.setConstraint(library.argumentConstraint(for: m[0]), forArgument: try m.integerArgument(1), of: id)
                return .object(m.receiver)
            }
            try c.addMethod("withMatcher:", types: "@@:@") { m in
                let (mock, id) = try library.stubbing(m.receiver)
                try mock.setConstraint(library.argumentConstraint(for: m[0]), forArgument: 0, of: id)
                return .object(m.receiver)
            }
        }
    }

    /// `MKTArgumentCaptor`: `[captor capture]` is a matcher to put where an argument goes,
    /// which takes any value and keeps it; `value` is the last one kept, `allValues` all.
    private func defineMockitoArgumentCaptor(root: Class) throws {
        try runtime.registerLazyClass(named: "MKTArgumentCaptor", superclass: root) { c in
            try c.addIvar("_captor", type: .object(className: "HCArgumentCaptor"))
            @Sendable func captor(_ m: borrowing Message) throws -> Object {
                if let captor = try m.ivar("_captor").object { return captor }
                let made = try m.runtime.send("init", to: try m.runtime.send("alloc", to: try m.runtime.requireClass(named: "HCArgumentCaptor")).object)
                try m.runtime.setIvar("_captor", of: m.receiver, to: made)
                return made.object.unsafelyUnwrapped
            }
            try c.addMethod("capture", types: "@@:") { m in .object(try captor(m)) }
            try c.addMethod("value", types: "@@:") { m in try m.send(try m.runtime.selector("value"), to: try captor(m)) }
            try c.addMethod("allValues", types: "@@:") { m in try m.send(try m.runtime.selector("allValues"), to: try captor(m)) }
        }
    }

    // MARK: Stubbing and verifying

    /// `given`: the last call an OCMockito mock received becomes the call a new stub takes,
    /// and no call to verify. Answers the stub's `MKTOngoingStubbing`, or fails when no mock
    /// was called.
    private func given(at location: MockitoProgress.Location, _ m: borrowing Message) throws -> Value {
        let ongoing = mocks.mockitoProgress.withLock { progress in
            defer { progress.ongoingStubbing = nil }
            return progress.ongoingStubbing
        }
        guard let (mockObject, call) = ongoing, let mock = mock(of: mockObject) else {
            try failMockito("given() requires an argument which is a method call on a mock object.", at: location, in: m.runtime, nestedAt: m.depth + 1)
            return .nil
        }
        mock.forgetLastCall()
        let matcher = InvocationMatcher(selector: call.selector, constraints: call.arguments.map(argumentConstraint(for:)), isClassMethod: call.isClassMethod)
        let id = try mock.stubInTurn(matcher)
        let stubbing = try m.runtime.createInstance(of: try m.runtime.requireClass(named: "MKTOngoingStubbing"))
        try m.runtime.setIvars(of: stubbing, ["_mockObject": .object(mockObject), "_entry": .int(id)])
        return .object(stubbing)
    }

    /// `stubSingleton(mockClass, selector)`: the class method `selector` of `cls` answers
    /// as the class mock answers it (what `given` stubbed, else nil) until the mock stops,
    /// through a forwarder in the ledger that stopping it undoes.
    private func stubSingleton(_ selector: Selector, types: TypeEncoding, of cls: Class, with mockObject: Object) throws {
        let entry = try runtime.replaceMethod(selector.name, types: types.description, in: cls.isa) { m in
            try m.send(m.selector, to: mockObject, m.arguments)
        }
        mocks.noteForwarding([entry.id], for: mockObject)
    }

    /// The mock and entry an `MKTOngoingStubbing` adds to.
    private func stubbing(_ object: Object) throws -> (Mock, Int) {
        guard let mockObject = try runtime.ivarValue("_mockObject", of: object).object, let mock = mock(of: mockObject),
              case .int(let id) = try runtime.ivarValue("_entry", of: object) else {
            throw ClassLibraryError.invalidArgument(method: "MKTOngoingStubbing", reason: "it was not made by given(…)")
        }
        return (mock, id)
    }

    /// `withMatcher:forArgument:` sent to a mock that `verify` is waiting on: the
    /// verification takes for that argument what the matcher accepts. False when no
    /// verification waits on `mockObject`.
    func setVerificationMatcher(_ matcher: Value, forArgument index: Int, of mockObject: Object) -> Bool {
        mocks.mockitoProgress.withLock { progress in
            guard progress.verification?.mockObject === mockObject else { return false }
            progress.verification?.argumentMatchers[index] = matcher
            return true
        }
    }

    /// Verifies `call` when a `verify` waits on `mockObject`: the call is the one to look
    /// for, not a call. A failure is reported where the `verify` was written.
    ///
    /// - Returns: whether the call was a verification.
    func verifyAsPending(_ call: Mock.Call, on mockObject: Object, mock: Mock, in runtime: Runtime, nestedAt depth: Int) throws -> Bool {
        let pending = mocks.mockitoProgress.withLock { progress -> MockitoProgress.Verification? in
            guard let verification = progress.verification, verification.mockObject === mockObject else { return nil }
            progress.verification = nil
            return verification
        }
        guard let pending else { return false }
        var constraints = call.arguments.map(argumentConstraint(for:))
        for (index, matcher) in pending.argumentMatchers where constraints.indices.contains(index) {
            constraints[index] = argumentConstraint(for: matcher)
        }
        let matcher = InvocationMatcher(selector: call.selector, constraints: constraints, isClassMethod: call.isClassMethod)
        // OCMockito before 3.0 counted every call at each verification.
        let countsEveryCall = environment.pinnedVersions["OCMockito"].map { ($0.first ?? 0) < 3 } ?? false
        if let failure = try mock.verifyUncounted(matcher, pending.quantifier, countingEveryCall: countsEveryCall, in: runtime, depth: depth) {
            try failMockito(failure, at: pending.location, in: runtime, nestedAt: depth)
        }
        return true
    }

    /// Fails where a macro was written, as OCMockito reports through OCHamcrest: the test
    /// case it was given gets `-recordFailureWithDescription:inFile:atLine:expected:` or,
    /// lacking that, `-failWithException:`; with none (or the running test's), the running
    /// test fails; with no test running, the failure is raised.
    func failMockito(_ message: String, at location: MockitoProgress.Location, in runtime: Runtime, nestedAt depth: Int) throws {
        if let testCase = location.testCase, testCase !== tests.currentTestCase {
            let record = try runtime.selector("recordFailureWithDescription:inFile:atLine:expected:")
            if runtime.instancesRespond(testCase.isa, to: record) {
                _ = try runtime.send(record, to: testCase, Arguments([.string(message), location.file.map(Value.string) ?? .nil, .int(location.line), .bool(true)]), nestedAt: depth)
                return
            }
            let failWithException = try runtime.selector("failWithException:")
            if runtime.instancesRespond(testCase.isa, to: failWithException) {
                let exception = try Self.exception(named: "MKTTestFailure", reason: message, in: runtime).exception
                _ = try runtime.send(failWithException, to: testCase, Arguments(.object(exception)), nestedAt: depth)
                return
            }
        }
        guard try tests.recordFailure(message, file: location.file, line: location.line, in: runtime, nestedAt: depth) else {
            throw MockError.verificationFailed(message)
        }
    }

    /// OCMockito's complaint about something not a mock given to `function`.
    private static func notAMock(_ value: Value, passedTo function: String) -> String {
        "Argument passed to \(function)() should be a mock, but was " + (value.object.map { "type \($0.isa.name)" } ?? (value == .nil ? "nil" : value.kindDescription))
    }

    private static func location(_ m: borrowing Message, _ first: Int) throws -> MockitoProgress.Location {
        MockitoProgress.Location(testCase: try m.objectArgument(first), file: try m.optionalStringArgument(first + 1), line: try m.integerArgument(first + 2))
    }

    private static func mockedClass(_ m: borrowing Message, _ index: Int, function: String) throws -> Class {
        guard let cls = try m.classArgument(index) else { throw m.wrongArgument(index, expected: "a class to mock, as in \(function)([MMCoachAPI class])") }
        return cls
    }

    private static func mockedProtocol(_ m: borrowing Message, _ index: Int, function: String) throws -> ObjCProtocol {
        guard case .protocol(let proto) = m[index] else {
            throw m.wrongArgument(index, expected: "a protocol to mock, as in \(function)(@protocol(UITableViewDataSource))")
        }
        return proto
    }

    /// The count a verification mode (an `OCMQuantifier`, which `times(2)` and OCMockito's
    /// other modes make) accepts; nil is OCMockito's default, exactly once.
    private static func quantifier(_ mode: Value, _ m: borrowing Message) throws -> MockQuantifier {
        guard let object = mode.object else { return .exactly(1) }
        guard let quantifier = ClassLibrary.quantifier(of: object, in: m.runtime) else {
            throw m.wrongArgument(1, expected: "a verification mode: times(n), never(), atLeast(n), atLeastOnce() or atMost(n)")
        }
        return quantifier
    }
}
