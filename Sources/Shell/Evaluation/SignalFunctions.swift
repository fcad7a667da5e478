import Runtime

/// The handlers a crash reporter installs: `sigaction` and `signal` for the signals a
/// crash sends (`SIGABRT`, `SIGSEGV`, ...), with the signal sets they take, and
/// `NSSetUncaughtExceptionHandler`. Each is kept and answered back as the previous one,
/// as the system does (``InstalledHandlers``), but none is ever called: rtsh's process
/// receives no signal, and an exception nothing catches in a test is the test's failure,
/// as XCTest records it, before any handler would run.
///
/// A signal set (`sigset_t`) is a number, a bit for each signal, as Darwin's is.
enum SignalFunctions {
    private static let expectations: [String: String] = [
        "sigaction": "a signal, the address of the action to install (or NULL) and of one for the action before (or NULL), as in sigaction(SIGABRT, &action, &previous)",
        "signal": "a signal and a handler, as in signal(SIGPIPE, SIG_IGN)",
        "sigemptyset": "the address of a signal set, as in sigemptyset(&action.sa_mask)",
        "sigfillset": "the address of a signal set, as in sigfillset(&action.sa_mask)",
        "sigaddset": "the address of a signal set and a signal, as in sigaddset(&set, SIGABRT)",
        "sigdelset": "the address of a signal set and a signal, as in sigdelset(&set, SIGABRT)",
        "sigismember": "the address of a signal set and a signal, as in sigismember(&set, SIGABRT)",
        "NSSetUncaughtExceptionHandler": "the address of a function taking the exception (or NULL), as in NSSetUncaughtExceptionHandler(&MMHandleException)",
        "NSGetUncaughtExceptionHandler": "nothing, as in NSGetUncaughtExceptionHandler()",
    ]

    static let names = expectations.keys.sorted()

    /// Darwin's signal numbers run from 1 to 31 (`NSIG` is 32); `EINVAL` for others.
    private static let signals = 1..<32, invalidArgument = 22

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], handlers: InstalledHandlers, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        switch name {
        case "sigaction":
            try call.expect(3)
            let signal = try call.integer(0)
            // SIGKILL and SIGSTOP cannot be caught.
            guard signals.contains(signal), signal != 9 && signal != 17 || call[1] == .nil else { return .int(-1) }
            let previous = handlers.exchangeAction(for: signal, with: try call.pointer(1)?.value)
            if let target = try call.pointer(2) {
                // The default action, before any: `SIG_DFL` and no flags.
                target.value = previous ?? .structure(action(handler: .nil))
            }
            return .int(0)
        case "signal":
            try call.expect(2)
            let signal = try call.integer(0)
            guard signals.contains(signal), signal != 9 && signal != 17 else { return .int(-1) }
            // SIG_DFL, NULL, before any handler.
            guard case .structure(let previous)? = handlers.exchangeAction(for: signal, with: .structure(action(handler: call[1]))) else { return .nil }
            return previous["sa_handler"] ?? .nil
        case "sigemptyset", "sigfillset":
            try call.expect(1)
            guard let set = try call.pointer(0) else { throw call.mistake }
            set.value = .int(name == "sigfillset" ? Int(UInt32.max) : 0)
            return .int(0)
        case "sigaddset", "sigdelset", "sigismember":
            try call.expect(2)
            guard let set = try call.pointer(0) else { throw call.mistake }
            let signal = try call.integer(1)
            guard signals.contains(signal) else { return .int(-1) }
            let bits = set.value.intValue ?? 0, bit = 1 << (signal - 1)
            switch name {
            case "sigaddset": set.value = .int(bits | bit)
            case "sigdelset": set.value = .int(bits & ~bit)
            default: return .int(bits & bit == 0 ? 0 : 1)
            }
            return .int(0)
        case "NSSetUncaughtExceptionHandler":
            try call.expect(1)
            _ = handlers.exchangeExceptionHandler(with: call[0])
            return .nil
        default: // NSGetUncaughtExceptionHandler
            try call.expect(0)
            return handlers.exchangeExceptionHandler(with: nil)
        }
    }

    /// A `struct sigaction` calling `handler`, with no mask and no flags.
    private static func action(handler: Value) -> StructValue {
        StructValue(name: "sigaction", fieldNames: ["sa_handler", "sa_sigaction", "sa_mask", "sa_flags"], fields: [handler, .nil, .int(0), .int(0)])
    }
}
