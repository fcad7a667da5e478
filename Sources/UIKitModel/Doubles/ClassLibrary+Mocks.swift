import Runtime

/// Mock objects: stand-ins that answer only what they are told. One engine (``Mock``)
/// behind OCMock's Objective-C API and the shell's commands.
extension ClassLibrary {
    /// The messages a mock answers as the mocked class's instances would, never counted as
    /// calls: questions about the object, the runtime's own forwarding steps, and manual
    /// reference counting.
    static let messagesAnsweredAsTheClass: Set<String> = [
        "isKindOfClass:", "isMemberOfClass:", "class", "respondsToSelector:", "conformsToProtocol:", "description", "isEqual:", "hash",
        "forwardingTargetForSelector:", "methodSignatureForSelector:", "forwardInvocation:", "doesNotRecognizeSelector:", "self",
        "retain", "release", "autorelease", "dealloc",
    ]

    /// The messages OCMock's own objects answer (`stub`, `expect`, `verify`...), which a
    /// mocked method of the same name does not hide.
    static let mockControlMessages: Set<String> = Set([
        "stub", "expect", "reject", "verify", "verifyWithDelay:", "stopMocking", "setExpectationOrderMatters:",
        // OCMockito's, sent to the mock between `verify(mock)` and the call verified.
        "withMatcher:forArgument:", "withMatcher:",
    ]).union(kiwiObjectMessages)

    /// A class mock of `cls`: an object that has every instance method `cls` has and
    /// answers each only as its stubs and expectations say; a call nothing takes answers
    /// zero when `nice`, and fails at once otherwise (and again at `verify`). Its class
    /// methods go through the mock while it lives, so that they can be stubbed
    /// (`OCMStub([MMAPI fetch])`); those not stubbed run as before.
    public func makeMock(of cls: Class, nice: Bool = false) throws -> Object {
        let object = try runtime.createInstance(of: classMockClass(for: cls))
        mocks.register(Mock(.classMock(cls), isNice: nice), for: object)
        if mocks.addClassMock(object, of: cls) { try forwardClassMethods(of: cls, to: object) }
        return object
    }

    /// A protocol mock: an object that conforms to `proto` and has its methods, required
    /// and optional (only the required ones unless `includingOptionals`), answering as its
    /// stubs say.
    public func makeMock(of proto: ObjCProtocol, nice: Bool = false, flavor: Mock.Flavor = .ocmock, includingOptionals: Bool = true) throws -> Object {
        let methods = Mock.methods(of: proto, includingOptionals: includingOptionals)
        let shape = MockedShape(mocked: ObjectIdentifier(proto), methods: methods.map { "\($0.selector.name) \($0.types)" })
        let key = (includingOptionals ? "P:" : "PR:") + proto.name
        let mockClass = try mocks.mockClass(for: key, shape: shape) {
            try buildProtocolMockClass(for: proto, methods: methods, named: "\(proto.name)_\(includingOptionals ? "" : "Required")ProtocolMock", replacing: $0)
        }
        let object = try runtime.createInstance(of: mockClass)
        mocks.register(Mock(.protocolMock(proto), isNice: nice, flavor: flavor), for: object)
        return object
    }

    /// OCMockito's `mock(cls)` and `mockObjectAndProtocol(cls, proto)`: an instance of a
    /// mock class as ``makeMock(of:nice:)`` makes, always nice, that with `proto` also
    /// conforms to the protocol and has its methods. It leaves the class's class methods
    /// alone: OCMockito mocks those with `mockClass`.
    public func makeMockitoMock(of cls: Class, and proto: ObjCProtocol? = nil) throws -> Object {
        let mockClass: Class
        if let proto {
            let methods = instanceMethods(of: cls) + Mock.methods(of: proto).filter { !$0.isClassMethod }.map { ($0.selector.name, $0.types) }
            mockClass = try mocks.mockClass(for: "CP:\(cls.name):\(proto.name)", shape: shape(of: cls, methods)) {
                try buildClassMockClass(for: cls, adopting: proto, replacing: $0)
            }
        } else {
            mockClass = try classMockClass(for: cls)
        }
        let object = try runtime.createInstance(of: mockClass)
        mocks.register(Mock(proto.map { .classAndProtocolMock(cls, $0) } ?? .classMock(cls), isNice: true, flavor: .ocmockito), for: object)
        return object
    }

