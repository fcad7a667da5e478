import Runtime
import UIKitModel

/// The C library's and the system's functions apps call on their way, made deterministic
/// where the real ones are not, so a transcript replays line for line:
///
/// - `arc4random()`, `arc4random_uniform(n)`, `random()` and `rand()` draw from one
///   generator per runtime that starts from the same seed on every run (`srandom(seed)` and
///   `srand(seed)` restart it).
/// - `os_log(log, format, ...)` and its `_info`, `_debug`, `_error`, `_fault` and
///   `_with_type` forms print to the console as `NSLog` does, with the privacy marks of
///   the format (`%{public}@`) read as the plain conversions: rtsh redacts nothing.
///   `os_log_create` makes a log object; every log prints the same way.
/// - `CACurrentMediaTime()` reads the run loop's virtual clock, in seconds, and
///   `mach_absolute_time()` in nanoseconds (`mach_timebase_info` gives 1/1).
/// - `isdigit`, `isalpha`, `isspace` and the other character tests of `<ctype.h>`, and
///   `toupper` and `tolower`, on ASCII as the C locale has them.
/// - `Block_copy(block)` is the block and `Block_release` does nothing: blocks here are
///   values the runtime keeps alive while they are used.
/// - `strcmp`, `strncmp`, `strcasecmp` and `strlen` on C strings (strings, or pointers
///   into characters), byte by byte as C's. The rest of `<string.h>` is ``MemoryFunctions``'.
/// - `NSDictionaryOfVariableBindings(a, b)` (a macro that passes its arguments' names to
///   `_NSDictionaryOfVariableBindings`) makes `@{@"a": a, @"b": b}`.
/// - `sleep(seconds)` and `usleep(microseconds)` return at once: time is virtual, and a
///   sleeping thread runs nothing else meanwhile.
/// - `getenv(name)` answers NULL: the program sees no environment variable, the same on
///   every machine (a test runner's `getenv("GHUNIT_CLI")` picks its default).
enum SystemFunctions {
    /// The functions given an array argument as its address: they fill the caller's buffer.
    static let takingArrayAddresses: Set<String> = ["arc4random_buf", "SecRandomCopyBytes", "CCRandomGenerateBytes"]

