/// One token of Objective-C, or of rtsh's statements at the prompt.
///
/// The vocabulary, documented once:
/// - `identifier`: names and C keywords alike (`if`, `int`, `viewDidLoad`); the parser
///   tells keywords apart, so a keyword used as a selector part (`[x for:1]`) still reads.
/// - `directive`: `@` followed by a name (`@interface`, `@end`, `@selector`), without the `@`.
///   `@YES` and `@NO` read as the identifiers `YES` and `NO`.
/// - `integer`, `double`: numbers in every C spelling (`42`, `0x2A`, `017`, `0b101`, `'a'`,
///   `1.5`, `0.1f`, `2e3`, with `u`/`l` suffixes); `@42` is the number too.
/// - `string`: `"text"` or `@"text"`, escapes decoded.
/// - `symbol`: punctuation and operators (`[`, `->`, `<<=`, `...`, `@[`, `@{`, `@(`, `#`).
/// - `invalid`: text that is no token, reported where the parser reads it.
/// - `end`: the end of the input.
struct Token: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case identifier(String)
        case directive(String)
        case integer(Int)
        case double(Double)
        case string(String)
        case symbol(String)
        /// Text that is no token (`'ab'`, `"unclosed`, `0x`): an error only if it is read,
        /// since a branch of `#if` that is not taken may hold anything.
        case invalid(SyntaxError.Kind)
        case end
    }

    let kind: Kind
    let location: SourceLocation
    /// Whether the token is the first on its line: a `#` there starts a preprocessor directive.
    var startsLine = false
    /// Where the token's text is in the UTF-8 bytes its lexer read (32 bits keep a token
    /// small); empty for a token a macro made.
    var bytes: Range<Int32> = 0..<0
    /// Whether the token names a macro it was made by, inside that macro's own expansion:
    /// C never expands such a name again, not even when what holds it is rescanned later
    /// (a macro argument substituted into a body), so `#define beNil beNil:x` expands once.
    var isPaintedBlue = false

    init(kind: Kind, location: SourceLocation, startsLine: Bool = false) {
        self.kind = kind
        self.location = location
        self.startsLine = startsLine
    }

    /// The token as it would be written, for error messages.
    var text: String {
        switch kind {
        case .identifier(let name): name
        case .directive(let name): "@" + name
        case .integer(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .symbol(let symbol): symbol
        // A number C's preprocessor reads as one (`3x`, pasted onto `base##3x`) keeps its spelling.
        case .invalid(let mistake): mistake.spelledNumber ?? "?"
        case .end: ""
        }
    }

    var identifier: String? {
        if case .identifier(let name) = kind { name } else { nil }
    }

    // A pattern match compares the one string; comparing kinds would build a second kind
    // and go through the enum's equality for every token the parser looks at.
    func isSymbol(_ symbol: String) -> Bool {
        if case .symbol(let own) = kind { own == symbol } else { false }
    }

    func isDirective(_ name: String) -> Bool {
        if case .directive(let own) = kind { own == name } else { false }
    }

    func isIdentifier(_ name: String) -> Bool {
        if case .identifier(let own) = kind { own == name } else { false }
    }

    /// The byte of a one-byte symbol (`[`, `;`, `#`), nil for any other token: what reads
    /// every token of every line tells symbols apart by it, without comparing strings.
    var symbolByte: UInt8? {
        guard case .symbol(let symbol) = kind, symbol.utf8.count == 1 else { return nil }
        return symbol.utf8.first
    }

    /// 1 for a symbol that opens a bracket (`[`, `(`, `{`, `@[`, `@(`, `@{`), -1 for one
    /// that closes one, 0 for any other token.
    var bracketDepthChange: Int {
        switch symbolByte {
        case ascii("["), ascii("("), ascii("{"): 1
        case ascii("]"), ascii(")"), ascii("}"): -1
        // Not a one-byte symbol: a longer one may be a literal's opening bracket.
        case nil: isSymbol("@[") || isSymbol("@(") || isSymbol("@{") ? 1 : 0
        default: 0
        }
    }

    /// The same token found at another place: a macro's body token where the macro is used.
    func moved(to location: SourceLocation) -> Token {
        var moved = Token(kind: kind, location: location, startsLine: false)
        moved.isPaintedBlue = isPaintedBlue
        return moved
    }
}

extension SyntaxError.Kind {
    /// The text of a malformed number, which is still one preprocessing number in C: the
    /// preprocessor pastes it (`base##3x`) or makes a string of it as written.
    var spelledNumber: String? {
        switch self {
        case .exponentWithoutDigits(let spelled), .badFloatingSuffix(let spelled), .badIntegerSuffix(let spelled, _),
             .prefixWithoutDigits(let spelled), .numberOutOfRange(let spelled, _):
            spelled
        default:
            nil
        }
    }
}