    /// Kiwi's `[KWMock mockForClass:]` and `+[NSObject mock]`: an instance of a mock class
    /// as ``makeMock(of:nice:)`` makes, strict unless `nice` (a null mock), that leaves the
    /// class's class methods alone: Kiwi stubs those on the class itself.
    public func makeKiwiMock(of cls: Class, nice: Bool) throws -> Object {
        let object = try runtime.createInstance(of: try classMockClass(for: cls))
        mocks.register(Mock(.classMock(cls), isNice: nice, flavor: .kiwi), for: object)
        return object
    }

    /// OCMockito's `mockClass(cls)`: an object standing for the class, whose methods are
    /// the class's class methods, recorded and stubbed as a mock's. The class itself is untouched.
    public func makeMockitoClassMock(of cls: Class) throws -> Object {
        let mockClass = try mocks.mockClass(for: "K:\(cls.name)", shape: shape(of: cls, classMethods(of: cls))) {
            try buildClassObjectMockClass(for: cls, replacing: $0)
        }
        let object = try runtime.createInstance(of: mockClass)
        mocks.register(Mock(.classObjectMock(cls), isNice: true, flavor: .ocmockito), for: object)
        return object
    }

    /// A partial mock of `object`: the object keeps running its own methods, except those
    /// stubbed, which answer as told, whether sent to the mock or to the object itself
    /// (`self` inside its own methods). Every call is recorded for `OCMVerify`.
    public func makePartialMock(of object: Object) throws -> Object {
        guard !(object is Class) else {
            throw ClassLibraryError.wrongArgument(method: "OCMPartialMock", expected: "an instance (a class is mocked with OCMClassMock)", got: object.description)
        }
        if let proxy = runtime.class(named: "NSProxy"), object.isKind(of: proxy) {
            throw ClassLibraryError.invalidArgument(method: "OCMPartialMock", reason: "\(object) is an NSProxy, which cannot be mocked partially")
        }
        if let existing = mocks.partialMock(over: object), !existing.isStopped {
            throw ClassLibraryError.invalidArgument(method: "OCMPartialMock", reason: "\(object) is already mocked partially: stop that mock first, or use it")
        }
        let cls = object.isa
        let proxy = try runtime.createInstance(of: partialMockClass(for: cls))
        try runtime.setIvar("_realObject", of: proxy, to: .object(object))
        let mock = Mock(.partialMock(object), isNice: true)
        mocks.register(mock, for: proxy)
        mocks.registerPartial(mock, over: object)
        try forwardInstanceMethods(of: cls, to: proxy)
        return proxy
    }

    /// The state of a mock made here, or nil for any other object.
    public func mock(of object: Object) -> Mock? {
        mocks.mock(for: object)
    }

    /// `stopMocking`: the mock takes no more calls, and the class methods or the real
    /// object's methods it stood in front of are the class's own again.
    public func stopMocking(_ object: Object) {
        mocks.stop(object, in: runtime)
    }

    /// Stops every mock made so far, as the end of a test stops OCMock's.
    public func stopAllMocks() {
        mocks.stopAll(in: runtime)
    }

    /// Mocks follow a class defined again in place: their classes get its new methods, and
    /// the forwarding its redefinition undid (a class mock's class methods, a partial mock's
    /// instance methods) is put in front of the new code.
    ///
    /// - Returns: the undone ledger entries that were put back this way, which need no note.
    public func mocksFollow(_ redefinition: ClassRedefinition) throws -> Set<LedgerEntry.ID> {
        guard redefinition.isInPlace else { return [] }
        let cls = redefinition.cls
        if mocks.hasMockClass(for: Self.classMockKey(cls)) { _ = try classMockClass(for: cls) }
        if mocks.hasMockClass(for: Self.partialMockKey(cls)) { _ = try partialMockClass(for: cls) }
        let (broken, entries) = mocks.takeForwarding(brokenBy: Set(redefinition.undone.map(\.id)), in: runtime)
        for (object, mock) in broken {
            switch mock.kind {
            case .classMock(let mocked) where mock.flavor == .ocmock: try forwardClassMethods(of: mocked, to: object)
            case .partialMock(let real): try forwardInstanceMethods(of: real.isa, to: object)
            case .classMock, .protocolMock, .observer, .classObjectMock, .classAndProtocolMock: break
            }
        }
        return entries
    }

