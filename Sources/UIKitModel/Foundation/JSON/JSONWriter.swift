import Runtime

/// Why a value cannot be written as JSON, worded as `NSJSONSerialization`'s exception reasons are.
struct JSONWriteError: Error, Equatable {
    let reason: String
}

/// Writes values as JSON text, as `+[NSJSONSerialization dataWithJSONObject:options:error:]`
/// does: dictionaries (with string keys), arrays, strings, numbers, booleans and `NSNull`.
///
/// Keys are always written in sorted order, not only under `NSJSONWritingSortedKeys`:
/// Foundation leaves the order unspecified, and rtsh's output is the same on every run.
struct JSONWriter {
    /// `NSJSONWritingPrettyPrinted`: two-space indents and `" : "` between key and value.
    var prettyPrinted = false
    /// `NSJSONWritingWithoutEscapingSlashes`: `/` as itself rather than `\/`.
    var escapesSlashes = true
    /// What an object stands for in JSON: `NSNull` is null, a mutable container its
    /// contents; nil for anything JSON cannot hold. Gets the object and answers its value.
    var contents: (Object) -> JSONContents?

    /// What an object is to the writer.
    enum JSONContents {
        case null
        case value(Value)
    }

    /// The text for `value`.
    ///
    /// - Parameter allowingFragments: whether the top level may be other than an array or
    ///   dictionary (`NSJSONWritingFragmentsAllowed`).
    func text(for value: Value, allowingFragments: Bool) throws(JSONWriteError) -> String {
        if !allowingFragments {
            switch resolved(value) {
            case .array?, .dictionary?: break
            default: throw JSONWriteError(reason: "Invalid top-level type in JSON write")
            }
        }
        var output = ""
        try write(value, indent: 0, depth: 0, into: &output)
        return output
    }

    /// Whether `value` can be written (`+isValidJSONObject:`): an array or dictionary at the
    /// top, and nothing JSON cannot hold inside.
    func isValid(_ value: Value) -> Bool {
        (try? text(for: value, allowingFragments: false)) != nil
    }

    /// The value an object stands for (`.nil` for `NSNull`), or the value itself; nil when
    /// JSON cannot hold it.
    private func resolved(_ value: Value) -> Value? {
        guard case .object(let object) = value else { return value }
        switch contents(object) {
        case .null?: return .nil
        case .value(let held)?: return held
        case nil: return nil
        }
    }

    private func write(_ value: Value, indent: Int, depth: Int, into output: inout String) throws(JSONWriteError) {
        guard depth < JSONReader.maximumDepth else { throw JSONWriteError(reason: "Too many nested arrays or dictionaries in JSON write") }
        guard let resolved = resolved(value) else { throw JSONWriteError(reason: "Invalid type in JSON write (\(Self.typeName(of: value)))") }
        switch resolved {
        case .nil: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number):
            guard number.isFinite else { throw JSONWriteError(reason: "Invalid number value (\(number.isNaN ? "NaN" : "infinite")) in JSON write") }
            output += Self.text(of: number)
        case .string(let text): output += quoted(text)
        case .array(let elements):
            try writeContainer("[", "]", elements.count, indent: indent, into: &output) { (index, inner, output: inout String) throws(JSONWriteError) in
                try write(elements[index], indent: inner, depth: depth + 1, into: &output)
            }
        case .dictionary(let entries):
            var keyed: [(key: String, value: Value)] = []
            for (key, value) in entries {
                guard case .string(let name)? = self.resolved(key) else { throw JSONWriteError(reason: "Invalid (non-string) key in JSON dictionary") }
                keyed.append((name, value))
            }
            keyed.sort { $0.key < $1.key }
            try writeContainer("{", "}", keyed.count, indent: indent, into: &output) { (index, inner, output: inout String) throws(JSONWriteError) in
                output += quoted(keyed[index].key) + (prettyPrinted ? " : " : ":")
                try write(keyed[index].value, indent: inner, depth: depth + 1, into: &output)
            }
        default:
            throw JSONWriteError(reason: "Invalid type in JSON write (\(Self.typeName(of: value)))")
        }
    }

    private func writeContainer(
        _ open: String, _ close: String, _ count: Int, indent: Int, into output: inout String,
        element: (Int, Int, inout String) throws(JSONWriteError) -> Void
    ) throws(JSONWriteError) {
        output += open
        guard count > 0 else {
            output += close
            return
        }
        let inner = indent + 2
        for index in 0..<count {
            if index > 0 { output += "," }
            if prettyPrinted { output += "\n" + String(repeating: " ", count: inner) }
            try element(index, inner, &output)
        }
        if prettyPrinted { output += "\n" + String(repeating: " ", count: indent) }
        output += close
    }

    private func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "/": result += escapesSlashes ? "\\/" : "/"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A double as Foundation writes it: whole numbers without a fraction, others in the
    /// shortest form that reads back the same.
    private static func text(of number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
        return String(describing: number)
    }

    private static func typeName(of value: Value) -> String {
        switch value {
        case .object(let object): object.isa.name
        case .block: "NSBlock"
        case .selector: "SEL"
        default: value.kindDescription
        }
    }
}
