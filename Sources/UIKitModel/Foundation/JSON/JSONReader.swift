/// A JSON text read into a tree (RFC 8259): objects, arrays, strings, numbers, `true`,
/// `false` and `null`. `NSJSONSerialization` and the shell's `fixture()` each make their
/// values from it.
public enum JSONNode: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number written without a fraction or exponent that fits an `Int`.
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONNode])
    /// Members in the order written; a repeated key keeps its last value.
    case object([(key: String, value: JSONNode)])

    public static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }
}

/// Why a JSON text could not be read, and where. Each reader words it for its own users:
/// `NSJSONSerialization` as Foundation's `NSDebugDescription` (``foundationDescription``),
/// the shell in its own words.
public struct JSONReadError: Error, Equatable, Sendable {
    /// What was wrong.
    public enum Kind: Equatable, Sendable {
        /// No bytes at all.
        case empty
        /// Something other than what the grammar allows here; `found` is nil at the end of the text.
        case unexpected(found: Unicode.Scalar?, expected: Expectation)
        /// A number such as `01`.
        case leadingZero
        /// A backslash followed by something JSON does not escape, or `\u` without four hex digits.
        case invalidEscape
        /// Half of a UTF-16 surrogate pair written as `\u` escapes.
        case unpairedSurrogate
        /// A control character written into a string unescaped.
        case controlCharacter
        /// Bytes inside a string that are not UTF-8.
        case invalidUTF8
        /// Arrays and objects open deeper than ``JSONReader/maximumDepth``.
        case tooDeep
        /// A lone value at the top where an array or object is required.
        case notArrayOrObject
        /// A number too large for a double.
        case numberOutOfRange
    }

    /// What the grammar allowed where something else was found.
    public enum Expectation: Equatable, Sendable {
        case value
        case memberName
        case colon(afterMember: String)
        case commaOrObjectEnd
        case commaOrArrayEnd
        case digit
        case literal(String)
        case closingQuote
        case endOfText
    }

    public let kind: Kind
    /// The line of the offending byte, from 1.
    public let line: Int
    /// Its column, in bytes from 1.
    public let column: Int

    /// The reason as Foundation's `NSJSONSerialization` gives it in `NSDebugDescription`
    /// (whose columns count from 0).
    public var foundationDescription: String {
        let place = " around line \(line), column \(column - 1)."
        return switch kind {
        case .empty: "Unable to parse empty data."
        case .unexpected(nil, _): "Unexpected end of file during JSON parse."
        case .unexpected(let found?, _): "Unexpected character '\(Self.shown(found))'" + place
        case .leadingZero: "Number with leading zero" + place
        case .invalidEscape: "Invalid escape sequence" + place
        case .unpairedSurrogate: "Unpaired UTF-16 surrogate in string" + place
        case .controlCharacter: "Unescaped control character in string" + place
        case .invalidUTF8: "Invalid UTF-8 in string" + place
        case .tooDeep: "Too many nested arrays or dictionaries" + place
        case .notArrayOrObject: "JSON text did not start with array or object and option to allow fragments not set." + place
        case .numberOutOfRange: "Number wound up as NaN or infinity" + place
        }
    }

    /// A character as a message shows it: printable ASCII as itself, others as `\u{…}`.
    public static func shown(_ scalar: Unicode.Scalar) -> String {
        scalar.value >= 0x20 && scalar.value < 0x7F ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
    }
}

/// Reads JSON text from its bytes (UTF-8, with an optional byte-order mark), one pass, no
/// recursion deeper than ``maximumDepth`` so hostile input cannot exhaust the stack.
public struct JSONReader {
    /// As deep as Foundation nests before it gives up.
    public static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Reads the whole of `bytes`.
    ///
    /// - Parameter allowingFragments: whether the text may be a lone string, number,
    ///   boolean or null (`NSJSONReadingFragmentsAllowed`) rather than an array or object.
    public static func read(_ bytes: [UInt8], allowingFragments: Bool) throws(JSONReadError) -> JSONNode {
        guard !bytes.isEmpty else { throw JSONReadError(kind: .empty, line: 1, column: 1) }
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        if !allowingFragments, let first = reader.peek, first != UInt8(ascii: "{"), first != UInt8(ascii: "[") {
            throw reader.failure(.notArrayOrObject)
        }
        let node = try reader.value()
        reader.skipWhitespace()
        if reader.peek != nil { throw reader.unexpected(.endOfText) }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// An error at the current byte.
    private func failure(_ kind: JSONReadError.Kind) -> JSONReadError {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return JSONReadError(kind: kind, line: line, column: column)
    }

    /// The character here (nil at the end) was not what `expected` allows.
    private func unexpected(_ expected: JSONReadError.Expectation) -> JSONReadError {
        failure(.unexpected(found: peekScalar, expected: expected))
    }

    /// The character starting at the current byte, decoded from UTF-8 (a byte that
    /// begins none stands for itself).
    private var peekScalar: Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return Unicode.Scalar(bytes[index])
    }

