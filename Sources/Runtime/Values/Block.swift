/// A callable block: a closure with a fixed number of parameters, passed around as a value
/// and called by whoever receives it (a completion handler, a predicate).
public final class Block: Hashable, Sendable, CustomStringConvertible {
    /// The code: given the arguments and the depth the call is made at (see ``call(_:nestedAt:)``).
    public typealias Body = @Sendable (Arguments, _ depth: Int) throws -> Value

    /// How many arguments a call must pass.
    public let parameterCount: Int
    /// Whether this is a C function rather than a block literal: made an IMP (`(IMP)f`), a
    /// function receives `self` and `_cmd` before the message's arguments, where a block
    /// made an IMP by `imp_implementationWithBlock` receives `self` alone before them.
    public let isFunction: Bool
    /// Whether a call may pass more arguments than ``parameterCount``: a variadic C
    /// function (`void MMLog(NSString *format, ...)`).
    public let isVariadic: Bool
    /// The type encoding the compiler keeps in a block literal's descriptor: the return
    /// type, `@?` for the block itself, then one type per parameter (`v@?@"NSString"`),
    /// without frame offsets. Nil for blocks made by the library, which declare no types.
    public let signature: String?
    private let body: Body

    /// A block whose code sees the depth it is called at, to pass on to the sends it makes.
    public init(parameterCount: Int, isFunction: Bool = false, isVariadic: Bool = false, signature: String? = nil, body: @escaping Body) {
        self.parameterCount = parameterCount
        self.isFunction = isFunction
        self.isVariadic = isVariadic
        self.signature = signature
        self.body = body
    }

    /// A block whose code makes no nested sends (or does not care how deep they are).
    public convenience init(parameterCount: Int, _ body: @escaping @Sendable (Arguments) throws -> Value) {
        self.init(parameterCount: parameterCount, body: { arguments, _ in try body(arguments) })
    }

    /// Calls the block; the number of arguments must match ``parameterCount`` (or, for a
    /// variadic one, reach it).
    ///
    /// - Parameter depth: how deeply the call is nested, as a send's ``Message/depth``: a
    ///   method calling a block passes its message's depth plus one, so that sends made by
    ///   the block count towards the runtime's depth limit with everything else.
    public func call(_ arguments: Arguments, nestedAt depth: Int = 0) throws -> Value {
        guard arguments.count == parameterCount || isVariadic && arguments.count > parameterCount else {
            throw RuntimeError.blockArgumentCount(expected: parameterCount, got: arguments.count)
        }
        return try body(arguments, depth)
    }

    public static func == (lhs: Block, rhs: Block) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        "<block taking \(parameterCount) argument\(parameterCount == 1 ? "" : "s")>"
    }
}