    private static let expectations: [String: String] = [
        "arc4random": "nothing, as in arc4random()",
        "arc4random_uniform": "an upper bound, as in arc4random_uniform(6)",
        "arc4random_buf": "a buffer and its size, as in arc4random_buf(bytes, sizeof(bytes))",
        "SecRandomCopyBytes": "a generator (kSecRandomDefault), a count and a buffer, as in SecRandomCopyBytes(kSecRandomDefault, data.length, data.mutableBytes)",
        "CCRandomGenerateBytes": "a buffer and a count, as in CCRandomGenerateBytes(iv, kCCBlockSizeAES128)",
        "random": "nothing, as in random()",
        "rand": "nothing, as in rand()",
        "srandom": "a seed, as in srandom(42)",
        "srand": "a seed, as in srand(42)",
        "os_log_create": "a subsystem and a category, as in os_log_create(\"com.example.app\", \"network\")",
        "os_log": "a log and a format, as in os_log(OS_LOG_DEFAULT, \"loaded %{public}@\", name)",
        "os_log_info": "a log and a format, as in os_log_info(OS_LOG_DEFAULT, \"loaded %{public}@\", name)",
        "os_log_debug": "a log and a format, as in os_log_debug(OS_LOG_DEFAULT, \"loaded %{public}@\", name)",
        "os_log_error": "a log and a format, as in os_log_error(OS_LOG_DEFAULT, \"failed: %{public}@\", error)",
        "os_log_fault": "a log and a format, as in os_log_fault(OS_LOG_DEFAULT, \"failed: %{public}@\", error)",
        "os_log_with_type": "a log, a type and a format, as in os_log_with_type(OS_LOG_DEFAULT, OS_LOG_TYPE_INFO, \"loaded\")",
        "CACurrentMediaTime": "nothing, as in CACurrentMediaTime()",
        "mach_absolute_time": "nothing, as in mach_absolute_time()",
        "mach_timebase_info": "a pointer to a mach_timebase_info_data_t, as in mach_timebase_info(&info)",
        "Block_copy": "a block, as in Block_copy(handler)",
        "Block_release": "a block, as in Block_release(handler)",
        "strcmp": "two C strings, as in strcmp(type, @encode(id))",
        "strncmp": "two C strings and a length, as in strncmp(name, \"MM\", 2)",
        "strcasecmp": "two C strings, as in strcasecmp(a, b)",
        "strlen": "a C string, as in strlen(name)",
        "getenv": "a variable's name, as in getenv(\"HOME\")",
        "sleep": "a number of seconds, as in sleep(1)",
        "usleep": "a number of microseconds, as in usleep(1000)",
        "_NSDictionaryOfVariableBindings": "the names and the values of variables, as NSDictionaryOfVariableBindings(button, label) passes them",
        "NSHomeDirectory": "nothing, as in NSHomeDirectory()",
        "__builtin_ctz": "an integer, as in __builtin_ctz(flags)", "__builtin_ctzl": "an integer, as in __builtin_ctzl(flags)",
        "__builtin_ctzll": "an integer, as in __builtin_ctzll(flags)", "__builtin_clz": "an integer, as in __builtin_clz(flags)",
        "__builtin_clzl": "an integer, as in __builtin_clzl(flags)", "__builtin_clzll": "an integer, as in __builtin_clzll(flags)",
        "__builtin_popcount": "an integer, as in __builtin_popcount(flags)", "__builtin_popcountl": "an integer, as in __builtin_popcountl(flags)",
        "__builtin_popcountll": "an integer, as in __builtin_popcountll(flags)",
        "NSTemporaryDirectory": "nothing, as in NSTemporaryDirectory()",
        "NSSearchPathForDirectoriesInDomains": "a directory, a domain mask and whether to expand ~, as in NSSearchPathForDirectoriesInDomains(NSDocumentDirectory, NSUserDomainMask, YES)",
    ]

    /// The app container's directories by `NSSearchPathDirectory` (see ``AppContainer``).
    static let containerDirectories: [Int: String] = [5: "/Library", 9: "/Documents", 13: "/Library/Caches", 14: "/Library/Application Support"]

