import Runtime

extension ClassLibrary {
    /// `NSObject`: the root class, with the `NSObject` protocol.
    static func defineNSObject(in runtime: Runtime) throws -> Class {
        let objectProtocol = try runtime.registerProtocol(named: "NSObject")
        // Selectors the methods send on every creation, interned once here.
        let alloc = try runtime.selector("alloc"), initialize = try runtime.selector("init")
        let copyWithZone = try runtime.selector("copyWithZone:"), mutableCopyWithZone = try runtime.selector("mutableCopyWithZone:")
        let description = try runtime.selector("description")
        return try runtime.registerLazyClass(named: "NSObject") { c in
            c.adopt(objectProtocol)
            // Creation
            try c.addClassMethod("alloc", types: "@@:") { m in
                .object(try m.runtime.createInstance(of: try m.receiverClass()))
            }
            try c.addClassMethod("new", types: "@@:") { m in
                let allocated = try m.send(alloc, to: m.receiver)
                return try m.send(initialize, to: allocated.object)
            }
            // Zones are long gone: `allocWithZone:` is `alloc` (as `copyWithZone:`
            // implementations call it), whatever zone it is given.
            try c.addClassMethod("allocWithZone:", types: "@@:^{_NSZone=}") { m in
                try m.send(alloc, to: m.receiver)
            }
            try c.addMethod("init", types: "@@:") { m in .object(m.receiver) }
            // NSObject's own copies ask the NSCopying and NSMutableCopying methods, with no
            // zone; an object whose class implements neither does not recognize the
            // selector, as in objc.
            try c.addMethod("copy", types: "@@:") { m in try m.send(copyWithZone, to: m.receiver, Arguments(.nil)) }
            try c.addMethod("mutableCopy", types: "@@:") { m in try m.send(mutableCopyWithZone, to: m.receiver, Arguments(.nil)) }
            // Manual reference counting, as code written before ARC sends it: objects here
            // live while something refers to them, so these keep and free nothing.
            // `[super dealloc]` at the end of an MRC `dealloc` reaches NSObject's.
            try c.addMethod("retain", types: "@@:") { m in m.receiverItself }
            try c.addMethod("autorelease", types: "@@:") { m in m.receiverItself }
            try c.addMethod("release", types: "v@:") { _ in .nil }
            try c.addMethod("dealloc", types: "v@:") { _ in .nil }
            // What a nib, or Interface Builder, sends an object it made: nothing to do here.
            try c.addMethod("awakeFromNib", types: "v@:") { _ in .nil }
            try c.addMethod("prepareForInterfaceBuilder", types: "v@:") { _ in .nil }

            // Identity and class
            try c.addMethod("class", types: "#@:") { m in .object(m.receiver.isa) }
            try c.addClassMethod("class", types: "#@:") { m in .object(m.receiver) }
            // `[Thing self]` names a class where an expression is wanted, as `[Thing class]` does.
            try c.addMethod("self", types: "@@:") { m in m.receiverItself }
            try c.addClassMethod("self", types: "#@:") { m in .object(m.receiver) }
            try c.addMethod("superclass", types: "#@:") { m in m.receiver.isa.superclass.map(Value.object) ?? .nil }
            try c.addClassMethod("superclass", types: "#@:") { m in
                (try m.receiverClass()).superclass.map(Value.object) ?? .nil
            }
            try c.addMethod("description", types: "@@:") { m in .string(m.receiver.description) }
            try c.addClassMethod("description", types: "@@:") { m in .string(m.receiver.description) }
            try c.addMethod("debugDescription", types: "@@:") { m in try m.send(description, to: m.receiver) }
            try c.addClassMethod("debugDescription", types: "@@:") { m in try m.send(description, to: m.receiver) }
            try c.addMethod("isProxy", types: "B@:") { _ in false }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(m[0].object === m.receiver) }
            try c.addMethod("hash", types: "Q@:") { m in .int(m.receiver.serial) }

            // Introspection
            try c.addMethod("respondsToSelector:", types: "B@::") { m in
                .bool(m.runtime.instancesRespond(m.receiver.isa, to: try m.selectorArgument(0)))
            }
            try c.addClassMethod("instancesRespondToSelector:", types: "B@::") { m in
                .bool(m.runtime.instancesRespond(try m.receiverClass(), to: try m.selectorArgument(0)))
            }
            try c.addMethod("isKindOfClass:", types: "B@:#") { m in
                .bool(m[0].class.map(m.receiver.isKind(of:)) ?? false)
            }
            try c.addClassMethod("isSubclassOfClass:", types: "B@:#") { m in
                let receiver = try m.receiverClass()
                return .bool(m[0].class.map(receiver.isSubclass(of:)) ?? false)
            }
            try c.addMethod("isMemberOfClass:", types: "B@:#") { m in
                .bool(m[0].class.map(m.receiver.isMember(of:)) ?? false)
            }
            try c.addMethod("conformsToProtocol:", types: "B@:@") { m in
                guard case .protocol(let proto) = m[0] else { return false }
                return .bool(m.runtime.conforms(m.receiver.isa, to: proto))
            }
            try c.addClassMethod("conformsToProtocol:", types: "B@:@") { m in
                guard case .protocol(let proto) = m[0] else { return false }
                return .bool(m.runtime.conforms(try m.receiverClass(), to: proto))
            }

            // Sending by selector
            try c.addMethod("performSelector:", types: "@@::") { m in
                let selector = try m.selectorArgument(0)
                return try m.send(selector, to: m.receiver, fitted([], to: selector))
            }
            try c.addMethod("performSelector:withObject:", types: "@@::@") { m in
                let selector = try m.selectorArgument(0)
                return try m.send(selector, to: m.receiver, fitted([m[1]], to: selector))
            }
            try c.addMethod("performSelector:withObject:withObject:", types: "@@::@@") { m in
                let selector = try m.selectorArgument(0)
                return try m.send(selector, to: m.receiver, fitted([m[1], m[2]], to: selector))
            }

            // Dynamic resolution and forwarding: NSObject's defaults decline.
            // The IMP a send would run, which code may call or give to class_addMethod; nil
            // when nothing implements the selector (objc would answer its forwarding IMP).
            @Sendable func implementation(_ m: borrowing Message, in cls: Class) throws -> Value {
                m.runtime.lookUpMethod(try m.selectorArgument(0), in: cls).map { .implementation($0.implementation) } ?? .nil
            }
            try c.addMethod("methodForSelector:", types: "^v@::") { m in try implementation(m, in: m.receiver.isa) }
            try c.addClassMethod("methodForSelector:", types: "^v@::") { m in try implementation(m, in: m.receiver.isa) }
            try c.addClassMethod("instanceMethodForSelector:", types: "^v@::") { m in try implementation(m, in: try m.receiverClass()) }
            try c.addClassMethod("resolveInstanceMethod:", types: "B@::") { _ in false }
            try c.addClassMethod("resolveClassMethod:", types: "B@::") { _ in false }
            try c.addMethod("forwardingTargetForSelector:", types: "@@::") { _ in .nil }
            // The end of forwarding: a class's `-forwardInvocation:` passes what it does not
            // handle to super's, which raises as an unrecognised selector does, unless the
            // message is framework API the model lacks, which the stand-ins answer.
            try c.addMethod("forwardInvocation:", types: "v@:@") { m in
                try Forwarding.forwardToNSObject(m)
            }
            try c.addMethod("doesNotRecognizeSelector:", types: "v@::") { m in
                throw m.runtime.unrecognizedSelector(try m.selectorArgument(0), sentTo: m.receiver)
            }
            try c.addClassMethod("doesNotRecognizeSelector:", types: "v@::") { m in
                throw m.runtime.unrecognizedSelector(try m.selectorArgument(0), sentTo: m.receiver)
            }
        }
    }
}

