import Runtime

extension ClassLibrary {
    /// The names of OCMock's classes the library defines.
    static let ocmockClassNames = [
        "OCClassMockObject", "OCMArg", "OCMAnyConstraint", "OCMBlockArgCaller", "OCMBlockConstraint", "OCMConstraint",
        "OCMInvocationConstraint", "OCMIsEqualConstraint", "OCMIsNilConstraint", "OCMIsNotEqualConstraint", "OCMIsNotNilConstraint",
        "OCMMacroState", "OCMObserverRecorder", "OCMPassByRefSetter", "OCMQuantifier", "OCMStubRecorder", "OCMockObject", "OCObserverMockObject",
        "OCPartialMockObject", "OCProtocolMockObject",
    ]

    /// OCMock's Objective-C API over the mock engine (``Mock``): `OCMockObject` and its
    /// factories, the recorders `stub`, `expect` and `reject` answer, `OCMArg` and
    /// `OCMConstraint`, quantifiers, and `OCMMacroState`, which the macros (`OCMStub`,
    /// `OCMVerify`...) call.
    func defineOCMock(root: Class) throws {
        let mockObject = try defineOCMockObject(root: root)
        try defineOCClassMockObject(mockObject: mockObject)
        let library = unheld
        // `[[OCProtocolMockObject alloc] initWithProtocol:…]` and the like make the mock the
        // factories make (the object `alloc` gave is let go, as an initializer may answer another).
        try runtime.registerLazyClass(named: "OCProtocolMockObject", superclass: mockObject) { c in
            try c.addMethod("initWithProtocol:", types: "@@:@") { m in
                guard case .protocol(let proto) = m[0] else { throw m.wrongArgument(0, expected: "a protocol, as in @protocol(UITableViewDataSource)") }
                return .object(try library.makeMock(of: proto))
            }
        }
        try runtime.registerLazyClass(named: "OCPartialMockObject", superclass: mockObject) { c in
            try c.addIvar("_realObject", type: .object(className: nil))
            try c.addMethod("realObject", types: "@@:") { m in try m.ivar("_realObject") }
            try c.addMethod("initWithObject:", types: "@@:@") { m in
                guard let object = try m.objectArgument(0) else { throw m.wrongArgument(0, expected: "an object to mock partially") }
                return .object(try library.makePartialMock(of: object))
            }
        }
        try defineOCMStubRecorder(root: root)
        try defineOCMArg(root: root)
        try defineOCMQuantifier(root: root)
        try defineOCObserverMockObject(root: root)
        try defineOCMMacroState(root: root)
    }

