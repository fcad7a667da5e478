/// The arguments of one message: a collection of ``Value``s that stores up to two inline,
/// so the common sends (no argument, one `BOOL`) allocate nothing.
public struct Arguments: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    // The first two inline, the rest in an array: reading `message[0]` is one load.
    @usableFromInline let first: Value
    @usableFromInline let second: Value
    /// Nil for two arguments or fewer: making and dropping the commonest sends' arguments
    /// then touches no array, not even the empty one's reference count.
    @usableFromInline let rest: [Value]?
    /// Stored rather than derived, so the send checks it in one compare.
    public let count: Int

    // Inlinable, as nearly every send makes one.
    @inlinable public init() {
        self.init(count: 0, .nil, .nil, nil)
    }

    @inlinable public init(_ first: Value) {
        self.init(count: 1, first, .nil, nil)
    }

    @inlinable public init(_ first: Value, _ second: Value) {
        self.init(count: 2, first, second, nil)
    }

    public init(_ values: [Value]) {
        self.init(
            count: values.count, values.first ?? .nil, values.count > 1 ? values[1] : .nil,
            values.count > 2 ? Array(values.dropFirst(2)) : nil)
    }

    @inlinable init(count: Int, _ first: Value, _ second: Value, _ rest: [Value]?) {
        self.count = count
        self.first = first
        self.second = second
        self.rest = rest
    }

    public init(arrayLiteral elements: Value...) { self.init(elements) }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable
    public subscript(position: Int) -> Value {
        precondition(position >= 0 && position < count, "argument index \(position) out of range 0..<\(count)")
        switch position {
        case 0: return first
        case 1: return second
        // Only a message of more than two arguments has the rest, and the index was checked.
        default: return rest.unsafelyUnwrapped[position - 2]
        }
    }
}
