import Foundation

/// Apple's XML property lists (`<plist version="1.0"><dict>...`), read and written: what
/// `NSPropertyListSerialization`, `+[NSDictionary dictionaryWithContentsOfFile:]` and
/// `-writeToFile:atomically:` work with, and what a bundle's `Config.plist` holds.
///
/// A list is read into ``Node``s, which the class library turns into values and objects
/// (a date into an `NSDate`, data into an `NSData`); written with its dictionaries' keys
/// sorted, as Core Foundation writes them, so the same list is the same bytes on every run.
/// The binary format (`bplist00`) is not read: a tree's plists are XML, and what rtsh
/// writes is XML whatever format is asked for.
enum XMLPropertyList {
    /// One value of a property list.
    indirect enum Node: Equatable {
        case string(String)
        case integer(Int)
        case real(Double)
        case boolean(Bool)
        /// Seconds since 2001-01-01 00:00:00 UTC, as `NSDate` counts.
        case date(Double)
        case data([UInt8])
        case array([Node])
        /// Entries in the order they were read or given.
        case dictionary([(key: String, value: Node)])

        static func == (lhs: Node, rhs: Node) -> Bool {
            switch (lhs, rhs) {
            case (.string(let a), .string(let b)): a == b
            case (.integer(let a), .integer(let b)): a == b
            case (.real(let a), .real(let b)): a == b
            case (.boolean(let a), .boolean(let b)): a == b
            case (.date(let a), .date(let b)): a == b
            case (.data(let a), .data(let b)): a == b
            case (.array(let a), .array(let b)): a == b
            case (.dictionary(let a), .dictionary(let b)): a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
            default: false
            }
        }
    }

    /// What is wrong with bytes that are no property list, in Foundation's words where
    /// it has them, with the line and column of the XML.
    struct Failure: Error, Equatable {
        let reason: String
    }

    /// The list the bytes hold.
    static func read(_ bytes: [UInt8]) throws(Failure) -> Node {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw Failure(reason: "a binary property list, which rtsh does not read (save it as XML: plutil -convert xml1)")
        }
        let root: InterfaceElement
        do { root = try InterfaceXML.root(of: bytes, file: "property list") } catch {
            throw Failure(reason: "the data is not an XML property list: \(error.description)")
        }
        // `<plist>` holds one value; a bare value is read too, as Core Foundation reads it.
        if root.name == "plist" {
            guard root.children.count == 1, let value = root.children.first else {
                throw Failure(reason: "<plist> at line \(root.line) must hold exactly one value")
            }
            return try node(value)
        }
        return try node(root)
    }

    private static func node(_ element: InterfaceElement) throws(Failure) -> Node {
        let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
        func malformed(_ expected: String) -> Failure {
            Failure(reason: "<\(element.name)> at line \(element.line), column \(element.column) holds '\(text)', which is not \(expected)")
        }
        switch element.name {
        case "string": return .string(element.text)
        case "integer":
            guard let number = Int(text) ?? (text.hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16) : nil) else { throw malformed("an integer") }
            return .integer(number)
        case "real":
            guard let number = Double(text) else { throw malformed("a number") }
            return .real(number)
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "date":
            guard let date = ISO8601DateFormatter().date(from: text) else { throw malformed("an ISO 8601 date such as 2013-01-01T00:00:00Z") }
            return .date(date.timeIntervalSinceReferenceDate)
        case "data":
            guard let data = Data(base64Encoded: text.filter { !$0.isWhitespace }) else { throw malformed("Base64") }
            return .data(Array(data))
        case "array":
            var items: [Node] = []
            for child in element.children { items.append(try node(child)) }
            return .array(items)
        case "dict":
            var entries: [(key: String, value: Node)] = []
            var index = 0
            while index < element.children.count {
                let key = element.children[index]
                guard key.name == "key" else {
                    throw Failure(reason: "<dict> at line \(element.line) has <\(key.name)> at line \(key.line) where a <key> belongs")
                }
                guard index + 1 < element.children.count else {
                    throw Failure(reason: "the <key>\(key.text)</key> at line \(key.line) has no value after it")
                }
                entries.append((key.text, try node(element.children[index + 1])))
                index += 2
            }
            return .dictionary(entries)
        default:
            throw Failure(reason: "<\(element.name)> at line \(element.line) is no property list type (string, integer, real, true, false, date, data, array, dict)")
        }
    }

    /// The list as XML, with its dictionaries' keys sorted.
    static func xml(_ node: Node) -> [UInt8] {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(node, indent: 0, into: &text)
        text += "</plist>\n"
        return Array(text.utf8)
    }

    private static func write(_ node: Node, indent: Int, into text: inout String) {
        let tabs = String(repeating: "\t", count: indent)
        switch node {
        case .string(let value): text += "\(tabs)<string>\(escaped(value))</string>\n"
        case .integer(let value): text += "\(tabs)<integer>\(value)</integer>\n"
        case .real(let value):
            let written = value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
            text += "\(tabs)<real>\(written)</real>\n"
        case .boolean(let value): text += "\(tabs)<\(value ? "true" : "false")/>\n"
        case .date(let seconds):
            let formatter = ISO8601DateFormatter()
            text += "\(tabs)<date>\(formatter.string(from: Date(timeIntervalSinceReferenceDate: seconds)))</date>\n"
        case .data(let bytes): text += "\(tabs)<data>\(Data(bytes).base64EncodedString())</data>\n"
        case .array(let items):
            guard !items.isEmpty else { text += "\(tabs)<array/>\n"; return }
            text += "\(tabs)<array>\n"
            for item in items { write(item, indent: indent + 1, into: &text) }
            text += "\(tabs)</array>\n"
        case .dictionary(let entries):
            guard !entries.isEmpty else { text += "\(tabs)<dict/>\n"; return }
            text += "\(tabs)<dict>\n"
            for entry in entries.sorted(by: { $0.key < $1.key }) {
                text += "\(tabs)\t<key>\(escaped(entry.key))</key>\n"
                write(entry.value, indent: indent + 1, into: &text)
            }
            text += "\(tabs)</dict>\n"
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
