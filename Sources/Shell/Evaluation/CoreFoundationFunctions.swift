import Runtime
import UIKitModel

/// The CoreFoundation functions code reaches through toll-free bridging: objects are the
/// same on both sides, so `CFBridgingRelease(x)`, `CFBridgingRetain(x)` and `CFRetain(x)`
/// answer `x`. A retain keeps the object alive until as many releases as retains have
/// come (``CoreFoundationRetains``), as a `void *` or an integer holding it, which keeps
/// nothing alive, relies on. The URL escape
/// functions do what `NSString`'s escaping methods do (see ``PercentEncoding``):
///
/// - `CFURLCreateStringByReplacingPercentEscapes(alloc, string, leaveEscaped)` decodes
///   every escape but those of `leaveEscaped`'s characters; a NULL `leaveEscaped` decodes
///   none, as CoreFoundation documents; a malformed escape gives NULL.
/// - `CFURLCreateStringByAddingPercentEscapes(alloc, string, leaveUnescaped, toEscape, encoding)`
///   escapes what a URL may not hold, and `toEscape`'s characters, but never `leaveUnescaped`'s.
/// - `CFXMLCreateStringByEscapingEntities(alloc, string, NULL)` writes `&`, `<`, `>`, `'` and
///   `"` as XML's entities; `CFXMLCreateStringByUnescapingEntities` reads them back, and
///   character references (`&#60;`, `&#x3C;`).
enum CoreFoundationFunctions {
    private static let expectations: [String: String] = [
        "CFBridgingRelease": "a CoreFoundation object, as in CFBridgingRelease(CFURLCreateStringByAddingPercentEscapes(...))",
        "CFBridgingRetain": "an object, as in CFBridgingRetain(string)",
        "CFRetain": "a CoreFoundation object, as in CFRetain(string)",
        "CFRelease": "a CoreFoundation object, as in CFRelease(string)",
        "CFURLCreateStringByReplacingPercentEscapes": "an allocator, a string and the escapes to leave, as in CFURLCreateStringByReplacingPercentEscapes(NULL, (CFStringRef)text, CFSTR(\"\"))",
        "CFURLCreateStringByReplacingPercentEscapesUsingEncoding": "an allocator, a string, the escapes to leave and an encoding, as in CFURLCreateStringByReplacingPercentEscapesUsingEncoding(NULL, (CFStringRef)text, CFSTR(\"\"), kCFStringEncodingUTF8)",
        "CFURLCreateStringByAddingPercentEscapes": "an allocator, a string, the characters to leave, those to escape and an encoding, as in CFURLCreateStringByAddingPercentEscapes(NULL, (CFStringRef)text, NULL, CFSTR(\"!*'();:@&=+$,/?%#[]\"), kCFStringEncodingUTF8)",
        "CFXMLCreateStringByEscapingEntities": "an allocator, a string and a dictionary of entities (NULL), as in CFXMLCreateStringByEscapingEntities(NULL, (CFStringRef)text, NULL)",
        "CFXMLCreateStringByUnescapingEntities": "an allocator, a string and a dictionary of entities (NULL), as in CFXMLCreateStringByUnescapingEntities(NULL, (CFStringRef)text, NULL)",
    ]

    /// XML's five predefined entities and the characters they stand for.
    private static let entities: [(character: Character, entity: String)] = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("'", "&apos;"), ("\"", "&quot;")]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], retains: CoreFoundationRetains, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        /// The characters of the string argument at `index`; nil for NULL.
        func characters(_ index: Int) throws -> Set<Character>? {
            call[index] == .nil ? nil : Set(try call.string(index))
        }
        switch name {
        case "CFBridgingRetain", "CFRetain":
            try call.expect(1)
            if let object = call[0].object { retains.retain(object) }
            return call[0]
        case "CFBridgingRelease", "CFRelease":
            try call.expect(1)
            if let object = call[0].object { retains.release(object) }
            return name == "CFRelease" ? .nil : call[0]
        case "CFURLCreateStringByReplacingPercentEscapes", "CFURLCreateStringByReplacingPercentEscapesUsingEncoding":
            try call.expect(name.hasSuffix("Encoding") ? 4 : 3)
            let text = try call.string(1)
            guard let kept = try characters(2) else { return .string(text) }
            return PercentEncoding.decode(text, leavingEscaped: kept).map(Value.string) ?? .nil
        case "CFXMLCreateStringByEscapingEntities":
            try call.expect(3)
            return .string(String(try call.string(1).flatMap { character in
                entities.first { $0.character == character }.map { Array($0.entity) } ?? [character]
            }))
        case "CFXMLCreateStringByUnescapingEntities":
            try call.expect(3)
            return .string(unescapingEntities(try call.string(1)))
        default:
            try call.expect(5)
            let text = try call.string(1)
            let leave = try characters(2) ?? [], escape = try characters(3) ?? []
            return .string(PercentEncoding.encode(text) { character in
                leave.contains(character) || PercentEncoding.legalURLCharacters.contains(character) && !escape.contains(character)
            })
        }
    }

    /// `text` with the predefined entities and character references (`&#60;`, `&#x3C;`)
    /// replaced by their characters; any other `&` is left as it is.
    private static func unescapingEntities(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            if let semicolon = rest.prefix(12).firstIndex(of: ";") {
                let reference = rest[..<rest.index(after: semicolon)]
                let body = reference.dropFirst().dropLast()
                let code = body.hasPrefix("#x") || body.hasPrefix("#X") ? UInt32(body.dropFirst(2), radix: 16) : body.hasPrefix("#") ? UInt32(body.dropFirst()) : nil
                if let found = entities.first(where: { $0.entity == reference }) {
                    result.append(found.character)
                    rest = rest[reference.endIndex...]
                    continue
                }
                if let code, let scalar = Unicode.Scalar(code) {
                    result.unicodeScalars.append(scalar)
                    rest = rest[reference.endIndex...]
                    continue
                }
            }
            result.append("&")
            rest = rest.dropFirst()
        }
        return result + rest
    }
}
