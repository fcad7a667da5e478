/// A `.strings` file's entries (`"key" = "value";`), as `NSLocalizedString` reads them:
/// comments skipped, quoted or bare keys and values, C's escapes and `\U` code points, in
/// UTF-8 or, after its byte order mark, UTF-16. A malformed entry ends the reading there,
/// keeping what came before, as Foundation keeps a table it can partly read.
enum StringsTable {
    static func entries(of bytes: [UInt8]) -> [String: String] {
        var reader = Reader(scalars: Array(text(of: bytes).unicodeScalars))
        var entries: [String: String] = [:]
        while true {
            reader.skipSpaceAndComments()
            guard let key = reader.token() else { return entries }
            reader.skipSpaceAndComments()
            if reader.consume(";") {
                entries[key] = key // `"key";` stands for itself
                continue
            }
            guard reader.consume("=") else { return entries }
            reader.skipSpaceAndComments()
            guard let value = reader.token() else { return entries }
            reader.skipSpaceAndComments()
            guard reader.consume(";") else { return entries }
            entries[key] = value
        }
    }

    private static func text(of bytes: [UInt8]) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index in
                littleEndian ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
            }
            return String(decoding: units, as: UTF16.self)
        }
        return String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func consume(_ character: Unicode.Scalar) -> Bool {
            guard peek == character else { return false }
            index += 1
            return true
        }

        mutating func skipSpaceAndComments() {
            while let scalar = peek {
                if scalar.properties.isWhitespace {
                    index += 1
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while let next = peek, next != "\n" { index += 1 }
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    index += 2
                    while index < scalars.count, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") { index += 1 }
                    index = min(index + 2, scalars.count)
                } else {
                    return
                }
            }
        }

        /// A quoted string with its escapes, or a bare word.
        mutating func token() -> String? {
            guard let first = peek else { return nil }
            if first != "\"" {
                var word = ""
                while let scalar = peek, scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "_.-$:/".unicodeScalars.contains(scalar) {
                    word.unicodeScalars.append(scalar)
                    index += 1
                }
                return word.isEmpty ? nil : word
            }
            index += 1
            var text = ""
            while let scalar = peek {
                index += 1
                switch scalar {
                case "\"": return text
                case "\\":
                    guard let escaped = peek else { return nil }
                    index += 1
                    switch escaped {
                    case "n": text += "\n"
                    case "t": text += "\t"
                    case "r": text += "\r"
                    case "U", "u":
                        let digits = scalars[index..<min(index + 4, scalars.count)]
                        guard digits.count == 4, let code = UInt32(String(String.UnicodeScalarView(digits)), radix: 16), let decoded = Unicode.Scalar(code) else { return nil }
                        index += 4
                        text.unicodeScalars.append(decoded)
                    default: text.unicodeScalars.append(escaped)
                    }
                default: text.unicodeScalars.append(scalar)
                }
            }
            return nil
        }
    }
}
