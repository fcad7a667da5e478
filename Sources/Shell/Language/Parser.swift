import Runtime

/// Reads Objective-C: the declarations of `.h` and `.m` files, and the statements typed
/// at the prompt.
///
/// The grammar is split by area: declarations (`Parser+Declarations`), statements
/// (`Parser+Statements`), expressions (`Parser+Expressions`) and types (`Parser+Types`);
/// the ``Preprocessor`` runs before, on the ``Lexer``'s tokens.
struct Parser {
    /// What the input is.
    enum Mode {
        /// A `.h` or `.m` file: declarations only, and a broken method or declaration is
        /// reported and skipped so that the rest still loads.
        case file
        /// The prompt or an rtsh script: statements and commands too, one error stops it.
        case prompt
    }

    private(set) var tokens: [Token]
    var position = 0
    /// How deeply the statement or expression being read nests, in brackets, parentheses,
    /// blocks, prefix operators, postfix chains and statements.
    var nesting = 0
    let mode: Mode
    /// The type names known: the framework's, typedefs and classes read so far.
    var types: TypeTable
    /// Errors recovered from in a file: each left out what it was in, and reading went on.
    var diagnostics: [SyntaxError] = []
    /// Enums defined inside another declaration (`typedef NS_ENUM(...) {...} Name;`),
    /// given out as items of their own after it.
    var pendingEnums: [EnumDefinition] = []
    /// C declarations found inside an `@implementation`, given out before it.
    var pendingDeclarations: [TopLevelItem] = []
    /// Whether the type being read is a typedef's, which may name a struct whose fields are
    /// not known (`typedef struct sqlite3_stmt sqlite3_stmt;`, an opaque handle's type).
    var readsTypedef = false
    /// The sizes of the array the last declarator read that are known only when the code
    /// runs (`char buffer[length]`, a library's constant such as `CC_MD5_DIGEST_LENGTH`),
    /// outermost first, nil for a size that is a number; empty when all are numbers.
    var runtimeArraySizes: [Expression?] = []
    /// Whether the parameter types read last ended in `, ...`: a variadic function.
    var parametersWereVariadic = false
    /// The type the first `return value;` of the block literal being read returns, for a
    /// block that does not write its return type (see `block()`).
    var blockReturnEncoding: String?
    /// The class named by the last type specifier read, when it named one without `*` yet:
    /// a declarator must then add the star (objects are never values).
    var specifiedBareClass: String?
    /// The protocols the last type specifier qualified its object type with
    /// (`NSString<Optional> *`, `id<UITableViewDelegate>`), for a property's attributes.
    var specifiedProtocols: [String] = []
    /// Whether `__block` was read since the declaration began: its variables are shared
    /// with the blocks that use them.
    var sawBlockStorage = false
    /// Whether `__weak` was read since the declaration (or instance variable) began: it
    /// holds its object without keeping it alive.
    var sawWeakStorage = false
    /// Whether the type read since the declaration began was inferred (`__auto_type`,
    /// `typeof(expression)`) rather than written: such a variable may hold a number.
    var sawInferredType = false
    /// What was to come where the input ended, when it ended in the middle of an
    /// expression: completion offers names that fit there.
    var expectedAtEnd: Expectation?

    /// What may come where the input ends, for completion.
    enum Expectation {
        /// A name that starts an expression: a variable, a class, a function.
        case expression
        /// The selector of a message to `receiver`; `soFar` holds the parts already
        /// written (`pushViewController:` in `[nav pushViewController:vc `).
        case selector(of: Expression.Receiver, soFar: String)
        /// A property or method name after `object.`.
        case member(of: Expression)
    }

    /// The deepest nesting read: enough for any code people write, and shallow enough that
    /// reading and running it stay far from the end of the stack.
    static let maximumNesting = 256

    /// A parser over tokens already preprocessed (ending in `.end`).
    init(tokens: [Token], mode: Mode = .prompt, types: TypeTable = TypeTable()) {
        self.tokens = tokens.isEmpty ? [Token(kind: .end, location: .start)] : tokens
        self.mode = mode
        self.types = types
    }

    /// A parser over `text` at the prompt, without the preprocessor: for commands' arguments.
    init(_ text: String, at origin: SourceLocation = .start, types: TypeTable = TypeTable()) throws(SyntaxError) {
        self.init(tokens: try Lexer.tokens(of: text, at: origin), types: types)
    }

    /// Everything in the input, in order. In a file, errors are collected in
    /// ``diagnostics`` and reading goes on after each; at the prompt the first one is thrown.
    mutating func parseAll() throws(SyntaxError) -> [TopLevelItem] {
        var items: [TopLevelItem] = []
        while !atEnd {
            if consumeSymbol(";") { continue }
            let start = position
            do {
                items.append(contentsOf: try topLevelItems())
            } catch {
                guard mode == .file else { throw error }
                diagnostics.append(error)
                skipDeclaration(from: start)
            }
        }
        return items
    }

    // MARK: Tokens

