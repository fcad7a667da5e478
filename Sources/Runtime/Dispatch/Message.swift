/// One message being handled: what an ``Implementation`` receives.
///
/// Besides the receiver and the arguments it carries the sending context, so sends made
/// from inside a method (``send(_:to:_:)``, ``sendSuper()``) nest properly: they count
/// towards the depth limit and appear one level deeper in a trace.
///
/// A message is borrowed for the duration of the call and cannot be copied, so it cannot
/// outlive the send; that is what lets it refer to the receiver, selector and runtime
/// without retaining them, which keeps a send to a few nanoseconds.
public struct Message: ~Copyable {
    @usableFromInline let _runtime: Unmanaged<Runtime>
    @usableFromInline let _receiver: Unmanaged<Object>
    @usableFromInline let _selector: Unmanaged<Selector>
    /// The class the running code was written for.
    @usableFromInline let _home: Unmanaged<Class>
    /// The sender's arguments, borrowed for the call rather than copied.
    @usableFromInline let _arguments: UnsafePointer<Arguments>
    /// How deeply this send is nested: 0 for a send made from outside any method.
    public let depth: Int

    /// Every field is trivial, so making and dropping a message costs no reference
    /// counting; the caller keeps everything alive for the duration of the call.
    @inlinable @inline(__always)
    init(
        runtime: Unmanaged<Runtime>, receiver: Unmanaged<Object>, selector: Unmanaged<Selector>,
        arguments: UnsafePointer<Arguments>, depth: Int, home: Unmanaged<Class>
    ) {
        _runtime = runtime
        _receiver = receiver
        _selector = selector
        _home = home
        _arguments = arguments
        self.depth = depth
    }

    /// The message's arguments.
    @inlinable public var arguments: Arguments { _arguments.pointee }

    /// The runtime handling the message. Use it instead of capturing the runtime.
    @inlinable public var runtime: Runtime { _runtime.takeUnretainedValue() }
    /// The object (instance or class) the message was sent to: `self`.
    @inlinable public var receiver: Object { _receiver.takeUnretainedValue() }
    /// The selector sent: `_cmd`.
    @inlinable public var selector: Selector { _selector.takeUnretainedValue() }

    /// The argument at `index`.
    @inlinable public subscript(index: Int) -> Value { _arguments.pointee[index] }

    /// The class the running code was written for; `super` starts at its superclass.
    @inlinable public var implementingClass: Class { _home.takeUnretainedValue() }

    /// The runtime, receiver, selector and implementing class as the message holds them,
    /// unretained, for code that keeps them only while it handles the message (an
    /// interpreter's context): read through the properties above, each is retained and
    /// released again, four atomic pairs on every send.
    @inlinable public var unretained: UnretainedMessage {
        UnretainedMessage(runtime: _runtime, receiver: _receiver, selector: _selector, implementingClass: _home)
    }

    /// Sends a message from inside this method.
    @inlinable @discardableResult
    public func send(_ selector: Selector, to receiver: Object?, _ arguments: Arguments = Arguments()) throws -> Value {
        try _runtime._withUnsafeGuaranteedRef { try $0.send(selector, to: receiver, arguments, depth: depth &+ 1) }
    }

    /// Sends a message, naming the selector, from inside this method.
    @discardableResult
    public func send(_ selectorName: String, to receiver: Object?, _ arguments: Value...) throws -> Value {
        let runtime = self.runtime
        return try runtime.send(runtime.selector(selectorName), to: receiver, Arguments(arguments), depth: depth + 1)
    }

    /// Runs `implementation` for this same message, as that code's own method would: a
    /// probe or a stub that stands in front of the original calls it this way. `super`
    /// inside it still starts above the class it was written for.
    @discardableResult
    public func forward(to implementation: Implementation) throws -> Value {
        try implementation.body(Message(
            runtime: _runtime, receiver: _receiver, selector: _selector, arguments: _arguments, depth: depth,
            home: implementation.unmanagedHome))
    }

    /// A super send of this message's selector (`_cmd`) with its own arguments: starts
    /// the lookup at the superclass of the class the running code was written for.
    ///
    /// Compiled `[super viewDidLoad]` names its selector; after a swizzle has moved the
    /// code under another name, `_cmd` is that other name. Code that must behave as
    /// compiled Objective-C after a swizzle names the selector with ``sendSuper(_:_:)``.
    ///
    /// Always inlined: it is the whole body of most overrides' super call, and called, it
    /// would cost a frame as large as the send itself.
    @inlinable @inline(__always) @discardableResult
    public func sendSuper() throws -> Value {
        // Every field is trivial: nothing is retained or copied on the commonest super
        // send, `[super viewDidLoad]` passing its own arguments on.
        try Runtime.sendSuper(in: _runtime, _selector, to: _receiver, from: _home, _arguments, depth: depth &+ 1)
    }

    /// A super send of this message's selector (`_cmd`), as ``sendSuper()``, with
    /// `arguments` in place of its own (nil passes its own).
    @discardableResult
    public func sendSuper(_ arguments: Arguments?) throws -> Value {
        guard let arguments else { return try sendSuper() }
        return try sendSuper(selector, arguments)
    }

    /// `[super <selector> ...]`: a super send of `selector`.
    @inlinable @discardableResult
    public func sendSuper(_ selector: Selector, _ arguments: Arguments = Arguments()) throws -> Value {
        try withUnsafePointer(to: arguments) { arguments in
            try Runtime.sendSuper(in: _runtime, .passUnretained(selector), to: _receiver, from: _home, arguments, depth: depth &+ 1)
        }
    }
}

/// A message's references, unretained: valid only while the message is being handled,
/// as the message itself is (see ``Message/unretained``).
public struct UnretainedMessage {
    public let runtime: Unmanaged<Runtime>
    public let receiver: Unmanaged<Object>
    public let selector: Unmanaged<Selector>
    public let implementingClass: Unmanaged<Class>

    @inlinable
    init(runtime: Unmanaged<Runtime>, receiver: Unmanaged<Object>, selector: Unmanaged<Selector>, implementingClass: Unmanaged<Class>) {
        (self.runtime, self.receiver, self.selector, self.implementingClass) = (runtime, receiver, selector, implementingClass)
    }
}
