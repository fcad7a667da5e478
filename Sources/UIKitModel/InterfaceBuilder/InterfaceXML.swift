/// Reads the XML of an Interface Builder file into its elements, on bytes: elements,
/// attributes (with XML's entities and character references), text, comments, the
/// `<?xml?>` declaration and a doctype. Interface Builder writes nothing else.
struct InterfaceXML {
    /// What was wrong and where: the file, line and column, and what would be right.
    struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        let file: String
        let line: Int
        let column: Int
        let message: String
        var description: String { "\(file):\(line):\(column): \(message)" }
    }

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// The root element of `bytes`, read from `file` (named in errors).
    static func root(of bytes: [UInt8], file: String) throws(Problem) -> InterfaceElement {
        var reader = InterfaceXML(bytes: bytes, file: file)
        return try reader.document()
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private mutating func document() throws(Problem) -> InterfaceElement {
        try skipMisc()
        guard peek == UInt8(ascii: "<") else { throw problem("expected the document's root element, as <document ...>") }
        let root = try element()
        try skipMisc()
        guard index == bytes.count else { throw problem("expected the end of the file after the root element </\(root.name)>") }
        return root
    }

    /// Skips whitespace, comments, processing instructions and doctypes.
    private mutating func skipMisc() throws(Problem) {
        while true {
            skipWhitespace()
            if starts(with: "<?") { try skip(past: "?>") } else if starts(with: "<!--") { try skip(past: "-->") } else if starts(with: "<!") { try skip(past: ">") } else { return }
        }
    }

    private mutating func element() throws(Problem) -> InterfaceElement {
        let (startLine, startColumn) = (line, column)
        advance() // <
        let name = try self.name("an element name after '<'")
        var attributes: [String: String] = [:]
        while true {
            skipWhitespace()
            if starts(with: "/>") {
                advance(2)
                return InterfaceElement(name: name, attributes: attributes, line: startLine, column: startColumn)
            }
            if peek == UInt8(ascii: ">") {
                advance()
                break
            }
            let attribute = try self.name("an attribute name, '>' or '/>' in <\(name)>")
            skipWhitespace()
            guard peek == UInt8(ascii: "=") else { throw problem("expected '=' after the attribute \(attribute)") }
            advance()
            skipWhitespace()
            attributes[attribute] = try quoted()
        }
        var element = InterfaceElement(name: name, attributes: attributes, line: startLine, column: startColumn)
        while true {
            guard index < bytes.count else { throw problem("expected </\(name)> to close the element opened at line \(startLine), column \(startColumn)") }
            if starts(with: "</") {
                let (closingLine, closingColumn) = (line, column)
                advance(2)
                let closing = try self.name("the element's name after '</'")
                guard closing == name else {
                    throw Problem(
                        file: file, line: closingLine, column: closingColumn,
                        message: "expected </\(name)> to close the element opened at line \(startLine), but found </\(closing)>")
                }
                skipWhitespace()
                guard peek == UInt8(ascii: ">") else { throw problem("expected '>' after </\(name)") }
                advance()
                return element
            }
            if starts(with: "<!--") {
                try skip(past: "-->")
            } else if starts(with: "<![CDATA[") {
                advance(9)
                let start = index
                try skip(past: "]]>")
                element.text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
            } else if peek == UInt8(ascii: "<") {
                element.children.append(try self.element())
            } else {
                element.text += try characters(until: UInt8(ascii: "<"))
            }
        }
    }

    private mutating func name(_ expected: String) throws(Problem) -> String {
        let start = index
        while let byte = peek, byte > 0x20, !"=/>\"'<".utf8.contains(byte) { advance() }
        guard index > start else { throw problem("expected \(expected)") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func quoted() throws(Problem) -> String {
        guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw problem("expected a quoted attribute value")
        }
        advance()
        let value = try characters(until: quote)
        guard peek == quote else { throw problem("expected the closing quote of the attribute value") }
        advance()
        return value
    }

    /// Text up to `end` (not consumed), with its entities and character references read.
    private mutating func characters(until end: UInt8) throws(Problem) -> String {
        var text: [UInt8] = []
        while let byte = peek, byte != end {
            if byte == UInt8(ascii: "&") {
                text += try reference()
            } else {
                text.append(byte)
                advance()
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func reference() throws(Problem) -> [UInt8] {
        let start = index
        while let byte = peek, byte != UInt8(ascii: ";"), index - start < 12 { advance() }
        guard peek == UInt8(ascii: ";") else { throw problem("expected ';' to end the reference that starts at column \(start - lineStart + 1)") }
        let body = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
        advance()
        switch body {
        case "amp": return Array("&".utf8)
        case "lt": return Array("<".utf8)
        case "gt": return Array(">".utf8)
        case "quot": return Array("\"".utf8)
        case "apos": return Array("'".utf8)
        default:
            let number = body.hasPrefix("#x") ? UInt32(body.dropFirst(2), radix: 16) : body.hasPrefix("#") ? UInt32(body.dropFirst()) : nil
            guard let number, let scalar = Unicode.Scalar(number) else {
                throw problem("'&\(body);' is not an XML entity; write &amp; &lt; &gt; &quot; &apos; or a character reference such as &#10;")
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
    private var column: Int { index - lineStart + 1 }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return bytes.count - index >= pattern.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    private mutating func skip(past end: String) throws(Problem) {
        let (startLine, startColumn) = (line, column)
        while index < bytes.count, !starts(with: end) { advance() }
        guard index < bytes.count else { throw Problem(file: file, line: startLine, column: startColumn, message: "expected '\(end)' to end what starts here") }
        advance(end.utf8.count)
    }

    private func problem(_ message: String) -> Problem {
        Problem(file: file, line: line, column: column, message: message)
    }
}
