import Runtime
import UIKitModel

/// `<unistd.h>`'s and `<stdio.h>`'s calls on paths, on the app's container (where
/// `NSFileManager` works): `access(path, mode)` answers 0 for an entry that is there (every
/// entry may be read, written and searched) and -1 with `ENOENT` otherwise; `unlink` removes
/// a file, `rmdir` an empty directory and `remove` either, answering 0, or -1 with the
/// `errno` the C library sets (`ENOENT`, `EPERM` for a directory unlinked or a path outside
/// the container, `ENOTDIR`, `ENOTEMPTY`).
enum FileFunctions {
    private static let expectations: [String: String] = [
        "access": "a path and a mode, as in access(path, F_OK)",
        "unlink": "a path, as in unlink(path)",
        "rmdir": "a path, as in rmdir(path)",
        "remove": "a path, as in remove(path)",
    ]

    static let names = expectations.keys.sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let container = interpreter.context.framework.container
        try call.expect(name == "access" ? 2 : 1)
        let path = try call.string(0)
        if name == "access" {
            _ = try call.integer(1)
            return container.holdsItem(at: path) ? .int(0) : interpreter.failure(errno: 2)
        }
        let code = container.removeEntry(at: path, files: name != "rmdir", directories: name != "unlink")
        return code.map { interpreter.failure(errno: $0) } ?? .int(0)
    }
}
