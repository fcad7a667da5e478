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
                // Foundation refuses what it cannot read; the signature must have a return type.
                guard let parsed = try? TypeEncoding.parseTypes(types), !parsed.isEmpty else {
                    throw ClassLibraryError.invalidArgument(
                        method: m.methodName, reason: "unsupported type encoding spec '\(types)': write a return type and the arguments' types, as in 'v@:' or 'v@?@'")
                }
                return .object(try makeSignature(types, of: try m.receiverClass(), in: m.runtime))
            }
            // A method's signature counts self (`@`) and _cmd (`:`) as arguments 0 and 1; a
            // block's counts the block (`@?`) as argument 0.
            try c.addMethod("numberOfArguments", types: "Q@:") { m in
                .int(try signatureTypes(m).count - 1)
            }
            try c.addMethod("methodReturnType", types: "r*@:") { m in
                .string(try signatureTypes(m)[0].description)
            }
            try c.addMethod("methodReturnLength", types: "Q@:") { m in
                let returnType = try signatureTypes(m)[0]
                return .int(returnType == .void ? 0 : size(of: returnType))
            }
            try c.addMethod("getArgumentTypeAtIndex:", types: "r*@:Q") { m in
                let index = try m.integerArgument(0), all = try signatureTypes(m).dropFirst().map(\.description)
                guard all.indices.contains(index) else {
                    throw ClassLibraryError.outOfRange(method: m.methodName, reason: "index \(index) is beyond the \(all.count) arguments of \(try m.ivar("_types"))")
                }
                return .string(all[index])
            }
            // Signatures of the same types are equal, as Foundation compares them.
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = try m.objectArgument(0), other.isKind(of: try m.runtime.requireClass(named: "NSMethodSignature")) else { return false }
                return .bool(try signatureTypes(m) == (try TypeEncoding.parseTypes(try m.runtime.ivarValue("_types", of: other).text ?? "")))
            }
            try c.addMethod("hash", types: "Q@:") { m in .int(try signatureTypes(m).count) }
        }
        /// The size of a value of `type`, as `methodReturnLength` gives it: a struct's from
        /// the fields its encoding lists, each at its alignment.
        @Sendable func size(of type: ObjCType) -> Int {
            layout(of: type).size
        }
        @Sendable func layout(of type: ObjCType) -> (size: Int, alignment: Int) {
            if let scalar = type.scalarLayout { return scalar }
            switch type {
            case .array(let count, let element):
                let inner = layout(of: element)
                return (count * inner.size, inner.alignment)
            case .structure(_, let encoding):
                // `{CGRect={CGPoint=dd}{CGSize=dd}}`: the fields are what follows the `=`.
                guard let equals = encoding.firstIndex(of: "="),
                      let fields = try? TypeEncoding.parseTypes(String(encoding[encoding.index(after: equals)...].dropLast())) else { return (0, 1) }
                var (offset, alignment) = (0, 1)
                for field in fields {
                    let inner = layout(of: field)
                    offset = (offset + inner.alignment - 1) / inner.alignment * inner.alignment + inner.size
                    alignment = max(alignment, inner.alignment)
                }
                return ((offset + alignment - 1) / alignment * alignment, alignment)
            default:
                return (8, 8)
            }
        }
        /// The types of the receiving signature, the return type first: what
        /// `signatureWithObjCTypes:` checked could be read.
        @Sendable func signatureTypes(_ m: borrowing Message) throws -> [ObjCType] {
            let types = try m.ivar("_types").text ?? ""
            guard let parsed = try? TypeEncoding.parseTypes(types), !parsed.isEmpty else {
                throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the signature was never given types: make it with signatureWithObjCTypes:")
            }
            return parsed
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
                try invoke(m, target: try m.ivar("_target"))
            }
            try c.addMethod("invokeWithTarget:", types: "v@:@") { m in
                try invoke(m, target: m[0])
            }
            // Arguments by index as Foundation numbers them: 0 is the target, 1 the selector, 2 the first argument.
            try c.addMethod("getArgument:atIndex:", types: "v@:^vq") { m in
                guard case .reference(let pointer) = m[0] else { throw m.wrongArgument(0, expected: "the address of a variable (&value)") }
                let index = try m.integerArgument(1), first = try firstArgumentIndex(m)
                switch index {
                case 0: pointer.value = try m.ivar("_target")
                case 1 where first == 2: pointer.value = try m.ivar("_selector")
                default:
                    let arguments = try m.ivar("_arguments").arrayElements
                    guard index >= first, index - first < arguments.count else { throw indexOutOfRange(m, index, count: arguments.count) }
                    pointer.value = arguments[index - first]
                }
                return .nil
            }
            try c.addMethod("setArgument:atIndex:", types: "v@:^vq") { m in
                guard case .reference(let pointer) = m[0] else { throw m.wrongArgument(0, expected: "the address of a variable (&value)") }
                let index = try m.integerArgument(1), first = try firstArgumentIndex(m)
                switch index {
                case 0: try m.runtime.setIvar("_target", of: m.receiver, to: pointer.value)
                case 1 where first == 2: try m.runtime.setIvar("_selector", of: m.receiver, to: pointer.value)
                default:
                    // No further than the signature's arguments, as Foundation raises past them.
                    var limit = first
                    if let signature = try m.ivar("_methodSignature").object, let types = try m.runtime.ivarValue("_types", of: signature).text,
                       let parsed = try? TypeEncoding.parseTypes(types) {
                        limit = parsed.count - 1
                    }
                    guard index >= first, index < limit else { throw indexOutOfRange(m, index, count: max(0, limit - first)) }
                    var arguments = try m.ivar("_arguments").arrayElements
                    if arguments.count <= index - first { arguments += Array(repeating: .nil, count: index - first + 1 - arguments.count) }
                    arguments[index - first] = pointer.value
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
        /// Where the invocation's arguments start: at 1 for a block's signature (`v@?@`), whose
        /// argument 0 is the block, at 2 for a method's, after `self` and `_cmd`.
        @Sendable func firstArgumentIndex(_ m: borrowing Message) throws -> Int {
            guard let signature = try m.ivar("_methodSignature").object, let types = try m.runtime.ivarValue("_types", of: signature).text,
                  let parsed = try? TypeEncoding.parseTypes(types), parsed.count > 1 else { return 2 }
            return parsed[1] == .block ? 1 : 2
        }
        @Sendable func invoke(_ m: borrowing Message, target: Value) throws -> Value {
            let arguments = try m.ivar("_arguments").arrayElements
            let result: Value
            switch target {
            case .nil:
                return .nil
            case .block(let block):
                // A block invocation calls the block with as many arguments as it takes.
                let given = Array(arguments.prefix(block.parameterCount))
                result = try block.call(Arguments(given + Array(repeating: .nil, count: max(0, block.parameterCount - given.count))), nestedAt: m.depth + 1)
            default:
                guard case .selector(let selector) = try m.ivar("_selector") else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the invocation has no selector: set one with setSelector:")
                }
                // An argument never set is zero, as the invocation's buffer starts zeroed:
                // of its type, as the signature gives it.
                let count = selector.name.reduce(0) { $1 == ":" ? $0 + 1 : $0 }
                var given = arguments
                if given.count < count {
                    let types = try m.ivar("_methodSignature").object.map { try m.runtime.ivarValue("_types", of: $0).text ?? "" }
                    let parameters = Array(((try? TypeEncoding.parseTypes(types ?? "")) ?? []).dropFirst(3))
                    given += (given.count..<count).map { index in index < parameters.count ? parameters[index].zeroValue : .nil }
                }
                result = try m.runtime.send(selector, toValue: target, Arguments(given), nestedAt: m.depth + 1)
            }
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
