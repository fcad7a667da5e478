import Runtime

/// The C library's memory and string functions, on rtsh's memory of values (see
/// ``CMemory``): what code that parses a C string or fills a buffer calls.
///
/// - `malloc`, `calloc` and `realloc` give memory that grows as code writes to it and
///   reads 0 where nothing was written; `free` lets it go (in `RuntimeFunctions`).
/// - `strchr`, `strrchr` and `strstr` return a pointer into the string searched, NULL
///   when nothing matches; `strdup` and `strndup` copy into new memory.
/// - `strcpy`, `strncpy`, `strlcpy`, `strcat`, `strncat`, `strlcat`, `memcpy`, `memmove`,
///   `memset` and `bzero` write through their first pointer, as C's do; an array passed
///   to them is passed as its address. A size counts elements here, one value each, and
///   never copies more than the source holds.
/// - `memcmp` compares elements; `atoi`, `atol`, `atof` and the `strto...` functions
///   read numbers as C's do, setting `*end` past what they read.
/// - `sprintf` and `snprintf` format into a buffer; `NSGetSizeAndAlignment` reads one
///   type of an encoding, giving its size and alignment on 64-bit iOS.
enum MemoryFunctions {
    private static let expectations: [String: String] = [
        "malloc": "a size in bytes, as in malloc(sizeof(Class) * count)",
        "alloca": "a size in bytes, as in alloca(sizeof(NSInteger) * count)",
        "calloc": "a count and an element size, as in calloc(count, sizeof(Class))",
        "realloc": "a pointer malloc gave (or NULL) and a size, as in realloc(buffer, capacity * sizeof(id))",
        "reallocf": "a pointer malloc gave (or NULL) and a size, as in reallocf(buffer, capacity * sizeof(id))",
        "strdup": "a C string, as in strdup(name)",
        "strndup": "a C string and a length, as in strndup(name, 8)",
        "strchr": "a C string and a character, as in strchr(attributes, ',')",
        "strrchr": "a C string and a character, as in strrchr(path, '/')",
        "strstr": "two C strings, as in strstr(haystack, needle)",
        "strcpy": "a buffer and a C string, as in strcpy(buffer, name)",
        "strncpy": "a buffer, a C string and a length, as in strncpy(buffer, name, length)",
        "strlcpy": "a buffer, a C string and the buffer's size, as in strlcpy(buffer, name, sizeof(buffer))",
        "strcat": "a buffer holding a C string and a C string to add, as in strcat(buffer, suffix)",
        "strncat": "a buffer holding a C string, a C string to add and a length, as in strncat(buffer, suffix, 4)",
        "strlcat": "a buffer holding a C string, a C string to add and the buffer's size, as in strlcat(buffer, suffix, sizeof(buffer))",
        "memcpy": "a destination, a source and a size, as in memcpy(copy, values, count * sizeof(id))",
        "memmove": "a destination, a source and a size, as in memmove(values + 1, values, count * sizeof(id))",
        "memcmp": "two pointers and a size, as in memcmp(a, b, sizeof(a))",
        "memset": "a pointer, 0 and a size, as in memset(&_state, 0, sizeof(_state))",
        "bzero": "a pointer and a size, as in bzero(&_state, sizeof(_state))",
        "atoi": "a C string, as in atoi(\"42\")", "atol": "a C string, as in atol(\"42\")", "atoll": "a C string, as in atoll(\"42\")",
        "atof": "a C string, as in atof(\"1.5\")",
        "strtol": "a C string, an end pointer (or NULL) and a base, as in strtol(text, &end, 10)",
        "strtoul": "a C string, an end pointer (or NULL) and a base, as in strtoul(text, &end, 16)",
        "strtoll": "a C string, an end pointer (or NULL) and a base, as in strtoll(text, &end, 10)",
        "strtoull": "a C string, an end pointer (or NULL) and a base, as in strtoull(text, &end, 10)",
        "strtod": "a C string and an end pointer (or NULL), as in strtod(text, &end)",
        "strtof": "a C string and an end pointer (or NULL), as in strtof(text, &end)",
        "sprintf": "a buffer, a format and its arguments, as in sprintf(buffer, \"%d\", count)",
        "snprintf": "a buffer, its size, a format and its arguments, as in snprintf(buffer, sizeof(buffer), \"%d\", count)",
        "NSGetSizeAndAlignment": "a type encoding and two pointers for the size and the alignment (or NULL), as in NSGetSizeAndAlignment(type, &size, NULL)",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// The functions given an array's address rather than its value: those that write
    /// through a pointer, or return one into the array they were given.
    static let takingArrayAddresses: Set<String> = [
        "strcpy", "strncpy", "strlcpy", "strcat", "strncat", "strlcat", "memcpy", "memmove", "memcmp", "memset", "bzero",
        "sprintf", "snprintf", "strchr", "strrchr", "strstr", "strtol", "strtoul", "strtoll", "strtoull", "strtod", "strtof",
        "NSGetSizeAndAlignment", "sysctlbyname", "sysctl",
    ]

    /// Foundation's methods that fill a caller's buffer, or read a value from one, given a C
    /// array as its address (`unsigned char bytes[size]; [value getValue:bytes];`).
    private static let bufferFillers: Set<String> = [
        "getBytes:length:", "getBytes:range:", "getCString:maxLength:encoding:", "getObjects:range:",
        "getBytes:maxLength:usedLength:encoding:options:range:remainingRange:", "getIndexes:maxCount:inIndexRange:",
        "getValue:", "getValue:size:", "getArgument:atIndex:", "getReturnValue:", "setArgument:atIndex:", "setReturnValue:",
        "read:maxLength:", "write:maxLength:", "getCharacters:", "getCharacters:range:",
    ]

    /// Whether a message with the selector `name` takes a buffer (see ``bufferFillers``).
    static func fillsBuffer(_ name: String) -> Bool { bufferFillers.contains(name) }

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let strings = interpreter.context.framework.cStrings
        func pointer(_ index: Int) throws -> Reference {
            guard let pointer = CMemory.pointer(from: arguments[index], in: strings) else { throw call.mistake }
            return pointer
        }
        switch name {
        // `alloca`'s memory would go when the function returns; here nothing frees it early.
        case "malloc", "alloca":
            try call.expect(1)
            _ = try size(call, 0)
            return .reference(Reference.allocate())
        case "calloc":
            try call.expect(2)
            _ = (try size(call, 0), try size(call, 1))
            return .reference(Reference.allocate())
        case "realloc", "reallocf":
            // The memory grows as it is written, so the pointer given stays good.
            try call.expect(2)
            _ = try size(call, 1)
            guard let old = try call.pointer(0) else { return .reference(Reference.allocate()) }
            return .reference(old)
        case "strdup", "strndup":
            try call.expect(name == "strdup" ? 1 : 2)
            var text = try call.string(0)
            if name == "strndup" { text = String(decoding: text.utf8.prefix(try size(call, 1)), as: UTF8.self) }
            return .reference(Reference.copy(ofCString: text))
        case "strchr", "strrchr":
            try call.expect(2)
            let bytes = Array(try call.string(0).utf8), character = UInt8(truncatingIfNeeded: try call.integer(1))
            let start = try pointer(0)
            // The NUL that ends the string is part of it: strchr(s, 0) finds the end.
            if character == 0 { return .reference(start.advanced(by: bytes.count)) }
            let found = name == "strchr" ? bytes.firstIndex(of: character) : bytes.lastIndex(of: character)
            return found.map { .reference(start.advanced(by: $0)) } ?? .nil
        case "strstr":
            try call.expect(2)
            let haystack = Array(try call.string(0).utf8), needle = Array(try call.string(1).utf8)
            let start = try pointer(0)
            guard !needle.isEmpty else { return .reference(start) }
            guard haystack.count >= needle.count else { return .nil }
            let found = (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
            return found.map { .reference(start.advanced(by: $0)) } ?? .nil
        case "strcpy", "strncpy", "strlcpy":
            try call.expect(name == "strcpy" ? 2 : 3)
            let destination = try writable(call, 0)
            let source = try characters(call, 1)
            switch name {
            case "strcpy":
                destination.write(source + [.int(0)])
            case "strncpy":
                // Exactly `length` characters: the source's, then NULs; no NUL when it is longer.
                let length = try size(call, 2)
                destination.write(Array(source.prefix(length)) + Array(repeating: .int(0), count: max(0, length - source.count)))
            default:
                let capacity = try size(call, 2)
                if capacity > 0 { destination.write(Array(source.prefix(capacity - 1)) + [.int(0)]) }
                return .int(source.count)
            }
            return arguments[0]
        case "strcat", "strncat", "strlcat":
            try call.expect(name == "strcat" ? 2 : 3)
            let destination = try writable(call, 0)
            let existing = Array(try call.string(0).utf8).count
            var added = try characters(call, 1)
            if name == "strncat" { added = Array(added.prefix(try size(call, 2))) }
            if name == "strlcat" {
                let capacity = try size(call, 2), total = existing + added.count
                if existing < capacity { destination.advanced(by: existing).write(Array(added.prefix(capacity - existing - 1)) + [.int(0)]) }
                return .int(total)
            }
            destination.advanced(by: existing).write(added + [.int(0)])
            return arguments[0]
        case "memcpy", "memmove":
            try call.expect(3)
            let count = try size(call, 2)
            // Copying nothing reads neither pointer, so a NULL one is no mistake (a prefix
            // that may be absent, copied with its length of 0).
            if count == 0 { return arguments[0] }
            let destination = try writable(call, 0), source = try pointer(1)
            // Read whole before writing, so overlapping ranges move as memmove's do.
            if !destination.isElement, !source.isElement {
                if count > 0 { destination.value = source.value }
            } else {
                destination.write(source.elements(upTo: count))
            }
            return arguments[0]
        case "memcmp":
            try call.expect(3)
            let count = try size(call, 2)
            let (a, b) = (try pointer(0).elements(upTo: count), try pointer(1).elements(upTo: count))
            for (x, y) in zip(a, b) where x != y {
                guard let left = x.intValue, let right = y.intValue else { return .int(1) }
                return .int(left < right ? -1 : 1)
            }
            return .int(a.count == b.count ? 0 : a.count < b.count ? -1 : 1)
        case "memset", "bzero":
            // Values are kept, not bytes: clearing one gives each of its parts its zero.
            let isMemset = name == "memset"
            try call.expect(isMemset ? 3 : 2)
            let fill = isMemset ? try call.integer(1) : 0
            guard let target = try call.pointer(0), fill == 0 else { throw call.mistake }
            let count = try size(call, isMemset ? 2 : 1)
            if target.isElement {
                target.write(target.elements(upTo: count).map(zero))
            } else {
                target.value = zero(of: target.value)
            }
            return isMemset ? arguments[0] : .nil
        case "atoi", "atol", "atoll":
            try call.expect(1)
            return .int(Self.integer(from: Array(try call.string(0).utf8), base: 10).value)
        case "atof":
            try call.expect(1)
            return .double(Self.real(from: Array(try call.string(0).utf8)).value)
        case "strtol", "strtoul", "strtoll", "strtoull":
            try call.expect(3)
            let base = try call.integer(2)
            guard base == 0 || (2...36).contains(base) else { throw call.mistake }
            let (number, used) = Self.integer(from: Array(try call.string(0).utf8), base: base)
            try setEnd(call, after: used, of: try pointer(0))
            return .int(number)
        case "strtod", "strtof":
            try call.expect(2)
            let (number, used) = Self.real(from: Array(try call.string(0).utf8))
            try setEnd(call, after: used, of: try pointer(0))
            return .double(name == "strtof" ? Double(Float(number)) : number)
        case "sprintf", "snprintf":
            let formatIndex = name == "sprintf" ? 1 : 2
            guard arguments.count > formatIndex else { throw call.mistake }
            let destination = try writable(call, 0)
            let capacity = name == "snprintf" ? try size(call, 1) : Int.max
            let text = try interpreter.formatted(try call.string(formatIndex), Array(arguments.dropFirst(formatIndex + 1)), at: location)
            let bytes = Array(text.utf8)
            // At most `capacity - 1` characters and a NUL; the result is the whole text's length.
            if capacity > 0 { destination.write(bytes.prefix(capacity - 1).map { .int(Int($0)) } + [.int(0)]) }
            return .int(bytes.count)
        default:
            // NSGetSizeAndAlignment: the pointer past the first type of the encoding.
            try call.expect(3)
            let encoding = try call.string(0)
            let (type, length) = try call.located { try TypeEncoding.parseFirstType(encoding) }
            let layout = Parser.layout(of: type, in: interpreter.context.types)
            if let size = try call.pointer(1) { size.value = .int(layout.size) }
            if let alignment = try call.pointer(2) { alignment.value = .int(layout.alignment) }
            return .reference(try pointer(0).advanced(by: length))
        }
    }

    /// A size or count: a whole number, not negative.
    private static func size(_ call: FunctionCall, _ index: Int) throws -> Int {
        let number = try call.integer(index)
        guard number >= 0 else { throw call.mistake }
        return number
    }

    /// The pointer a function writes through: not NULL, not a string literal's text.
    private static func writable(_ call: FunctionCall, _ index: Int) throws -> Reference {
        guard let pointer = try call.pointer(index) else { throw call.mistake }
        return pointer
    }

    /// A C string's characters, one integer each, without its NUL.
    private static func characters(_ call: FunctionCall, _ index: Int) throws -> [Value] {
        try call.string(index).utf8.map { .int(Int($0)) }
    }

    /// `*end = text + used` for the `strto...` functions, when an end pointer is given.
    private static func setEnd(_ call: FunctionCall, after used: Int, of text: Reference) throws {
        if let end = try call.pointer(1) { end.value = .reference(text.advanced(by: used)) }
    }

    /// `value` cleared, as zeroed bytes read: numbers 0, pointers NULL, a struct's fields
    /// and an array's elements each cleared.
    private static func zero(of value: Value) -> Value {
        switch value {
        case .int: .int(0)
        case .double: .double(0)
        case .bool: .bool(false)
        case .structure(let structure):
            .structure(StructValue(name: structure.name, fieldNames: structure.fieldNames, fields: structure.fields.map(zero)))
        case .array(let elements): .array(elements.map(zero))
        default: .nil
        }
    }

    /// The integer at the start of `bytes` as `strtol` reads it: spaces, a sign, `0x` or
    /// `0` for base 0 (or 16), then digits; and how many bytes that took (0 when no digit).
    static func integer(from bytes: [UInt8], base: Int) -> (value: Int, used: Int) {
        var index = 0
        while index < bytes.count, [32, 9, 10, 11, 12, 13].contains(bytes[index]) { index += 1 }
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var radix = base
        let hasHexPrefix = index + 1 < bytes.count && bytes[index] == UInt8(ascii: "0") && (bytes[index + 1] | 0x20) == UInt8(ascii: "x")
        if (radix == 0 || radix == 16), hasHexPrefix, index + 2 < bytes.count, digit(bytes[index + 2], radix: 16) != nil {
            radix = 16
            index += 2
        } else if radix == 0 {
            radix = index < bytes.count && bytes[index] == UInt8(ascii: "0") ? 8 : 10
        }
        let start = index
        var value = 0
        while index < bytes.count, let digit = digit(bytes[index], radix: radix) {
            // Past the largest long, strtol answers LONG_MAX (or LONG_MIN) and reads on.
            let (product, overflowed) = value.multipliedReportingOverflow(by: radix)
            value = overflowed ? Int.max : product.addingReportingOverflow(digit).overflow ? Int.max : product + digit
            index += 1
        }
        guard index > start else { return (0, 0) }
        return (negative ? 0 &- value : value, index)
    }

    private static func digit(_ byte: UInt8, radix: Int) -> Int? {
        let value: Int
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
        return value < radix ? value : nil
    }

    /// The number at the start of `bytes` as `strtod` reads it (spaces, a sign, digits,
    /// a fraction, an exponent), and how many bytes that took (0 when there is none).
    static func real(from bytes: [UInt8]) -> (value: Double, used: Int) {
        var index = 0
        while index < bytes.count, [32, 9, 10, 11, 12, 13].contains(bytes[index]) { index += 1 }
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        var digits = 0
        while index < bytes.count, isDigit(bytes[index]) { index += 1; digits += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1; digits += 1 }
        }
        guard digits > 0 else { return (0, 0) }
        // An exponent counts only with a digit after it: "1e" reads as 1.
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            var end = index + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
            if end < bytes.count, isDigit(bytes[end]) {
                while end < bytes.count, isDigit(bytes[end]) { end += 1 }
                index = end
            }
        }
        return (Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? 0, index)
    }
}
