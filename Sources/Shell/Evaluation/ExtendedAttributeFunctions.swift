import Runtime
import UIKitModel

/// Extended attributes of the app's files (`<sys/xattr.h>`), as caches keep an entry's
/// age limit or access count beside it: `setxattr`, `getxattr`, `removexattr` and
/// `listxattr` on the paths of the app's container (see ``AppContainer``).
///
/// rtsh keeps values rather than bytes, so an attribute holds what was written through the
/// pointer (the variable's value for `&ageLimit`, the bytes of `"\1"` or of a buffer) with
/// the size the caller gave, and `getxattr` writes it back the same way. A call that fails
/// answers -1 and sets `errno`, as the real ones do (`ENOENT` for no file, `ENOATTR` for no
/// such attribute, `EEXIST` and `ERANGE`); a file outside the container has no attributes
/// and takes none (`EPERM`).
enum ExtendedAttributeFunctions {
    private static let expectations: [String: String] = [
        "getxattr": "a path, a name, a buffer (or NULL for the size) and its size, a position and options, as in getxattr(path, \"com.app.age\", &age, sizeof(age), 0, 0)",
        "setxattr": "a path, a name, a value's address and its size, a position and options, as in setxattr(path, \"com.app.age\", &age, sizeof(age), 0, 0)",
        "removexattr": "a path, a name and options, as in removexattr(path, \"com.app.age\", 0)",
        "listxattr": "a path, a buffer for the names (or NULL for the size) and its size, and options, as in listxattr(path, NULL, 0, 0)",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// `setxattr`'s options: fail when the attribute exists, or when it does not.
    private static let createOnly = 2, replaceOnly = 4

    /// Darwin's `errno` codes for what fails here.
    private enum Failure: Int {
        case notPermitted = 1, noSuchFile = 2, exists = 17, tooSmall = 34, noAttribute = 93
    }

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let framework = interpreter.context.framework
        let container = framework.container
        try call.expect(name == "removexattr" ? 3 : name == "listxattr" ? 4 : 6)
        let path = try call.string(0)
        func failure(_ reason: Failure) -> Value { interpreter.failure(errno: reason.rawValue) }
        let outside: Failure = AppContainer.contains(path) ? .noSuchFile : .notPermitted
        guard container.holdsItem(at: path) else { return failure(outside) }
        switch name {
        case "listxattr":
            // Each name and its NUL, one after another.
            let bytes = container.extendedAttributeNames(at: path).flatMap { Array($0.utf8) + [0] }.map { Value.int(Int($0)) }
            guard call[1] != .nil, call[1] != .int(0) else { return .int(bytes.count) }
            guard try call.integer(2) >= bytes.count else { return failure(.tooSmall) }
            guard let buffer = CMemory.pointer(from: call[1], in: framework.cStrings) else { throw call.mistake }
            buffer.write(bytes)
            return .int(bytes.count)
        case "removexattr":
            return container.removeExtendedAttribute(named: try call.string(1), at: path) ? .int(0) : failure(.noAttribute)
        case "setxattr":
            let (attribute, size, options) = (try call.string(1), try call.integer(3), try call.integer(5))
            guard size >= 0, let source = CMemory.pointer(from: call[2], in: framework.cStrings) else { throw call.mistake }
            let exists = container.extendedAttribute(named: attribute, at: path) != nil
            if options & createOnly != 0 && exists { return failure(.exists) }
            if options & replaceOnly != 0 && !exists { return failure(.noAttribute) }
            // What memcpy would copy: a variable's value, or the elements of a buffer.
            let values = source.isElement ? source.elements(upTo: size) : [source.value]
            return container.setExtendedAttribute(.init(values: values, size: size), named: attribute, at: path) ? .int(0) : failure(.noSuchFile)
        default:
            guard let found = container.extendedAttribute(named: try call.string(1), at: path) else { return failure(.noAttribute) }
            guard call[2] != .nil, call[2] != .int(0) else { return .int(found.size) }
            guard let target = CMemory.pointer(from: call[2], in: framework.cStrings) else { throw call.mistake }
            guard try call.integer(3) >= found.size else { return failure(.tooSmall) }
            if target.isElement { target.write(found.values) } else if let only = found.values.first { target.value = only }
            return .int(found.size)
        }
    }
}