    private mutating func value() throws(JSONReadError) -> JSONNode {
        skipWhitespace()
        guard let byte = peek else { throw unexpected(.value) }
        switch byte {
        case UInt8(ascii: "{"): return try nested { (reader: inout JSONReader) throws(JSONReadError) in try reader.object() }
        case UInt8(ascii: "["): return try nested { (reader: inout JSONReader) throws(JSONReadError) in try reader.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw unexpected(.value)
        }
    }

    private mutating func nested(_ read: (inout JSONReader) throws(JSONReadError) -> JSONNode) throws(JSONReadError) -> JSONNode {
        guard depth < Self.maximumDepth else { throw failure(.tooDeep) }
        depth += 1
        defer { depth -= 1 }
        return try read(&self)
    }

    private mutating func literal(_ word: String, _ node: JSONNode) throws(JSONReadError) -> JSONNode {
        for expected in word.utf8 {
            guard peek == expected else { throw unexpected(.literal(word)) }
            index += 1
        }
        return node
    }

    private mutating func array() throws(JSONReadError) -> JSONNode {
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "]")?:
                index += 1
                return .array(elements)
            default: throw unexpected(.commaOrArrayEnd)
            }
        }
    }

    private mutating func object() throws(JSONReadError) -> JSONNode {
        index += 1
        var members: [(key: String, value: JSONNode)] = []
        var positions: [String: Int] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw unexpected(.memberName) }
            let key = try string()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw unexpected(.colon(afterMember: key)) }
            index += 1
            let member = try value()
            if let earlier = positions[key] {
                members[earlier].value = member
            } else {
                positions[key] = members.count
                members.append((key, member))
            }
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?:
                index += 1
                return .object(members)
            default: throw unexpected(.commaOrObjectEnd)
            }
        }
    }

    private mutating func string() throws(JSONReadError) -> String {
        index += 1
        var units: [UInt8] = []
        while true {
            guard let byte = peek else { throw unexpected(.closingQuote) }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: units, as: UTF8.self) else { throw failure(.invalidUTF8) }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &units)
            case 0..<0x20:
                index -= 1
                throw failure(.controlCharacter)
            default:
                units.append(byte)
            }
        }
    }

    private mutating func escape(into units: inout [UInt8]) throws(JSONReadError) {
        guard let byte = peek else { throw unexpected(.closingQuote) }
        index += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] {
            units.append(replacement)
            return
        }
        guard byte == UInt8(ascii: "u") else {
            index -= 1
            throw failure(.invalidEscape)
        }
        var scalar = try hexQuad()
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by `\u` and its low half.
            guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure(.unpairedSurrogate)
            }
            index += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw failure(.unpairedSurrogate) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw failure(.unpairedSurrogate)
        }
        guard let character = Unicode.Scalar(scalar) else { throw failure(.invalidEscape) }
        units += Array(String(Character(character)).utf8)
    }

    private mutating func hexQuad() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Self.hexDigit(byte) else { throw failure(.invalidEscape) }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number as RFC 8259 writes one: `-`? int frac? exp?, with no leading zeros.
    private mutating func number() throws(JSONReadError) -> JSONNode {
        let start = index
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.index
            while let byte = reader.peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { reader.index += 1 }
            return reader.index - first
        }
        if peek == UInt8(ascii: "-") { index += 1 }
        let leadingZero = peek == UInt8(ascii: "0")
        let whole = digits(&self)
        guard whole > 0 else { throw unexpected(.digit) }
        if leadingZero && whole > 1 {
            index = start
            throw failure(.leadingZero)
        }
        var isInteger = true
        if peek == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard digits(&self) > 0 else { throw unexpected(.digit) }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw unexpected(.digit) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .int(integer) }
        guard let number = Double(text), number.isFinite else {
            index = start
            throw failure(.numberOutOfRange)
        }
        return .double(number)
    }
}
