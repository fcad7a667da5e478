import Runtime

extension ClassLibrary {
    /// `NSMethodSignature` and `NSInvocation`, as far as test frameworks use them: XCTest's
    /// `+testInvocations` answers invocations, one per test method, whose `selector` names
    /// the test; code that overrides it makes more with
    /// `[NSInvocation invocationWithMethodSignature:[self instanceMethodSignatureForSelector:sel]]`.
    /// An invocation keeps a target, a selector and arguments (`getArgument:atIndex:` and
    /// `setArgument:atIndex:` from index 2, as Foundation counts), and `-invoke` sends the
    /// message, keeping the answer for `getReturnValue:`; `setReturnValue:` sets it, as an
    /// OCMock `andDo` block does.
    static func defineNSInvocation(in runtime: Runtime, root: Class) throws {
        let signatureClass = try runtime.registerLazyClass(named: "NSMethodSignature", superclass: root) { c in
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
            // Argument 0 is self (`@`) and 1 is _cmd (`:`), as objc counts them.
            try c.addMethod("getArgumentTypeAtIndex:", types: "r*@:Q") { m in
                guard case .string(let types) = try m.ivar("_types"), let encoding = try? TypeEncoding(types) else { return "@" }
                let index = try m.integerArgument(0), all = ["@", ":"] + encoding.argumentTypes.map(\.description)
                guard all.indices.contains(index) else {
                    throw ClassLibraryError.outOfRange(method: m.methodName, reason: "index \(index) is beyond the \(all.count) arguments of \(types)")
                }
                return .string(all[index])
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
        try runtime.registerLazyClass(named: "NSInvocation", superclass: root) { c in
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
            try c.addIvar("_arguments", type: .object(className: "NSArray"))
            try c.addIvar("_returnValue", type: .object(className: nil))
            try c.addMethod("invoke", types: "v@:") { m in
                try invoke(m, target: try m.ivar("_target").object)
            }
            try c.addMethod("invokeWithTarget:", types: "v@:@") { m in
                try invoke(m, target: try m.objectArgument(0))
            }
            // Arguments by index as Foundation numbers them: 0 is the target, 1 the selector, 2 the first argument.
            try c.addMethod("getArgument:atIndex:", types: "v@:^vq") { m in
                guard case .reference(let pointer) = m[0] else { throw m.wrongArgument(0, expected: "the address of a variable (&value)") }
                let index = try m.integerArgument(1)
                switch index {
                case 0: pointer.value = try m.ivar("_target")
                case 1: pointer.value = try m.ivar("_selector")
                default:
                    let arguments = try m.ivar("_arguments").arrayElements
                    guard index >= 2, index - 2 < arguments.count else { throw indexOutOfRange(m, index, count: arguments.count) }
                    pointer.value = arguments[index - 2]
                }
                return .nil
            }
            try c.addMethod("setArgument:atIndex:", types: "v@:^vq") { m in
                guard case .reference(let pointer) = m[0] else { throw m.wrongArgument(0, expected: "the address of a variable (&value)") }
                let index = try m.integerArgument(1)
                switch index {
                case 0: try m.runtime.setIvar("_target", of: m.receiver, to: pointer.value)
                case 1: try m.runtime.setIvar("_selector", of: m.receiver, to: pointer.value)
                default:
                    guard index >= 2 else { throw indexOutOfRange(m, index, count: 0) }
                    var arguments = try m.ivar("_arguments").arrayElements
                    if arguments.count < index - 1 { arguments += Array(repeating: .nil, count: index - 1 - arguments.count) }
                    arguments[index - 2] = pointer.value
                    try m.runtime.setIvar("_arguments", of: m.receiver, to: .array(arguments))
                }
                return .nil
            }
            try c.addMethod("getReturnValue:", types: "v@:^v") { m in
                guard case .reference(let pointer) = m[0] else { throw m.wrongArgument(0, expected: "the address of a variable (&value)") }
                pointer.value = try m.ivar("_returnValue")
                return .nil
            }
            try c.addMethod("setReturnValue:", types: "v@:^v") { m in
                guard case .reference(let pointer) = m[0] else { throw m.wrongArgument(0, expected: "the address of a variable (&value)") }
                try m.runtime.setIvar("_returnValue", of: m.receiver, to: pointer.value)
                return .nil
            }
            try c.addMethod("retainArguments", types: "v@:") { _ in .nil }
            // OCMockito's category, for `willDo:` blocks: the arguments, nil as `NSNull`.
            try c.addMethod("mkt_arguments", types: "@@:") { m in
                let null = try m.send("null", to: try m.runtime.requireClass(named: "NSNull"))
                return .array(try m.ivar("_arguments").arrayElements.map { $0 == .nil ? null : $0 })
            }
        }
        @Sendable func indexOutOfRange(_ m: borrowing Message, _ index: Int, count: Int) -> ClassLibraryError {
            .invalidArgument(method: m.methodName, reason: "index (\(index)) out of bounds [-1, \(count + 1)]")
        }
        @Sendable func invoke(_ m: borrowing Message, target: Object?) throws -> Value {
            guard case .selector(let selector) = try m.ivar("_selector") else {
                throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the invocation has no selector: set one with setSelector:")
            }
            guard let target else { return .nil }
            let result = try m.send(selector, to: target, Arguments(try m.ivar("_arguments").arrayElements))
            try m.runtime.setIvar("_returnValue", of: m.receiver, to: result)
            return .nil
        }
    }

    /// An `NSInvocation` of `selector` to `target` with `arguments`: what an OCMock `andDo`
    /// block gets, and what `-forwardInvocation:` is handed with the method's signature.
    static func makeInvocation(
        target: Value, selector: Selector, arguments: [Value], signature: Value = .nil, in runtime: Runtime
    ) throws -> Object {
        let invocation = try runtime.createInstance(of: try runtime.requireClass(named: "NSInvocation"))
        try runtime.setIvars(of: invocation, [
            "_target": target, "_selector": .selector(selector), "_arguments": .array(arguments), "_methodSignature": signature,
        ])
        return invocation
    }
}
