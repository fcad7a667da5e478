/// A callable block: a closure with a fixed number of parameters, passed around as a value
/// and called by whoever receives it (a completion handler, a predicate).
public final class Block: Hashable, Sendable, CustomStringConvertible {
    public typealias Body = @Sendable (Arguments) throws -> Value

    /// How many arguments a call must pass.
    public let parameterCount: Int
    private let body: Body

    public init(parameterCount: Int, _ body: @escaping Body) {
        self.parameterCount = parameterCount
        self.body = body
    }

    /// Calls the block; the number of arguments must match ``parameterCount``.
    public func call(_ arguments: Arguments) throws -> Value {
        guard arguments.count == parameterCount else {
            throw RuntimeError.blockArgumentCount(expected: parameterCount, got: arguments.count)
        }
        return try body(arguments)
    }

    public static func == (lhs: Block, rhs: Block) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        "<block taking \(parameterCount) argument\(parameterCount == 1 ? "" : "s")>"
    }
}
