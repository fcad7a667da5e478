/// Splits source text into tokens, reading its UTF-8 bytes once.
///
/// `//` and `/* */` are comments. A `#` first on its line starts a preprocessor directive
/// (`#import`, `#define`, ...) that the ``Preprocessor`` reads; in rtsh's scripts and at
/// the prompt (``Mode/script``) a `#` that does not start a directive is a comment, as
/// in a shell, except a `#name` after a space inside a line, which is a `#` and a name
/// (the UI commands' `#identifier`).
struct Lexer {
    /// How `#` reads.
    enum Mode {
        /// `.h` and `.m` files: `#` starts a directive or is the stringizing operator.
        case objectiveC
        /// rtsh scripts and the prompt: a `#` that starts no directive comments out the line.
        case script
    }

    private let bytes: [UInt8]
    private var index = 0
    private let mode: Mode
    /// The script the text comes from, named in every location; nil at the prompt.
    private let file: String?
    private var line: Int
    private var column: Int
    /// No token has been read on the current line yet.
    private var atLineStart = true
    /// The current line is a preprocessor directive: in scripts its `#` and `##` are operators, not comments.
    private var inDirective = false
    /// Set when lexing one line of several (``tokens(ofLine:at:mode:state:)``): what the
    /// line leaves open is recorded instead of being an error.
    private var readsOneLine = false
    private var endsInsideComment = false
    private var endsContinued = false

    /// - Parameter origin: where the text starts: the script (nil at the prompt), line and
    ///   column, so that every location is the script's own.
    init(_ text: String, at origin: SourceLocation = .start, mode: Mode = .script) {
        bytes = Array(text.utf8)
        file = origin.file
        line = origin.line
        column = origin.column
        self.mode = mode
    }

    private var here: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    /// What a line leaves open for the next, when input comes a line at a time.
    struct LineState: Equatable, Sendable {
        /// A `/*` comment is open.
        var insideComment = false
        /// The line ended in `\`: the next line is part of it.
        var continuesLine = false
        /// ... and that line is a preprocessor directive.
        var continuesDirective = false
    }

    /// Lexes one line of input that comes a line at a time (the prompt, a script), carrying
    /// over in `state` what the line leaves open, so each line is lexed once and the
    /// tokens of a statement typed over several lines are the ones its whole text gives.
    /// The tokens end with an `.end` where the line ends.
    static func tokens(ofLine line: String, at origin: SourceLocation, mode: Mode, state: inout LineState) -> [Token] {
        var lexer = Lexer(line, at: origin, mode: mode)
        lexer.readsOneLine = true
        if state.insideComment {
            while lexer.current != nil, !(lexer.current == ascii("*") && lexer.peek(1) == ascii("/")) { lexer.advance() }
            guard lexer.current != nil else { return [Token(kind: .end, location: lexer.here)] }
            lexer.advance(by: 2)
            state.insideComment = false
        }
        lexer.atLineStart = !state.continuesLine
        lexer.inDirective = state.continuesDirective
        var tokens: [Token] = []
        tokens.reserveCapacity(line.utf8.count / 3 + 2)
        // Only an unclosed comment throws, and in one line that is recorded instead.
        while let token = try? lexer.next(), token.kind != .end {
            tokens.append(token)
        }
        tokens.append(Token(kind: .end, location: lexer.here))
        state.insideComment = lexer.endsInsideComment
        state.continuesLine = lexer.endsContinued
        state.continuesDirective = lexer.endsContinued && lexer.inDirective
        return tokens
    }