    // MARK: Mock classes

    private static func classMockKey(_ cls: Class) -> String { "C:\(cls.name)" }
    private static func partialMockKey(_ cls: Class) -> String { "R:\(cls.name)" }

    /// The class of `cls`'s class mocks, built for the methods it has now.
    private func classMockClass(for cls: Class) throws -> Class {
        try mocks.mockClass(for: Self.classMockKey(cls), shape: shape(of: cls, instanceMethods(of: cls) + classMethods(of: cls))) {
            try buildClassMockClass(for: cls, replacing: $0)
        }
    }

    /// The class of the proxies of partial mocks over `cls`'s instances, built for the methods it has now.
    private func partialMockClass(for cls: Class) throws -> Class {
        try mocks.mockClass(for: Self.partialMockKey(cls), shape: shape(of: cls, instanceMethods(of: cls))) {
            try buildPartialMockClass(for: cls, replacing: $0)
        }
    }

    /// What a mock class of `cls` with `methods` is built from.
    private func shape(of cls: Class, _ methods: [(selector: String, types: TypeEncoding)]) -> MockedShape {
        MockedShape(mocked: ObjectIdentifier(cls), methods: methods.map { "\($0.selector) \($0.types)" })
    }

    /// Registers the mock class `name`, or defines `existing` again in place (it has no
    /// ivars of its own, so the redefinition keeps its instances).
    private func defineMockClass(named name: String, superclass: Class, replacing existing: Class?, _ build: (inout ClassBuilder) throws -> Void) throws -> Class {
        guard existing != nil else { return try runtime.registerClass(named: name, superclass: superclass, build) }
        return try runtime.redefineClass(named: name, superclass: superclass, build).cls
    }

    /// The instance methods of `cls` and its ancestors, the nearest definition of each selector.
    private func instanceMethods(of cls: Class) -> [(selector: String, types: TypeEncoding)] {
        let methods = nearestMethods(in: cls.lineage)
        let known = Set(methods.map(\.selector))
        return methods + dynamicAccessors(of: cls).filter { !known.contains($0.selector) }
    }

    /// The accessors of `cls`'s `@dynamic` properties (and its ancestors'), which come at run
    /// time (Core Data's, or a `resolveInstanceMethod:`'s): a mock of the class answers and
    /// stubs them, as OCMock's and OCMockito's do.
    private func dynamicAccessors(of cls: Class) -> [(selector: String, types: TypeEncoding)] {
        var seen: Set<String> = []
        return cls.lineage.flatMap { runtime.properties(of: $0) }.filter { $0.attributes.contains(.dynamic) }.flatMap { property in
            [(property.getterName, "\(property.type)@:")] + (property.setterName.map { [($0, "v@:\(property.type)")] } ?? [])
        }.compactMap { name, text in
            guard seen.insert(name).inserted, let types = try? TypeEncoding(text) else { return nil }
            return (name, types)
        }
    }

    /// The class methods of `cls` and its ancestors below the root class, and the root's
    /// `alloc` and `new`, so that `OCMStub([classMock alloc]).andReturn(mock)` makes
    /// `[[Foo alloc] initWith…]` answer the mock, as OCMock documents; the root's others
    /// (`class`, `description`) stay the runtime's own.
    private func classMethods(of cls: Class) -> [(selector: String, types: TypeEncoding)] {
        let own = nearestMethods(in: cls.lineage.filter { $0.superclass != nil }.map(\.isa))
        let names = Set(own.map(\.selector))
        let creation = cls.lineage.filter { $0.superclass == nil }.flatMap { runtime.methods(of: $0.isa) }
            .filter { Self.creationMessages.contains($0.selector.name) && !names.contains($0.selector.name) }
        return own + creation.map { ($0.selector.name, $0.types) }
    }

    /// The root's class methods a class mock stands in front of.
    static let creationMessages: Set<String> = ["alloc", "new"]

