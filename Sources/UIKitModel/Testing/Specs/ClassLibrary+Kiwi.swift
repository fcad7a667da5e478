import Runtime

extension ClassLibrary {
    /// The names of Kiwi's classes the library defines.
    static let kiwiClassNames = ["KWAny", "KWBlock", "KWCaptureSpy", "KWMatcher", "KWMock", "KWSpec", "KWValue", "RTSHKiwi", "RTSHKiwiCount", "RTSHKiwiFuture", "RTSHKiwiVerifier"]

    /// The selectors Kiwi's categories add to every object, which a mock answers as Kiwi's
    /// rather than as a mocked call.
    static let kiwiObjectMessages: Set<String> = [
        "attachToVerifier:", "stub:", "stub:andReturn:", "stub:withBlock:", "stub:withArguments:", "stub:andReturn:withArguments:",
        "stub:andReturn:times:afterThatReturn:", "captureArgument:atIndex:", "mock", "nullMock", "mockWithName:", "nullMockWithName:", "clearStubs",
    ]

    /// Kiwi's API, as its macros (the shell's `SpecMacros.kiwi`) reach it: `KWSpec`, a spec
    /// class as Specta's `SPTSpec` is; verifiers that `should`, `shouldNot`, `shouldEventually`
    /// and `shouldBeNil` make where they are written, whose matchers (``KiwiMatcher``,
    /// `receive:`, `bePosted`) record a failure at that place, in Kiwi's words (`expected
    /// subject to equal 4, got 5`); stubs and message expectations on real objects, classes
    /// and `KWMock`s, through the mock engine; and capture spies.
    ///
    /// Kiwi's categories on `NSObject` (`attachToVerifier:`, `stub:andReturn:`, `+mock`...)
    /// are added by ``installKiwi()`` when code imports Kiwi, as they are there only where
    /// Kiwi is linked. The verifiers' checks are in `ClassLibrary+KiwiVerifiers`, the stubs
    /// and mocks in `ClassLibrary+KiwiStubs`.
    func defineKiwi(root: Class) throws {
        let library = unheld
        try runtime.registerLazyClass(named: "RTSHKiwiFuture", superclass: root) { c in
            try c.addIvar("_block", type: .block)
        }
        try runtime.registerLazyClass(named: "RTSHKiwiVerifier", superclass: root) { c in
            for (name, type) in [("_subject", ObjCType.object(className: nil)), ("_attached", .bool), ("_settled", .bool), ("_negated", .bool),
                                 ("_timeout", .double), ("_waits", .bool), ("_existence", .integer(code: "q")), ("_file", .object(className: "NSString")),
                                 ("_line", .integer(code: "q"))] {
                try c.addIvar(name, type: type)
            }
            for kind in KiwiMatcher.Kind.allCases {
                try c.addMethod(kind.rawValue, types: kind.types) { m in
                    try library.check(m.receiver, KiwiMatcher(kind: kind, arguments: Array(m.arguments)), nestedAt: m.depth + 1)
                    return .nil
                }
            }
            // `containObjects:@1, @2, nil`: `containObjectsInArray:` of the objects up to nil.
            try c.addMethod("containObjects:", types: "v@:@", variadic: true) { m in
                let matcher = KiwiMatcher(kind: .containObjectsInArray, arguments: [.array(m.argumentsUpToNil())])
                try library.check(m.receiver, matcher, nestedAt: m.depth + 1)
                return .nil
            }
            // A matcher of the user's, which `registerMatchers` made known, through forwarding.
            try c.addMethod("methodSignatureForSelector:", types: "@@::") { m in
                guard case .selector(let selector) = m[0] else { return .nil }
                let types = "v@:" + String(repeating: "@", count: selector.argumentCount)
                return try m.send("signatureWithObjCTypes:", to: try m.runtime.requireClass(named: "NSMethodSignature"), .string(types))
            }
            try c.addMethod("forwardInvocation:", types: "v@:@") { m in
                guard let invocation = try m.objectArgument(0), case .selector(let selector) = try m.runtime.ivarValue("_selector", of: invocation),
                      try library.checkUserMatcher(
                          m.receiver, selector, try m.runtime.ivarValue("_arguments", of: invocation).arrayElements, nestedAt: m.depth + 1) else {
                    return try m.sendSuper()
                }
                return .nil
            }
            for (name, kind) in [("have:", KiwiMatcher.Kind.haveCountOf), ("haveAtLeast:", .haveCountOfAtLeast), ("haveAtMost:", .haveCountOfAtMost)] {
                try c.addMethod(name, types: "@@:Q") { m in
                    let count = try m.runtime.createInstance(of: try m.runtime.requireClass(named: "RTSHKiwiCount"))
                    try m.runtime.setIvar("_verifier", of: count, to: .object(m.receiver))
                    try m.runtime.setIvar("_matcher", of: count, to: .string(kind.rawValue))
                    try m.runtime.setIvar("_count", of: count, to: m[0])
                    return .object(count)
                }
            }
            let receives: [(String, returns: Bool, quantifier: @Sendable (Int) -> MockQuantifier, counted: Bool, withArguments: Bool)] = [
                ("receive:", false, MockQuantifier.exactly, false, false),
                ("receive:withCount:", false, MockQuantifier.exactly, true, false),
                ("receive:withCountAtLeast:", false, MockQuantifier.atLeast, true, false),
                ("receive:withCountAtMost:", false, MockQuantifier.atMost, true, false),
                ("receive:andReturn:", true, MockQuantifier.exactly, false, false),
                ("receive:andReturn:withCount:", true, MockQuantifier.exactly, true, false),
                ("receive:andReturn:withCountAtLeast:", true, MockQuantifier.atLeast, true, false),
                ("receive:andReturn:withCountAtMost:", true, MockQuantifier.atMost, true, false),
                ("receive:withArguments:", false, MockQuantifier.exactly, false, true),
                ("receive:withCount:arguments:", false, MockQuantifier.exactly, true, true),
                ("receive:withCountAtLeast:arguments:", false, MockQuantifier.atLeast, true, true),
                ("receive:withCountAtMost:arguments:", false, MockQuantifier.atMost, true, true),
                ("receive:andReturn:withArguments:", true, MockQuantifier.exactly, false, true),
                ("receive:andReturn:withCount:arguments:", true, MockQuantifier.exactly, true, true),
                ("receive:andReturn:withCountAtLeast:arguments:", true, MockQuantifier.atLeast, true, true),
                ("receive:andReturn:withCountAtMost:arguments:", true, MockQuantifier.atMost, true, true),
            ]
            for (name, returns, quantifier, counted, withArguments) in receives {
                let parts = name.filter { $0 == ":" }.count
                let types = "v@::" + (returns ? "@" : "") + (counted ? "Q" : "") + (withArguments ? "@" : "")
                try c.addMethod(name, types: types, variadic: withArguments) { m in
                    var index = 1
                    let value = returns ? Optional(m[index]) : Optional.none
                    if returns { index += 1 }
                    let count = counted ? m[index].intValue ?? 1 : 1
                    if counted { index += 1 }
                    let arguments = withArguments ? Array(m.arguments.dropFirst(parts - 1)) : nil
                    try library.expectMessage(
                        on: m.receiver, m[0], arguments: arguments, returning: value, quantifier: quantifier(count), isCounted: counted, nestedAt: m.depth + 1)
                    return .nil
                }
            }
            for (name, types) in [("bePosted", "v@:"), ("bePostedWithObject:", "v@:@"), ("bePostedWithUserInfo:", "v@:@"), ("bePostedWithObject:userInfo:", "v@:@@"),
                                  ("bePostedWithObject:andUserInfo:", "v@:@@"), ("bePostedEvaluatingBlock:", "v@:@?")] {
                try c.addMethod(name, types: types) { m in
                    // `Optional(...)`: a bare `nil` would be `Value`'s own nil, a value given.
                    let object = name.contains("Object") ? Optional(m[0]) : Optional.none
                    let userInfo = name.lowercased().contains("userinfo") ? Optional(m[name.contains("Object") ? 1 : 0]) : Optional.none
                    let evaluating = name.hasSuffix("Block:") ? try m.blockArgument(0) : nil
                    try library.expectPost(on: m.receiver, object: object, userInfo: userInfo, evaluating: evaluating, nestedAt: m.depth + 1)
                    return .nil
                }
            }
        }
        // `[[[cart should] have:3] items]`: `have:` answers a count whose next message names
        // the collection, which it takes through forwarding and checks.
        try runtime.registerLazyClass(named: "RTSHKiwiCount", superclass: root) { c in
            try c.addIvar("_verifier", type: .object(className: nil))
            try c.addIvar("_matcher", type: .object(className: "NSString"))
            try c.addIvar("_count", type: .integer(code: "q"))
            try c.addMethod("methodSignatureForSelector:", types: "@@::") { m in
                guard case .selector(let selector) = m[0] else { return .nil }
                let types = "@@:" + String(repeating: "@", count: selector.argumentCount)
                return try m.send("signatureWithObjCTypes:", to: try m.runtime.requireClass(named: "NSMethodSignature"), .string(types))
            }
            try c.addMethod("forwardInvocation:", types: "v@:@") { m in
                guard let invocation = try m.objectArgument(0), case .selector(let selector) = try m.runtime.ivarValue("_selector", of: invocation),
                      let verifier = try m.ivar("_verifier").object, case .string(let name) = try m.ivar("_matcher"), let kind = KiwiMatcher.Kind(rawValue: name) else {
                    return .nil
                }
                try library.check(verifier, KiwiMatcher(kind: kind, arguments: [try m.ivar("_count")]), collection: selector, nestedAt: m.depth + 1)
                return .nil
            }
        }
        // `[KWValue valueWithInt:4]` and the rest: numbers, which are objects already, and
        // `valueWithBytes:objCType:`, an `NSValue`.
        try runtime.registerLazyClass(named: "KWValue", superclass: root) { c in
            let numbers: [(String, String)] = [
                ("Bool", "B"), ("Char", "c"), ("Double", "d"), ("Float", "f"), ("Int", "i"), ("Integer", "q"), ("Long", "q"), ("LongLong", "q"),
                ("Short", "s"), ("UnsignedChar", "C"), ("UnsignedInt", "I"), ("UnsignedInteger", "Q"), ("UnsignedLong", "Q"),
                ("UnsignedLongLong", "Q"), ("UnsignedShort", "S"),
            ]
            for (name, code) in numbers {
                try c.addClassMethod("valueWith\(name):", types: "@@:\(code)") { m in m[0] }
            }
            try c.addClassMethod("valueWithBytes:objCType:", types: "@@:^v*") { m in
                try m.send(try m.runtime.selector("valueWithBytes:objCType:"), to: try m.runtime.requireClass(named: "NSValue"), Arguments(m[0], m[1]))
            }
        }
        // `[[KWBlock alloc] initWithBlock:^{ ... }]`, what `theBlock(...)` makes in Kiwi: here
        // the block itself, which `should` and the raise matchers take as they take a block.
        try runtime.registerLazyClass(named: "KWBlock", superclass: root) { c in
            try c.addMethod("initWithBlock:", types: "@@:@?") { m in
                guard case .block = m[0] else { throw m.wrongArgument(0, expected: "a block, as in ^{ [subject run]; }") }
                return m[0]
            }
            try c.addClassMethod("blockWithBlock:", types: "@@:@?") { m in
                guard case .block = m[0] else { throw m.wrongArgument(0, expected: "a block, as in ^{ [subject run]; }") }
                return m[0]
            }
        }
        try runtime.registerLazyClass(named: "KWAny", superclass: root) { c in
            try c.addClassMethod("any", types: "@@:") { m in try OCMArgument.make("OCMAnyConstraint", [:], in: m.runtime) }
        }
        // The base of the user's matchers, as Kiwi's: made for a subject, configured by the
        // message the verifier took, then asked to `-evaluate`.
        try runtime.registerLazyClass(named: "KWMatcher", superclass: root) { c in
            try c.addProperty(Property(name: "subject", type: .object(className: nil), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "willEvaluateAgainstNegativeExpectation", type: .bool, attributes: [.nonatomic]))
            try c.addMethod("initWithSubject:", types: "@@:@") { m in
                let made = try m.sendSuper(m.runtime.selector("init"))
                if let made = made.object { try m.runtime.setIvar("_subject", of: made, to: m[0]) }
                return made
            }
            try c.addClassMethod("matcherWithSubject:", types: "@@:@") { m in
                let made = try m.send(try m.runtime.selector("alloc"), to: m.receiver)
                return try m.send(try m.runtime.selector("initWithSubject:"), to: made.object, Arguments(m[0]))
            }
            try c.addClassMethod("matcherStrings", types: "@@:") { _ in .array([]) }
            try c.addClassMethod("canMatchSubject:", types: "B@:@") { _ in .bool(true) }
            try c.addMethod("evaluate", types: "B@:") { _ in .bool(false) }
            try c.addMethod("shouldBeEvaluatedAtEndOfExample", types: "B@:") { _ in .bool(false) }
            try c.addMethod("failureMessageForShould", types: "@@:") { _ in .string("expected subject to match") }
            try c.addMethod("failureMessageForShouldNot", types: "@@:") { _ in .string("expected subject not to match") }
        }
        try runtime.registerLazyClass(named: "RTSHKiwi", superclass: root) { c in
            // `theValue(x)`: a struct boxed in an `NSValue`, as Kiwi's `KWValue` holds one, so
            // that it can be a subject and be compared; numbers are objects already.
            try c.addClassMethod("_value:", types: "@@:@") { m in
                guard case .structure = m[0] else { return m[0] }
                let box = try m.runtime.createInstance(of: try m.runtime.requireClass(named: "NSValue"))
                try m.runtime.setIvar("_value", of: box, to: m[0])
                try m.runtime.setIvar("_objCType", of: box, to: .string(m[0].typeEncoding))
                return .object(box)
            }
            try c.addClassMethod("_registerMatchers:", types: "v@:@") { m in
                library.kiwi.registerMatchers(prefix: try m.stringArgument(0))
                return .nil
            }
            try c.addClassMethod("_verifier:line:negated:timeout:waits:", types: "@@:*qBdB") { m in
                .object(try library.makeVerifier(m, [
                    "_negated": m[2], "_timeout": .double(try m.numberArgument(3)), "_waits": m[4], "_existence": .int(0),
                ]))
            }
            try c.addClassMethod("_existenceVerifier:line:exists:", types: "@@:*qB") { m in
                .object(try library.makeVerifier(m, ["_existence": .int(m[2].isTruthy ? 1 : 2), "_timeout": .double(-1)]))
            }
            // `beNil` and `beNonNil` pass this as their argument, so it runs even when the
            // subject was nil and the matcher is sent to nobody: it settles that verifier.
            try c.addClassMethod("_settleNilSubject:", types: "@@:B") { m in
                guard let verifier = library.kiwi.newestVerifier, !(try library.runtime.ivarValue("_attached", of: verifier).isTruthy),
                      !(try library.runtime.ivarValue("_settled", of: verifier).isTruthy) else { return .nil }
                try library.check(verifier, KiwiMatcher(kind: m[0].isTruthy ? .beNonNil : .beNil, arguments: []), nestedAt: m.depth + 1)
                return .nil
            }
            // `KWClearStubsAndSpies()`, as a test's tearDown calls it: every stub made on a
            // real object or a class is taken away.
            try c.addClassMethod("_clearStubsAndSpies", types: "v@:") { _ in
                for object in library.mocks.mockObjects(where: { mock in
                    if case .partialMock = mock.kind { return true }
                    return mock.flavor == .ocmock && !mock.isStopped
                }) {
                    library.stopMocking(object)
                }
                return .nil
            }
            try c.addClassMethod("_future:", types: "@@:@?") { m in
                let future = try m.runtime.createInstance(of: try m.runtime.requireClass(named: "RTSHKiwiFuture"))
                try m.runtime.setIvar("_block", of: future, to: m[0])
                return .object(future)
            }
            try c.addClassMethod("_fail:line:message:", types: "v@:*q@") { m in
                let message = try m.stringArgument(2)
                guard try library.tests.recordFailure(message, file: try m.optionalStringArgument(0), line: try m.integerArgument(1), in: m.runtime, nestedAt: m.depth + 1) else {
                    throw ClassLibraryError.invalidArgument(method: "fail", reason: message)
                }
                return .nil
            }
        }
        try runtime.registerLazyClass(named: "KWMock", superclass: root) { c in
            let makers: [(String, nice: Bool, protocol: Bool, named: Bool)] = [
                ("mockForClass:", false, false, false), ("nullMockForClass:", true, false, false),
                ("mockForProtocol:", false, true, false), ("nullMockForProtocol:", true, true, false),
                ("mockWithName:forClass:", false, false, true), ("nullMockWithName:forClass:", true, false, true),
                ("mockWithName:forProtocol:", false, true, true), ("nullMockWithName:forProtocol:", true, true, true),
            ]
            for (name, nice, isProtocol, named) in makers {
                try c.addClassMethod(name, types: named ? "@@:@@" : "@@:@") { m in
                    let mocked = m[named ? 1 : 0]
                    if isProtocol {
                        guard case .protocol(let proto) = mocked else { throw m.wrongArgument(named ? 1 : 0, expected: "a protocol, as in @protocol(MMDelegate)") }
                        return .object(try library.makeMock(of: proto, nice: nice, flavor: .kiwi))
                    }
                    guard let cls = try m.classArgument(named ? 1 : 0) else { throw m.wrongArgument(named ? 1 : 0, expected: "a class, as in [MMService class]") }
                    return .object(try library.makeKiwiMock(of: cls, nice: nice))
                }
            }
            for name in ["partialMockForObject:", "partialMockWithName:forObject:"] {
                try c.addClassMethod(name, types: name.hasPrefix("partialMockWithName") ? "@@:@@" : "@@:@") { m in
                    guard let object = m[m.arguments.count - 1].object else { throw m.wrongArgument(m.arguments.count - 1, expected: "an object") }
                    return .object(try library.makePartialMock(of: object))
                }
            }
        }
        try runtime.registerLazyClass(named: "KWCaptureSpy", superclass: root) { c in
            try c.addIvar("_subject", type: .object(className: nil))
            try c.addIvar("_selector", type: .selector)
            try c.addIvar("_index", type: .integer(code: "q"))
            try c.addIvar("_baseline", type: .integer(code: "q"))
            // The argument of the first call made since the spy was made.
            try c.addMethod("argument", types: "@@:") { m in
                guard case .selector(let selector) = try m.ivar("_selector"), let subject = try m.ivar("_subject").object else { return .nil }
                let (mock, isClassMethod) = try library.kiwiMock(for: subject, method: "argument")
                let baseline = try m.ivar("_baseline").intValue ?? 0, index = try m.ivar("_index").intValue ?? 0
                let call = mock.receivedCalls.dropFirst(baseline).first { $0.selector == selector.name && $0.isClassMethod == isClassMethod }
                guard let call, index < call.arguments.count else {
                    throw ClassLibraryError.invalidArgument(method: "argument", reason: "the argument requested has yet to be captured: \(subject) has not received \(selector.name) since the spy was made")
                }
                return call.arguments[index]
            }
        }
    }

