import Runtime

/// Reads JSON into values: objects become dictionaries, arrays arrays, numbers integers
/// (or doubles when they have a fraction or exponent), `true`/`false` booleans, `null` nil.
struct JSON {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    /// Objects and arrays open around the current value.
    private var depth = 0
    /// As deep as the shell's own code may nest: reading and printing stay far from the
    /// end of the stack.
    private static let maximumDepth = 256

    /// Parses `text`; a malformed document is an error with the line and column.
    static func parse(_ text: String) throws(JSONError) -> Value {
        var parser = JSON(scalars: Array(text.unicodeScalars))
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.scalars.count else { throw parser.error("expected the end of the document") }
        return value
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
        index += 1
    }

    private mutating func skipSpace() {
        while let scalar = current, scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" { advance() }
    }

    private func error(_ message: String) -> JSONError {
        let found = current.map { "'\($0)'" } ?? "the end of the file"
        return JSONError(line: line, column: column, message: "\(message), but found \(found)")
    }

    private mutating func expect(_ word: String) throws(JSONError) {
        for expected in word.unicodeScalars {
            guard current == expected else { throw error("expected '\(word)'") }
            advance()
        }
    }

    private mutating func value() throws(JSONError) -> Value {
        switch current {
        case "{": return try object()
        case "[": return try array()
        case "\"": return .string(try string())
        case "t": try expect("true"); return true
        case "f": try expect("false"); return false
        case "n": try expect("null"); return .nil
        case let scalar? where scalar == "-" || ("0"..."9").contains(scalar): return try number()
        default: throw error("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    /// Counts one more object or array open; undo with `depth -= 1`.
    private mutating func enterNesting() throws(JSONError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw JSONError(line: line, column: column, message: "objects and arrays nest more than \(Self.maximumDepth) levels deep here")
        }
    }

    private mutating func object() throws(JSONError) -> Value {
        try enterNesting()
        defer { depth -= 1 }
        advance()
        var entries: [Value: Value] = [:]
        skipSpace()
        if current == "}" { advance(); return .dictionary(entries) }
        while true {
            skipSpace()
            guard current == "\"" else { throw error("expected a member name in quotes") }
            let key = try string()
            skipSpace()
            guard current == ":" else { throw error("expected ':' after the member name \"\(key)\"") }
            advance()
            skipSpace()
            entries[.string(key)] = try value()
            skipSpace()
            if current == "," { advance(); continue }
            guard current == "}" else { throw error("expected ',' or '}' after an object member") }
            advance()
            return .dictionary(entries)
        }
    }

    private mutating func array() throws(JSONError) -> Value {
        try enterNesting()
        defer { depth -= 1 }
        advance()
        var elements: [Value] = []
        skipSpace()
        if current == "]" { advance(); return .array(elements) }
        while true {
            skipSpace()
            elements.append(try value())
            skipSpace()
            if current == "," { advance(); continue }
            guard current == "]" else { throw error("expected ',' or ']' after an array element") }
            advance()
            return .array(elements)
        }
    }

    private mutating func string() throws(JSONError) -> String {
        advance()
        var result = String.UnicodeScalarView()
        while let scalar = current {
            advance()
            switch scalar {
            case "\"": return String(result)
            case "\\":
                guard let escaped = current else { throw error("expected an escaped character") }
                advance()
                switch escaped {
                case "\"", "\\", "/": result.append(escaped)
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "b": result.append("\u{8}")
                case "f": result.append("\u{C}")
                case "u":
                    var code: UInt32 = 0
                    for _ in 0..<4 {
                        guard let digit = current, let value = UInt32(String(digit), radix: 16) else { throw error("expected four hexadecimal digits after \\u") }
                        code = code * 16 + value
                        advance()
                    }
                    result.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: throw error("'\\\(escaped)' is not a JSON escape")
                }
            default:
                guard scalar.value >= 0x20 else { throw error("a control character must be escaped inside a string") }
                result.append(scalar)
            }
        }
        throw error("expected '\"' to close the string")
    }

    private mutating func number() throws(JSONError) -> Value {
        let start = index
        var isDouble = false
        if current == "-" { advance() }
        while let scalar = current, ("0"..."9").contains(scalar) || scalar == "." || scalar == "e" || scalar == "E" || scalar == "+" || scalar == "-" {
            if scalar == "." || scalar == "e" || scalar == "E" { isDouble = true }
            advance()
        }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        if !isDouble, let integer = Int(text) { return .int(integer) }
        guard let double = Double(text) else { throw JSONError(line: line, column: column, message: "'\(text)' is not a number") }
        return .double(double)
    }
}

struct JSONError: Error, CustomStringConvertible {
    let line: Int
    let column: Int
    let message: String

    var description: String { "line \(line), column \(column): \(message)" }
}
