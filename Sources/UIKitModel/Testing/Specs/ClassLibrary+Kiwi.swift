import Runtime
import Synchronization

extension ClassLibrary {
    /// The names of Kiwi's classes the library defines.
    static let kiwiClassNames = ["KWAny", "KWCaptureSpy", "KWMatcher", "KWMock", "KWSpec", "KWValue", "RTSHKiwi", "RTSHKiwiCount", "RTSHKiwiFuture", "RTSHKiwiVerifier"]

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
    /// are added when the first Kiwi spec declares itself, as they are there only where
    /// Kiwi is linked.
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

    /// `clearStubs`: a mock forgets its stubs; the partial mock over a real object, or the
    /// class mock standing in front of a class's methods, stops.
    private func clearKiwiStubs(of subject: Object) throws {
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

    // MARK: Verifiers

    /// A verifier made where `should` (or another form) was written: the message's first
    /// two arguments are the file and line.
    private func makeVerifier(_ m: borrowing Message, _ ivars: [String: Value]) throws -> Object {
        let verifier = try runtime.createInstance(of: try runtime.requireClass(named: "RTSHKiwiVerifier"))
        for (name, value) in ivars.merging(["_file": m[0], "_line": m[1]], uniquingKeysWith: { given, _ in given }) {
            try runtime.setIvar(name, of: verifier, to: value)
        }
        kiwi.add(verifier: verifier)
        return verifier
    }

    /// Checks the verifier's subject against `matcher`, waiting for it as an eventual
    /// verifier does, and records a failure where the verifier was made when it does not
    /// hold (with `shouldNot`, when it does).
    ///
    /// - Parameter collection: what to send the subject for the collection counted, for
    ///   `[[[cart should] have:3] items]`.
    private func check(_ verifier: Object, _ matcher: KiwiMatcher, collection: Selector? = nil, nestedAt depth: Int) throws {
        try settle(verifier, nestedAt: depth) { subject in
            guard let collection else { return try matcher.matches(subject, in: self, nestedAt: depth) }
            return try matcher.matches(try runtime.send(collection, toValue: subject, Arguments(), nestedAt: depth), in: self, nestedAt: depth)
        } failure: { subject, negated, eventually in
            if matcher.kind == .beNil || matcher.kind == .beNonNil {
                return (matcher.kind == .beNil) != negated ? "expected subject to be nil, got \(try kiwiText(of: subject, nestedAt: depth))" : "expected subject not to be nil"
            }
            var message = "expected subject \(negated ? "not " : "")to \(eventually ? "eventually " : "")\(try matcher.phrase { try kiwiText(of: $0, nestedAt: depth) })"
            if !negated, ![.raise, .raiseWithName, .raiseWithReason, .raiseWithNameAndReason, .change, .changeBy].contains(matcher.kind) {
                let shown = try collection.map { try runtime.send($0, toValue: subject, Arguments(), nestedAt: depth) } ?? subject
                message += ", got \(try kiwiText(of: shown, nestedAt: depth))"
            }
            return message
        }
    }

    /// Settles a verifier: whether `holds` says its subject matches (not, for `shouldNot`),
    /// asked again as the virtual clock runs for an eventual one (or once its wait is over,
    /// for `shouldAfterWait`), and if not, records what `failure` says (given the subject,
    /// whether negated, and whether eventual) where the verifier was made.
    private func settle(
        _ verifier: Object, nestedAt depth: Int, holds matches: (Value) throws -> Bool, failure: (Value, Bool, Bool) throws -> String
    ) throws {
        try runtime.setIvar("_settled", of: verifier, to: .bool(true))
        let negated = try runtime.ivarValue("_negated", of: verifier).isTruthy
        let timeout = try runtime.ivarValue("_timeout", of: verifier).numberValue ?? -1
        func holds() throws -> Bool { try matches(try kiwiSubject(of: verifier, nestedAt: depth)) != negated }
        var held: Bool
        if timeout >= 0, try runtime.ivarValue("_waits", of: verifier).isTruthy {
            try wait(upTo: timeout) { false }
            held = try holds()
        } else {
            held = try holds()
            if !held, timeout >= 0 { try wait(upTo: timeout) { held = (try? holds()) ?? false; return held } }
        }
        guard !held else { return }
        try recordKiwiFailure(try failure(try kiwiSubject(of: verifier, nestedAt: depth), negated, timeout >= 0), at: verifier, nestedAt: depth)
    }

    /// A matcher of the user's (a `KWMatcher` subclass whose name starts with a prefix
    /// `registerMatchers` named, listing `selector` in its `+matcherStrings`): made for the
    /// subject, sent `selector` with `arguments` to configure it, and asked to `-evaluate`;
    /// its `-failureMessageForShould` (or `…ShouldNot`) words a failure. False when no
    /// registered matcher takes `selector`.
    private func checkUserMatcher(_ verifier: Object, _ selector: Selector, _ arguments: [Value], nestedAt depth: Int) throws -> Bool {
        guard let base = runtime.class(named: "KWMatcher") else { return false }
        let prefixes = kiwi.matcherPrefixes
        let candidates = runtime.classes.filter { cls in cls !== base && cls.isSubclass(of: base) && prefixes.contains { cls.name.hasPrefix($0) } }
        var found: Class?
        for cls in candidates.sorted(by: { $0.name < $1.name }) where found == nil {
            let strings = try runtime.send(try runtime.selector("matcherStrings"), to: cls, Arguments(), nestedAt: depth).arrayElements
            if strings.contains(.string(selector.name)) { found = cls }
        }
        guard let found else { return false }
        let negated = try runtime.ivarValue("_negated", of: verifier).isTruthy
        var matcher: Object?
        try settle(verifier, nestedAt: depth) { subject in
            let made = try runtime.send(try runtime.selector("alloc"), to: found, Arguments(), nestedAt: depth).object
            matcher = try runtime.send(try runtime.selector("initWithSubject:"), to: made, Arguments(subject), nestedAt: depth).object
            _ = try runtime.send(try runtime.selector("setWillEvaluateAgainstNegativeExpectation:"), to: matcher, Arguments(.bool(negated)), nestedAt: depth)
            _ = try runtime.send(selector, to: matcher, Arguments(arguments), nestedAt: depth)
            return try runtime.send(try runtime.selector("evaluate"), to: matcher, Arguments(), nestedAt: depth).isTruthy
        } failure: { _, negated, _ in
            let message = try runtime.send(try runtime.selector(negated ? "failureMessageForShouldNot" : "failureMessageForShould"), to: matcher, Arguments(), nestedAt: depth)
            return message.text ?? "expected subject \(negated ? "not " : "")to match \(selector.name)"
        }
        return true
    }

    /// The verifier's subject: what a future answers now, for `expectFutureValue`.
    private func kiwiSubject(of verifier: Object, nestedAt depth: Int) throws -> Value {
        let subject = try runtime.ivarValue("_subject", of: verifier)
        if let future = subject.object, future.isa.name == "RTSHKiwiFuture", case .block(let block) = try runtime.ivarValue("_block", of: future) {
            return try block.call(Arguments(), nestedAt: depth)
        }
        return subject
    }

    private func recordKiwiFailure(_ message: String, at verifier: Object, nestedAt depth: Int) throws {
        let file: String? = if case .string(let path) = try runtime.ivarValue("_file", of: verifier) { path } else { nil }
        let line = try runtime.ivarValue("_line", of: verifier).intValue ?? 0
        guard try tests.recordFailure(message, file: file, line: line, in: runtime, nestedAt: depth) else {
            throw ClassLibraryError.invalidArgument(method: "should", reason: message)
        }
    }

    /// A value as Kiwi's failures show it: a string quoted, an object by its description.
    private func kiwiText(of value: Value, nestedAt depth: Int) throws -> String {
        if case .string(let text) = value { return "\"\(text)\"" }
        return try nimbleText(of: value, nestedAt: depth)
    }

    /// What the example left to check, as Kiwi checks it when an example ends: a verifier
    /// whose subject was nil (never attached, so no matcher reached it), `shouldBeNil` and
    /// `shouldNotBeNil`, `receive:` expectations (waiting for an eventual one), and
    /// notifications expected to be posted.
    public func finishKiwiExample(nestedAt depth: Int = 0) throws {
        let (verifiers, messages, posts) = kiwi.takeChecks()
        for verifier in verifiers {
            let attached = try runtime.ivarValue("_attached", of: verifier).isTruthy
            let subject = attached ? try runtime.ivarValue("_subject", of: verifier) : .nil
            let settled = try runtime.ivarValue("_settled", of: verifier).isTruthy
            switch try runtime.ivarValue("_existence", of: verifier).intValue ?? 0 {
            case 1 where subject == .nil:
                try recordKiwiFailure("expected subject not to be nil", at: verifier, nestedAt: depth)
            case 2 where subject != .nil:
                try recordKiwiFailure("expected subject to be nil, got \(try kiwiText(of: subject, nestedAt: depth))", at: verifier, nestedAt: depth)
            case 0 where !attached && !settled:
                try recordKiwiFailure("expected subject not to be nil", at: verifier, nestedAt: depth)
            default: break
            }
        }
        for expectation in messages {
            func count() -> Int {
                expectation.mock.receivedCalls.dropFirst(expectation.baseline).filter { (try? expectation.matcher.matches($0, in: runtime, depth: depth)) ?? false }.count
            }
            func met() -> Bool { expectation.quantifier.accepts(count()) != expectation.negated }
            if !met(), let timeout = expectation.timeout { try wait(upTo: timeout) { met() } }
            guard !met() else { continue }
            let received = count()
            let message = "expected \(expectation.subject) \(expectation.negated ? "not " : "")to receive \(expectation.matcher) "
                + (expectation.negated ? "" : "\(expectation.quantifier), ") + "but received it " + (received == 1 ? "once" : "\(received) times")
            guard try tests.recordFailure(message, file: expectation.file, line: expectation.line, in: runtime, nestedAt: depth) else {
                throw ClassLibraryError.invalidArgument(method: "receive:", reason: message)
            }
        }
        for post in posts {
            if let timeout = post.timeout, try !post.matches() { try wait(upTo: timeout) { (try? post.matches()) ?? false } }
            let matched = try post.matches()
            let center = try runtime.send("defaultCenter", to: try runtime.requireClass(named: "NSNotificationCenter"))
            _ = try runtime.send(try runtime.selector("removeObserver:"), to: center.object, Arguments(post.observer), nestedAt: depth)
            if !matched { try recordKiwiFailure("expected \(post.description) to be posted", at: post.verifier, nestedAt: depth) }
        }
    }

    // MARK: Stubs and message expectations

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
    private func kiwiMatcher(_ selector: Value, arguments: [Value]?, isClassMethod: Bool, method: String) throws -> InvocationMatcher {
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
    private func stub(
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
    private func expectMessage(
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
    private func expectPost(on verifier: Object, object: Value?, userInfo: Value?, evaluating: Block?, nestedAt depth: Int) throws {
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
