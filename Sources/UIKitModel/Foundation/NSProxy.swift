import Runtime

extension ClassLibrary {
    /// `NSProxy`: the other root class, for objects that stand in for another. It answers
    /// the `NSObject` protocol about itself (its class, identity, description) and has no
    /// `-init`; every other message goes to its subclass's `-methodSignatureForSelector:`
    /// and `-forwardInvocation:` (see ``Forwarding``). `-isKindOfClass:`,
    /// `-respondsToSelector:` and `-conformsToProtocol:` are forwarded as well, so a proxy
    /// answers them as its target does.
    static func defineNSProxy(in runtime: Runtime) throws -> Class {
        let objectProtocol = runtime.protocol(named: "NSObject")
        let description = try runtime.selector("description")
        return try runtime.registerLazyClass(named: "NSProxy") { c in
            if let objectProtocol { c.adopt(objectProtocol) }
            try c.addClassMethod("alloc", types: "@@:") { m in .object(try m.runtime.createInstance(of: try m.receiverClass())) }
            try c.addClassMethod("allocWithZone:", types: "@@:^{_NSZone=}") { m in
                .object(try m.runtime.createInstance(of: try m.receiverClass()))
            }
            try c.addClassMethod("class", types: "#@:") { m in .object(m.receiver) }
            try c.addClassMethod("superclass", types: "#@:") { m in (try m.receiverClass()).superclass.map(Value.object) ?? .nil }
            try c.addClassMethod("description", types: "@@:") { m in .string(m.receiver.description) }
            try c.addClassMethod("respondsToSelector:", types: "B@::") { m in
                .bool(m.runtime.instancesRespond(m.receiver.isa, to: try m.selectorArgument(0)))
            }
            try c.addMethod("class", types: "#@:") { m in .object(m.receiver.isa) }
            try c.addMethod("superclass", types: "#@:") { m in m.receiver.isa.superclass.map(Value.object) ?? .nil }
            try c.addMethod("self", types: "@@:") { m in .object(m.receiver) }
            try c.addMethod("isProxy", types: "B@:") { _ in true }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(m[0].object === m.receiver) }
            try c.addMethod("hash", types: "Q@:") { m in .int(m.receiver.serial) }
            try c.addMethod("description", types: "@@:") { m in .string(m.receiver.description) }
            try c.addMethod("debugDescription", types: "@@:") { m in try m.send(description, to: m.receiver) }
            try c.addMethod("retain", types: "@@:") { m in .object(m.receiver) }
            try c.addMethod("autorelease", types: "@@:") { m in .object(m.receiver) }
            try c.addMethod("release", types: "v@:") { _ in .nil }
            try c.addMethod("dealloc", types: "v@:") { _ in .nil }
            try c.addMethod("performSelector:", types: "@@::") { m in try m.send(try m.selectorArgument(0), to: m.receiver) }
            try c.addMethod("performSelector:withObject:", types: "@@::@") { m in
                try m.send(try m.selectorArgument(0), to: m.receiver, Arguments(m[1]))
            }
            try c.addMethod("performSelector:withObject:withObject:", types: "@@::@@") { m in
                try m.send(try m.selectorArgument(0), to: m.receiver, Arguments(m[1], m[2]))
            }
            // A subclass that forwards overrides both; NSProxy's own raise, as Foundation's do.
            try c.addMethod("methodSignatureForSelector:", types: "@@::") { m in
                throw ClassLibraryError.invalidArgument(
                    method: m.methodName,
                    reason: "NSProxy's own is called; a subclass of NSProxy overrides it to give the signature of each message it forwards")
            }
            try c.addMethod("forwardInvocation:", types: "v@:@") { m in
                throw ClassLibraryError.invalidArgument(
                    method: m.methodName,
                    reason: "NSProxy's own is called; a subclass of NSProxy overrides it to pass the invocation on, as [invocation invokeWithTarget:target] does")
            }
        }
    }
}
