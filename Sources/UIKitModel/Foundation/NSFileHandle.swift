import Foundation
import Runtime
import Synchronization

extension ClassLibrary {
    /// `NSFileHandle` on a file: reading from the tree's files or the app's container,
    /// writing (and updating) in the container, at an offset the handle keeps, as
    /// Foundation's handles do (a logger appending with `seekToEndOfFile` and `writeData:`).
    /// A handle for a file that is not there is nil; writing outside the container fails
    /// as the file manager's writes do. The older methods raise
    /// `NSFileHandleOperationException` where the newer ones (`…error:`) put an `NSError`
    /// in their out-parameter and answer NO or nil. Each handle has a file descriptor of
    /// its own, counting from 3 (0 to 2 being the standard streams, which are not modelled).
    static func defineNSFileHandle(in runtime: Runtime, root: Class, container: AppContainer) throws {
        try runtime.registerLazyClass(named: "NSFileHandle", superclass: root) { c in
            try c.addIvar("_path", type: .object(className: "NSString"))
            try c.addIvar("_offset", type: .integer(code: "Q"))
            try c.addIvar("_writable", type: .bool)
            try c.addIvar("_readable", type: .bool)
            try c.addIvar("_closed", type: .bool)
            try c.addIvar("_descriptor", type: .integer(code: "i"))

            /// A handle on the file at the path argument, or nil when there is none.
            @Sendable func open(_ m: borrowing Message, reading: Bool, writing: Bool, errorArgument: Int?) throws -> Value {
                let path: String
                switch try FileContents.path(m, 0) {
                case .success(let given): path = given
                case .failure: throw m.wrongArgument(0, expected: "a file path or a file NSURL")
                }
                guard case .success = FileContents.bytes(at: path, in: container) else {
                    try FileContents.report(.noSuchFile, path: path, m, errorArgument: errorArgument)
                    return .nil
                }
                if writing, !AppContainer.contains(path) {
                    try report(.noPermission, path: path, m, errorArgument: errorArgument)
                    return .nil
                }
                let handle = try m.send("alloc", to: m.receiver)
                guard let object = handle.object else { return .nil }
                for (name, value) in [("_path", Value.string(path)), ("_readable", .bool(reading)), ("_writable", .bool(writing)), ("_descriptor", .int(container.openDescriptor()))] {
                    try m.runtime.setIvar(name, of: object, to: value)
                }
                return handle
            }
            for (form, reading, writing) in [("ForReading", true, false), ("ForWriting", false, true), ("ForUpdating", true, true)] {
                try c.addClassMethod("fileHandle\(form)AtPath:", types: "@@:@") { m in
                    try open(m, reading: reading, writing: writing, errorArgument: nil)
                }
                let urlForm = form == "ForUpdating" ? "ForUpdatingURL:error:" : form == "ForReading" ? "ForReadingFromURL:error:" : "ForWritingToURL:error:"
                try c.addClassMethod("fileHandle" + urlForm, types: "@@:@^@") { m in
                    try open(m, reading: reading, writing: writing, errorArgument: 1)
                }
            }

            /// The file's bytes now, or the failure (the handle closed, or the file gone).
            @Sendable func contents(_ m: borrowing Message, for selector: String, errorArgument: Int?) throws -> [UInt8]? {
                guard try usable(m, for: selector, errorArgument: errorArgument) else { return nil }
                let path = try m.ivar("_path").text ?? ""
                switch FileContents.bytes(at: path, in: container) {
                case .success(let bytes): return bytes
                case .failure(let failure):
                    try fail(m, selector, reason: "No such file or directory", errorArgument: errorArgument, failure: failure.rawValue)
                    return nil
                }
            }
            /// Whether the handle is open; when not, raises or reports as the method does.
            @Sendable func usable(_ m: borrowing Message, for selector: String, errorArgument: Int?) throws -> Bool {
                guard try m.ivar("_closed").isTruthy else { return true }
                try fail(m, selector, reason: "Bad file descriptor", errorArgument: errorArgument, failure: nil)
                return false
            }
            @Sendable func offset(_ m: borrowing Message) throws -> Int { try m.ivar("_offset").intValue ?? 0 }
            /// Writes the file's new bytes and moves the handle to `offset`; false, with the
            /// failure reported, when the file could not be written.
            @Sendable func store(_ bytes: [UInt8], _ m: borrowing Message, movingTo offset: Int, errorArgument: Int?) throws -> Bool {
                let path = try m.ivar("_path").text ?? ""
                do throws(AppContainer.Failure) {
                    try container.write(bytes, to: path)
                } catch {
                    try report(error, path: path, m, errorArgument: errorArgument)
                    return false
                }
                try m.setIvar("_offset", .int(offset))
                return true
            }
            @Sendable func data(_ bytes: ArraySlice<UInt8>, _ m: borrowing Message) throws -> Value {
                try m.make("NSData", try m.runtime.selector("_initWithBytes:"), Arguments(.array(bytes.map { .int(Int($0)) })))
            }

            // Reading from the offset: everything left, or up to a length.
            for (selector, limited, errorArgument) in [
                ("readDataToEndOfFile", false, nil), ("availableData", false, nil), ("readDataOfLength:", true, nil),
                ("readDataToEndOfFileAndReturnError:", false, 0), ("readDataUpToLength:error:", true, 1),
            ] as [(String, Bool, Int?)] {
                let types = limited ? (errorArgument == nil ? "@@:Q" : "@@:Q^@") : (errorArgument == nil ? "@@:" : "@@:^@")
                try c.addMethod(selector, types: types) { m in
                    guard try m.ivar("_readable").isTruthy || m.ivar("_closed").isTruthy else {
                        try fail(m, selector, reason: "Bad file descriptor", errorArgument: errorArgument, failure: nil)
                        return .nil
                    }
                    guard let bytes = try contents(m, for: selector, errorArgument: errorArgument) else { return .nil }
                    let start = min(try offset(m), bytes.count)
                    let end = limited ? min(bytes.count, start + max(0, try m.integerArgument(0))) : bytes.count
                    try m.setIvar("_offset", .int(end))
                    return try data(bytes[start..<end], m)
                }
            }
            // Writing at the offset, over what is there and past its end.
            for (selector, errorArgument) in [("writeData:", nil), ("writeData:error:", 1)] as [(String, Int?)] {
                try c.addMethod(selector, types: errorArgument == nil ? "v@:@" : "B@:@^@") { m in
                    let written = try DataBytes.argument(m, 0).map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
                    let answer: Value = errorArgument == nil ? .nil : .bool(false)
                    guard try m.ivar("_writable").isTruthy || m.ivar("_closed").isTruthy else {
                        try fail(m, selector, reason: "Bad file descriptor", errorArgument: errorArgument, failure: nil)
                        return answer
                    }
                    guard var bytes = try contents(m, for: selector, errorArgument: errorArgument) else { return answer }
                    let start = try offset(m)
                    if bytes.count < start { bytes += [UInt8](repeating: 0, count: start - bytes.count) }
                    bytes.replaceSubrange(start..<min(bytes.count, start + written.count), with: written)
                    guard try store(bytes, m, movingTo: start + written.count, errorArgument: errorArgument) else { return answer }
                    return errorArgument == nil ? .nil : .bool(true)
                }
            }
            // Where the handle is, and moving it.
            try c.addMethod("offsetInFile", types: "Q@:") { m in
                guard try usable(m, for: "offsetInFile", errorArgument: nil) else { return .int(0) }
                return .int(try offset(m))
            }
            try c.addMethod("getOffset:error:", types: "B@:^Q^@") { m in
                guard try usable(m, for: "getOffset:error:", errorArgument: 1) else { return .bool(false) }
                if case .reference(let out) = m[0] { out.value = .int(try offset(m)) }
                return .bool(true)
            }
            try c.addMethod("seekToFileOffset:", types: "v@:Q") { m in
                guard try usable(m, for: "seekToFileOffset:", errorArgument: nil) else { return .nil }
                try m.setIvar("_offset", .int(max(0, try m.integerArgument(0))))
                return .nil
            }
            try c.addMethod("seekToOffset:error:", types: "B@:Q^@") { m in
                guard try usable(m, for: "seekToOffset:error:", errorArgument: 1) else { return .bool(false) }
                try m.setIvar("_offset", .int(max(0, try m.integerArgument(0))))
                return .bool(true)
            }
            try c.addMethod("seekToEndOfFile", types: "Q@:") { m in
                guard let bytes = try contents(m, for: "seekToEndOfFile", errorArgument: nil) else { return .int(0) }
                try m.setIvar("_offset", .int(bytes.count))
                return .int(bytes.count)
            }
            try c.addMethod("seekToEndReturningOffset:error:", types: "B@:^Q^@") { m in
                guard let bytes = try contents(m, for: "seekToEndReturningOffset:error:", errorArgument: 1) else { return .bool(false) }
                try m.setIvar("_offset", .int(bytes.count))
                if case .reference(let out) = m[0] { out.value = .int(bytes.count) }
                return .bool(true)
            }
            // Cutting the file at an offset, which the handle moves to.
            for (selector, errorArgument) in [("truncateFileAtOffset:", nil), ("truncateAtOffset:error:", 1)] as [(String, Int?)] {
                try c.addMethod(selector, types: errorArgument == nil ? "v@:Q" : "B@:Q^@") { m in
                    let answer: Value = errorArgument == nil ? .nil : .bool(false)
                    guard var bytes = try contents(m, for: selector, errorArgument: errorArgument) else { return answer }
                    let length = max(0, try m.integerArgument(0))
                    bytes = bytes.count > length ? Array(bytes[..<length]) : bytes + [UInt8](repeating: 0, count: length - bytes.count)
                    guard try store(bytes, m, movingTo: length, errorArgument: errorArgument) else { return answer }
                    return errorArgument == nil ? .nil : .bool(true)
                }
            }
            // The model's writes reach the file at once: synchronizing has nothing left to do.
            try c.addMethod("synchronizeFile", types: "v@:") { m in
                _ = try usable(m, for: "synchronizeFile", errorArgument: nil)
                return .nil
            }
            try c.addMethod("synchronizeAndReturnError:", types: "B@:^@") { m in .bool(try usable(m, for: "synchronizeAndReturnError:", errorArgument: 0)) }
            try c.addMethod("closeFile", types: "v@:") { m in
                try m.setIvar("_closed", true)
                return .nil
            }
            try c.addMethod("closeAndReturnError:", types: "B@:^@") { m in
                try m.setIvar("_closed", true)
                return .bool(true)
            }
            try c.addMethod("fileDescriptor", types: "i@:") { m in try m.ivar("_descriptor") }
        }
    }

    /// A handle's operation failing: `NSFileHandleOperationException` for the older
    /// methods, an `NSError` (POSIX's `EBADF` for a closed handle, else Cocoa's `failure`)
    /// in the out-parameter for the newer ones.
    private static func fail(_ m: borrowing Message, _ selector: String, reason: String, errorArgument: Int?, failure: Int?) throws {
        guard let errorArgument else {
            throw try exception(named: "NSFileHandleOperationException", reason: "*** -[NSConcreteFileHandle \(selector)]: \(reason)", in: m.runtime)
        }
        guard case .reference(let pointer) = m[errorArgument] else { return }
        let (domain, code) = failure.map { ("NSCocoaErrorDomain", $0) } ?? ("NSPOSIXErrorDomain", 9)
        pointer.value = try m.send(
            "errorWithDomain:code:userInfo:", to: m.runtime.requireClass(named: "NSError"),
            .string(domain), .int(code), .dictionary([.string("NSLocalizedDescription"): .string("The operation couldn’t be completed. \(reason)")]))
    }
}

