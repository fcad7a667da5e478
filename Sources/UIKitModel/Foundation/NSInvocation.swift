import Runtime

extension ClassLibrary {
    /// `NSMethodSignature` and `NSInvocation`, as far as test frameworks use them: XCTest's
    /// `+testInvocations` answers invocations, one per test method, whose `selector` names
    /// the test; code that overrides it makes more with
    /// `[NSInvocation invocationWithMethodSignature:[self instanceMethodSignatureForSelector:sel]]`.
    /// An invocation keeps a target and a selector and `-invoke` sends the one to the other.
    static func defineNSInvocation(in runtime: Runtime, root: Class) throws {
        let signatureClass = try runtime.registerClass(named: "NSMethodSignature", superclass: root) { c in
            try c.addIvar("_types", type: .object(className: "NSString"))
            try c.addClassMethod("signatureWithObjCTypes:", types: "@@:*") { m in
                let types = try m.stringArgument(0)
                return .object(try makeSignature(types, of: try m.receiverClass(), in: m.runtime))
            }
            try c.addMethod("numberOfArguments", types: "Q@:") { m in
                guard case .string(let types) = try m.ivar("_types"), let encoding = try? TypeEncoding(types) else { return 2 }
                return .int(encoding.argumentTypes.count + 2)
            }
            try c.addMethod("methodReturnType", types: "r*@:") { m in
                guard case .string(let types) = try m.ivar("_types"), let encoding = try? TypeEncoding(types) else { return "v" }
                return .string(encoding.returnType.description)
            }
        }
        @Sendable func makeSignature(_ types: String, of cls: Class, in runtime: Runtime) throws -> Object {
            let signature = try runtime.createInstance(of: cls)
            try runtime.setIvar("_types", of: signature, to: .string(types))
            return signature
        }
        /// A method's signature, or nil when nothing implements `selector` there.
        @Sendable func signature(of selector: Selector, in cls: Class, runtime: Runtime) throws -> Value {
            guard let method = runtime.lookUpMethod(selector, in: cls) else { return .nil }
            return .object(try makeSignature(method.types.description, of: signatureClass, in: runtime))
        }
        try runtime.extendDefinition(of: root) { c in
            try c.addClassMethod("instanceMethodSignatureForSelector:", types: "@@::") { m in
                try signature(of: try m.selectorArgument(0), in: try m.receiverClass(), runtime: m.runtime)
            }
            try c.addMethod("methodSignatureForSelector:", types: "@@::") { m in
                try signature(of: try m.selectorArgument(0), in: m.receiver.isa, runtime: m.runtime)
            }
        }
        try runtime.registerClass(named: "NSInvocation", superclass: root) { c in
            try c.addProperty(Property(name: "methodSignature", type: .object(className: "NSMethodSignature"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "target", type: .object(className: nil), attributes: []))
            try c.addProperty(Property(name: "selector", type: .selector, attributes: []))
            try c.addClassMethod("invocationWithMethodSignature:", types: "@@:@") { m in
                guard let signature = try m.objectArgument(0), signature.isKind(of: signatureClass) else {
                    throw m.wrongArgument(0, expected: "an NSMethodSignature, such as [MyClass instanceMethodSignatureForSelector:@selector(run)]")
                }
                let invocation = try m.runtime.createInstance(of: try m.receiverClass())
                try m.runtime.setIvar("_methodSignature", of: invocation, to: .object(signature))
                return .object(invocation)
            }
            try c.addMethod("invoke", types: "v@:") { m in
                try invoke(m, target: try m.ivar("_target").object)
            }
            try c.addMethod("invokeWithTarget:", types: "v@:@") { m in
                try invoke(m, target: try m.objectArgument(0))
            }
        }
        @Sendable func invoke(_ m: borrowing Message, target: Object?) throws -> Value {
            guard case .selector(let selector) = try m.ivar("_selector") else {
                throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the invocation has no selector: set one with setSelector:")
            }
            guard let target else { return .nil }
            _ = try m.send(selector, to: target)
            return .nil
        }
    }
}
