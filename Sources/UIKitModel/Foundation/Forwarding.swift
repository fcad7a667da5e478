import Runtime

/// Foundation's message forwarding, the last step before a message is unrecognised: an
/// object whose class overrides `-forwardInvocation:` is asked for the message's
/// signature with `-methodSignatureForSelector:` and then handed the message as an
/// `NSInvocation`, whose return value (set by `-invoke`, `-invokeWithTarget:` or
/// `-setReturnValue:`) is what the message returns. A nil signature raises the
/// unrecognised selector, as objc does.
///
/// A message to an object that does not forward goes on to `next` (the stand-ins).
struct Forwarding: MessageFallback {
    let next: any MessageFallback
    /// The roots whose `-forwardInvocation:` only raises: `NSObject` and `NSProxy`.
    let roots: Set<ObjectIdentifier>
    let forwardInvocation: Selector
    let methodSignatureForSelector: Selector
    /// `copyWithZone:` and `mutableCopyWithZone:` with the copies they mean.
    let zoneCopies: [ObjectIdentifier: Selector]

    init(roots: [Class], in runtime: Runtime, then next: any MessageFallback) throws {
        self.next = next
        self.roots = Set(roots.map(ObjectIdentifier.init))
        forwardInvocation = try runtime.selector("forwardInvocation:")
        methodSignatureForSelector = try runtime.selector("methodSignatureForSelector:")
        zoneCopies = [
            ObjectIdentifier(try runtime.selector("copyWithZone:")): try runtime.selector("copy"),
            ObjectIdentifier(try runtime.selector("mutableCopyWithZone:")): try runtime.selector("mutableCopy"),
        ]
    }

    func answer(
        _ selector: Selector, sentTo receiver: Object, lookingUpFrom start: Class, _ arguments: Arguments, in runtime: Runtime, depth: Int
    ) throws -> Value? {
        // `[set copyWithZone:zone]`, as an NSCopying class copies its ivars: the library's
        // classes copy through `copy`, which Foundation's route through the zone form.
        if let copy = zoneCopies[ObjectIdentifier(selector)], arguments.count == 1,
           let method = runtime.lookUpMethod(copy, in: receiver.isa), !roots.contains(ObjectIdentifier(method.owner)),
           ClassLibrary.classNameSet.contains(method.owner.name) {
            return try runtime.send(copy, to: receiver, Arguments(), nestedAt: depth + 1)
        }
        guard selector !== forwardInvocation, selector !== methodSignatureForSelector,
              let forwarder = runtime.lookUpMethod(forwardInvocation, in: receiver.isa),
              !roots.contains(ObjectIdentifier(forwarder.owner)) else {
            return try next.answer(selector, sentTo: receiver, lookingUpFrom: start, arguments, in: runtime, depth: depth)
        }
        return try forward(selector, to: receiver, arguments, in: runtime, depth: depth)
    }

    /// Hands the message to the receiver's `-forwardInvocation:` as an `NSInvocation`, with
    /// the signature its `-methodSignatureForSelector:` gives, and returns the invocation's
    /// return value; nil when there is no signature.
    func forward(_ selector: Selector, to receiver: Object, _ arguments: Arguments, in runtime: Runtime, depth: Int) throws -> Value? {
        let signature = try runtime.send(methodSignatureForSelector, to: receiver, Arguments(.selector(selector)), nestedAt: depth + 1)
        guard case .object = signature else { return nil }
        let invocation = try ClassLibrary.makeInvocation(
            target: .object(receiver), selector: selector, arguments: Array(arguments), signature: signature, in: runtime)
        _ = try runtime.send(forwardInvocation, to: receiver, Arguments(.object(invocation)), nestedAt: depth + 1)
        return try runtime.ivarValue("_returnValue", of: invocation)
    }

    /// NSObject's `-forwardInvocation:`, where a class's forwarding passes what it does not
    /// handle: the stand-ins' answer when the message is framework API the model lacks (as
    /// they answer it for a class that does not forward), else the unrecognised selector.
    static func forwardToNSObject(_ m: borrowing Message) throws -> Value {
        guard let invocation = try m.objectArgument(0), case .selector(let selector) = try m.runtime.ivarValue("_selector", of: invocation) else {
            throw m.wrongArgument(0, expected: "the NSInvocation the message was forwarded in")
        }
        let arguments = Arguments(try m.runtime.ivarValue("_arguments", of: invocation).arrayElements)
        let next = (m.runtime.messageFallback as? Forwarding)?.next
        if let answer = try next?.answer(selector, sentTo: m.receiver, lookingUpFrom: m.receiver.isa, arguments, in: m.runtime, depth: m.depth) {
            try m.runtime.setIvar("_returnValue", of: invocation, to: answer)
            return .nil
        }
        throw m.runtime.unrecognizedSelector(selector, sentTo: m.receiver)
    }
}

extension ClassLibrary {
    /// What `_objc_msgForward` does, as the IMP of a method: forwards the message to the
    /// receiver's `-forwardInvocation:` even though a method was found (see ``Forwarding``),
    /// and raises the unrecognised selector when the receiver gives no signature for it.
    public static func forwardMessage(_ m: borrowing Message) throws -> Value {
        let (runtime, selector, receiver) = (m.runtime, m.selector, m.receiver)
        // The class library's runtimes forward through `Forwarding`; one without it cannot forward.
        guard let forwarding = runtime.messageFallback as? Forwarding,
              let answer = try forwarding.forward(selector, to: receiver, m.arguments, in: runtime, depth: m.depth) else {
            throw runtime.unrecognizedSelector(selector, sentTo: receiver)
        }
        return answer
    }
}