    var current: Token { tokens[position] }
    var atEnd: Bool { current.kind == .end }
    func peek(_ offset: Int) -> Token { tokens[min(position + offset, tokens.count - 1)] }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    mutating func consumeSymbol(_ symbol: String) -> Bool {
        guard current.isSymbol(symbol) else { return false }
        advance()
        return true
    }

    mutating func consumeIdentifier(_ name: String) -> Bool {
        guard current.isIdentifier(name) else { return false }
        advance()
        return true
    }

    mutating func expectSymbol(_ symbol: String, _ purpose: String) throws(SyntaxError) {
        guard consumeSymbol(symbol) else { throw unexpected("'\(symbol)' \(purpose)") }
    }

    mutating func expectIdentifier(_ what: String) throws(SyntaxError) -> String {
        guard let name = current.identifier else { throw unexpected(what) }
        advance()
        return name
    }

    /// Reads a `>` that closes a generic or protocol list, splitting `>>` as C++ does for
    /// `NSArray<NSArray<NSString *> *>`.
    mutating func consumeClosingAngle() -> Bool {
        if consumeSymbol(">") { return true }
        guard current.isSymbol(">>") || current.isSymbol(">=") || current.isSymbol(">>=") else { return false }
        let rest = String(current.text.dropFirst())
        var location = current.location
        location.column += 1
        tokens[position] = Token(kind: .symbol(rest), location: location)
        return true
    }

    /// Counts one more level of nesting; undo with `nesting -= 1` when the level is read.
    mutating func enterNesting() throws(SyntaxError) {
        nesting += 1
        guard nesting <= Self.maximumNesting else {
            throw SyntaxError(.tooDeep(limit: Self.maximumNesting), at: current.location)
        }
    }

    /// "expected X but found Y" at the current token; at the end of the input, the input
    /// is incomplete (``SyntaxError/isIncompleteInput``) rather than wrong.
    func unexpected(_ expected: String) -> SyntaxError {
        if case .invalid(let kind) = current.kind { return SyntaxError(kind, at: current.location) }
        if atEnd { return SyntaxError(.unexpectedEnd(expected: expected), at: current.location) }
        return SyntaxError(.unexpected(expected: expected, found: "'\(current.text)'"), at: current.location)
    }

    /// ``unexpected(_:)``, noting for completion what fits here when the input ends here.
    mutating func unexpected(_ expected: String, completing expectation: Expectation) -> SyntaxError {
        if atEnd { expectedAtEnd = expectation }
        return unexpected(expected)
    }

    /// A hash of the tokens read since `start`, their places aside: whether a definition
    /// read again is the one read before, wherever it moved in its file. Hashes are
    /// compared within one process only, never shown.
    func fingerprint(since start: Int) -> Int {
        var hasher = Hasher()
        for token in tokens[start..<position] { hasher.combine(token.kind) }
        return hasher.finalize()
    }

    // MARK: Recovery

    /// After an error in a declaration, moves past it: to the next `@end`-level directive
    /// or to the end of the braces and the `;` it was in, whichever comes first.
    private mutating func skipDeclaration(from start: Int) {
        // A broken @interface, @implementation or @protocol ends at its @end.
        if case .directive(let name) = tokens[start].kind, ["interface", "implementation", "protocol"].contains(name) {
            if position == start { advance() }
            while !atEnd, !current.isDirective("end") {
                if position > start, case .directive(let next) = current.kind, ["interface", "implementation"].contains(next) { return }
                advance()
            }
            advance()
            return
        }
        // Anything else is skipped from its start, balancing braces, to its ';' or '}'.
        position = start
        var depth = 0
        while !atEnd {
            if depth == 0, let directive = Self.directiveAfterError(current) {
                if directive == "end" { advance() }
                return
            }
            if current.isSymbol("{") || current.isSymbol("@{") { depth += 1 }
            if current.isSymbol("}") {
                depth -= 1
                if depth <= 0 {
                    advance()
                    _ = consumeSymbol(";")
                    return
                }
            }
            if depth == 0 && current.isSymbol(";") {
                advance()
                return
            }
            advance()
        }
        if position == start { advance() }
    }

    /// A directive that starts or ends a top-level block, where reading resumes.
    private static func directiveAfterError(_ token: Token) -> String? {
        guard case .directive(let name) = token.kind, ["end", "interface", "implementation", "protocol"].contains(name) else { return nil }
        return name
    }

    /// Moves past the `{ ... }` starting at the current token, balancing braces; for a
    /// method whose body could not be read.
    mutating func skipBraces() {
        guard current.isSymbol("{") else { return }
        var depth = 0
        while !atEnd {
            if current.isSymbol("{") || current.isSymbol("@{") { depth += 1 }
            if current.isSymbol("}") {
                depth -= 1
                if depth == 0 {
                    advance()
                    return
                }
            }
            // A method that is never closed ends where the class does.
            if depth > 0, current.isDirective("end") { return }
            advance()
        }
    }
}
