/// Whether the tokens of the input so far could make a whole statement or definition, or a
/// block is still open: followed line by line over the tokens each line was lexed into
/// once, with no second reading of the text. Once they balance, the parser decides.
struct Completeness {
    /// Brackets, parentheses and braces opened and not closed yet.
    private var depth = 0
    /// `@interface`, `@implementation` and `@protocol` blocks without their `@end` yet.
    private var openDefinitions = 0
    /// Where a `@protocol` is in being read: its name may be followed by `;` or `,`, a
    /// forward declaration with no `@end`, or by anything else, a definition that needs one.
    private enum ProtocolState { case none, sawDirective, sawName }
    private var protocolState = ProtocolState.none
    /// `#if` groups without their `#endif` yet.
    private var openConditionals = 0
    /// A token could not be read: the input is complete so its error is reported, not waited on.
    private var unreadable = false
    /// What the last line left open for the next: a `/* comment`, a `\` continuation.
    private(set) var lineState = Lexer.LineState()

    /// True when brackets balance, every `@interface`, `@implementation` and `@protocol`
    /// has its `@end`, every `#if` its `#endif`, and no comment or continued line is open.
    /// Input with a token that cannot be read counts as complete, so its error shows.
    var isBalanced: Bool {
        unreadable || (!lineState.insideComment && !lineState.continuesLine && depth <= 0 && openDefinitions <= 0 && openConditionals <= 0)
    }

    /// Follows one more line's tokens; `state` is what the line leaves open.
    mutating func add(_ tokens: ArraySlice<Token>, leaving state: Lexer.LineState) {
        // A directive's tokens (`#define OPEN {`) are not the program's brackets.
        var inDirective = lineState.continuesDirective
        lineState = state
        for index in tokens.indices {
            let token = tokens[index]
            // Symbols are told apart by their byte: this runs over every token of every line.
            let symbol = token.symbolByte
            if case .invalid = token.kind { unreadable = true }
            if token.startsLine { inDirective = false }
            if token.startsLine, symbol == ascii("#") {
                inDirective = true
                switch tokens[(index + 1)...].first?.identifier {
                case "if", "ifdef", "ifndef": openConditionals += 1
                case "endif": openConditionals -= 1
                default: break
                }
            }
            guard !inDirective else { continue }
            switch protocolState {
            case .none: break
            case .sawDirective:
                // `@protocol(Name)` is an expression; `@protocol Name` a declaration.
                protocolState = symbol == ascii("(") ? .none : .sawName
            case .sawName:
                if symbol != ascii(";") && symbol != ascii(",") { openDefinitions += 1 }
                protocolState = .none
            }
            switch token.kind {
            case .symbol:
                depth += token.bracketDepthChange
            case .directive(let name):
                switch name {
                case "interface", "implementation": openDefinitions += 1
                case "protocol" where protocolState == .none: protocolState = .sawDirective
                case "end": openDefinitions -= 1
                default: break
                }
            default:
                break
            }
        }
    }
}
