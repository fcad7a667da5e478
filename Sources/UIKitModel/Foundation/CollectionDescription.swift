import Runtime

/// How Foundation's collections describe themselves (`-description`, `%@`,
/// `-descriptionWithLocale:indent:`): the old property-list text, which tests compare and
/// logs show.
///
/// ```
/// (
///     1,
///     "a b",
///         {
///         key = value;
///     }
/// )
/// ```
///
/// - An array is `(` and `)`, a set or an ordered set `{(` and `)}`, each member on a line
///   of its own after four spaces a level, with commas between; a dictionary is `{` and
///   `}` with a `key = value;` line an entry, sorted by key when every key is a string
///   or every key a number (the order Foundation gives when each key answers `compare:`).
/// - A member that answers `descriptionWithLocale:indent:` (a collection, or an object
///   whose class writes it) describes itself at the next level; its text starts with its
///   own level's indentation, after the line's, as Foundation's does (hence the
///   `key =     {` of a nested dictionary).
/// - Any other member is its `-description`, quoted when it is empty or holds anything
///   but ASCII letters and digits (`"a b"`, `"1.5"`, `"<null>"`, `"<MMItem: 0x1>"`), with
///   quotes, backslashes, control characters and characters past ASCII escaped
///   (`\"`, `\\`, `\n`, `\U00e9`).
enum CollectionDescription {
    /// The brackets around each kind's members.
    enum Kind {
        case array, set

        var brackets: (String, String) {
            switch self {
            case .array: ("(", ")")
            case .set: ("{(", ")}")
            }
        }
    }

    /// Deeper than this, a collection that holds itself would recurse until the stack
    /// ran out; it is described as `(...)` there instead.
    static let maximumDepth = Value.maximumPrintedDepth

    /// `members` described at `level` with `kind`'s brackets.
    static func members(_ members: [Value], kind: Kind, level: Int, _ m: borrowing Message) throws -> String {
        let (open, close) = kind.brackets
        let indent = indentation(level)
        guard level < maximumDepth else { return indent + open + "..." + close }
        guard !members.isEmpty else { return indent + open + "\n" + indent + close }
        let lines = try members.map { indentation(level + 1) + (try member($0, level: level + 1, m)) }
        return indent + open + "\n" + lines.joined(separator: ",\n") + "\n" + indent + close
    }

    /// `entries` described at `level`, sorted by key where the keys allow it.
    static func dictionary(_ entries: [Value: Value], level: Int, _ m: borrowing Message) throws -> String {
        let indent = indentation(level)
        guard level < maximumDepth else { return indent + "{...}" }
        var lines: [(key: Value, text: String)] = []
        for (key, value) in entries {
            let text = indentation(level + 1) + (try member(key, level: level + 1, m)) + " = " + (try member(value, level: level + 1, m)) + ";\n"
            lines.append((key, text))
        }
        lines.sort { a, b in
            switch (a.key, b.key) {
            case (.string(let x), .string(let y)): x.utf16.lexicographicallyPrecedes(y.utf16)
            case (let x, let y) where x.numberValue != nil && y.numberValue != nil: (x.numberValue ?? 0, a.text) < (y.numberValue ?? 0, b.text)
            // Keys of mixed kinds have no order in Foundation; the text gives a stable one.
            default: a.text < b.text
            }
        }
        return indent + "{\n" + lines.map(\.text).joined() + indent + "}"
    }

    /// One member's text at `level`.
    private static func member(_ value: Value, level: Int, _ m: borrowing Message) throws -> String {
        let describing = try m.runtime.selector("descriptionWithLocale:indent:")
        switch value {
        case .array, .dictionary:
            return try text(m.runtime.send(describing, toValue: value, Arguments(.nil, .int(level)), nestedAt: m.depth + 1))
        case .object(let object) where m.runtime.lookUpMethod(describing, in: object.isa) != nil:
            return try text(m.send(describing, to: object, Arguments(.nil, .int(level))))
        case .nil:
            return quoted("<null>")
        default:
            return quoted(try m.text(of: value))
        }
    }

    private static func text(_ value: Value) -> String {
        if case .string(let text) = value { return text }
        return Format.plainText(of: value)
    }

    private static func indentation(_ level: Int) -> String {
        String(repeating: " ", count: 4 * max(0, level))
    }

    /// `text` as a member shows it: as it is when it is ASCII letters and digits, else in
    /// quotes with what needs it escaped.
    static func quoted(_ text: String) -> String {
        let plain = { (byte: UInt8) in (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        if !text.isEmpty, text.utf8.allSatisfy(plain) {
            return text
        }
        var result = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x0D: result += "\\r"
            case 0x20..<0x7F: result.unicodeScalars.append(UnicodeScalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16)
                result += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return result + "\""
    }
}
