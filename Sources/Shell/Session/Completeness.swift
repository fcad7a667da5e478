/// Whether typed input is a whole statement or definition, or a block is still open.
enum Completeness {
    /// True when brackets balance and every `@interface`, `@implementation` and
    /// `@protocol` has its `@end`. Input that cannot be lexed counts as complete, so its
    /// error is reported rather than waited on, except an unclosed `/* comment`.
    static func isComplete(_ text: String) -> Bool {
        var lexer = Lexer(text)
        var depth = 0
        var openDefinitions = 0
        var previousWasProtocolDirective = false
        while true {
            let token: Token
            do {
                token = try lexer.next()
            } catch {
                return !error.message.contains("*/")
            }
            if previousWasProtocolDirective && !token.isSymbol("(") { openDefinitions += 1 }
            previousWasProtocolDirective = false
            switch token.kind {
            case .end:
                return depth <= 0 && openDefinitions <= 0
            case .symbol("["), .symbol("("), .symbol("{"), .symbol("@["), .symbol("@{"), .symbol("@("):
                depth += 1
            case .symbol("]"), .symbol(")"), .symbol("}"):
                depth -= 1
            case .directive("interface"), .directive("implementation"):
                openDefinitions += 1
            case .directive("protocol"):
                previousWasProtocolDirective = true
            case .directive("end"):
                openDefinitions -= 1
            default:
                break
            }
        }
    }
}
