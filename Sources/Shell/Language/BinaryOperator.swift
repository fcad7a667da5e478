/// A binary operator of C, read once by the parser so that running it never compares text.
enum BinaryOperator: String, Sendable, CaseIterable {
    case or = "||", and = "&&"
    case bitwiseOr = "|", bitwiseXor = "^", bitwiseAnd = "&"
    case equal = "==", notEqual = "!="
    case less = "<", greater = ">", lessOrEqual = "<=", greaterOrEqual = ">="
    case shiftLeft = "<<", shiftRight = ">>"
    case add = "+", subtract = "-"
    case multiply = "*", divide = "/", remainder = "%"
    /// `a, b`: evaluates both, gives the second.
    case comma = ","

    /// How tightly the operator binds: higher binds tighter; the comma is loosest.
    var precedence: Int {
        switch self {
        case .comma: -1
        case .or: 0
        case .and: 1
        case .bitwiseOr: 2
        case .bitwiseXor: 3
        case .bitwiseAnd: 4
        case .equal, .notEqual: 5
        case .less, .greater, .lessOrEqual, .greaterOrEqual: 6
        case .shiftLeft, .shiftRight: 7
        case .add, .subtract: 8
        case .multiply, .divide, .remainder: 9
        }
    }

    /// Whether the operator orders its operands: `<`, `>`, `<=`, `>=`.
    var isOrdering: Bool { precedence == 6 }

    /// Whether the operator does C's pointer arithmetic on a pointer operand: `+`, `-`
    /// and the orderings, for which a C array stands for its first element's address.
    var isPointerArithmetic: Bool { self == .add || self == .subtract || isOrdering }

    /// Whether the operator takes only integers: the bitwise operators and the shifts.
    var isBitwise: Bool {
        switch self {
        case .bitwiseOr, .bitwiseXor, .bitwiseAnd, .shiftLeft, .shiftRight: true
        default: false
        }
    }
}
