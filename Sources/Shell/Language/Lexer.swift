/// Splits source text into tokens. `#` and `//` start comments that run to the end of the
/// line (so a pasted `#import` is ignored), `/* */` comments may span lines.
struct Lexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// The script the text comes from, named in every location; nil at the prompt.
    private let file: String?
    private var line: Int
    private var column = 1

    /// - Parameter origin: where the text starts: the script (nil at the prompt), line and
    ///   column, so that every location is the script's own.
    init(_ text: String, at origin: SourceLocation = .start) {
        scalars = Array(text.unicodeScalars)
        file = origin.file
        line = origin.line
        column = origin.column
    }

    private var here: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    static func tokens(of text: String, at origin: SourceLocation = .start) throws(ShellError) -> [Token] {
        var lexer = Lexer(text, at: origin)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private static let symbols = [
        "==", "!=", "<=", ">=", "&&", "||", "@[", "@{", "@(",
        "[", "]", "(", ")", "{", "}", ";", ":", ",", ".", "=", "<", ">", "+", "-", "*", "/", "%", "!", "^", "?", "&", "|",
    ]

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    private func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func skipSpaceAndComments() throws(ShellError) {
        while let scalar = current {
            if Self.isWhitespace(scalar) {
                advance()
            } else if scalar == "#" || (scalar == "/" && peek(1) == "/") {
                while let next = current, next != "\n" { advance() }
            } else if scalar == "/" && peek(1) == "*" {
                let start = here
                advance()
                advance()
                while current != nil && !(current == "*" && peek(1) == "/") { advance() }
                guard current != nil else { throw .syntax("the comment that starts here has no closing */", at: start) }
                advance()
                advance()
            } else {
                return
            }
        }
    }

    // ASCII is answered without Unicode's property tables, which cost most of lexing.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || ("\t"..."\r").contains(scalar) : scalar.properties.isWhitespace
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) : scalar.properties.isAlphabetic
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }

    mutating func next() throws(ShellError) -> Token {
        try skipSpaceAndComments()
        let start = here
        let startIndex = index
        func token(_ kind: Token.Kind) -> Token {
            Token(kind: kind, location: start, text: String(String.UnicodeScalarView(scalars[startIndex..<index])))
        }
        guard let scalar = current else { return Token(kind: .end, location: start, text: "") }

        if Self.isIdentifierStart(scalar) {
            while let next = current, Self.isIdentifierPart(next) { advance() }
            return token(.identifier(String(String.UnicodeScalarView(scalars[startIndex..<index]))))
        }
        if ("0"..."9").contains(scalar) || (scalar == "@" && peek(1).map { ("0"..."9").contains($0) } == true) {
            if scalar == "@" { advance() }
            return try number(start: start, startIndex: startIndex)
        }
        if scalar == "\"" || (scalar == "@" && peek(1) == "\"") {
            if scalar == "@" { advance() }
            return token(.string(try string(start: start)))
        }
        if scalar == "@", let next = peek(1), Self.isIdentifierStart(next) {
            advance()
            let nameStart = index
            while let part = current, Self.isIdentifierPart(part) { advance() }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
            // `@YES` / `@NO` box a boolean; keep them as the plain literals.
            if name == "YES" || name == "NO" { return token(.identifier(name)) }
            return token(.directive(name))
        }
        for symbol in Self.symbols where matches(symbol) {
            for _ in symbol.unicodeScalars { advance() }
            return token(.symbol(symbol))
        }
        throw .syntax("'\(scalar)' is not part of rtsh's language", at: start)
    }

    private func matches(_ symbol: String) -> Bool {
        for (offset, expected) in symbol.unicodeScalars.enumerated() where peek(offset) != expected {
            return false
        }
        return true
    }

    private mutating func number(start: SourceLocation, startIndex: Int) throws(ShellError) -> Token {
        let digitsStart = index
        var isDouble = false
        while let scalar = current, ("0"..."9").contains(scalar) || scalar == "_" { advance() }
        if current == ".", let next = peek(1), ("0"..."9").contains(next) {
            isDouble = true
            advance()
            while let scalar = current, ("0"..."9").contains(scalar) { advance() }
        }
        if current == "e" || current == "E" {
            isDouble = true
            advance()
            if current == "-" || current == "+" { advance() }
            while let scalar = current, ("0"..."9").contains(scalar) { advance() }
        }
        let digits = String(String.UnicodeScalarView(scalars[digitsStart..<index])).filter { $0 != "_" }
        let text = String(String.UnicodeScalarView(scalars[startIndex..<index]))
        if isDouble {
            guard let value = Double(digits) else { throw .syntax("'\(text)' is not a number", at: start) }
            return Token(kind: .double(value), location: start, text: text)
        }
        guard let value = Int(digits) else {
            throw .syntax("'\(text)' is too large for an integer (the largest is \(Int.max))", at: start)
        }
        return Token(kind: .integer(value), location: start, text: text)
    }

    private mutating func string(start: SourceLocation) throws(ShellError) -> String {
        advance() // the opening quote
        var result = String.UnicodeScalarView()
        while let scalar = current {
            switch scalar {
            case "\"":
                advance()
                return String(result)
            case "\n":
                throw .syntax("the string that starts here has no closing quote", at: start)
            case "\\":
                advance()
                guard let escaped = current else { break }
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "0": result.append("\0")
                case "\"", "\\", "'": result.append(escaped)
                default:
                    throw .syntax("'\\\(escaped)' is not an escape; use \\n, \\t, \\r, \\\", \\\\", at: SourceLocation(file: file, line: line, column: column - 1))
                }
                advance()
            default:
                result.append(scalar)
                advance()
            }
        }
        throw .syntax("the string that starts here has no closing quote", at: start)
    }
}
