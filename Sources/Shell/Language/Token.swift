/// One token of rtsh's language.
struct Token: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case identifier(String)
        /// `@interface`, `@end`, `@selector`, ... (without the `@`).
        case directive(String)
        case integer(Int)
        case double(Double)
        case string(String)
        /// Punctuation and operators: `[`, `]`, `==`, `@[`, `@{`, `@(`, `^`, ...
        case symbol(String)
        case end
    }

    let kind: Kind
    let location: SourceLocation
    /// The token's text as written, for error messages.
    let text: String

    var identifier: String? {
        if case .identifier(let name) = kind { name } else { nil }
    }

    func isSymbol(_ symbol: String) -> Bool { kind == .symbol(symbol) }
    func isDirective(_ name: String) -> Bool { kind == .directive(name) }
    func isIdentifier(_ name: String) -> Bool { kind == .identifier(name) }
}
