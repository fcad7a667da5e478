/// What answers a message that nothing implements, once dynamic resolution and
/// forwarding have declined: the last chance before the runtime raises
/// ``RuntimeError/unrecognizedSelector(method:receiverIsClass:serial:)``.
///
/// Objective-C's `-forwardInvocation:` plays this part for one class; a fallback plays
/// it for a whole runtime, so a model of a framework can answer for the API it lacks.
/// Install one with ``Runtime/setMessageFallback(_:)``.
public protocol MessageFallback: Sendable {
    /// The value the message returns, or nil to let the runtime raise as objc does.
    ///
    /// - Parameters:
    ///   - selector: the selector nothing implements.
    ///   - receiver: the object (or class) it was sent to.
    ///   - start: the class the lookup started from: the receiver's class (its metaclass
    ///     for a class), or the superclass of the sending method's class for `super`.
    ///   - arguments: the message's arguments.
    ///   - runtime: the runtime the message was sent in.
    ///   - depth: the send's depth, for sends the fallback makes in turn (one more).
    func answer(
        _ selector: Selector, sentTo receiver: Object, lookingUpFrom start: Class, _ arguments: Arguments, in runtime: Runtime, depth: Int
    ) throws -> Value?
}
