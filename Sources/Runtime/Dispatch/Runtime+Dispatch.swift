import Synchronization

extension Runtime {
    /// Sends a message: looks `selector` up from the receiver's class and runs what it
    /// finds. A message to nil returns the zero value of the selector's declared return
    /// type (nil, `NO` or 0).
    ///
    /// An unrecognised selector goes through `+resolveInstanceMethod:` (or
    /// `+resolveClassMethod:`), then `-forwardingTargetForSelector:`, then the runtime's
    /// ``MessageFallback`` if one is installed, and then fails with
    /// ``RuntimeError/unrecognizedSelector(method:receiverIsClass:serial:)``.
    @inlinable @discardableResult
    public func send(_ selector: Selector, to receiver: Object?, _ arguments: Arguments = Arguments()) throws -> Value {
        try send(selector, to: receiver, arguments, depth: 0)
    }

    /// Sends a message, naming the selector.
    @discardableResult
    public func send(_ selectorName: String, to receiver: Object?, _ arguments: Value...) throws -> Value {
        try send(selector(selectorName), to: receiver, Arguments(arguments), depth: 0)
    }

    /// Sends a message from code an interpreter is running inside a method: `depth` is the
    /// handled message's ``Message/depth`` plus one, so the send counts towards the depth
    /// limit and nests in traces. (Implementations written in Swift use ``Message/send(_:to:_:)``.)
    @inlinable @discardableResult
    public func send(_ selector: Selector, to receiver: Object?, _ arguments: Arguments, nestedAt depth: Int) throws -> Value {
        try send(selector, to: receiver, arguments, depth: depth)
    }

    /// `[super <selector> ...]` from code an interpreter is running inside a method written
    /// for `home`: the lookup starts at `home`'s superclass.
    @discardableResult
    public func sendSuper(
        _ selector: Selector, to receiver: Object, writtenFor home: Class, _ arguments: Arguments, nestedAt depth: Int
    ) throws -> Value {
        try withUnsafePointer(to: arguments) { arguments in
            try Runtime.sendSuper(
                in: .passUnretained(self), .passUnretained(selector), to: .passUnretained(receiver), from: .passUnretained(home),
                arguments, depth: depth)
        }
    }

    /// A message whose lookup starts at `cls` rather than at the receiver's class, as
    /// `objc_msgSendSuper` sends with the class its `objc_super` names. `cls` must be the
    /// receiver's class or one of its superclasses.
    ///
    /// - Throws: ``RuntimeError/notAnAncestor(_:of:)`` when `cls` is not, and whatever the
    ///   send throws.
    @discardableResult
    public func send(
        _ selector: Selector, to receiver: Object, lookingUpFrom cls: Class, _ arguments: Arguments, nestedAt depth: Int
    ) throws -> Value {
        guard receiver.isa.isSubclass(of: cls) else { throw RuntimeError.notAnAncestor(cls.name, of: receiver.isa.name) }
        return try withUnsafePointer(to: arguments) { arguments in
            try Runtime.dispatch(
                in: .passUnretained(self), .passUnretained(selector), to: .passUnretained(receiver), lookingUpFrom: .passUnretained(cls),
                arguments, depth: depth, isSuper: true)
        }
    }

    /// What a message with `selector` to nil returns.
    public func zeroValue(for selector: Selector) -> Value {
        declaredReturnType(of: selector)?.zeroValue ?? .nil
    }

    /// The return type of the first method registered for `selector`, as a compiler takes
    /// it from the declaration it sees; nil when no method has that selector.
    public func declaredReturnType(of selector: Selector) -> ObjCType? {
        registry.withLock { $0.declaredReturnType(of: selector) }
    }

