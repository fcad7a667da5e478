import Runtime
import UIKitModel

/// `<unistd.h>`'s and `<stdio.h>`'s calls on paths, on the app's container (where
/// `NSFileManager` works): `access(path, mode)` answers 0 for an entry that is there (every
/// entry may be read, written and searched) and -1 with `ENOENT` otherwise; `unlink` removes
/// a file, `rmdir` an empty directory and `remove` either, answering 0, or -1 with the
/// `errno` the C library sets (`ENOENT`, `EPERM` for a directory unlinked or a path outside
/// the container, `ENOTDIR`, `ENOTEMPTY`). `open(path, flags)` gives a descriptor (from the
/// numbers file handles take) for an entry that is there, or one `O_CREAT` makes, else -1
/// with `ENOENT`; `close` lets one go, or answers -1 with `EBADF`. What a descriptor is
/// used for (a dispatch source watching a folder) is modelled where it is used.
enum FileFunctions {
    private static let expectations: [String: String] = [
        "access": "a path and a mode, as in access(path, F_OK)",
        "open": "a path, flags and, with O_CREAT, a mode, as in open(path, O_RDONLY)",
        "close": "a file descriptor, as in close(fd)",
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
        switch name {
        case "open":
            if arguments.count != 3 { try call.expect(2) }
            let (path, flags) = (try call.string(0), try call.integer(1))
            if !container.itemKind(at: path).exists {
                // O_CREAT: the file is made, empty, where the container lets it be.
                guard flags & 0x0200 != 0 else { return interpreter.failure(errno: 2) }
                if let code = container.createEmptyFile(at: path) { return interpreter.failure(errno: code) }
            }
            return .int(container.openDescriptor())
        case "close":
            try call.expect(1)
            return container.closeDescriptor(try call.integer(0)) ? .int(0) : interpreter.failure(errno: 9)
        default:
            break
        }
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
