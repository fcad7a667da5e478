import Runtime

/// `sscanf`: reads numbers and words out of a C string by a format, as a hex colour
/// category reads `#FF8800` (`sscanf(hex, "%2x%2x%2x", &r, &g, &b)`) and a version check
/// reads `"1.2.3"` (`sscanf(v, "%d.%d.%d", &major, &minor, &patch)`).
///
/// The C library's conversions: `%d %i %u %o %x %X` (with `hh h l ll j z t q` sizes, each
/// stored wrapped to its width), `%f %e %g %a` (with `l` and `L`), `%s`, `%c`, `%[...]`
/// (a scan set, `^` negating it), `%n` and `%%`; a width and `*` (read, not stored). White
/// space in the format skips any in the text; anything else must match. The answer is the
/// number of values stored, or EOF (-1) when the text ends before the first conversion.
enum ScanFunctions {
    static let names = ["sscanf"]

    private static let expected = "a C string, a format and a pointer for each value it reads, as in sscanf(text, \"%2x%2x%2x\", &red, &green, &blue)"

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], at location: SourceLocation) throws -> Value? {
        guard name == "sscanf" else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        guard arguments.count >= 2 else { throw call.mistake }
        var scanner = Scanner(text: Array(try call.string(0).utf8), format: Array(try call.string(1).utf8))
        var next = 2
        let count = try scanner.run { value in
            guard next < arguments.count, let target = try call.pointer(next) else { throw call.mistake }
            next += 1
            if case .text(let bytes) = value {
                target.write(bytes.map { .int(Int($0)) } + [.int(0)])
            } else if case .characters(let bytes) = value {
                target.write(bytes.map { .int(Int($0)) })
            } else if case .number(let number) = value {
                target.value = number
            }
        }
        return .int(count)
    }

    /// What one conversion read.
    enum Scanned {
        case number(Value)
        /// `%s` and `%[`: stored with a NUL after it.
        case text([UInt8])
        /// `%c`: stored as it is.
        case characters([UInt8])
    }

    private struct Scanner {
        let text: [UInt8]
        let format: [UInt8]
        var position = 0
        var formatPosition = 0

        init(text: [UInt8], format: [UInt8]) {
            self.text = text
            self.format = format
        }

        private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

        private mutating func skipSpaces() {
            while position < text.count, Self.isSpace(text[position]) { position += 1 }
        }

        /// Reads the text by the format, handing each value to `store`; the count stored.
        mutating func run(_ store: (Scanned) throws -> Void) throws -> Int {
            var stored = 0, converted = false
            while formatPosition < format.count {
                let byte = format[formatPosition]
                if Self.isSpace(byte) {
                    formatPosition += 1
                    skipSpaces()
                    continue
                }
                guard byte == UInt8(ascii: "%") else {
                    guard position < text.count, text[position] == byte else { return position >= text.count && !converted ? -1 : stored }
                    position += 1
                    formatPosition += 1
                    continue
                }
                formatPosition += 1
                guard formatPosition < format.count else { return stored }
                if format[formatPosition] == UInt8(ascii: "%") {
                    formatPosition += 1
                    skipSpaces()
                    guard position < text.count, text[position] == UInt8(ascii: "%") else { return stored }
                    position += 1
                    continue
                }
                let suppressed = format[formatPosition] == UInt8(ascii: "*")
                if suppressed { formatPosition += 1 }
                var width = 0
                while formatPosition < format.count, let digit = Int(exactly: format[formatPosition]).flatMap({ (48...57).contains($0) ? $0 - 48 : nil }) {
                    width = width * 10 + digit
                    formatPosition += 1
                }
                var size = ""
                while formatPosition < format.count, "hljztLq".utf8.contains(format[formatPosition]) {
                    size.append(Character(UnicodeScalar(format[formatPosition])))
                    formatPosition += 1
                }
                guard formatPosition < format.count else { return stored }
                let conversion = format[formatPosition]
                formatPosition += 1
                if conversion == UInt8(ascii: "n") {
                    if !suppressed { try store(.number(.int(position))) }
                    continue
                }
                if conversion != UInt8(ascii: "c"), conversion != UInt8(ascii: "[") { skipSpaces() }
                guard position < text.count else { return converted ? stored : -1 }
                let limit = width > 0 ? min(text.count, position + width) : text.count
                guard let value = read(conversion, size: size, upTo: limit, width: width) else { return stored }
                converted = true
                if !suppressed {
                    try store(value)
                    stored += 1
                }
            }
            return stored
        }

        /// One conversion's value from the text, up to `limit`; nil when the text does not hold one.
        private mutating func read(_ conversion: UInt8, size: String, upTo limit: Int, width: Int) -> Scanned? {
            switch Character(UnicodeScalar(conversion)) {
            case "d", "i", "u", "o", "x", "X", "p":
                let base = switch Character(UnicodeScalar(conversion)) {
                case "o": 8
                case "x", "X", "p": 16
                case "i": 0
                default: 10
                }
                guard let number = integer(base: base, upTo: limit) else { return nil }
                return .number(.int(Self.wrapped(number, size: size, isSigned: conversion == UInt8(ascii: "d") || conversion == UInt8(ascii: "i"))))
            case "f", "e", "g", "E", "G", "a", "A", "F":
                guard let number = floating(upTo: limit) else { return nil }
                return .number(.double(size.isEmpty ? Double(Float(number)) : number))
            case "s":
                let start = position
                while position < limit, !Self.isSpace(text[position]) { position += 1 }
                return position > start ? .text(Array(text[start..<position])) : nil
            case "c":
                let count = max(width, 1)
                guard position + count <= text.count else { return nil }
                defer { position += count }
                return .characters(Array(text[position..<(position + count)]))
            case "[":
                let (set, negated) = scanSet()
                let start = position
                while position < limit, set.contains(text[position]) != negated { position += 1 }
                return position > start ? .text(Array(text[start..<position])) : nil
            default:
                return nil
            }
        }

        /// `%[abc]`, `%[^,]`, `%[a-z]`: the set after the `[` just read, and whether `^` negates it.
        private mutating func scanSet() -> (Set<UInt8>, Bool) {
            var set = Set<UInt8>()
            let negated = formatPosition < format.count && format[formatPosition] == UInt8(ascii: "^")
            if negated { formatPosition += 1 }
            var first = true
            while formatPosition < format.count, first || format[formatPosition] != UInt8(ascii: "]") {
                let byte = format[formatPosition]
                if formatPosition + 2 < format.count, format[formatPosition + 1] == UInt8(ascii: "-"), format[formatPosition + 2] != UInt8(ascii: "]"),
                   byte <= format[formatPosition + 2] {
                    set.formUnion(byte...format[formatPosition + 2])
                    formatPosition += 3
                } else {
                    set.insert(byte)
                    formatPosition += 1
                }
                first = false
            }
            if formatPosition < format.count { formatPosition += 1 }
            return (set, negated)
        }

        /// An integer in `base` (0: decimal, octal after `0`, hex after `0x`), with a sign.
        private mutating func integer(base: Int, upTo limit: Int) -> Int? {
            let start = position
            var negative = false
            if position < limit, text[position] == UInt8(ascii: "-") || text[position] == UInt8(ascii: "+") {
                negative = text[position] == UInt8(ascii: "-")
                position += 1
            }
            var radix = base
            let hexPrefix = position + 1 < limit && text[position] == UInt8(ascii: "0") && (text[position + 1] | 0x20) == UInt8(ascii: "x")
            if (radix == 16 || radix == 0), hexPrefix, position + 2 < limit, Self.digit(text[position + 2], radix: 16) != nil {
                position += 2
                radix = 16
            } else if radix == 0 {
                radix = position < limit && text[position] == UInt8(ascii: "0") ? 8 : 10
            }
            var value = 0, digits = 0
            while position < limit, let digit = Self.digit(text[position], radix: radix) {
                value = value &* radix &+ digit
                position += 1
                digits += 1
            }
            guard digits > 0 else {
                position = start
                return nil
            }
            return negative ? 0 &- value : value
        }

        private static func digit(_ byte: UInt8, radix: Int) -> Int? {
            let value: Int = switch byte {
            case 48...57: Int(byte) - 48
            case 65...90: Int(byte) - 55
            case 97...122: Int(byte) - 87
            default: 99
            }
            return value < radix ? value : nil
        }

        /// A decimal number with a fraction and an exponent, or `inf` and `nan`.
        private mutating func floating(upTo limit: Int) -> Double? {
            let start = position
            func take(_ allowed: (UInt8) -> Bool) { while position < limit, allowed(text[position]) { position += 1 } }
            if position < limit, text[position] == UInt8(ascii: "-") || text[position] == UInt8(ascii: "+") { position += 1 }
            take { (48...57).contains($0) }
            if position < limit, text[position] == UInt8(ascii: ".") {
                position += 1
                take { (48...57).contains($0) }
            }
            if position < limit, text[position] | 0x20 == UInt8(ascii: "e") {
                let mark = position
                position += 1
                if position < limit, text[position] == UInt8(ascii: "-") || text[position] == UInt8(ascii: "+") { position += 1 }
                let digits = position
                take { (48...57).contains($0) }
                if position == digits { position = mark }
            }
            if position == start || (position == start + 1 && !(48...57).contains(text[start])) {
                // `inf`, `nan`, as strtod reads them.
                position = start
                take { !Self.isSpace($0) }
                if let special = Double(String(decoding: text[start..<position], as: UTF8.self)) { return special }
                position = start
                return nil
            }
            return Double(String(decoding: text[start..<position], as: UTF8.self))
        }

        /// `number` stored in the integer the size names, as C stores it.
        private static func wrapped(_ number: Int, size: String, isSigned: Bool) -> Int {
            switch (size, isSigned) {
            case ("hh", true): Int(Int8(truncatingIfNeeded: number))
            case ("hh", false): Int(UInt8(truncatingIfNeeded: number))
            case ("h", true): Int(Int16(truncatingIfNeeded: number))
            case ("h", false): Int(UInt16(truncatingIfNeeded: number))
            case ("", true): Int(Int32(truncatingIfNeeded: number))
            case ("", false): Int(UInt32(truncatingIfNeeded: number))
            default: number
            }
        }
    }
}