    /// The part of a send compiled into the caller: unwrapping the receiver and taking the
    /// arguments' address there spares the caller a retain and a release of the receiver
    /// around the call, which cost as much as the rest of the send.
    @inlinable @inline(__always)
    func send(_ selector: Selector, to receiver: Object?, _ arguments: Arguments, depth: Int) throws -> Value {
        // A `switch`, not `guard let`: binding with `guard let` copies (retains) the receiver.
        switch receiver {
        case .none:
            return zeroValue(for: selector)
        case .some(let receiver):
            // The receiver is passed unretained; this keeps the caller's reference alive
            // until the send returns.
            defer { _fixLifetime(receiver) }
            let object = Unmanaged.passUnretained(receiver)
            return try withUnsafePointer(to: arguments) { arguments in
                try Runtime.dispatch(
                    in: .passUnretained(self), .passUnretained(selector), to: object,
                    lookingUpFrom: object._withUnsafeGuaranteedRef { $0.unmanagedIsa }, arguments, depth: depth, isSuper: false)
            }
        }
    }

    /// A super send with unretained references and a pointer to the arguments, which the
    /// caller keeps alive for the call.
    @inlinable @inline(__always)
    static func sendSuper(
        in runtime: Unmanaged<Runtime>, _ selector: Unmanaged<Selector>, to receiver: Unmanaged<Object>,
        from home: Unmanaged<Class>, _ arguments: UnsafePointer<Arguments>, depth: Int
    ) throws -> Value {
        guard let start = home._withUnsafeGuaranteedRef({ $0.unmanagedSuperclass }) else {
            try runtime._withUnsafeGuaranteedRef { try $0.failNoSuperclass(selector, by: receiver) }
        }
        return try dispatch(in: runtime, selector, to: receiver, lookingUpFrom: start, arguments, depth: depth, isSuper: true)
    }

    /// The fast path, compiled into the caller as objc's `objc_msgSend` is a few
    /// instructions before the jump: the cache probe, one compare for the argument count
    /// and one for the depth (which also turns every send away while someone traces, see
    /// ``untracedDepthLimit``), then the call. Anything else (a miss, a variadic method, a
    /// send too deep, tracing) goes out of line to ``dispatchChecked``. Static, on
    /// unretained references only, so that it inlines whole into `Message`'s sends too.
    @inlinable @inline(__always)
    static func dispatch(
        in runtime: Unmanaged<Runtime>, _ selector: Unmanaged<Selector>, to receiver: Unmanaged<Object>,
        lookingUpFrom cls: Unmanaged<Class>, _ arguments: UnsafePointer<Arguments>, depth: Int, isSuper: Bool
    ) throws -> Value {
        if let method = selector._withUnsafeGuaranteedRef({ selector in cls._withUnsafeGuaranteedRef { $0.cachedMethod(for: selector) } }),
           arguments.pointee.count == selector._withUnsafeGuaranteedRef({ $0.argumentCount }),
           depth < runtime._withUnsafeGuaranteedRef({ $0.untracedDepthLimit.load(ordering: .relaxed) }) {
            let implementation = method._withUnsafeGuaranteedRef { $0.unmanagedImplementation }
            return try implementation._withUnsafeGuaranteedRef { implementation in
                try implementation.body(Message(
                    runtime: runtime, receiver: receiver, selector: selector, arguments: arguments, depth: depth,
                    home: implementation.unmanagedHome))
            }
        }
        return try runtime._withUnsafeGuaranteedRef { runtime in
            try runtime.dispatchChecked(selector, to: receiver, lookingUpFrom: cls, arguments, depth: depth, isSuper: isSuper)
        }
    }

    /// Every send the inlined fast path does not finish: looks the method up again (a hit
    /// whose arguments, depth or tracing need checking, or a miss) and runs it with every
    /// check.
    @usableFromInline @inline(never)
    func dispatchChecked(
        _ selector: Unmanaged<Selector>, to receiver: Unmanaged<Object>, lookingUpFrom cls: Unmanaged<Class>,
        _ arguments: UnsafePointer<Arguments>, depth: Int, isSuper: Bool
    ) throws -> Value {
        let selector = selector.takeUnretainedValue()
        guard let method = cls._withUnsafeGuaranteedRef({ $0.cachedMethod(for: selector) }) else {
            return try dispatchUncached(
                selector, to: receiver.takeUnretainedValue(), lookingUpFrom: cls.takeUnretainedValue(), arguments,
                depth: depth, isSuper: isSuper)
        }
        return try invoke(method, on: receiver, selector, arguments, depth: depth, isSuper: isSuper)
    }

