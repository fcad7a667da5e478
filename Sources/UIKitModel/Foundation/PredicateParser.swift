import Runtime

/// Reads a predicate format string (`name BEGINSWITH[c] %@ AND age > 18`) with its format
/// arguments into a ``Predicate``, as `+[NSPredicate predicateWithFormat:]` does: keywords
/// in any case, `%@` an object, `%K` a key path, `%d`/`%f`/… a number, `%s` a C string.
struct PredicateParser {
    /// What is wrong with a format, and where in it.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    private enum Token: Equatable {
        case word(String)
        case string(String)
        case number(Double, isInteger: Bool)
        case symbol(String)
        case argument(Character)
    }

    private var tokens: [Token] = []
    private var index = 0
    /// How deeply parentheses, `NOT`s and lists nest: a format nested deeper than anyone
    /// writes is refused rather than read by a recursion that could overflow the stack.
    private var depth = 0
    private static let maximumDepth = 100
    private var arguments: [Value]
    private let format: String

    /// The predicate `format` says, its specifiers taking `arguments` in order.
    static func parse(_ format: String, arguments: [Value]) throws(Problem) -> Predicate {
        var parser = PredicateParser(format: format, arguments: arguments)
        try parser.tokenize()
        let predicate = try parser.disjunction()
        guard parser.index == parser.tokens.count else { throw parser.problem("unexpected \(parser.describe(parser.tokens[parser.index]))") }
        return predicate
    }

    private init(format: String, arguments: [Value]) {
        self.format = format
        self.arguments = arguments
    }

    private func problem(_ detail: String) -> Problem {
        Problem(description: "Unable to parse the format string \"\(format)\": \(detail)")
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case .word(let word): "'\(word)'"
        case .string(let text): "\"\(text)\""
        case .number(let value, _): "\(value)"
        case .symbol(let symbol): "'\(symbol)'"
        case .argument(let kind): "'%\(kind)'"
        }
    }

    // MARK: Tokens

    private mutating func tokenize() throws(Problem) {
        let characters = Array(format)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c.isWhitespace { i += 1; continue }
            if c == "%" {
                // `%@`, `%K`, and numbers with their length modifiers: `%ld`, `%lu`, `%.2f`.
                var j = i + 1
                while j < characters.count, "lhqztj.0123456789".contains(characters[j]) { j += 1 }
                guard j < characters.count else { throw problem("a format specifier ends the string") }
                tokens.append(.argument(characters[j]))
                i = j + 1
                continue
            }
            if c == "\"" || c == "'" {
                var j = i + 1, text = ""
                while j < characters.count, characters[j] != c {
                    if characters[j] == "\\", j + 1 < characters.count { j += 1 }
                    text.append(characters[j])
                    j += 1
                }
                guard j < characters.count else { throw problem("a quoted string is not closed") }
                tokens.append(.string(text))
                i = j + 1
                continue
            }
            if c.isNumber || (c == "-" && i + 1 < characters.count && characters[i + 1].isNumber && !(tokens.last.map(Self.endsOperand) ?? false)) {
                var j = i + 1
                while j < characters.count, characters[j].isNumber || characters[j] == "." { j += 1 }
                let text = String(characters[i..<j])
                guard let value = Double(text) else { throw problem("'\(text)' is not a number") }
                tokens.append(.number(value, isInteger: !text.contains(".")))
                i = j
                continue
            }
            // `SUBQUERY(...).@count`: a key path read from what the parenthesis gives.
            let readsKeyPath = c == "." && tokens.last == .symbol(")") && i + 1 < characters.count && (characters[i + 1].isLetter || characters[i + 1] == "@")
            if c.isLetter || c == "_" || c == "@" || c == "$" || readsKeyPath {
                var j = i + 1
                while j < characters.count, characters[j].isLetter || characters[j].isNumber || "_.@$".contains(characters[j]) { j += 1 }
                tokens.append(.word(String(characters[i..<j])))
                i = j
                continue
            }
            let pair = i + 1 < characters.count ? String(characters[i...i + 1]) : ""
            if ["==", "!=", "<>", "<=", ">=", "=<", "=>", "&&", "||"].contains(pair) {
                tokens.append(.symbol(pair))
                i += 2
                continue
            }
            guard "=<>!(){},[]".contains(c) else { throw problem("unexpected '\(c)'") }
            tokens.append(.symbol(String(c)))
            i += 1
        }
    }

    private static func endsOperand(_ token: Token) -> Bool {
        switch token {
        case .word, .string, .number, .argument, .symbol(")"), .symbol("}"): true
        default: false
        }
    }

    private var current: Token? { index < tokens.count ? tokens[index] : nil }

    private mutating func takeKeyword(_ words: String...) -> String? {
        guard case .word(let found)? = current, words.contains(found.uppercased()) else { return nil }
        index += 1
        return found.uppercased()
    }

    private mutating func takeSymbol(_ symbols: String...) -> String? {
        guard case .symbol(let found)? = current, symbols.contains(found) else { return nil }
        index += 1
        return found
    }

    // MARK: Grammar

    private mutating func disjunction() throws(Problem) -> Predicate {
        var result = try conjunction()
        while takeKeyword("OR") != nil || takeSymbol("||") != nil { result = .or(result, try conjunction()) }
        return result
    }

    private mutating func conjunction() throws(Problem) -> Predicate {
        var result = try negation()
        while takeKeyword("AND") != nil || takeSymbol("&&") != nil { result = .and(result, try negation()) }
        return result
    }

    private mutating func negation() throws(Problem) -> Predicate {
        try nest()
        defer { depth -= 1 }
        if takeKeyword("NOT") != nil || takeSymbol("!") != nil { return .not(try negation()) }
        return try primary()
    }

    private mutating func nest() throws(Problem) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw problem("it nests deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func primary() throws(Problem) -> Predicate {
        if takeSymbol("(") != nil {
            let inner = try disjunction()
            guard takeSymbol(")") != nil else { throw problem("a '(' is not closed") }
            return inner
        }
        if takeKeyword("TRUEPREDICATE") != nil { return .constant(true) }
        if takeKeyword("FALSEPREDICATE") != nil { return .constant(false) }
        let quantifier = takeKeyword("ANY", "SOME", "ALL", "NONE").map { Predicate.Quantifier(rawValue: $0 == "SOME" ? "ANY" : $0) ?? .any }
        let lhs = try operand()
        let op = try comparisonOperator()
        var comparison = Predicate.Comparison(quantifier: quantifier, lhs: lhs, op: op, rhs: .constant(.nil))
        if takeSymbol("[") != nil {
            guard case .word(let flags)? = current else { throw problem("expected options such as [c] or [cd] after \(op.rawValue)") }
            index += 1
            comparison.caseInsensitive = flags.lowercased().contains("c")
            comparison.diacriticInsensitive = flags.lowercased().contains("d")
            guard takeSymbol("]") != nil else { throw problem("a '[' of options is not closed") }
        }
        let rhs = try operand()
        comparison = Predicate.Comparison(
            quantifier: comparison.quantifier, lhs: lhs, op: op, rhs: rhs, caseInsensitive: comparison.caseInsensitive,
            diacriticInsensitive: comparison.diacriticInsensitive)
        return .comparison(comparison)
    }

    private mutating func comparisonOperator() throws(Problem) -> Predicate.Operator {
        if let symbol = takeSymbol("==", "=", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>") {
            switch symbol {
            case "==", "=": return .equal
            case "!=", "<>": return .notEqual
            case "<": return .less
            case "<=", "=<": return .lessOrEqual
            case ">": return .greater
            default: return .greaterOrEqual
            }
        }
        if let word = takeKeyword("BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES", "IN", "BETWEEN"),
           let op = Predicate.Operator(rawValue: word) {
            return op
        }
        throw problem(current.map { "expected an operator such as ==, <, BEGINSWITH or IN, but found \(describe($0))" } ?? "expected an operator such as ==, <, BEGINSWITH or IN at the end")
    }

    private mutating func operand() throws(Problem) -> Predicate.Operand {
        guard let token = current else { throw problem("expected a key path or a value at the end") }
        index += 1
        switch token {
        case .string(let text): return .constant(.string(text))
        case .number(let value, let isInteger): return .constant(isInteger && value == value.rounded() && abs(value) < 9e18 ? .int(Int(value)) : .double(value))
        case .argument(let kind): return try argument(kind)
        case .symbol("{"):
            try nest()
            defer { depth -= 1 }
            var items: [Predicate.Operand] = []
            if takeSymbol("}") != nil { return .list(items) }
            repeat { items.append(try operand()) } while takeSymbol(",") != nil
            guard takeSymbol("}") != nil else { throw problem("a '{' is not closed") }
            return .list(items)
        case .word(let word):
            if word.hasPrefix("$") {
                let parts = word.dropFirst().split(separator: ".", maxSplits: 1)
                guard let name = parts.first else { throw problem("'$' names no variable") }
                return .variable(String(name), keyPath: parts.count > 1 ? String(parts[1]) : nil)
            }
            switch word.uppercased() {
            case "SUBQUERY" where current == .symbol("("): return try subquery()
            case "SELF": return .evaluatedObject
            case "YES", "TRUE": return .constant(.bool(true))
            case "NO", "FALSE": return .constant(.bool(false))
            case "NIL", "NULL": return .constant(.nil)
            default:
                // `SELF.name` reads the key path from the object, as `name` does.
                return .keyPath(word.hasPrefix("SELF.") ? String(word.dropFirst(5)) : word)
            }
        default:
            throw problem("expected a key path or a value, but found \(describe(token))")
        }
    }

    /// `SUBQUERY(collection, $x, predicate)`, after its keyword, and the key path read from
    /// it (`.@count`).
    private mutating func subquery() throws(Problem) -> Predicate.Operand {
        try nest()
        defer { depth -= 1 }
        index += 1
        let collection = try operand()
        guard takeSymbol(",") != nil, case .word(let word)? = current, word.hasPrefix("$"), word.count > 1, !word.contains(".") else {
            throw problem("SUBQUERY takes a collection, a variable such as $x and a predicate")
        }
        index += 1
        guard takeSymbol(",") != nil else { throw problem("SUBQUERY takes a collection, a variable such as $x and a predicate") }
        let predicate = try disjunction()
        guard takeSymbol(")") != nil else { throw problem("a SUBQUERY's '(' is not closed") }
        var keyPath: String?
        if case .word(let path)? = current, path.hasPrefix(".") {
            keyPath = String(path.dropFirst())
            index += 1
        }
        return .subquery(Predicate.Subquery(collection: collection, variable: String(word.dropFirst()), predicate: predicate, keyPath: keyPath))
    }

    /// A format specifier's argument: `%@` as it is, `%K` a key path, a number or a C string.
    private mutating func argument(_ kind: Character) throws(Problem) -> Predicate.Operand {
        guard !arguments.isEmpty else { throw problem("'%\(kind)' has no argument left to take") }
        let value = arguments.removeFirst()
        switch kind {
        case "K":
            guard case .string(let path) = value else { throw problem("'%K' takes a key path string, but was given \(value.kindDescription)") }
            return .keyPath(path)
        case "d", "i", "u", "x", "o", "c": return .constant(value.intValue.map(Value.int) ?? value)
        case "f", "g", "e": return .constant(value.numberValue.map(Value.double) ?? value)
        default: return .constant(value)
        }
    }
}

