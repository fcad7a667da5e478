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
/// - `sysctl(mib, count, value, &size, NULL, 0)` answers the same by number (`CTL_HW` with
///   `HW_MACHINE`, `HW_MODEL`, `HW_NCPU`, `HW_MEMSIZE`, `HW_TARGET`, `HW_PRODUCT`; `CTL_KERN` with
///   `KERN_OSTYPE`, `KERN_OSRELEASE`, `KERN_OSVERSION`), and a process's `kinfo_proc` for
///   `{CTL_KERN, KERN_PROC, KERN_PROC_PID, pid}`, whose `kp_proc.p_flag` has no `P_TRACED`:
///   no debugger is attached (the check Apple's QA1361 shows, which debug builds make).
/// - `uname(&info)` fills a `struct utsname` with the same device: `machine` "iPhone10,4"
///   (what device-model helpers read), `sysname` "Darwin", `release` `kern.osrelease`'s,
///   `nodename` "iPhone".
/// - `__builtin_expect(value, expected)` is the value: the hint only steers a compiler.
enum ProcessFunctions {
    private static let expectations: [String: String] = [
        "getpid": "nothing, as in getpid()", "getppid": "nothing, as in getppid()", "getprogname": "nothing, as in getprogname()",
        "getuid": "nothing, as in getuid()", "geteuid": "nothing, as in geteuid()", "getgid": "nothing, as in getgid()",
        "getegid": "nothing, as in getegid()",
        "sysctlbyname": "a name, a buffer, a pointer to its size, NULL and 0, as in sysctlbyname(\"hw.machine\", machine, &size, NULL, 0)",
        "sysctl": "a name's numbers, their count, a buffer, a pointer to its size, NULL and 0, as in sysctl(mib, 4, &info, &size, NULL, 0)",
        "__builtin_expect": "a value and the value expected, as in __builtin_expect(count == 0, 0)",
        "uname": "the address of a struct utsname, as in uname(&systemInfo)",
    ]

    static let names = expectations.keys.sorted()

    /// What `sysctlbyname` answers for each name it knows: text (written with its NUL) or
    /// a number (written as the integer the caller's variable holds), and the number's size
    /// in bytes (an `int`'s or a `uint64_t`'s).
    private static let controls: [String: (value: Value, size: Int)] = [
        "hw.machine": ("iPhone10,4", 0), "hw.model": ("D201AP", 0), "hw.product": ("iPhone10,4", 0), "hw.target": ("D201AP", 0),
        "kern.osversion": ("21A329", 0), "kern.ostype": ("Darwin", 0), "kern.osrelease": ("21.0.0", 0),
        "hw.ncpu": (.int(2), 4), "hw.activecpu": (.int(2), 4), "hw.memsize": (.int(4 << 30), 8), "hw.physmem": (.int(4 << 30), 8),
    ]

    /// The names `sysctl` takes as numbers (`CTL_HW`, then `HW_MACHINE`...), as `sysctlbyname` spells them.
    private static let hardwareNames: [Int: String] = [1: "hw.machine", 2: "hw.model", 3: "hw.ncpu", 24: "hw.memsize", 26: "hw.target", 27: "hw.product"]
    /// The kernel's (`CTL_KERN`, then `KERN_OSTYPE`...).
    private static let kernelNames: [Int: String] = [1: "kern.ostype", 2: "kern.osrelease", 65: "kern.osversion"]

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
        case "uname":
            try call.expect(1)
            guard let info = try call.pointer(0) else { throw call.mistake }
            let fields = ["sysname", "nodename", "release", "version", "machine"]
            let texts = ["Darwin", "iPhone", "21.0.0", "Darwin Kernel Version 21.0.0: root:xnu-8019.12.5~1/RELEASE_ARM64_T8015", "iPhone10,4"]
            // Each a `char [256]`, NUL-padded, as the struct holds it.
            let arrays = texts.map { text in Value.array((Array(text.utf8).map { .int(Int($0)) } + Array(repeating: .int(0), count: 256)).prefix(256).map { $0 }) }
            info.value = .structure(StructValue(name: "utsname", fieldNames: fields, fields: arrays))
            return .int(0)
        case "sysctl":
            try call.expect(6)
            let count = max(0, min(call[1].intValue ?? 0, 12))
            let numbers: [Int] = if case .array(let elements) = call[0] { elements.prefix(count).map { $0.intValue ?? 0 } }
                else { (try call.pointer(0)?.elements(upTo: count) ?? []).map { $0.intValue ?? 0 } }
            if numbers.count == 4, numbers[0] == 1, numbers[1] == 14, numbers[2] == 1 {
                return try processInfo(of: numbers[3], call, interpreter: interpreter)
            }
            guard numbers.count == 2, let name = (numbers[0] == 6 ? hardwareNames : numbers[0] == 1 ? kernelNames : [:])[numbers[1]] else {
                return interpreter.failure(errno: noSuchName)
            }
            return try answer(name, call, interpreter: interpreter)
        default:
            try call.expect(5)
            return try answer(try call.string(0), call, interpreter: interpreter)
        }
    }

    /// `sysctl`'s `kinfo_proc` of the process `pid` (the model's is 1; any other is not
    /// there, as the real one answers with no bytes): flags 0, so no `P_TRACED`.
    private static func processInfo(of pid: Int, _ call: FunctionCall, interpreter: Interpreter) throws -> Value {
        guard let sizePointer = try call.pointer(3) else { throw call.mistake }
        guard pid == 1 else {
            sizePointer.value = .int(0)
            return .int(0)
        }
        guard let buffer = try call.pointer(2) else { return .int(0) }
        let process = StructValue(name: "extern_proc", fieldNames: ["p_flag", "p_stat", "p_pid"], fields: [.int(0), .int(2), .int(pid)])
        buffer.value = .structure(StructValue(name: "kinfo_proc", fieldNames: ["kp_proc"], fields: [.structure(process)]))
        return .int(0)
    }

    /// What `sysctlbyname` (and `sysctl` by number) answers for `name`.
    private static func answer(_ name: String, _ call: FunctionCall, interpreter: Interpreter) throws -> Value {
        guard let (answer, numberSize) = controls[name] else { return interpreter.failure(errno: noSuchName) }
        // A string's size counts its NUL.
        let bytes: [Value]? = if case .string(let text) = answer { Array(text.utf8).map { .int(Int($0)) } + [.int(0)] } else { nil }
        let size = bytes?.count ?? numberSize
        let bufferIndex = call.function == "sysctl" ? 2 : 1
        guard let sizePointer = try call.pointer(bufferIndex + 1) else { throw call.mistake }
        guard let buffer = try call.pointer(bufferIndex) ?? CMemory.pointer(from: call[bufferIndex], in: interpreter.context.framework.cStrings) else {
            sizePointer.value = .int(size)
            return .int(0)
        }
        guard (sizePointer.value.intValue ?? 0) >= size else { return interpreter.failure(errno: noRoom) }
        if let bytes { buffer.write(bytes) } else { buffer.value = answer }
        sizePointer.value = .int(size)
        return .int(0)
    }
}