    /// An ASCII letter's lower case, as `strcasecmp` compares.
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// `<ctype.h>`'s tests, by name: which ASCII bytes each accepts.
    private static let characterTests: [String: @Sendable (UInt8) -> Bool] = [
        "isdigit": { (48...57).contains($0) },
        "isalpha": { (65...90).contains($0) || (97...122).contains($0) },
        "isalnum": { (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) },
        "isupper": { (65...90).contains($0) },
        "islower": { (97...122).contains($0) },
        "isspace": { $0 == 32 || (9...13).contains($0) },
        "isxdigit": { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) },
        "ispunct": { (33...47).contains($0) || (58...64).contains($0) || (91...96).contains($0) || (123...126).contains($0) },
        "isprint": { (32...126).contains($0) },
        "iscntrl": { $0 < 32 || $0 == 127 },
    ]

    /// The functions, sorted.
    static let names = (Array(expectations.keys) + characterTests.keys + ["toupper", "tolower"]).sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        if let answer = try characterFunction(name, arguments, at: location) { return answer }
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let framework = interpreter.context.framework
        switch name {
        case "arc4random":
            try call.expect(0)
            return .int(Int(framework.nextRandom()))
        case "arc4random_buf", "SecRandomCopyBytes", "CCRandomGenerateBytes":
            // The same generator fills the buffer: the same bytes on every run.
            let isSecurity = name == "SecRandomCopyBytes"
            try call.expect(isSecurity ? 3 : 2)
            let (bufferIndex, count) = isSecurity ? (2, try call.integer(1)) : (0, try call.integer(1))
            guard count >= 0, let buffer = CMemory.pointer(from: call[bufferIndex], in: framework.cStrings) else { throw call.mistake }
            buffer.write((0..<count).map { _ in .int(Int(framework.nextRandom() & 0xFF)) })
            // Security's errSecSuccess and CommonCrypto's kCCSuccess are both 0.
            return name == "arc4random_buf" ? .nil : .int(0)
        case "arc4random_uniform":
            try call.expect(1)
            let bound = try call.integer(0)
            guard bound > 0 else { return .int(0) }
            // Rejecting the draws past the last whole multiple of the bound keeps every
            // answer equally likely, as arc4random_uniform promises.
            let limit = UInt64(UInt32.max) + 1, span = UInt64(UInt32(truncatingIfNeeded: bound))
            while true {
                let draw = UInt64(framework.nextRandom())
                if draw < limit - limit % span { return .int(Int(draw % span)) }
            }
        case "random", "rand":
            try call.expect(0)
            // Both return 31 bits: RAND_MAX is 0x7fffffff on Apple's platforms.
            return .int(Int(framework.nextRandom() >> 1))
        case "srandom", "srand":
            try call.expect(1)
            framework.seedRandom(UInt64(bitPattern: Int64(try call.integer(0))))
            return .nil
        // Clang's bit counting: trailing and leading zeros and set bits, of a 32-bit `int`
        // or a 64-bit `long`; of zero, as many zeros as there are bits.
        case "__builtin_ctz", "__builtin_ctzl", "__builtin_ctzll", "__builtin_clz", "__builtin_clzl", "__builtin_clzll",
             "__builtin_popcount", "__builtin_popcountl", "__builtin_popcountll":
            try call.expect(1)
            let bits = UInt64(bitPattern: Int64(try call.integer(0)))
            let wide = name.hasSuffix("l") || name.hasSuffix("ll")
            let value = wide ? bits : bits & 0xFFFF_FFFF
            if name.hasPrefix("__builtin_ctz") { return .int(value == 0 ? (wide ? 64 : 32) : value.trailingZeroBitCount) }
            if name.hasPrefix("__builtin_clz") { return .int(wide ? value.leadingZeroBitCount : value.leadingZeroBitCount - 32) }
            return .int(value.nonzeroBitCount)
        // The app's own container, the same path on every run (``AppContainer``).
        case "NSHomeDirectory":
            try call.expect(0)
            return .string(AppContainer.home)
        case "NSTemporaryDirectory":
            try call.expect(0)
            return .string(AppContainer.home + "/tmp/")
        case "NSSearchPathForDirectoriesInDomains":
            try call.expect(3)
            // Only the user's domain is the app's; the others give nothing in the sandbox.
            guard try call.integer(1) & 1 != 0, let directory = containerDirectories[try call.integer(0)] else { return .array([]) }
            return .array([.string(AppContainer.home + directory)])
        case "strcmp", "strcasecmp", "strncmp":
            // Byte by byte, as C compares: the sign of the first difference, 0 when equal.
            try call.expect(name == "strncmp" ? 3 : 2)
            var (a, b) = (Array(try call.string(0).utf8), Array(try call.string(1).utf8))
            if name == "strncmp" {
                let length = max(0, try call.integer(2))
                (a, b) = (Array(a.prefix(length)), Array(b.prefix(length)))
            }
            if name == "strcasecmp" { (a, b) = (a.map(Self.lowercased), b.map(Self.lowercased)) }
            for (x, y) in zip(a, b) where x != y { return .int(Int(x) - Int(y)) }
            return .int(a.count == b.count ? 0 : a.count < b.count ? -Int(b[a.count]) : Int(a[b.count]))
        case "strlen":
            try call.expect(1)
            return .int(try call.string(0).utf8.count)
        case "sleep", "usleep":
            // As `+[NSThread sleepForTimeInterval:]`: the virtual clock moves on by the time,
            // running what comes due, as other threads get on with their work while this one
            // sleeps (a cache trimmed in the background, which a test sleeps for). `sleep`
            // answers the seconds left, none.
            try call.expect(1)
            let amount = try call.number(0)
            let seconds = name == "sleep" ? amount : amount / 1_000_000
            _ = try framework.clock.advance(by: VirtualClock.nanoseconds(fromSeconds: max(0, seconds)))
            return .int(0)
        case "getenv":
            // No variable is set: a program behaves the same on every machine and in CI.
            try call.expect(1)
            _ = try call.string(0)
            return .nil
        case "CACurrentMediaTime":
            // The run loop's virtual time: an interval measured across a wait is the wait.
            // Reading it takes a moment, as reading the date does (VirtualClock.read()).
            try call.expect(0)
            return .double(Double(framework.clock.read()) / Double(VirtualClock.nanosecondsPerSecond))
        case "mach_absolute_time":
            try call.expect(0)
            return .int(framework.clock.read())
        case "mach_timebase_info":
            // Ticks are nanoseconds: numer and denom are both 1, as on Intel Macs. Returns KERN_SUCCESS.
            try call.expect(1)
            guard let info = try call.pointer(0) else { throw call.mistake }
            info.value = .structure(StructValue(name: "mach_timebase_info", fieldNames: ["numer", "denom"], fields: [.int(1), .int(1)]))
            return .int(0)
        case "Block_copy", "Block_release":
            try call.expect(1)
            guard case .block = call[0] else { throw call.mistake }
            return name == "Block_copy" ? call[0] : .nil
        case "os_log_create":
            try call.expect(2)
            _ = try call.string(0)
            _ = try call.string(1)
            return .object(try interpreter.runtime.createInstance(of: interpreter.runtime.requireClass(named: "NSObject")))
        case "os_log_with_type":
            guard arguments.count >= 3 else { throw call.mistake }
            return try log(call, formatAt: 2, interpreter: interpreter)
        case "_NSDictionaryOfVariableBindings":
            guard let first = arguments.first, case .string(let list) = first else { throw call.mistake }
            let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            // The macro ends the values with nil, as the real function's variadic list.
            let values = Array(arguments.dropFirst().prefix(names.count))
            guard values.count == names.count else { throw call.mistake }
            var bindings: [Value: Value] = [:]
            for (name, value) in zip(names, values) where value != .nil { bindings[.string(name)] = value }
            return .dictionary(bindings)
        default:
            guard arguments.count >= 2 else { throw call.mistake }
            return try log(call, formatAt: 1, interpreter: interpreter)
        }
    }

    /// `isdigit(c)` and the other tests (1 or 0), `toupper(c)` and `tolower(c)`; nil for
    /// another function. A character is an integer, as `'a'` and `name[i]` give one.
    private static func characterFunction(_ name: String, _ arguments: [Value], at location: SourceLocation) throws -> Value? {
        let test = characterTests[name]
        guard test != nil || name == "toupper" || name == "tolower" else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: "a character, as in \(name)('a')", location: location)
        try call.expect(1)
        let character = try call.integer(0)
        guard let byte = UInt8(exactly: character) else { return test == nil ? .int(character) : .int(0) }
        if let test { return .int(test(byte) ? 1 : 0) }
        if name == "toupper", (97...122).contains(byte) { return .int(character - 32) }
        if name == "tolower", (65...90).contains(byte) { return .int(character + 32) }
        return .int(character)
    }

    /// Prints an `os_log` call's message to the console.
    private static func log(_ call: FunctionCall, formatAt index: Int, interpreter: Interpreter) throws -> Value {
        let format = try call.string(index)
        let message = try interpreter.formatted(withoutPrivacyMarks(format), Array(call.arguments.dropFirst(index + 1)), at: call.location)
        interpreter.context.console.log(message)
        return .nil
    }

    /// `%{public}@` as `%@`, `%{private, mask.hash}s` as `%s`: the marks os_log reads
    /// between `%` and the conversion.
    static func withoutPrivacyMarks(_ format: String) -> String {
        var result = ""
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[...percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "{", let close = rest.firstIndex(of: "}") {
                rest = rest[rest.index(after: close)...]
            } else if rest.first == "%" {
                result += "%"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }
}
