/// A method's code (an IMP): a Swift closure together with the class it was written for.
///
/// The class matters for `super`: a super send starts at the superclass of the class the
/// code was written for, wherever a swizzle has since moved the implementation.
public final class Implementation: Sendable {
    /// The code. It receives the message, with the receiver, the arguments and a way to
    /// send further messages (including to `super`).
    public typealias Body = @Sendable (_ message: borrowing Message) throws -> Value

    let body: Body
    /// Unretained: classes live as long as their runtime, and implementations only run
    /// while it does.
    let unmanagedHome: Unmanaged<Class>

    init(home: Class, body: @escaping Body) {
        self.unmanagedHome = .passUnretained(home)
        self.body = body
    }

    /// The class the code was written for.
    public var home: Class { unmanagedHome.takeUnretainedValue() }
}