extension Message {
    /// The receiver as a class, for class methods.
    func receiverClass() throws -> Class {
        guard let cls = receiver as? Class else {
            throw ClassLibraryError.wrongArgument(method: "+[\(receiver.isa.name) \(selector.name)]", expected: "a class receiver", got: receiver.description)
        }
        return cls
    }

    /// The selector passed as argument `index`.
    func selectorArgument(_ index: Int) throws -> Selector {
        guard case .selector(let selector) = self[index] else {
            throw ClassLibraryError.wrongArgument(
                method: "-[\(receiver.isa.name) \(self.selector.name)]", expected: "a selector such as @selector(viewDidLoad)",
                got: self[index].kindDescription)
        }
        return selector
    }

    /// The object passed as argument `index`, or nil; anything else is an error.
    func objectArgument(_ index: Int) throws -> Object? {
        switch self[index] {
        case .nil: return nil
        case .object(let object): return object
        case let other:
            throw ClassLibraryError.wrongArgument(
                method: "-[\(receiver.isa.name) \(selector.name)]", expected: "an object or nil", got: other.kindDescription)
        }
    }

    /// Sends a getter to `object` and returns the object it holds, if any.
    func object(_ getter: String, of object: Object?) throws -> Object? {
        try send(getter, to: object).object
    }

    /// `object`, then what `getter` answers for it, and so on until nil: a view and its
    /// superviews, a controller and its parents or its presenters. It stops at an object
    /// already met, so even a corrupted chain ends.
    func chain(from object: Object, following getter: String) throws -> [Object] {
        var chain: [Object] = []
        var met = MetObjects()
        var current: Object? = object
        while let link = current, met.insert(link) {
            chain.append(link)
            current = try self.object(getter, of: link)
        }
        return chain
    }

    /// Sends a getter to `object` and returns the array it holds (nil reads as empty).
    func array(_ getter: String, of object: Object?) throws -> [Value] {
        if case .array(let values) = try send(getter, to: object) { return values }
        return []
    }
}

extension ClassLibrary {
    /// The objects a `performSelector:` variant passes, fitted to what `selector` takes, as
    /// `objc_msgSend` passes them: one the method does not take is not seen, and one it
    /// takes that was not given reads as nil.
    static func fitted(_ given: [Value], to selector: Selector) -> Arguments {
        Arguments(Array(given.prefix(selector.argumentCount)) + Array(repeating: .nil, count: max(0, selector.argumentCount - given.count)))
    }
}