    /// Forgets what an earlier test left for ``finishKiwiExample(nestedAt:)``: a test case
    /// that uses Kiwi's matchers and stubs outside a spec starts clean.
    public func beginKiwiExample() {
        kiwi.beginExample()
    }

    /// Adds Kiwi's categories to `NSObject` and `NSProxy`, once: the shell does when code
    /// imports Kiwi, as linking Kiwi adds them.
    public func installKiwi() throws {
        guard kiwi.takeInstallation() else { return }
        let library = unheld
        for rootName in ["NSObject", "NSProxy"] {
            guard let root = runtime.class(named: rootName) else { continue }
            try runtime.extendDefinition(of: root) { c in
                try c.addMethod("attachToVerifier:", types: "@@:@") { m in
                    guard let verifier = m[0].object else { return .nil }
                    try m.runtime.setIvar("_subject", of: verifier, to: m.receiverValue)
                    try m.runtime.setIvar("_attached", of: verifier, to: .bool(true))
                    return .object(verifier)
                }
                for isClassMethod in [false, true] {
                    try library.addKiwiStubs(to: &c, isClassMethod: isClassMethod)
                }
                for (name, nice) in [("mock", false), ("nullMock", true), ("mockWithName:", false), ("nullMockWithName:", true)] {
                    try c.addClassMethod(name, types: name.hasSuffix(":") ? "@@:@" : "@@:") { m in
                        .object(try library.makeKiwiMock(of: try m.receiverClass(), nice: nice))
                    }
                }
            }
        }
    }

