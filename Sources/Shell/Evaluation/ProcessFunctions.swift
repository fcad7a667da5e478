import Runtime
import UIKitModel

/// The process's identity as the system functions give it, the same as
/// `NSProcessInfo`'s and the model's device on every run:
///
/// - `getpid()` is 1 (`processIdentifier`), `getppid()` 0; `getprogname()` is "rtsh"
///   (`processName`); `getuid()`, `geteuid()`, `getgid()` and `getegid()` are 501, iOS's
///   user and group for apps.
/// - `sysctlbyname(name, value, &size, NULL, 0)` answers the model's device: `hw.machine`
///   "iPhone10,4" (an iPhone 8), `hw.model` "D201AP", `kern.osversion` "21A329" (iOS
///   17.0's build), `kern.ostype` "Darwin", `hw.ncpu` and `hw.activecpu` 2, `hw.memsize`
///   and `hw.physmem` 4 GiB. A NULL value asks the size; a name it does not know answers -1
///   with `errno` `ENOENT`, a value too small for the answer -1 with `ENOMEM`, as the real
///   one does.
/// - `__builtin_expect(value, expected)` is the value: the hint only steers a compiler.
enum ProcessFunctions {
    private static let expectations: [String: String] = [
        "getpid": "nothing, as in getpid()", "getppid": "nothing, as in getppid()", "getprogname": "nothing, as in getprogname()",
        "getuid": "nothing, as in getuid()", "geteuid": "nothing, as in geteuid()", "getgid": "nothing, as in getgid()",
        "getegid": "nothing, as in getegid()",
        "sysctlbyname": "a name, a buffer, a pointer to its size, NULL and 0, as in sysctlbyname(\"hw.machine\", machine, &size, NULL, 0)",
        "__builtin_expect": "a value and the value expected, as in __builtin_expect(count == 0, 0)",
    ]

    static let names = expectations.keys.sorted()

    /// What `sysctlbyname` answers for each name it knows: text (written with its NUL) or
    /// a number (written as the integer the caller's variable holds), and the number's size
    /// in bytes (an `int`'s or a `uint64_t`'s).
    private static let controls: [String: (value: Value, size: Int)] = [
        "hw.machine": ("iPhone10,4", 0), "hw.model": ("D201AP", 0), "kern.osversion": ("21A329", 0), "kern.ostype": ("Darwin", 0),
        "hw.ncpu": (.int(2), 4), "hw.activecpu": (.int(2), 4), "hw.memsize": (.int(4 << 30), 8), "hw.physmem": (.int(4 << 30), 8),
    ]

    /// What the identity functions answer: NSProcessInfo's process and iOS's app user.
    private static let identity: [String: Value] = [
        "getpid": .int(1), "getppid": .int(0), "getprogname": .string("rtsh"),
        "getuid": .int(501), "geteuid": .int(501), "getgid": .int(501), "getegid": .int(501),
    ]

    /// Darwin's `errno` codes for what `sysctlbyname` refuses.
    private static let noSuchName = 2, noRoom = 12

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        switch name {
        case "getpid", "getppid", "getprogname", "getuid", "geteuid", "getgid", "getegid":
            try call.expect(0)
            return identity[name] ?? .nil
        case "__builtin_expect":
            try call.expect(2)
            return call[0]
        default:
            try call.expect(5)
            guard let (answer, numberSize) = controls[try call.string(0)] else { return interpreter.failure(errno: noSuchName) }
            // A string's size counts its NUL.
            let bytes: [Value]? = if case .string(let text) = answer { Array(text.utf8).map { .int(Int($0)) } + [.int(0)] } else { nil }
            let size = bytes?.count ?? numberSize
            guard let sizePointer = try call.pointer(2) else { throw call.mistake }
            guard let buffer = try call.pointer(1) ?? CMemory.pointer(from: call[1], in: interpreter.context.framework.cStrings) else {
                sizePointer.value = .int(size)
                return .int(0)
            }
            guard (sizePointer.value.intValue ?? 0) >= size else { return interpreter.failure(errno: noRoom) }
            if let bytes { buffer.write(bytes) } else { buffer.value = answer }
            sizePointer.value = .int(size)
            return .int(0)
        }
    }
}
