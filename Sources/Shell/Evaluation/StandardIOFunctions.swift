import Runtime
import Synchronization
import UIKitModel

/// `<stdio.h>`'s output: `printf`, `fprintf`, `puts`, `fputs`, `putchar`, `fputc` and
/// `fflush` write to the console, where `NSLog` writes, a line at a time: text without a
/// newline waits for the rest of its line (or `fflush`). `stdout` and `stderr` both lead
/// there, as a test's output does in Xcode's console; `stdin` reads nothing.
enum StandardIOFunctions {
    private static let expectations: [String: String] = [
        "printf": "a format and its values, as in printf(\"%d items\\n\", count)",
        "fprintf": "a stream and a format with its values, as in fprintf(stderr, \"failed: %s\\n\", reason)",
        "puts": "a C string, as in puts(\"done\")",
        "fputs": "a C string and a stream, as in fputs(\"done\\n\", stdout)",
        "putchar": "a character, as in putchar('\\n')",
        "fputc": "a character and a stream, as in fputc('\\n', stderr)",
        "fflush": "a stream, or NULL for every one, as in fflush(stdout)",
    ]

    static let names = expectations.keys.sorted()

    /// `stdin`, `stdout` and `stderr`: their descriptors, as the streams' numbers.
    static let streams: [String: Value] = ["stdin": .int(0), "stdout": .int(1), "stderr": .int(2)]

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let output = interpreter.context.framework.standardOutput
        let console = interpreter.context.console
        /// Checks that argument `index` is an output stream.
        func stream(_ index: Int) throws {
            guard call[index] == .int(1) || call[index] == .int(2) else { throw call.mistake }
        }
        switch name {
        case "printf", "fprintf":
            let formatIndex = name == "printf" ? 0 : 1
            guard arguments.count > formatIndex else { throw call.mistake }
            if name == "fprintf" { try stream(0) }
            let text = try interpreter.formatted(try call.string(formatIndex), Array(arguments.dropFirst(formatIndex + 1)), at: location)
            output.write(text, to: console)
            return .int(text.utf8.count)
        case "puts":
            try call.expect(1)
            output.write(try call.string(0) + "\n", to: console)
            return .int(1)
        case "fputs":
            try call.expect(2)
            try stream(1)
            output.write(try call.string(0), to: console)
            return .int(1)
        case "putchar", "fputc":
            try call.expect(name == "putchar" ? 1 : 2)
            if name == "fputc" { try stream(1) }
            let code = try call.integer(0) & 0xFF
            output.write(String(decoding: [UInt8(code)], as: UTF8.self), to: console)
            return .int(code)
        default: // fflush
            try call.expect(1)
            if call[0] != .nil { try stream(0) }
            output.flush(to: console)
            return .int(0)
        }
    }
}

/// What `printf` and the other stream functions wrote that has no newline yet.
final class StandardOutput: Sendable {
    private let pending = Mutex("")

    /// Logs every whole line of what is pending with `text`, keeping the rest.
    func write(_ text: String, to console: Console) {
        let lines: [Substring] = pending.withLock { pending in
            pending += text
            var parts = pending.split(separator: "\n", omittingEmptySubsequences: false)
            pending = String(parts.removeLast())
            return parts
        }
        for line in lines { console.log(String(line)) }
    }

    /// Logs what is pending, even without its newline.
    func flush(to console: Console) {
        let rest = pending.withLock { pending in
            defer { pending = "" }
            return pending
        }
        if !rest.isEmpty { console.log(rest) }
    }
}
