/// Whether typed input is a whole statement or definition, or a block is still open.
///
/// Lines are added one at a time and each is lexed once, so a definition of N lines costs
/// O(N) to follow rather than O(N²): strings cannot span lines, and the one construct
/// that can, a `/* comment */`, is carried over as state.
struct Completeness {
    /// Brackets, parentheses and braces opened and not closed yet.
    private var depth = 0
    /// `@interface`, `@implementation` and `@protocol` blocks without their `@end` yet.
    private var openDefinitions = 0
    /// Where a `@protocol` is in being read: its name may be followed by `;` or `,`, a
    /// forward declaration with no `@end`, or by anything else, a definition that needs one.
    private enum ProtocolState { case none, sawDirective, sawName }
    private var protocolState = ProtocolState.none
    /// A `/*` comment is open and continues on the next line.
    private var insideComment = false
    /// `#if` groups without their `#endif` yet.
    private var openConditionals = 0
    /// The last line was a directive ending in `\`: the directive goes on.
    private var continuesDirective = false
    /// A line could not be lexed: the input is complete so its error is reported, not waited on.
    private var unreadable = false

    /// True when brackets balance and every `@interface`, `@implementation` and
    /// `@protocol` has its `@end`. Input that cannot be lexed counts as complete, except an
    /// unclosed `/* comment`.
    var isComplete: Bool {
        unreadable || (!insideComment && depth <= 0 && openDefinitions <= 0 && openConditionals <= 0 && !continuesDirective)
    }

    /// Follows one more line of the input.
    mutating func add(_ line: String) {
        guard !unreadable else { return }
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix("#") && Session.isDirective(trimmed) || continuesDirective {
            // A directive: `#if` opens a group that `#endif` closes; `\` continues it.
            if !continuesDirective {
                let word = trimmed.dropFirst().prefix { $0.isLetter }
                if ["if", "ifdef", "ifndef"].contains(word) { openConditionals += 1 }
                if word == "endif" { openConditionals -= 1 }
            }
            continuesDirective = line.hasSuffix("\\")
            return
        }
        // A comment line in a script (`# note`) holds nothing to follow.
        if trimmed.hasPrefix("#") { return }
        var text = Substring(line)
        if insideComment {
            guard let close = text.firstRange(of: "*/") else { return }
            text = text[close.upperBound...]
            insideComment = false
        }
        var lexer = Lexer(String(text))
        while true {
            let token: Token
            do {
                token = try lexer.next()
            } catch {
                if error.message.contains("*/") { insideComment = true } else { unreadable = true }
                return
            }
            // `@protocol` at the end of a line is decided by the next line's first token.
            if token.kind == .end { return }
            switch protocolState {
            case .none: break
            case .sawDirective:
                // `@protocol(Name)` is an expression; `@protocol Name` a declaration.
                protocolState = token.isSymbol("(") ? .none : .sawName
            case .sawName:
                if !token.isSymbol(";") && !token.isSymbol(",") { openDefinitions += 1 }
                protocolState = .none
            }
            switch token.kind {
            case .symbol("["), .symbol("("), .symbol("{"), .symbol("@["), .symbol("@{"), .symbol("@("):
                depth += 1
            case .symbol("]"), .symbol(")"), .symbol("}"):
                depth -= 1
            case .directive("interface"), .directive("implementation"):
                openDefinitions += 1
            case .directive("protocol") where protocolState == .none:
                protocolState = .sawDirective
            case .directive("end"):
                openDefinitions -= 1
            default:
                break
            }
        }
    }
}
