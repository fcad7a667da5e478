import Runtime

/// CoreFoundation's string functions, as older code and image and parsing libraries call
/// them on toll-free bridged strings: each is the `NSString` (or `NSMutableString`)
/// message it amounts to, sent to the string, so a `CFStringRef` is any string rtsh holds.
///
/// `CFStringCompare`'s flags are NSString's compare options of the same values, but CF
/// compares literally unless told `kCFCompareNonliteral`, where NSString does the reverse.
enum CFStringFunctions {
    private static let expectations: [String: String] = [
        "CFStringGetLength": "a string, as in CFStringGetLength((CFStringRef)name)",
        "CFStringCompare": "two strings and compare flags, as in CFStringCompare(a, b, kCFCompareCaseInsensitive)",
        "CFStringHasPrefix": "a string and a prefix, as in CFStringHasPrefix(type, CFSTR(\"public.\"))",
        "CFStringHasSuffix": "a string and a suffix, as in CFStringHasSuffix(name, CFSTR(\".png\"))",
        "CFStringCreateCopy": "an allocator and a string, as in CFStringCreateCopy(kCFAllocatorDefault, name)",
        "CFStringCreateMutableCopy": "an allocator, a maximum length (0 for none) and a string, as in CFStringCreateMutableCopy(NULL, 0, name)",
        "CFStringCreateMutable": "an allocator and a maximum length (0 for none), as in CFStringCreateMutable(NULL, 0)",
        "CFStringAppend": "a mutable string and a string, as in CFStringAppend(text, CFSTR(\"!\"))",
        "CFStringCreateWithCString": "an allocator, a C string and an encoding, as in CFStringCreateWithCString(NULL, \"name\", kCFStringEncodingUTF8)",
        "CFStringGetIntValue": "a string, as in CFStringGetIntValue(CFSTR(\"42\"))",
        "CFStringGetDoubleValue": "a string, as in CFStringGetDoubleValue(CFSTR(\"2.5\"))",
        "CFStringLowercase": "a mutable string and a locale (NULL), as in CFStringLowercase(text, NULL)",
        "CFStringUppercase": "a mutable string and a locale (NULL), as in CFStringUppercase(text, NULL)",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// CF's compare flags that NSString's compare options share, by value: case and
    /// diacritic insensitivity, backwards, anchored, numeric, width, forced ordering.
    private static let sharedCompareFlags = 1 | 4 | 8 | 64 | 128 | 256 | 512
    private static let nonliteral = 16, literalSearch = 2

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let runtime = interpreter.runtime
        /// The string argument at `index`, refused when it holds no text (CF crashes on NULL).
        func string(_ index: Int) throws -> Value {
            _ = try call.string(index)
            return call[index]
        }
        func send(_ selector: String, to receiver: Value, _ arguments: Value...) throws -> Value {
            try interpreter.send(selector, to: receiver, arguments, forCallAt: location)
        }
        switch name {
        case "CFStringGetLength", "CFStringGetIntValue", "CFStringGetDoubleValue":
            try call.expect(1)
            let selector = ["CFStringGetLength": "length", "CFStringGetIntValue": "intValue", "CFStringGetDoubleValue": "doubleValue"][name]!
            return try send(selector, to: string(0))
        case "CFStringCompare":
            try call.expect(3)
            let flags = try call.integer(2)
            let options = flags & sharedCompareFlags | (flags & nonliteral == 0 ? literalSearch : 0)
            return try send("compare:options:", to: string(0), string(1), .int(options))
        case "CFStringHasPrefix", "CFStringHasSuffix":
            try call.expect(2)
            return try send(name == "CFStringHasPrefix" ? "hasPrefix:" : "hasSuffix:", to: string(0), string(1))
        case "CFStringCreateCopy":
            try call.expect(2)
            return try send("copy", to: string(1))
        case "CFStringCreateMutableCopy":
            try call.expect(3)
            return try send("mutableCopy", to: string(2))
        case "CFStringCreateMutable":
            try call.expect(2)
            return try send("string", to: .object(runtime.requireClass(named: "NSMutableString")))
        case "CFStringAppend":
            try call.expect(2)
            _ = try send("appendString:", to: string(0), string(1))
            return .nil
        case "CFStringCreateWithCString":
            try call.expect(3)
            return .string(try call.string(1))
        default: // CFStringLowercase, CFStringUppercase
            try call.expect(2)
            let changed = try send(name == "CFStringLowercase" ? "lowercaseString" : "uppercaseString", to: string(0))
            _ = try send("setString:", to: call[0], changed)
            return .nil
        }
    }
}