    private func defineOCMockObject(root: Class) throws -> Class {
        let library = unheld
        return try runtime.registerLazyClass(named: "OCMockObject", superclass: root) { c in
            for (factory, nice) in [("mockForClass:", false), ("niceMockForClass:", true)] {
                try c.addClassMethod(factory, types: "@@:#") { m in
                    guard let cls = try m.classArgument(0) else { throw m.wrongArgument(0, expected: "a class, as in [MMCoachAPI class]") }
                    return .object(try library.makeMock(of: cls, nice: nice))
                }
            }
            for (factory, nice) in [("mockForProtocol:", false), ("niceMockForProtocol:", true)] {
                try c.addClassMethod(factory, types: "@@:@") { m in
                    guard case .protocol(let proto) = m[0] else { throw m.wrongArgument(0, expected: "a protocol, as in @protocol(UITableViewDataSource)") }
                    return .object(try library.makeMock(of: proto, nice: nice))
                }
            }
            try c.addClassMethod("observerMock", types: "@@:") { _ in .object(try library.makeObserverMock()) }
            try c.addClassMethod("partialMockForObject:", types: "@@:@") { m in
                guard let object = try m.objectArgument(0) else { throw m.wrongArgument(0, expected: "an object to mock partially") }
                return .object(try library.makePartialMock(of: object))
            }
            for (selector, role) in [("stub", MockStub.Role.stub), ("expect", .expectation), ("reject", .rejection)] {
                try c.addMethod(selector, types: "@@:") { m in
                    let mock = try library.requireMock(m)
                    let id = try mock.add(role)
                    return .object(try library.makeRecorder(for: m.receiver, entry: id))
                }
            }
            // Verifies the expectations, and answers a recorder that verifies the message it
            // gets: `[[mock verify] foo]` checks that `foo` was called.
            try c.addMethod("verify", types: "@@:") { m in
                try library.requireMock(m).verify()
                let verifier = try library.makeRecorder(for: m.receiver, entry: 0)
                try m.runtime.setIvar("_verifies", of: verifier, to: true)
                return .object(verifier)
            }
            try c.addMethod("verifyWithDelay:", types: "v@:d") { m in
                let mock = try library.requireMock(m)
                try library.wait(upTo: try m.numberArgument(0)) { mock.expectationsAreMet }
                try mock.verify()
                return .nil
            }
            try c.addMethod("stopMocking", types: "v@:") { m in
                library.stopMocking(m.receiver)
                return .nil
            }
            // OCMockito's `[[verify(mock) withMatcher:m forArgument:0] call:0]`: the verification
            // waiting on the mock takes for that argument what the matcher accepts.
            for (selector, fixedIndex) in [("withMatcher:forArgument:", nil), ("withMatcher:", 0 as Int?)] {
                try c.addMethod(selector, types: fixedIndex == nil ? "@@:@Q" : "@@:@") { m in
                    let index = try fixedIndex ?? m.integerArgument(1)
                    guard library.setVerificationMatcher(m[0], forArgument: index, of: m.receiver) else {
                        throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "no verify(mock) waits on this mock: write [[verify(mock) \(selector.hasSuffix("forArgument:") ? "withMatcher:anything() forArgument:0" : "withMatcher:anything()")] call]")
                    }
                    return .object(m.receiver)
                }
            }
            try c.addMethod("setExpectationOrderMatters:", types: "v@:B") { m in
                try library.requireMock(m).expectationOrderMatters = m[0].isTruthy
                return .nil
            }
            // A mock is made initialised and answers init with itself, so that `[[Foo alloc] init]`
            // yields it once `alloc` is stubbed, as OCMock documents; init itself cannot be stubbed.
            try c.addMethod("init", types: "@@:") { m in
                let recording = library.mocks.recording.withLock { recording -> MockRecording? in
                    guard let current = recording, current.recorded == nil else { return nil }
                    recording = nil
                    return current
                }
                if let recording { throw MockError.initNotStubbable(macro: recording.macro) }
                return .object(m.receiver)
            }
            // OCMock's mocks describe themselves by what they mock.
            try c.addMethod("description", types: "@@:") { m in .string(library.mock(of: m.receiver)?.name ?? "OCMockObject") }
        }
    }

    /// `OCClassMockObject`: a class mock of one of the framework's classes (`NSString`,
    /// `NSUserDefaults`, `UIApplication`) takes the messages of its API that rtsh's model of
    /// the class lacks too, through forwarding, as a mock of the real class would: each is
    /// a call, recorded, stubbed and verified as any other (with an object's signature).
    private func defineOCClassMockObject(mockObject: Class) throws {
        let library = unheld
        try runtime.registerLazyClass(named: "OCClassMockObject", superclass: mockObject) { c in
            try c.addMethod("initWithClass:", types: "@@:#") { m in
                guard let cls = try m.classArgument(0) else { throw m.wrongArgument(0, expected: "a class, as in [MMCoachAPI class]") }
                return .object(try library.makeMock(of: cls))
            }
            try c.addMethod("methodSignatureForSelector:", types: "@@::") { m in
                guard case .selector(let selector) = m[0], library.mock(of: m.receiver).map(Self.mocksFrameworkClass) == true else {
                    return try m.sendSuper()
                }
                let types = "@@:" + String(repeating: "@", count: selector.argumentCount)
                return try m.send("signatureWithObjCTypes:", to: try m.runtime.requireClass(named: "NSMethodSignature"), .string(types))
            }
            try c.addMethod("forwardInvocation:", types: "v@:@") { m in
                guard let invocation = try m.objectArgument(0), let mock = library.mock(of: m.receiver), Self.mocksFrameworkClass(mock),
                      case .selector(let selector) = try m.runtime.ivarValue("_selector", of: invocation) else {
                    return try m.sendSuper()
                }
                let arguments = try m.runtime.ivarValue("_arguments", of: invocation).arrayElements
                let answer = try library.receive(
                    selector, arguments, on: m.receiver, sentTo: m.receiver, mock: mock, isClassMethod: false, zero: .nil, real: nil,
                    in: m.runtime, nestedAt: m.depth + 1)
                try m.runtime.setIvar("_returnValue", of: invocation, to: answer)
                return .nil
            }
        }
    }

    /// Whether `mock` takes messages its class lacks: a class mock of one of the framework's
    /// classes (the real class may well have them), or any of Kiwi's, which takes what it is
    /// stubbed with through forwarding as Kiwi's mocks do.
    private static func mocksFrameworkClass(_ mock: Mock) -> Bool {
        switch mock.kind {
        case .classMock(let cls), .classAndProtocolMock(let cls, _): mock.flavor == .kiwi || classNameSet.contains(cls.name) && cls.superclass != nil
        default: false
        }
    }

    func requireMock(_ m: borrowing Message) throws -> Mock {
        guard let mock = mock(of: m.receiver) else {
            throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the receiver is not a mock made by OCMock's factories")
        }
        return mock
    }

    /// Runs the run loop on the virtual clock until `condition` holds or `seconds` have passed.
    public func wait(upTo seconds: Double, until condition: () -> Bool) throws {
        // Clamped: a wait of DBL_MAX seconds is long, not a crash.
        let nanoseconds = VirtualClock.nanoseconds(fromSeconds: max(0, seconds))
        _ = try clock.advance(until: condition, timeout: nanoseconds)
    }
}
