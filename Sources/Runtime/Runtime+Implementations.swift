extension Runtime {
    /// Runs `implementation` for a message of `selector` to `receiver` without looking a
    /// method up: what calling an `IMP` as a C function does (`imp(self, _cmd, arg)`).
    /// `super` inside it starts above the class it was written for, as in a send.
    ///
    /// - Parameter depth: how deeply the call is nested, as for ``send(_:to:_:nestedAt:)``.
    /// - Throws: ``RuntimeError/callDepthExceeded(in:limit:)`` past the depth limit, an error
    ///   when the code belongs to another runtime, or what the code throws.
    @discardableResult
    public func call(
        _ implementation: Implementation, receiver: Object, selector: Selector, _ arguments: Arguments, nestedAt depth: Int
    ) throws -> Value {
        try checkOwnership(of: implementation.home)
        guard depth < maximumSendDepth else {
            throw RuntimeError.callDepthExceeded(in: "an IMP called as a function (\(selector.name))", limit: maximumSendDepth)
        }
        // The receiver, the selector and the runtime are kept alive by this frame for the call.
        return try withExtendedLifetime((receiver, selector)) {
            try withUnsafePointer(to: arguments) { pointer in
                try implementation.body(Message(
                    runtime: .passUnretained(self), receiver: .passUnretained(receiver), selector: .passUnretained(selector),
                    arguments: pointer, depth: depth, home: implementation.unmanagedHome))
            }
        }
    }

    /// Code not yet in any method, written for `cls`: what a method made from it with
    /// ``addMethod(_:types:to:implementation:)`` or ``setImplementation(of:to:)`` runs, as an
    /// IMP that stands for itself (`_objc_msgForward`) is installed in many methods at once.
    ///
    /// - Throws: an error when `cls` belongs to another runtime.
    public func makeImplementation(writtenFor cls: Class, _ body: @escaping Implementation.Body) throws(RuntimeError) -> Implementation {
        try checkOwnership(of: cls)
        return Implementation(home: cls, body: body)
    }

    /// Makes `cls` the class of `object`, returning the class it had, as `object_setClass`
    /// does: from then on sends to the object look their methods up in `cls`, and the
    /// values of its instance variables stay. Aspects, OCMock and KVO make a subclass at
    /// run time and move one instance into it this way.
    ///
    /// - Throws: ``RuntimeError/fixedClass(_:)`` when `object` is a class, a value or an
    ///   instance whose `-dealloc` is running, or `cls` is a metaclass; an error when `cls`
    ///   belongs to another runtime.
    @discardableResult
    public func changeClass(of object: Object, to cls: Class) throws(RuntimeError) -> Class {
        try checkOwnership(of: cls)
        guard type(of: object) == Object.self, !cls.isMetaclass else { throw .fixedClass(object.description) }
        try checkOwnership(of: object.isa)
        return object.exchangeIsa(for: cls)
    }
}
