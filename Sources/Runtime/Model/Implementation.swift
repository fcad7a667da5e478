/// A method's code (an IMP): a Swift closure together with the class it was written for.
///
/// The class matters for `super`: a super send starts at the superclass of the class the
/// code was written for, wherever a swizzle has since moved the implementation.
public final class Implementation: Sendable, Hashable {
    /// The code. It receives the message, with the receiver, the arguments and a way to
    /// send further messages (including to `super`).
    public typealias Body = @Sendable (_ message: borrowing Message) throws -> Value

    @usableFromInline let body: Body
    /// The class the code was written for.
    public let home: Class
    /// The same class, unretained, for super sends: read from ``home`` rather than
    /// stored beside it, which would take an implementation from 48 bytes to 64 with the
    /// allocator's header, and every method has one.
    @inlinable var unmanagedHome: Unmanaged<Class> {
        @inline(__always) get { .passUnretained(home) }
    }

    init(home: Class, body: @escaping Body) {
        self.home = home
        self.body = body
    }

    /// Implementations are the same only when they are the same code object, as IMPs are
    /// the same only at the same address.
    public static func == (lhs: Implementation, rhs: Implementation) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
