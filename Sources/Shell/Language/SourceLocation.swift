/// A place in the input: the script (nil at the prompt), and a 1-based line and column.
///
/// Lines are the script's own, wherever in it the statement or definition starts, so an
/// error found later (inside a method or a block, when it runs) still names its own place.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String?
    public var line: Int
    public var column: Int

    public init(file: String? = nil, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The first line and column of input typed at the prompt.
    public static let start = SourceLocation(line: 1, column: 1)

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file ?? "", lhs.line, lhs.column) < (rhs.file ?? "", rhs.line, rhs.column)
    }

    /// `App.rtsh:3:14` in a script, `line 3, column 14` at the prompt.
    public var description: String {
        file.map { "\($0):\(line):\(column)" } ?? "line \(line), column \(column)"
    }
}
