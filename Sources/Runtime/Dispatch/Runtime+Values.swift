extension Runtime {
    /// Makes `cls` the class of every value of `kind`: a send to such a value looks its
    /// method up there, and `[value class]` is `cls`.
    public func setClass(_ cls: Class, forValuesOf kind: ValueKind) throws(RuntimeError) {
        // Naming the class realizes nothing: a lazily registered one is realized by the
        // first message a value sends it, as any other class is.
        guard owns(cls) else { throw .foreignClass(cls.name) }
        registry.withLock { $0.valueClasses[kind] = cls }
    }

    /// The class `value` is an instance of: an object's class, or the class set for its
    /// kind of value; nil for nil and for values that are no instances.
    public func `class`(ofValue value: Value) -> Class? {
        if case .object(let object) = value { return object.isa }
        guard let kind = ValueKind(of: value) else { return nil }
        return registry.withLock { $0.valueClasses[kind] }
    }

    /// Sends a message to any value: an object as ``send(_:to:_:nestedAt:)`` does, nil
    /// returning the zero value, and a string, number, array or dictionary as an instance
    /// of the class set for its kind.
    ///
    /// - Throws: ``RuntimeError/notAnInstance(_:selector:)`` for a value that is no instance
    ///   (a selector, a block, a struct), or of a kind no class was set for.
    @discardableResult
    public func send(_ selector: Selector, toValue receiver: Value, _ arguments: Arguments, nestedAt depth: Int) throws -> Value {
        switch receiver {
        case .nil:
            return zeroValue(for: selector)
        case .object(let object):
            return try send(selector, to: object, arguments, depth: depth)
        default:
            guard let cls = self.class(ofValue: receiver) else {
                throw RuntimeError.notAnInstance(receiver.kindDescription, selector: selector.name)
            }
            return try send(selector, to: ValueBox(receiver, isa: cls), arguments, depth: depth)
        }
    }
}

extension Message {
    /// `self` as a value: the string, number, array or dictionary a message to a value was
    /// sent to, what a ``ValueHolder`` holds now, or the receiving object.
    public var receiverValue: Value {
        let receiver = self.receiver
        if let box = receiver as? ValueBox { return box.value }
        if let holder = receiver as? ValueHolder { return holder.value }
        return .object(receiver)
    }

    /// `self` as the code holds it: the string, number, array or dictionary a message to a
    /// value was sent to, or the receiving object, a ``ValueHolder`` too: what `-self`,
    /// `-retain` and `-autorelease` answer, so `[[[NSMutableArray alloc] init] autorelease]`
    /// is the mutable array, not what it holds.
    public var receiverItself: Value {
        let receiver = self.receiver
        if let box = receiver as? ValueBox { return box.value }
        return .object(receiver)
    }
}