    static func tokens(of text: String, at origin: SourceLocation = .start, mode: Mode = .script) throws(SyntaxError) -> [Token] {
        var lexer = Lexer(text, at: origin, mode: mode)
        var tokens: [Token] = []
        tokens.reserveCapacity(text.utf8.count / 4)
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    /// The directives a `#` may start; in scripts any other `#` starts a comment.
    static let directives: Set<String> = [
        "import", "include", "define", "undef", "if", "ifdef", "ifndef", "elif", "else", "endif", "pragma", "error", "warning", "line",
    ]

    // MARK: Bytes

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }
    private func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == ascii("\n") {
            line += 1
            column = 1
            atLineStart = true
            inDirective = false
        } else if byte & 0xC0 != 0x80 {
            // Columns count characters: UTF-8 continuation bytes add none.
            column += 1
        }
    }

    private mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= ascii("a") && byte <= ascii("z")) || (byte >= ascii("A") && byte <= ascii("Z")) || byte == ascii("_") || byte == ascii("$")
            || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= ascii("0") && byte <= ascii("9") }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == ascii(" ") || (byte >= 9 && byte <= 13)
    }

    // MARK: Space and comments

    private mutating func skipSpaceAndComments() throws(SyntaxError) {
        while let byte = current {
            if Self.isSpace(byte) {
                advance()
            } else if readsOneLine, byte == ascii("\\"), bytes[(index + 1)...].allSatisfy({ $0 == ascii("\r") }) {
                // A line that ends in `\` goes on in the next.
                endsContinued = true
                while current != nil { advance() }
            } else if byte == ascii("\\"), peek(1) == ascii("\n") || (peek(1) == ascii("\r") && peek(2) == ascii("\n")) {
                // A continued line: the next line belongs to this one (a macro's body).
                let keepsLineStart = atLineStart
                advance()
                while current != ascii("\n") { advance() }
                advance()
                atLineStart = keepsLineStart
            } else if byte == ascii("/") && peek(1) == ascii("/") {
                while let next = current, next != ascii("\n") { advance() }
            } else if byte == ascii("/") && peek(1) == ascii("*") {
                let start = here
                let keepsLineStart = atLineStart
                advance(by: 2)
                while current != nil && !(current == ascii("*") && peek(1) == ascii("/")) { advance() }
                if current == nil && readsOneLine {
                    endsInsideComment = true
                    return
                }
                guard current != nil else { throw SyntaxError(.unclosedComment, at: start) }
                advance(by: 2)
                // A comment between tokens does not end a directive's line.
                if !keepsLineStart && atLineStart { atLineStart = false }
            } else if byte == ascii("#"), mode == .script, !inDirective, !startsDirective(), !startsIdentifierReference() {
                while let next = current, next != ascii("\n") { advance() }
            } else {
                return
            }
        }
    }

    /// Whether the `#` here begins a preprocessor directive in a script: first on its line
    /// and followed at once by a directive's name, so that a comment such as `# if it
    /// fails` stays a comment.
    private func startsDirective() -> Bool {
        guard atLineStart else { return false }
        let start = index + 1
        var end = start
        while end < bytes.count, Self.isIdentifierPart(bytes[end]) { end += 1 }
        return Self.directives.contains(text(start..<end))
    }

    /// Whether the `#` here is a UI command's `#identifier` (`tap #loginButton`): not first
    /// on its line, after a space and followed at once by a name. A `# comment` (with its
    /// space) and a `#` first on its line stay comments.
    private func startsIdentifierReference() -> Bool {
        guard !atLineStart, index > 0, Self.isSpace(bytes[index - 1]), let next = peek(1) else { return false }
        return Self.isIdentifierStart(next)
    }

    // MARK: Tokens

    mutating func next() throws(SyntaxError) -> Token {
        try skipSpaceAndComments()
        let startsLine = atLineStart
        let startIndex = index
        do {
            var token = try token(startsLine: startsLine)
            token.bytes = Int32(clamping: startIndex)..<Int32(clamping: index)
            return token
        } catch {
            // An unclosed quote takes the rest of its line; anything else only itself.
            if index == startIndex { advance() }
            if bytes[startIndex] == ascii("'") || bytes[startIndex] == ascii("\"") || bytes[startIndex] == ascii("@") {
                while let byte = current, byte != ascii("\n") { advance() }
            }
            var token = Token(kind: .invalid(error.kind), location: error.location, startsLine: startsLine)
            token.bytes = Int32(clamping: startIndex)..<Int32(clamping: index)
            return token
        }
    }

    private mutating func token(startsLine: Bool) throws(SyntaxError) -> Token {
        let start = here
        atLineStart = false
        func token(_ kind: Token.Kind) -> Token { Token(kind: kind, location: start, startsLine: startsLine) }
        guard let byte = current else { return token(.end) }

        if Self.isIdentifierStart(byte) {
            let startIndex = index
            while let next = current, Self.isIdentifierPart(next) { advance() }
            return token(.identifier(text(startIndex..<index)))
        }
        if Self.isDigit(byte) || (byte == ascii(".") && peek(1).map(Self.isDigit) == true) {
            return token(try number(at: start))
        }
        if byte == ascii("\"") { return token(.string(try string(at: start))) }
        if byte == ascii("'") { return token(.integer(try character(at: start))) }
        if byte == ascii("@") {
            switch peek(1) {
            case ascii("\""):
                advance()
                return token(.string(try string(at: start)))
            case ascii("["), ascii("{"), ascii("("):
                let symbol = "@" + String(UnicodeScalar(peek(1)!))
                advance(by: 2)
                return token(.symbol(symbol))
            case let next? where Self.isDigit(next):
                // `@12`: '@' boxing the number that follows, which the parser marks as an object.
                advance()
                return token(.symbol("@"))
            case ascii("-") where peek(2).map(Self.isDigit) == true:
                // `@-1` boxes a negative number.
                advance(by: 2)
                let number = try self.number(at: start)
                switch number {
                case .integer(let value): return token(.integer(0 &- value))
                case .double(let value): return token(.double(-value))
                default: return token(number)
                }
            case ascii("'"):
                // `@'a'` boxes a character: its number, as rtsh's numbers are boxed already.
                advance()
                return token(.integer(try character(at: start)))
            case ascii("#"):
                // `@#name` in a macro: '@' then a stringized argument makes an NSString.
                advance()
                return token(.symbol("@"))
            case ascii(" "), ascii("\t"), ascii("\r"), ascii("\n"):
                // `@ [object]`, or in a file `@` ending a line and `{` starting the next:
                // clang lets white space part '@' from the literal it starts (outside a
                // directive, which a line ends; the prompt reads a line at a time).
                var gap = 1
                while let next = peek(gap), next == ascii(" ") || next == ascii("\t") || !inDirective && (next == ascii("\n") || next == ascii("\r")) {
                    gap += 1
                }
                // `@ #str` in a macro, as `@#str`: '@' then the stringized argument.
                if inDirective, peek(gap) == ascii("#") {
                    advance(by: gap)
                    return token(.symbol("@"))
                }
                // `@ "text"`, as a test's table of expected output writes it.
                if peek(gap) == ascii("\"") {
                    advance(by: gap)
                    atLineStart = false
                    return token(.string(try string(at: start)))
                }
                guard let opener = peek(gap), opener == ascii("[") || opener == ascii("{") || opener == ascii("(") else {
                    throw SyntaxError(.strayAt, at: start)
                }
                advance(by: gap + 1)
                // The literal goes on from where '@' was: what follows it does not start a line.
                atLineStart = false
                return token(.symbol("@" + String(UnicodeScalar(opener))))
            case let next? where Self.isIdentifierStart(next):
                var end = 1
                while let part = peek(end), Self.isIdentifierPart(part) { end += 1 }
                // `@YES` / `@NO` box a boolean: '@', then the literal, which the parser boxes.
                if ["YES", "NO", "true", "false"].contains(text(index + 1..<index + end)) {
                    advance()
                    return token(.symbol("@"))
                }
                advance()
                let nameStart = index
                while let part = current, Self.isIdentifierPart(part) { advance() }
                return token(.directive(text(nameStart..<index)))
            default:
                throw SyntaxError(.strayAt, at: start)
            }
        }
        if let symbol = symbol() {
            if startsLine && symbol == "#" { inDirective = true }
            return token(.symbol(symbol))
        }
        let scalar = text(index..<min(index + 4, bytes.count)).unicodeScalars.first.map(String.init) ?? "?"
        throw SyntaxError(.strayCharacter(scalar), at: start)
    }

    /// The commonest number, a decimal integer with no prefix, suffix, separator or
    /// fraction, read straight from the bytes; nil (and nothing read) for any other.
    private mutating func plainDecimal() -> Int? {
        var end = index
        var value = 0
        while end < bytes.count, Self.isDigit(bytes[end]) {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times10.addingReportingOverflow(Int(bytes[end] - ascii("0")))
            guard !overflow, !overflowAgain else { return nil }
            value = sum
            end += 1
        }
        // `0...` is octal (or `0` alone); a following `.`, `e`, `'`, suffix or letter is another number.
        guard end > index, bytes[index] != ascii("0") || end == index + 1 else { return nil }
        if end < bytes.count, bytes[end] == ascii(".") || bytes[end] == ascii("'") || Self.isIdentifierPart(bytes[end]) { return nil }
        advance(by: end - index)
        return value
    }

    /// The longest operator or punctuation at the current byte, consumed.
    private mutating func symbol() -> String? {
        guard let first = current else { return nil }
        let second = peek(1)
        // Decided by the first byte, as most symbols are one byte long.
        let length = switch first {
        case ascii("<"), ascii(">"):
            // `<<=` `<<` `<=`, and the same with `>`.
            second == first ? (peek(2) == ascii("=") ? 3 : 2) : (second == ascii("=") ? 2 : 1)
        case ascii("."): second == ascii(".") && peek(2) == ascii(".") ? 3 : 1
        case ascii("-"): second == ascii(">") || second == ascii("-") || second == ascii("=") ? 2 : 1
        case ascii("+"), ascii("&"), ascii("|"): second == first || second == ascii("=") ? 2 : 1
        case ascii("#"): second == ascii("#") ? 2 : 1
        case ascii("*"), ascii("/"), ascii("%"), ascii("^"), ascii("="), ascii("!"): second == ascii("=") ? 2 : 1
        default: 1
        }
        guard length == 1 else {
            let symbol = text(index..<index + length)
            advance(by: length)
            return symbol
        }
        guard let single = Self.singleSymbolText[Int(first)] else { return nil }
        advance()
        return single
    }

    /// The text of each one-byte symbol, by its byte, made once rather than per token.
    private static let singleSymbolText: [String?] = (0..<256).map { byte in
        "[](){};:,.=<>+-*/%!^?&|~#".utf8.contains(UInt8(byte)) ? String(UnicodeScalar(UInt8(byte))) : nil
    }

    // MARK: Literals

    /// A number in any C spelling. Integer suffixes (`u`, `l`, `ll`) keep the value; a
    /// `f` suffix rounds to a float, as the compiler stores it.
    private mutating func number(at start: SourceLocation) throws(SyntaxError) -> Token.Kind {
        if let plain = plainDecimal() { return .integer(plain) }
        let startIndex = index
        var radix = 10
        if current == ascii("0"), let next = peek(1) {
            if next == ascii("x") || next == ascii("X") {
                radix = 16
            } else if next == ascii("b") || next == ascii("B") {
                radix = 2
            } else if Self.isDigit(next) {
                radix = 8
            }
            if radix == 16 || radix == 2 { advance(by: 2) }
        }
        let digitsStart = index
        var isFloating = false
        func isDigit(_ byte: UInt8) -> Bool {
            radix == 16 ? Self.isDigit(byte) || (byte | 0x20 >= ascii("a") && byte | 0x20 <= ascii("f")) : Self.isDigit(byte)
        }
        while let byte = current, isDigit(byte) || byte == ascii("'") { advance() }
        if radix != 16 && radix != 2 {
            if current == ascii("."), peek(1) != ascii(".") {
                isFloating = true
                advance()
                while let byte = current, Self.isDigit(byte) { advance() }
            }
            if current == ascii("e") || current == ascii("E") {
                isFloating = true
                advance()
                if current == ascii("-") || current == ascii("+") { advance() }
                guard let byte = current, Self.isDigit(byte) else {
                    throw SyntaxError(.exponentWithoutDigits(spelled: text(startIndex..<index)), at: start)
                }
                while let byte = current, Self.isDigit(byte) { advance() }
            }
        }
        let digits = text(digitsStart..<index).filter { $0 != "'" }
        let suffixStart = index
        while let byte = current, Self.isIdentifierPart(byte) { advance() }
        let suffix = text(suffixStart..<index).lowercased()
        let spelled = text(startIndex..<index)
        if isFloating {
            guard ["", "f", "l"].contains(suffix), let value = Double(digits) else {
                throw SyntaxError(.badFloatingSuffix(spelled: spelled), at: start)
            }
            return .double(suffix == "f" ? Double(Float(value)) : value)
        }
        guard ["", "u", "l", "ul", "lu", "ll", "ull", "llu"].contains(suffix) else {
            throw SyntaxError(.badIntegerSuffix(spelled: spelled, suffix: suffix), at: start)
        }
        let body = radix == 8 ? String(digits.dropFirst()) : digits
        guard !body.isEmpty || radix == 8 else {
            throw SyntaxError(.prefixWithoutDigits(spelled: spelled), at: start)
        }
        // Unsigned constants past Int.max keep their bits, as C stores them in 64 bits.
        guard let value = body.isEmpty ? 0 : UInt64(body, radix: radix) else {
            throw SyntaxError(.numberOutOfRange(spelled: spelled, isOctal: radix == 8), at: start)
        }
        return .integer(Int(bitPattern: UInt(value)))
    }

    /// The escape after a backslash, consumed, as its code.
    private mutating func escape(at start: SourceLocation) throws(SyntaxError) -> UInt32 {
        let escapeLocation = here
        advance() // the backslash
        guard let escaped = current else { throw SyntaxError(.incompleteEscape, at: escapeLocation) }
        advance()
        switch escaped {
        case ascii("n"): return 10
        case ascii("t"): return 9
        case ascii("r"): return 13
        case ascii("a"): return 7
        case ascii("b"): return 8
        case ascii("f"): return 12
        case ascii("v"): return 11
        case ascii("e"): return 27
        case ascii("\""), ascii("\\"), ascii("'"), ascii("?"): return UInt32(escaped)
        case ascii("u"), ascii("U"):
            let digits = escaped == ascii("u") ? 4 : 8
            var value: UInt32 = 0
            for _ in 0..<digits {
                guard let byte = current, let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else {
                    throw SyntaxError(.shortUnicodeEscape(letter: String(UnicodeScalar(escaped)), digits: digits), at: escapeLocation)
                }
                value = value &* 16 &+ digit
                advance()
            }
            return value
        case ascii("x"):
            var value: UInt32 = 0
            var count = 0
            while let byte = current, let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) {
                value = value &* 16 &+ digit
                count += 1
                advance()
            }
            guard count > 0 else { throw SyntaxError(.hexEscapeWithoutDigits, at: escapeLocation) }
            return value
        case ascii("0")...ascii("7"):
            var value = UInt32(escaped - ascii("0"))
            var count = 1
            while count < 3, let byte = current, byte >= ascii("0"), byte <= ascii("7") {
                value = value * 8 + UInt32(byte - ascii("0"))
                count += 1
                advance()
            }
            return value
        case 0x20..<0x7F:
            // `\/`, `\d`: clang warns of an unknown escape and keeps the character, and so does rtsh.
            return UInt32(escaped)
        default:
            throw SyntaxError(.unknownEscape(String(UnicodeScalar(escaped))), at: escapeLocation)
        }
    }

    private mutating func string(at start: SourceLocation) throws(SyntaxError) -> String {
        advance() // the opening quote
        // Most strings hold no escape and end on their line: their text is their bytes.
        var end = index
        while end < bytes.count, bytes[end] != ascii("\""), bytes[end] != ascii("\\"), bytes[end] != ascii("\n") { end += 1 }
        if end < bytes.count, bytes[end] == ascii("\"") {
            let contents = text(index..<end)
            advance(by: end + 1 - index)
            return contents
        }
        var result: [UInt8] = []
        // `\xEF\xBB\xBF` and `\357` name bytes, as C's compiler writes them: the string is
        // those bytes when they are UTF-8 (a byte order mark, an encoded é), and otherwise
        // each such escape is the character of its number, as rtsh's strings hold text.
        var bytesNamed: [UInt8]? = []
        while let byte = current {
            switch byte {
            case ascii("\""):
                advance()
                if let bytesNamed, bytesNamed != result, let text = String(validating: bytesNamed, as: UTF8.self) { return text }
                return String(decoding: result, as: UTF8.self)
            case ascii("\n"):
                throw SyntaxError(.unclosedString, at: start)
            case ascii("\\") where peek(1) == ascii("\n"):
                // A continued line inside a string: the string goes on on the next line.
                advance(by: 2)
            case ascii("\\"):
                let namesByte = peek(1).map { $0 == ascii("x") || $0 == ascii("X") || (ascii("0")...ascii("7")).contains($0) } ?? false
                let code = try escape(at: start)
                guard let scalar = Unicode.Scalar(code) else { continue }
                let encoded = Array(String(scalar).utf8)
                result.append(contentsOf: encoded)
                if namesByte, code < 0x100 { bytesNamed?.append(UInt8(code)) } else if namesByte { bytesNamed = nil } else { bytesNamed?.append(contentsOf: encoded) }
            default:
                result.append(byte)
                bytesNamed?.append(byte)
                advance()
            }
        }
        throw SyntaxError(.unclosedString, at: start)
    }

    /// `'a'`, `'\n'`: a character constant is the number of its character. Up to four
    /// ASCII characters make one number, the first in the highest byte, as Clang reads a
    /// four-character code (`'alac'`, `'APPL'`).
    private mutating func character(at start: SourceLocation) throws(SyntaxError) -> Int {
        advance() // the opening quote
        guard let byte = current, byte != ascii("'"), byte != ascii("\n") else {
            throw SyntaxError(.emptyCharacterConstant, at: start)
        }
        var value: Int
        if byte == ascii("\\") {
            value = Int(try escape(at: start))
        } else {
            let scalarStart = index
            advance()
            while let next = current, next & 0xC0 == 0x80 { advance() }
            value = Int(text(scalarStart..<index).unicodeScalars.first!.value)
        }
        var count = 1
        let isASCII = value < 0x80
        while isASCII, count < 4, let next = current, next < 0x80, next != ascii("'"), next != ascii("\n") {
            let code = next == ascii("\\") ? Int(try escape(at: start)) : Int(next)
            if next != ascii("\\") { advance() }
            guard code < 0x100 else { throw SyntaxError(.longCharacterConstant, at: start) }
            value = value << 8 | code
            count += 1
        }
        guard current == ascii("'") else {
            throw SyntaxError(.longCharacterConstant, at: start)
        }
        advance()
        return value
    }
}

/// The byte of an ASCII character, for matching bytes by the character they spell.
@inline(__always)
func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(character.value) }
