import Runtime
import Synchronization

/// Mock objects: stand-ins that answer only what they are told.
extension ClassLibrary {
    /// A mock of `cls`: an object that has every instance method `cls` has, answers each
    /// only as its expectations and stubs say, and fails at once on any other call. It
    /// answers `isKindOfClass:`, `isMemberOfClass:`, `respondsToSelector:` and
    /// `conformsToProtocol:` as an instance of `cls` would.
    public func makeMock(of cls: Class) throws -> Object {
        let mockClass = try mocks.mockClass(for: cls, in: runtime)
        let object = try runtime.createInstance(of: mockClass)
        mocks.register(Mock(mocking: cls), for: object)
        return object
    }

    /// The state of a mock made by ``makeMock(of:)``, or nil for any other object.
    public func mock(of object: Object) -> Mock? {
        mocks.mock(for: object)
    }
}

/// The mocks of one class library, and the classes they are instances of.
final class MockRegistry: Sendable {
    private let mocks = Mutex<[ObjectIdentifier: Mock]>([:])
    private let classes = Mutex<[ObjectIdentifier: Class]>([:])

    func register(_ mock: Mock, for object: Object) {
        mocks.withLock { $0[ObjectIdentifier(object)] = mock }
    }

    func mock(for object: Object) -> Mock? {
        mocks.withLock { $0[ObjectIdentifier(object)] }
    }

    /// The class mocks of `cls` are made from, `<cls>_Mock`, built on first use.
    func mockClass(for cls: Class, in runtime: Runtime) throws -> Class {
        if let existing = classes.withLock({ $0[ObjectIdentifier(cls)] }) { return existing }
        // Every instance method of the class, the nearest definition of each selector.
        var methods: [String: TypeEncoding] = [:]
        for ancestor in cls.lineage.reversed() {
            for method in runtime.methods(of: ancestor) { methods[method.selector.name] = method.types }
        }
        // Questions about the object, and the runtime's own forwarding step, are answered as
        // an instance of the class would answer them, not counted as calls.
        let answeredAsTheClass: Set<String> = [
            "isKindOfClass:", "isMemberOfClass:", "class", "respondsToSelector:", "conformsToProtocol:", "description", "isEqual:", "hash",
            "forwardingTargetForSelector:",
        ]
        let made = try runtime.registerClass(named: "\(cls.name)_Mock") { builder in
            for (selector, types) in methods.sorted(by: { $0.key < $1.key }) where !answeredAsTheClass.contains(selector) {
                let zero = types.returnType.zeroValue
                try builder.addMethod(selector, types: types.description) { [unowned self] message in
                    guard let mock = self.mock(for: message.receiver) else { return zero }
                    return try mock.handle(message.selector.name, Array(message.arguments), object: message.receiver, zero: zero, runtime: message.runtime, depth: message.depth + 1)
                }
            }
            try builder.addMethod("isKindOfClass:", types: "B@:#") { m in .bool(m[0].class.map(cls.isSubclass(of:)) ?? false) }
            try builder.addMethod("isMemberOfClass:", types: "B@:#") { m in .bool(m[0].class === cls) }
            try builder.addMethod("class", types: "#@:") { _ in .object(cls) }
            try builder.addMethod("respondsToSelector:", types: "B@::") { m in
                guard case .selector(let selector) = m[0] else { return false }
                return .bool(m.runtime.instancesRespond(cls, to: selector))
            }
            try builder.addMethod("conformsToProtocol:", types: "B@:@") { m in
                guard case .protocol(let proto) = m[0] else { return false }
                return .bool(m.runtime.conforms(cls, to: proto))
            }
            // The same text the mock prints as, and names itself by in its errors.
            try builder.addMethod("description", types: "@@:") { m in .string(m.receiver.description) }
            try builder.addMethod("isEqual:", types: "B@:@") { m in .bool(m[0].object === m.receiver) }
            try builder.addMethod("hash", types: "Q@:") { m in .int(m.receiver.serial) }
            try builder.addMethod("forwardingTargetForSelector:", types: "@@::") { _ in .nil }
        }
        return classes.withLock { classes in
            if let raced = classes[ObjectIdentifier(cls)] { return raced }
            classes[ObjectIdentifier(cls)] = made
            return made
        }
    }
}