    /// Refuses arguments that do not fit: as many as the selector has parts, or more for
    /// a variadic method.
    private func checkArgumentCount(_ arguments: UnsafePointer<Arguments>, for method: Unmanaged<Method>, _ selector: Selector) throws {
        let count = arguments.pointee.count
        guard count == selector.argumentCount
                || count > selector.argumentCount && method._withUnsafeGuaranteedRef({ $0.isVariadic }) else {
            throw RuntimeError.wrongArgumentCount(selector: selector.name, expected: selector.argumentCount, got: count)
        }
    }

    private func invoke(
        _ method: Unmanaged<Method>, on receiver: Unmanaged<Object>, _ selector: Selector,
        _ arguments: UnsafePointer<Arguments>, depth: Int, isSuper: Bool
    ) throws -> Value {
        try checkArgumentCount(arguments, for: method, selector)
        guard depth < maximumSendDepth else {
            throw RuntimeError.callDepthExceeded(in: method.takeUnretainedValue().description, limit: maximumSendDepth)
        }
        if isTracing {
            return try invokeTraced(
                method.takeUnretainedValue(), on: receiver.takeUnretainedValue(), selector, arguments, depth: depth,
                isSuper: isSuper)
        }
        return try method._withUnsafeGuaranteedRef { $0.unmanagedImplementation }._withUnsafeGuaranteedRef { implementation in
            try implementation.body(Message(
                runtime: .passUnretained(self), receiver: receiver, selector: .passUnretained(selector),
                arguments: arguments, depth: depth, home: implementation.unmanagedHome))
        }
    }

    @inline(never)
    private func invokeTraced(
        _ method: Method, on receiver: Object, _ selector: Selector, _ arguments: UnsafePointer<Arguments>, depth: Int,
        isSuper: Bool
    ) throws -> Value {
        let implementation = method.implementation
        let call = TraceEvent.Call(
            depth: depth, isSuper: isSuper, receiver: receiver, selector: selector, arguments: arguments.pointee,
            method: method.reference)
        tracing.notify(TraceEvent(call: call, phase: .entered))
        do {
            let result = try implementation.body(Message(
                runtime: .passUnretained(self), receiver: .passUnretained(receiver), selector: .passUnretained(selector),
                arguments: arguments, depth: depth, home: implementation.unmanagedHome))
            tracing.notify(TraceEvent(call: call, phase: .returned(result)))
            return result
        } catch {
            tracing.notify(TraceEvent(call: call, phase: .threw(String(describing: error))))
            throw error
        }
    }

    /// The slow path: a locked lookup that fills the cache, then resolution, then
    /// forwarding, then the unrecognised-selector error.
    @inline(never)
    private func dispatchUncached(
        _ selector: Selector, to receiver: Object, lookingUpFrom cls: Class, _ arguments: UnsafePointer<Arguments>,
        depth: Int, isSuper: Bool
    ) throws -> Value {
        // Only a miss reaches here, so the fast path pays nothing for these checks.
        try checkOwnership(of: cls)
        if let receiverClass = receiver as? Class, !receiver.isa.isInitialized {
            try initialize(receiverClass, depth: depth)
        }
        if let method = registry.withLock({ $0.lookUpAndCache(selector, in: cls) }) {
            return try invoke(.passUnretained(method), on: .passUnretained(receiver), selector, arguments, depth: depth, isSuper: isSuper)
        }
        if try resolve(selector, for: receiver, depth: depth),
           let method = registry.withLock({ $0.lookUpAndCache(selector, in: cls) }) {
            return try invoke(.passUnretained(method), on: .passUnretained(receiver), selector, arguments, depth: depth, isSuper: isSuper)
        }
        if let target = try forwardingTarget(for: selector, of: receiver, depth: depth) {
            return try send(selector, to: target, arguments.pointee, depth: depth + 1)
        }
        if let fallback = fallback.withLock({ $0 }),
           let answer = try fallback.answer(selector, sentTo: receiver, lookingUpFrom: cls, arguments.pointee, in: self, depth: depth) {
            return answer
        }
        throw unrecognizedSelector(selector, sentTo: receiver)
    }