extension Predicate: CustomStringConvertible {
    /// As `-predicateFormat` writes it: `name BEGINSWITH[c] "J" AND age > 18`.
    var description: String {
        switch self {
        case .constant(let value): value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .not(let inner): "NOT \(inner.parenthesized)"
        case .and(let a, let b): "\(a.parenthesized) AND \(b.parenthesized)"
        case .or(let a, let b): "\(a.parenthesized) OR \(b.parenthesized)"
        case .comparison(let c):
            (c.quantifier.map { $0.rawValue + " " } ?? "") + "\(c.lhs) \(c.op.rawValue)"
                + (c.caseInsensitive || c.diacriticInsensitive ? "[" + (c.caseInsensitive ? "c" : "") + (c.diacriticInsensitive ? "d" : "") + "]" : "")
                + " \(c.rhs)"
        }
    }

    private var parenthesized: String {
        switch self {
        case .and, .or: "(\(description))"
        default: description
        }
    }
}

extension Predicate.Operand: CustomStringConvertible {
    var description: String {
        switch self {
        case .keyPath(let path): path
        case .evaluatedObject: "SELF"
        case .constant(.string(let text)): "\"\(text)\""
        case .constant(let value): value.description
        case .list(let items): "{" + items.map(\.description).joined(separator: ", ") + "}"
        case .variable(let name, let path): "$" + name + (path.map { "." + $0 } ?? "")
        case .subquery(let s): "SUBQUERY(\(s.collection), $\(s.variable), \(s.predicate))" + (s.keyPath.map { "." + $0 } ?? "")
        }
    }
}