    /// `stub:`, `stub:andReturn:`, `stub:withBlock:`, the forms with arguments, and
    /// `captureArgument:atIndex:`, for instances or (with `isClassMethod`) classes.
    private func addKiwiStubs(to c: inout ClassBuilder, isClassMethod: Bool) throws {
        let library = unheld
        func add(_ name: String, _ types: String, variadic: Bool = false, _ body: @escaping @Sendable (borrowing Message) throws -> Value) throws {
            if isClassMethod { try c.addClassMethod(name, types: types, variadic: variadic, body) } else { try c.addMethod(name, types: types, variadic: variadic, body) }
        }
        try add("stub:", "v@::") { m in
            try library.stub(m.receiver, m[0], arguments: nil, answering: nil, method: m.methodName, nestedAt: m.depth + 1)
            return .nil
        }
        try add("stub:andReturn:", "v@::@") { m in
            try library.stub(m.receiver, m[0], arguments: nil, answering: [m[1]], method: m.methodName, nestedAt: m.depth + 1)
            return .nil
        }
        try add("stub:withArguments:", "v@::@", variadic: true) { m in
            try library.stub(m.receiver, m[0], arguments: Array(m.arguments.dropFirst()), answering: nil, method: m.methodName, nestedAt: m.depth + 1)
            return .nil
        }
        try add("stub:andReturn:withArguments:", "v@::@@", variadic: true) { m in
            try library.stub(m.receiver, m[0], arguments: Array(m.arguments.dropFirst(2)), answering: [m[1]], method: m.methodName, nestedAt: m.depth + 1)
            return .nil
        }
        // The first value `times` times, then the second from then on.
        try add("stub:andReturn:times:afterThatReturn:", "v@::@@@") { m in
            let times = max(0, m[2].intValue ?? 0)
            try library.stub(m.receiver, m[0], arguments: nil, answering: Array(repeating: m[1], count: times) + [m[3]], method: m.methodName, nestedAt: m.depth + 1)
            return .nil
        }
        // The block takes the call's arguments as an array, and answers the result.
        try add("stub:withBlock:", "v@::@?") { m in
            guard let block = try m.blockArgument(1) else { throw m.wrongArgument(1, expected: "a block taking the arguments, as in ^id(NSArray *params) { return nil; }") }
            try library.stub(m.receiver, m[0], arguments: nil, answering: nil, block: block, method: m.methodName, nestedAt: m.depth + 1)
            return .nil
        }
        // A mock forgets its stubs; a real object or a class is itself again.
        try add("clearStubs", "v@:") { m in
            try library.clearKiwiStubs(of: m.receiver)
            return .nil
        }
        try add("captureArgument:atIndex:", "@@::Q") { m in
            guard case .selector = m[0] else { throw m.wrongArgument(0, expected: "a selector, as in @selector(fetch:)") }
            let (mock, _) = try library.kiwiMock(for: m.receiver, method: m.methodName)
            let spy = try m.runtime.createInstance(of: try m.runtime.requireClass(named: "KWCaptureSpy"))
            try m.runtime.setIvars(of: spy, ["_subject": .object(m.receiver), "_selector": m[0], "_index": m[1], "_baseline": .int(mock.receivedCalls.count)])
            return .object(spy)
        }
    }
}