    /// The methods of `lineage` (nearest first), each selector's nearest definition, by selector.
    private func nearestMethods(in lineage: [Class]) -> [(selector: String, types: TypeEncoding)] {
        var methods: [String: TypeEncoding] = [:]
        for ancestor in lineage.reversed() {
            for method in runtime.methods(of: ancestor) { methods[method.selector.name] = method.types }
        }
        return methods.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The class of `cls`'s class mocks; with `proto`, of OCMockito's mocks of the class
    /// that also conform to the protocol and have its methods.
    private func buildClassMockClass(for cls: Class, adopting proto: ObjCProtocol? = nil, replacing existing: Class?) throws -> Class {
        var instance = instanceMethods(of: cls)
        if let proto {
            let own = Set(instance.map(\.selector))
            instance += Mock.methods(of: proto).filter { !$0.isClassMethod && !own.contains($0.selector.name) }.map { ($0.selector.name, $0.types) }
        }
        let instanceNames = Set(instance.map(\.selector))
        let base = try runtime.requireClass(named: "OCClassMockObject")
        let name = proto.map { "\(cls.name)_\($0.name)_Mock" } ?? "\(cls.name)_Mock"
        return try defineMockClass(named: name, superclass: base, replacing: existing) { builder in
            // `init` is the mock's own (OCMockObject answers it with the mock).
            for (selector, types) in instance where !Self.messagesAnsweredAsTheClass.contains(selector) && !Self.mockControlMessages.contains(selector) && selector != "init" {
                try addMockedMethod(selector, types, isClassMethod: false, to: &builder)
            }
            // A class method sent to the mock (`OCMStub(ClassMethod([mock sharedClient]))`) is the class method's call.
            for (selector, types) in classMethods(of: cls) where !instanceNames.contains(selector) && !Self.mockControlMessages.contains(selector) {
                try addMockedMethod(selector, types, isClassMethod: true, to: &builder)
            }
            try builder.addMethod("isKindOfClass:", types: "B@:#") { m in .bool(m[0].class.map(cls.isSubclass(of:)) ?? false) }
            try builder.addMethod("isMemberOfClass:", types: "B@:#") { m in .bool(m[0].class === cls) }
            try builder.addMethod("class", types: "#@:") { _ in .object(cls) }
            let dynamic = Set(dynamicAccessors(of: cls).map(\.selector))
            try builder.addMethod("respondsToSelector:", types: "B@::") { m in
                guard case .selector(let selector) = m[0] else { return false }
                return .bool(m.runtime.instancesRespond(cls, to: selector) || dynamic.contains(selector.name))
            }
            try builder.addMethod("conformsToProtocol:", types: "B@:@") { m in
                guard case .protocol(let asked) = m[0] else { return false }
                return .bool(m.runtime.conforms(cls, to: asked) || proto.map { asked === $0 || $0.inherits(from: asked) } ?? false)
            }
        }
    }

    /// The class of OCMockito's class-object mocks of `cls`: the class's class methods as
    /// instance methods, each recorded and stubbed as a mock's call.
    private func buildClassObjectMockClass(for cls: Class, replacing existing: Class?) throws -> Class {
        let base = try runtime.requireClass(named: "OCClassMockObject")
        return try defineMockClass(named: "\(cls.name)_ClassMock", superclass: base, replacing: existing) { builder in
            for (selector, types) in classMethods(of: cls) where !Self.messagesAnsweredAsTheClass.contains(selector) && !Self.mockControlMessages.contains(selector) {
                try addMockedMethod(selector, types, isClassMethod: false, to: &builder)
            }
            try builder.addMethod("respondsToSelector:", types: "B@::") { m in
                guard case .selector(let selector) = m[0] else { return false }
                return .bool(m.runtime.instancesRespond(cls.isa, to: selector))
            }
        }
    }

    private func buildProtocolMockClass(for proto: ObjCProtocol, methods: [MethodDescription], named name: String, replacing existing: Class?) throws -> Class {
        let declared = methods.filter { !$0.isClassMethod }
        let base = try runtime.requireClass(named: "OCProtocolMockObject")
        return try defineMockClass(named: name, superclass: base, replacing: existing) { builder in
            var seen: Set<String> = []
            for method in declared where seen.insert(method.selector.name).inserted
                && !Self.messagesAnsweredAsTheClass.contains(method.selector.name) && !Self.mockControlMessages.contains(method.selector.name) {
                try addMockedMethod(method.selector.name, method.types, isClassMethod: false, to: &builder)
            }
            let added = seen
            try builder.addMethod("conformsToProtocol:", types: "B@:@") { m in
                guard case .protocol(let other) = m[0] else { return false }
                return .bool(other === proto || proto.inherits(from: other))
            }
            try builder.addMethod("respondsToSelector:", types: "B@::") { m in
                guard case .selector(let selector) = m[0] else { return false }
                return .bool(added.contains(selector.name) || m.runtime.instancesRespond(m.receiver.isa, to: selector))
            }
        }
    }

    /// The proxy a partial mock is: every instance method of the real object's class is
    /// sent on to the real object, where the forwarding installed on its class consults the mock.
    private func buildPartialMockClass(for cls: Class, replacing existing: Class?) throws -> Class {
        let base = try runtime.requireClass(named: "OCPartialMockObject")
        return try defineMockClass(named: "\(cls.name)_PartialMock", superclass: base, replacing: existing) { builder in
            // `description` stays the mock's own, as OCMock's partial mock names itself.
            for (selector, types) in instanceMethods(of: cls) where !Self.mockControlMessages.contains(selector) && selector != "class" && selector != "description" {
                try builder.addMethod(selector, types: types.description) { m in
                    guard let real = try m.runtime.ivarValue("_realObject", of: m.receiver).object else { return types.returnType.zeroValue }
                    return try m.send(m.selector, to: real, m.arguments)
                }
            }
            try builder.addMethod("class", types: "#@:") { m in .object(try m.runtime.ivarValue("_realObject", of: m.receiver).object?.isa ?? cls) }
        }
    }

    /// A mock class's method for one mocked selector: recorded inside a macro, handled otherwise.
    private func addMockedMethod(_ selector: String, _ types: TypeEncoding, isClassMethod: Bool, to builder: inout ClassBuilder) throws {
        let zero = types.returnType.zeroValue
        try builder.addMethod(selector, types: types.description) { [mocks] m in
            guard let mock = mocks.mock(for: m.receiver) else { return zero }
            return try self.receive(m, on: m.receiver, mock: mock, isClassMethod: isClassMethod, zero: zero, real: nil)
        }
    }

    // MARK: Forwarding to mocks

    /// Puts a forwarder in front of each class method of `cls` (and those it inherits below
    /// the root): inside a macro it records, while a class mock of the class lives it asks
    /// the mock, and otherwise (and for calls the mock does not take) it runs the original.
    private func forwardClassMethods(of cls: Class, to object: Object) throws {
        var entries: [LedgerEntry.ID] = []
        for (name, types) in classMethods(of: cls) where !Self.mockControlMessages.contains(name) {
            let selector = try runtime.selector(name)
            guard let original = runtime.lookUpMethod(selector, in: cls.isa)?.implementation else { continue }
            let zero = types.returnType.zeroValue
            let entry = try runtime.replaceMethod(name, types: types.description, in: cls.isa) { [mocks] m in
                guard let receiverClass = m.receiver as? Class, let (mockObject, mock) = mocks.classMock(for: receiverClass) else {
                    return try m.forward(to: original)
                }
                return try self.receive(m, on: mockObject, mock: mock, isClassMethod: true, zero: zero, real: original)
            }
            entries.append(entry.id)
        }
        mocks.noteForwarding(entries, for: object)
    }

    /// Puts a forwarder in front of each instance method of `cls` that consults the
    /// partial mock of the receiver, when it has one, and otherwise runs the original.
    private func forwardInstanceMethods(of cls: Class, to proxy: Object) throws {
        var entries: [LedgerEntry.ID] = []
        for (name, types) in instanceMethods(of: cls) where !Self.messagesAnsweredAsTheClass.contains(name) && !Self.mockControlMessages.contains(name) {
            let selector = try runtime.selector(name)
            guard let original = runtime.lookUpMethod(selector, in: cls)?.implementation else { continue }
            let zero = types.returnType.zeroValue
            let entry = try runtime.replaceMethod(name, types: types.description, in: cls) { [mocks] m in
                guard let mock = mocks.partialMock(over: m.receiver) else { return try m.forward(to: original) }
                return try self.receive(m, on: proxy, mock: mock, isClassMethod: false, zero: zero, real: original)
            }
            entries.append(entry.id)
        }
        mocks.noteForwarding(entries, for: proxy)
    }

    /// One call to a mock: recorded when a macro is recording, handled by the mock otherwise.
    private func receive(
        _ m: borrowing Message, on mockObject: Object, mock: Mock, isClassMethod: Bool, zero: Value, real: Implementation?
    ) throws -> Value {
        try receive(
            m.selector, Array(m.arguments), on: mockObject, sentTo: m.receiver, mock: mock, isClassMethod: isClassMethod, zero: zero, real: real,
            in: m.runtime, nestedAt: m.depth + 1)
    }

    /// One call to a mock, of `selector` with `arguments`; `receiver` is what it was sent
    /// to (the mock, or the class or real object a forwarder stands in front of), for `real`.
    func receive(
        _ selector: Selector, _ arguments: [Value], on mockObject: Object, sentTo receiver: Object, mock: Mock, isClassMethod: Bool, zero: Value,
        real: Implementation?, in runtime: Runtime, nestedAt depth: Int
    ) throws -> Value {
        if try record(selector.name, arguments, on: mockObject, mock: mock, isClassMethod: isClassMethod) { return zero }
        let call = Mock.Call(selector: selector.name, arguments: arguments, isClassMethod: isClassMethod)
        if mock.flavor == .ocmockito {
            if try verifyAsPending(call, on: mockObject, mock: mock, in: runtime, nestedAt: depth) { return zero }
            // The call `given` will name, if this one is inside it.
            mocks.mockitoProgress.withLock { $0.ongoingStubbing = (mockObject, call) }
        }
        return try mock.handle(call, zero: zero, runtime: runtime, depth: depth) { action, _ in
            switch action {
            case .returnValue: return nil
            case .forwardToRealObject:
                guard let real else { return nil }
                return try runtime.call(real, receiver: receiver, selector: selector, Arguments(arguments), nestedAt: depth - 1)
            case .run(let block):
                let invocation = try Self.makeInvocation(target: .object(mockObject), selector: selector, arguments: arguments, in: runtime)
                _ = try block.call(Arguments(.object(invocation)), nestedAt: depth)
                return try runtime.ivarValue("_returnValue", of: invocation)
            case .raise(let exception):
                guard let object = exception.object else { throw ClassLibraryError.wrongArgument(method: "andThrow", expected: "an NSException", got: exception.description) }
                return try runtime.send(try runtime.selector("raise"), to: object, Arguments(), nestedAt: depth)
            case .post(let notification):
                let center = try runtime.send("defaultCenter", to: try runtime.requireClass(named: "NSNotificationCenter"))
                _ = try runtime.send(try runtime.selector("postNotification:"), to: center.object, Arguments(notification), nestedAt: depth)
                return nil
            case .call(let target, let object):
                return try runtime.send(target, to: object, Arguments(arguments), nestedAt: depth)
            case .fulfill(let expectation):
                _ = try runtime.send(try runtime.selector("fulfill"), to: expectation, Arguments(), nestedAt: depth)
                return nil
            case .answer(let block):
                let passed = (0..<block.parameterCount).map { $0 < arguments.count ? arguments[$0] : Value.nil }
                return try block.call(Arguments(passed), nestedAt: depth)
            case .answerWithInvocation(let block):
                let invocation = try Self.makeInvocation(target: .object(mockObject), selector: selector, arguments: arguments, in: runtime)
                return try block.call(Arguments(.object(invocation)), nestedAt: depth)
            }
        }
    }

    /// Records the call when a macro is recording and has recorded nothing yet.
    private func record(_ selector: String, _ arguments: [Value], on mockObject: Object, mock: Mock, isClassMethod: Bool) throws -> Bool {
        guard let recording = mocks.recording.withLock({ $0 }), recording.recorded == nil else { return false }
        let matcher = InvocationMatcher(
            selector: selector, constraints: arguments.map(argumentConstraint(for:)), isClassMethod: isClassMethod || recording.isClassMethod)
        var id: Int?
        if case .entry(let role) = recording.purpose { id = try mock.add(role, matching: matcher) }
        mocks.recording.withLock { $0?.recorded = (mockObject, matcher, id) }
        return true
    }

    /// The constraint an argument recorded in a stub stands for: an `OCMArg` constraint,
    /// a user's `OCMConstraint` or an OCHamcrest matcher decides; any other value must be equal.
    public func argumentConstraint(for value: Value) -> ArgumentConstraint {
        guard let object = value.object, !(object is Class) else { return .equal(value) }
        if let constraint = OCMArgument.constraint(of: object, in: runtime) { return constraint }
        if let matcher = runtime.class(named: "HCBaseMatcher"), object.isKind(of: matcher) { return .object(object) }
        return .equal(value)
    }
}
