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
enum CoreFoundationFunctions {
    private static let expectations: [String: String] = [
        "CFBridgingRelease": "a CoreFoundation object, as in CFBridgingRelease(CFURLCreateStringByAddingPercentEscapes(...))",
        "CFBridgingRetain": "an object, as in CFBridgingRetain(string)",
        "CFRetain": "a CoreFoundation object, as in CFRetain(string)",
        "CFRelease": "a CoreFoundation object, as in CFRelease(string)",
        "CFURLCreateStringByReplacingPercentEscapes": "an allocator, a string and the escapes to leave, as in CFURLCreateStringByReplacingPercentEscapes(NULL, (CFStringRef)text, CFSTR(\"\"))",
        "CFURLCreateStringByReplacingPercentEscapesUsingEncoding": "an allocator, a string, the escapes to leave and an encoding, as in CFURLCreateStringByReplacingPercentEscapesUsingEncoding(NULL, (CFStringRef)text, CFSTR(\"\"), kCFStringEncodingUTF8)",
        "CFURLCreateStringByAddingPercentEscapes": "an allocator, a string, the characters to leave, those to escape and an encoding, as in CFURLCreateStringByAddingPercentEscapes(NULL, (CFStringRef)text, NULL, CFSTR(\"!*'();:@&=+$,/?%#[]\"), kCFStringEncodingUTF8)",
    ]

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
        default:
            try call.expect(5)
            let text = try call.string(1)
            let leave = try characters(2) ?? [], escape = try characters(3) ?? []
            return .string(PercentEncoding.encode(text) { character in
                leave.contains(character) || PercentEncoding.legalURLCharacters.contains(character) && !escape.contains(character)
            })
        }
    }
}
