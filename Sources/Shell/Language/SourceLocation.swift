/// A place in the input: 1-based line and column.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line 3, column 14`
    public var description: String { "line \(line), column \(column)" }
}