    /// Sends `+initialize` to `cls`, after its superclasses, as objc does before a class's
    /// first message: once a class, to the class itself, which runs its superclass's
    /// `+initialize` when it has none of its own (hence `if (self == [MMCache class])` in
    /// code that means to run once). The class is marked first, so the message, and any
    /// the method sends to its own class, do not start it again.
    private func initialize(_ cls: Class, depth: Int) throws {
        if let superclass = cls.superclass, !superclass.isa.isInitialized { try initialize(superclass, depth: depth) }
        guard cls.isa.markInitialized() else { return }
        let initialize = wellKnown.initialize
        guard responds(cls, to: initialize) else { return }
        _ = try send(initialize, to: cls, Arguments(), depth: depth + 1)
    }

    /// Asks the receiver's class to add a method for `selector`; true when it says it did.
    private func resolve(_ selector: Selector, for receiver: Object, depth: Int) throws -> Bool {
        let receiverIsClass = receiver.isa.isMetaclass
        let resolver = receiverIsClass
            ? wellKnown.resolveClassMethod
            : wellKnown.resolveInstanceMethod
        // The class object answers: the receiver itself for a class method.
        let resolvingClass: Object = receiverIsClass ? receiver : receiver.isa
        guard selector !== resolver, responds(resolvingClass, to: resolver) else { return false }
        return try send(resolver, to: resolvingClass, Arguments(.selector(selector)), depth: depth + 1).isTruthy
    }

    /// The object the receiver hands the message to, if it names one other than itself.
    private func forwardingTarget(for selector: Selector, of receiver: Object, depth: Int) throws -> Object? {
        let forwarder = wellKnown.forwardingTargetForSelector
        guard selector !== forwarder, responds(receiver, to: forwarder) else { return nil }
        let target = try send(forwarder, to: receiver, Arguments(.selector(selector)), depth: depth + 1).object
        return target === receiver ? nil : target
    }

    /// Whether a message to `object` finds a method, without resolution or forwarding.
    func responds(_ object: Object, to selector: Selector) -> Bool {
        object.isa.cachedMethod(for: selector) != nil
            || registry.withLock { $0.lookUpAndCache(selector, in: object.isa) } != nil
    }

    /// Throws the error of a super send from a root class, out of line: made and thrown
    /// here, it leaves the inlined super send a call and nothing else.
    @usableFromInline @inline(never)
    func failNoSuperclass(_ selector: Unmanaged<Selector>, by receiver: Unmanaged<Object>) throws -> Never {
        throw unrecognizedSelector(selector.takeUnretainedValue(), sentTo: receiver.takeUnretainedValue())
    }

    /// The error objc raises for `selector` sent to `receiver` when nothing answers it:
    /// what `-doesNotRecognizeSelector:` raises.
    public func unrecognizedSelector(_ selector: Selector, sentTo receiver: Object) -> RuntimeError {
        let isClass = receiver.isa.isMetaclass
        let method = MethodReference(className: receiver.isa.name, selector: selector.name, isClassMethod: isClass)
        if let box = receiver as? ValueBox { return .unrecognizedSelectorForValue(method: method.description, value: box.value.description) }
        return .unrecognizedSelector(method: method.description, receiverIsClass: isClass, serial: receiver.serial)
    }
}
