import Runtime

/// Parses rtsh's language: statements, message expressions, and the Objective-C subset
/// of definitions.
struct Parser {
    private var tokens: [Token]
    private var position = 0
    /// How deeply the statement or expression being read nests, in brackets, parentheses,
    /// blocks, prefix operators, postfix chains and statements.
    private var nesting = 0

    /// The deepest nesting read: enough for any code people write, and shallow enough that
    /// reading and running it stay far from the end of the stack.
    static let maximumNesting = 256

    /// - Parameter origin: where `text` starts: its script (nil at the prompt), line and column.
    init(_ text: String, at origin: SourceLocation = .start) throws(ShellError) {
        tokens = try Lexer.tokens(of: text, at: origin)
    }

    /// Everything in `text`, in order.
    static func parse(_ text: String, at origin: SourceLocation = .start) throws(ShellError) -> [TopLevelItem] {
        var parser = try Parser(text, at: origin)
        var items: [TopLevelItem] = []
        while !parser.atEnd {
            if parser.consumeSymbol(";") { continue }
            items.append(try parser.topLevelItem())
        }
        return items
    }

    // MARK: Tokens

    var current: Token { tokens[position] }
    private var atEnd: Bool { current.kind == .end }
    private func peek(_ offset: Int) -> Token { tokens[min(position + offset, tokens.count - 1)] }
    func peek(offset: Int) -> Token { peek(offset) }

    @discardableResult
    mutating func takeToken() -> Token { advance() }

    mutating func takeSymbol(_ symbol: String) -> Bool { consumeSymbol(symbol) }

    @discardableResult
    private mutating func advance() -> Token {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private mutating func consumeSymbol(_ symbol: String) -> Bool {
        guard current.isSymbol(symbol) else { return false }
        advance()
        return true
    }

    private mutating func expectSymbol(_ symbol: String, _ purpose: String) throws(ShellError) {
        guard consumeSymbol(symbol) else { throw unexpected("'\(symbol)' \(purpose)") }
    }

    private mutating func expectIdentifier(_ what: String) throws(ShellError) -> String {
        guard let name = current.identifier else { throw unexpected(what) }
        advance()
        return name
    }

    /// Counts one more level of nesting; undo with `nesting -= 1` when the level is read.
    mutating func enterNesting() throws(ShellError) {
        nesting += 1
        guard nesting <= Self.maximumNesting else {
            throw .syntax(
                "this nests more than \(Self.maximumNesting) levels deep; split it into several statements with variables",
                at: current.location)
        }
    }

    /// A statement ends with ';', or at a '}' or the end of the input (a line at the prompt).
    private mutating func endStatement() throws(ShellError) {
        if consumeSymbol(";") || current.isSymbol("}") || atEnd { return }
        throw unexpected("';' to end the statement")
    }

    /// C statements rtsh does not run yet, refused by name where they are written.
    private static let unsupportedStatements: Set<String> = ["for", "while", "do", "switch", "break", "continue", "goto", "case", "default"]

    /// "expected X but found Y" at the current token.
    func unexpected(_ expected: String) -> ShellError {
        let found = current.kind == .end ? "the end of the input" : "'\(current.text)'"
        return .syntax("expected \(expected), but found \(found)", at: current.location)
    }

    // MARK: Top level

    private mutating func topLevelItem() throws(ShellError) -> TopLevelItem {
        if current.isDirective("interface") { return .interface(try interface()) }
        if current.isDirective("implementation") { return .implementation(try implementation()) }
        if current.isDirective("protocol") && !peek(1).isSymbol("(") { return .protocol(try protocolDefinition()) }
        if case .directive(let name) = current.kind, ["end", "property", "optional", "required"].contains(name) {
            throw .syntax("'@\(name)' belongs inside an @interface, @protocol or @implementation block", at: current.location)
        }
        return .statement(try statement())
    }

    // MARK: Statements

    mutating func statement() throws(ShellError) -> Statement {
        try enterNesting()
        defer { nesting -= 1 }
        let location = current.location
        if let keyword = current.identifier, Self.unsupportedStatements.contains(keyword), !peek(1).isSymbol("=") {
            throw .syntax("'\(keyword)' statements are not supported yet; write the steps out, or use if/else", at: location)
        }
        if current.isIdentifier("return") {
            advance()
            if consumeSymbol(";") || current.isSymbol("}") || atEnd { return .return(nil, location) }
            let value = try expression()
            try endStatement()
            return .return(value, location)
        }
        if current.isIdentifier("static") {
            advance()
            guard case .declaration(let name, let value, let declared)? = try declaration() else {
                throw unexpected("a variable declaration after 'static', as in static NSInteger count = 0;")
            }
            return .staticDeclaration(name: name, value: value, StaticStorage(), declared)
        }
        if current.isIdentifier("if") {
            advance()
            try expectSymbol("(", "after 'if'")
            let condition = try expression()
            try expectSymbol(")", "to close the condition")
            let then = try body()
            var otherwise: [Statement]?
            if current.isIdentifier("else") {
                advance()
                otherwise = current.isIdentifier("if") ? [try statement()] : try body()
            }
            return .if(condition: condition, then: then, else: otherwise, location)
        }
        if current.isDirective("throw") {
            advance()
            let value = try expression()
            try endStatement()
            return .throw(value, location)
        }
        if let declared = try declaration() { return declared }
        let value = try expression()
        try endStatement()
        return .expression(value)
    }

    /// `{ statements }`, or a single statement.
    mutating func body() throws(ShellError) -> [Statement] {
        guard consumeSymbol("{") else { return [try statement()] }
        var statements: [Statement] = []
        while !consumeSymbol("}") {
            if atEnd { throw unexpected("'}' to close the block") }
            if consumeSymbol(";") { continue }
            statements.append(try statement())
        }
        return statements
    }

    /// `Type *name = value;` or `BOOL name = value;`, when the tokens have that shape.
    private mutating func declaration() throws(ShellError) -> Statement? {
        guard let typeName = current.identifier else { return nil }
        let location = current.location
        var offset = 1
        if peek(1).isSymbol("*") {
            offset = 2
        } else if TypeNames.scalar(typeName) == nil && typeName != "id" {
            return nil
        }
        guard let name = peek(offset).identifier else { return nil }
        let after = peek(offset + 1)
        guard after.isSymbol("=") || after.isSymbol(";") || after.kind == .end else { return nil }
        for _ in 0...offset { advance() }
        var value: Expression?
        if consumeSymbol("=") { value = try expression() }
        try endStatement()
        return .declaration(name: name, value: value, location)
    }

    // MARK: Expressions

    mutating func expression() throws(ShellError) -> Expression {
        try enterNesting()
        defer { nesting -= 1 }
        let target = try binary(level: 0)
        guard current.isSymbol("=") else { return target }
        let location = current.location
        advance()
        switch target {
        case .name, .property:
            return .assignment(target: target, value: try expression(), location)
        default:
            throw .syntax("only a variable or a property can be assigned to", at: target.location)
        }
    }

    private static let precedence: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]]

    /// Operators of one precedence level and above. A chain of one level is read in a loop
    /// into one flat node, so `a + b + ... ` recurses only per precedence level.
    private mutating func binary(level: Int) throws(ShellError) -> Expression {
        guard level < Self.precedence.count else { return try unary() }
        let first = try binary(level: level + 1)
        var operations: [Expression.Operation] = []
        while case .symbol(let symbol) = current.kind, Self.precedence[level].contains(symbol) {
            let location = advance().location
            operations.append(Expression.Operation(symbol: symbol, operand: try binary(level: level + 1), location: location))
        }
        return operations.isEmpty ? first : .operators(first, operations)
    }

    private mutating func unary() throws(ShellError) -> Expression {
        if current.isSymbol("!") || current.isSymbol("-") {
            try enterNesting()
            defer { nesting -= 1 }
            let token = advance()
            guard case .symbol(let symbol) = token.kind else { return try unary() }
            return .unary(symbol, try unary(), token.location)
        }
        return try postfix()
    }

    private mutating func postfix() throws(ShellError) -> Expression {
        var value = try primary()
        // Each step of a chain (`a.b[0].c`) wraps the value once more: count it as nesting.
        let outerNesting = nesting
        defer { nesting = outerNesting }
        while true {
            if current.isSymbol(".") || current.isSymbol("[") || current.isSymbol("(") { try enterNesting() }
            if current.isSymbol("."), let name = peek(1).identifier {
                let location = advance().location
                advance()
                value = .property(value, name: name, location)
            } else if current.isSymbol("[") {
                let location = advance().location
                let index = try expression()
                try expectSymbol("]", "to close the subscript")
                value = .subscript(value, index, location)
            } else if current.isSymbol("("), case .name(let function, let location) = value {
                advance()
                var arguments: [Expression] = []
                while !consumeSymbol(")") {
                    if !arguments.isEmpty { try expectSymbol(",", "between arguments") }
                    arguments.append(try expression())
                }
                value = .call(function, arguments, location)
            } else {
                return value
            }
        }
    }

    private static let literalNames: [String: Value] = [
        "YES": true, "NO": false, "true": true, "false": false, "nil": .nil, "Nil": .nil, "NULL": .nil,
    ]

    private mutating func primary() throws(ShellError) -> Expression {
        let token = current
        switch token.kind {
        case .integer(let value):
            advance()
            return .literal(.int(value), token.location)
        case .double(let value):
            advance()
            return .literal(.double(value), token.location)
        case .string(let value):
            advance()
            return .literal(.string(value), token.location)
        case .identifier(let name):
            advance()
            if let literal = Self.literalNames[name] { return .literal(literal, token.location) }
            return .name(name, token.location)
        case .directive("selector"):
            advance()
            try expectSymbol("(", "after @selector")
            var name = ""
            while !current.isSymbol(")") {
                if let part = current.identifier { name += part } else if current.isSymbol(":") { name += ":" } else {
                    throw unexpected("a selector name inside @selector(...)")
                }
                advance()
            }
            advance()
            guard !name.isEmpty else { throw .syntax("@selector() needs a selector name, as in @selector(viewDidLoad)", at: token.location) }
            return .selector(name, token.location)
        case .directive("protocol"):
            advance()
            try expectSymbol("(", "after @protocol")
            let name = try expectIdentifier("a protocol name inside @protocol(...)")
            try expectSymbol(")", "to close @protocol(")
            return .protocolLiteral(name, token.location)
        case .symbol("["):
            return try message()
        case .symbol("("):
            advance()
            if let type = try castType() { return .cast(type, try unary(), token.location) }
            let inner = try expression()
            try expectSymbol(")", "to close the parenthesis")
            return inner
        case .symbol("@["):
            advance()
            var elements: [Expression] = []
            while !consumeSymbol("]") {
                if !elements.isEmpty { try expectSymbol(",", "between array elements") }
                if consumeSymbol("]") { break }
                elements.append(try expression())
            }
            return .array(elements, token.location)
        case .symbol("@{"):
            advance()
            var entries: [(key: Expression, value: Expression)] = []
            while !consumeSymbol("}") {
                if !entries.isEmpty { try expectSymbol(",", "between dictionary entries") }
                if consumeSymbol("}") { break }
                let key = try expression()
                try expectSymbol(":", "between a key and its value")
                entries.append((key, try expression()))
            }
            return .dictionary(entries, token.location)
        case .symbol("@("):
            advance()
            let inner = try expression()
            try expectSymbol(")", "to close @(")
            return inner
        case .symbol("^"):
            return try block()
        default:
            throw unexpected("an expression")
        }
    }

    /// After '(': the type of a C cast such as `(NSInteger)`, `(unsigned long)` or
    /// `(UIView *)`, consuming it and its ')'; nil, consuming nothing, when the parenthesis
    /// holds an expression instead.
    private mutating func castType() throws(ShellError) -> ObjCType? {
        var length = 0
        while peek(length).identifier != nil || peek(length).isSymbol("*") { length += 1 }
        guard length > 0, peek(length).isSymbol(")") else { return nil }
        let typeTokens = (0..<length).map { peek($0) }
        let words = typeTokens.compactMap(\.identifier)
        let isPointer = typeTokens.contains { $0.isSymbol("*") }
        guard isPointer || TypeNames.scalar(words.joined(separator: " ")) != nil || (words.count > 1 && TypeNames.scalar(words[0]) != nil)
        else { return nil }
        let location = current.location
        for _ in 0...length { advance() }
        return try TypeNames.type(of: typeTokens, at: location)
    }

    /// `^{ ... }`, `^(id data) { ... }` or `^BOOL(id x) { ... }`: the types are not
    /// checked, only the parameter names matter.
    private mutating func block() throws(ShellError) -> Expression {
        let location = advance().location
        while current.identifier != nil || current.isSymbol("*") { advance() } // a return type
        var parameters: [String] = []
        if consumeSymbol("(") {
            var words: [Token] = []
            func finishParameter() throws(ShellError) {
                let names = words.compactMap(\.identifier)
                if names == ["void"] || names.isEmpty { words = []; return }
                guard let name = names.last, names.count >= 2 || words.count == 1 else {
                    throw .syntax("a block parameter needs a type and a name, as in ^(id data)", at: words.first?.location ?? location)
                }
                parameters.append(name)
                words = []
            }
            while !consumeSymbol(")") {
                if current.kind == .end { throw unexpected("')' to close the block's parameters") }
                if consumeSymbol(",") { try finishParameter(); continue }
                words.append(advance())
            }
            try finishParameter()
        }
        guard current.isSymbol("{") else { throw unexpected("'{' to start the block's body") }
        advance()
        var body: [Statement] = []
        while !consumeSymbol("}") {
            if current.kind == .end { throw unexpected("'}' to close the block") }
            if consumeSymbol(";") { continue }
            body.append(try statement())
        }
        return .block(parameters: parameters, body: body, location)
    }

    /// `[receiver selector]` or `[receiver key:value key:value]`.
    private mutating func message() throws(ShellError) -> Expression {
        try enterNesting()
        defer { nesting -= 1 }
        let open = advance().location
        let receiver: Expression.Receiver
        if current.isIdentifier("super") {
            receiver = .super(advance().location)
        } else {
            receiver = .expression(try unary())
        }
        guard let first = current.identifier else {
            throw unexpected("a selector after the receiver, as in [receiver viewDidLoad]")
        }
        advance()
        guard current.isSymbol(":") else {
            try expectSymbol("]", "to close the message")
            return .message(receiver: receiver, selector: first, arguments: [], open)
        }
        var selector = first
        var arguments: [Expression] = []
        while consumeSymbol(":") {
            selector += ":"
            arguments.append(try binary(level: 0))
            if consumeSymbol("]") { return .message(receiver: receiver, selector: selector, arguments: arguments, open) }
            guard let part = current.identifier, peek(1).isSymbol(":") else {
                throw unexpected("the next part of the selector (name:) or ']' to close the message")
            }
            advance()
            selector += part
        }
        throw unexpected("':' after the selector part")
    }
}
