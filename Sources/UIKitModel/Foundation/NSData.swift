import Foundation
import Runtime

extension ClassLibrary {
    /// `NSData`: bytes, which strings give (`-[NSString dataUsingEncoding:]`) and take back
    /// (`-[NSString initWithData:encoding:]`). Data are equal when their bytes are, and
    /// describe themselves as Foundation does: `{length = 5, bytes = 0x68656c6c6f}`. Files are
    /// read by path or file URL (`dataWithContentsOfFile:`), nil with an `NSCocoaErrorDomain`
    /// error as Foundation gives one when they cannot be (see ``FileContents``).
    static func defineNSData(in runtime: Runtime, root: Class, loading: URLLoading) throws {
        let initWithBytes = try runtime.selector("_initWithBytes:"), initialize = try runtime.selector("init")
        let dataClass = try runtime.registerLazyClass(named: "NSData", superclass: root) { c in
            try c.addIvar("_bytes", type: .object(className: "NSArray"))
            // The one initializer the others share; not Foundation's API, hence the underscore.
            try c.addMethod("_initWithBytes:", types: "@@:@") { m in
                let bytes = try m.arrayArgument(0)
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_bytes", of: this, to: .array(bytes)) }
            }
            try c.addMethod("init", types: "@@:") { m in try m.send(initWithBytes, to: m.receiver, Arguments(.array([]))) }
            try c.addClassMethod("data", types: "@@:") { m in try m.allocInit(initWithBytes, Arguments(.array([]))) }
            try c.addMethod("initWithData:", types: "@@:@") { m in try m.send(initWithBytes, to: m.receiver, Arguments(.array(try DataBytes.argument(m, 0)))) }
            try c.addClassMethod("dataWithData:", types: "@@:@") { m in try m.allocInit(initWithBytes, Arguments(.array(try DataBytes.argument(m, 0)))) }
            // Reading files: the path forms, the file-URL forms, and those with an error out-parameter.
            for (form, errorArgument) in [("ContentsOfFile:", nil), ("ContentsOfURL:", nil), ("ContentsOfFile:options:error:", 2), ("ContentsOfURL:options:error:", 2)] as [(String, Int?)] {
                let types = errorArgument == nil ? "@@:@" : "@@:@Q^@"
                @Sendable func read(_ m: borrowing Message) throws -> Value {
                    guard let bytes = try FileContents.read(m, 0, errorArgument: errorArgument, loading: loading) else { return .nil }
                    return .array(bytes.map { .int(Int($0)) })
                }
                try c.addMethod("initWith" + form, types: types) { m in
                    let bytes = try read(m)
                    return bytes == .nil ? .nil : try m.send(initWithBytes, to: m.receiver, Arguments(bytes))
                }
                try c.addClassMethod("dataWith" + form, types: types) { m in
                    let bytes = try read(m)
                    return bytes == .nil ? .nil : try m.allocInit(initWithBytes, Arguments(bytes))
                }
            }
            try c.addMethod("length", types: "Q@:") { m in .int(try m.ivar("_bytes").arrayElements.count) }
            // Memory: bytes a pointer points at, and the bytes copied out into a buffer.
            for (form, isClass) in [("dataWithBytes:length:", true), ("initWithBytes:length:", false)] {
                let body: Implementation.Body = { m in
                    let count = try DataBytes.length(m, 1)
                    let bytes = count == 0 ? [] : try m.elementsArgument(0, upTo: count)
                    let arguments = Arguments(.array(bytes + Array(repeating: .int(0), count: max(0, count - bytes.count))))
                    return isClass ? try m.allocInit(initWithBytes, arguments) : try m.send(initWithBytes, to: m.receiver, arguments)
                }
                if isClass { try c.addClassMethod(form, types: "@@:r^vQ", body) } else { try c.addMethod(form, types: "@@:r^vQ", body) }
            }
            // A pointer into the data's own bytes, as on a device: code that fills a mutable
            // data through `bytes` (as `(Bytef *)data.bytes` does) fills the data.
            try c.addMethod("bytes", types: "r^v@:") { m in
                guard let bytes = m.runtime.ivar(named: "_bytes", in: m.receiver.isa) else { return .nil }
                return .reference(Reference(element: 0, of: Reference(ivar: bytes, of: m.receiver)))
            }
            try c.addMethod("getBytes:length:", types: "v@:^vQ") { m in
                try m.bufferArgument(0).write(Array(try m.ivar("_bytes").arrayElements.prefix(max(0, try m.integerArgument(1)))))
                return .nil
            }
            try c.addMethod("getBytes:range:", types: "v@:^v{_NSRange=QQ}") { m in
                let bytes = try m.ivar("_bytes").arrayElements
                try m.bufferArgument(0).write(Array(bytes[try m.rangeArgument(1, within: bytes.count, of: "data")]))
                return .nil
            }
            try c.addMethod("isEqualToData:", types: "B@:@") { m in .bool(try DataBytes.of(m[0], m) == (try m.ivar("_bytes").arrayElements)) }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(try DataBytes.of(m[0], m) == (try m.ivar("_bytes").arrayElements)) }
            try c.addMethod("hash", types: "Q@:") { m in .int(try m.ivar("_bytes").arrayElements.count) }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
            try c.addMethod("subdataWithRange:", types: "@@:{_NSRange=QQ}") { m in
                let bytes = try m.ivar("_bytes").arrayElements
                return try m.make("NSData", initWithBytes, Arguments(.array(Array(bytes[try m.rangeArgument(0, within: bytes.count, of: "data")]))))
            }
            // Base64, as RFC 4648 spells it, broken into lines of 64 or 76 characters ended as
            // the options say; as text, or as the data of its ASCII bytes.
            for (name, asData) in [("base64EncodedStringWithOptions:", false), ("base64EncodedDataWithOptions:", true)] {
                try c.addMethod(name, types: "@@:Q") { m in
                    let options = Data.Base64EncodingOptions(rawValue: UInt(truncatingIfNeeded: try m.integerArgument(0)))
                    let text = Data(try m.ivar("_bytes").arrayElements.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }).base64EncodedString(options: options)
                    guard asData else { return .string(text) }
                    return try m.make("NSData", initWithBytes, Arguments(.array(text.utf8.map { .int(Int($0)) })))
                }
            }
            // The names iOS 4 gave them, which older code still sends: no options.
            try c.addMethod("base64Encoding", types: "@@:") { m in try m.send("base64EncodedStringWithOptions:", to: m.receiver, .int(0)) }
            try c.addMethod("initWithBase64Encoding:", types: "@@:@") { m in
                try m.send("initWithBase64EncodedString:options:", to: m.receiver, m[0], .int(Int(Data.Base64DecodingOptions.ignoreUnknownCharacters.rawValue)))
            }
            // Text that is no base64 gives nil, as Foundation's does.
            for (name, types) in [("initWithBase64EncodedString:options:", "@@:@Q"), ("initWithBase64EncodedData:options:", "@@:@Q")] {
                try c.addMethod(name, types: types) { m in
                    let text = name.contains("String") ? try m.stringArgument(0)
                        : String(decoding: try DataBytes.argument(m, 0).map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }, as: UTF8.self)
                    guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else { return .nil }
                    return try m.send(initWithBytes, to: m.receiver, Arguments(.array(data.map { .int(Int($0)) })))
                }
            }
            try c.addMethod("mutableCopy", types: "@@:") { m in try m.make("NSMutableData", initWithBytes, Arguments(try m.ivar("_bytes"))) }
            try c.addMethod("description", types: "@@:") { m in
                let bytes = try m.ivar("_bytes").arrayElements.map { $0.intValue ?? 0 }
                @Sendable func hex(_ bytes: ArraySlice<Int>) -> String { bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }
                guard bytes.count > 24 else { return .string("{length = \(bytes.count), bytes = 0x\(hex(bytes[...]))}") }
                // Longer data show their first 16 and last 8 bytes, in groups of four, as Foundation abbreviates them.
                @Sendable func groups(_ bytes: ArraySlice<Int>) -> String {
                    stride(from: bytes.startIndex, to: bytes.endIndex, by: 4).map { hex(bytes[$0..<min($0 + 4, bytes.endIndex)]) }.joined(separator: " ")
                }
                return .string("{length = \(bytes.count), bytes = 0x\(groups(bytes.prefix(16))) ... \(groups(bytes.suffix(8))) }")
            }
        }
        // `NSMutableData`: data that grows, by appending and by length.
        try runtime.registerLazyClass(named: "NSMutableData", superclass: dataClass) { c in
            for (name, types) in [("dataWithCapacity:", "@@:Q"), ("dataWithLength:", "@@:Q")] {
                try c.addClassMethod(name, types: types) { m in
                    let count = name == "dataWithLength:" ? try DataBytes.length(m, 0) : 0
                    return try m.allocInit(initWithBytes, Arguments(.array(Array(repeating: .int(0), count: count))))
                }
            }
            try c.addMethod("initWithCapacity:", types: "@@:Q") { m in try m.send(initWithBytes, to: m.receiver, Arguments(.array([]))) }
            try c.addMethod("appendData:", types: "v@:@") { m in
                try m.setIvar("_bytes", .array(try m.ivar("_bytes").arrayElements + (try DataBytes.argument(m, 0))))
                return .nil
            }
            // The bytes a pointer points at: a C string's, a buffer's, another data's `bytes`.
            @Sendable func pointed(_ m: borrowing Message, _ index: Int, count: Int) throws -> [Value] {
                let bytes = count == 0 ? [] : try m.elementsArgument(index, upTo: count)
                return bytes + Array(repeating: .int(0), count: max(0, count - bytes.count))
            }
            try c.addMethod("appendBytes:length:", types: "v@:r^vQ") { m in
                let existing = try m.ivar("_bytes").arrayElements
                let added = try pointed(m, 0, count: try DataBytes.length(m, 1, after: existing.count))
                try m.setIvar("_bytes", .array(existing + added))
                return .nil
            }
            // `replaceBytesInRange:withBytes:` puts as many bytes as the range holds.
            for name in ["replaceBytesInRange:withBytes:", "replaceBytesInRange:withBytes:length:"] {
                let types = name.hasSuffix("length:") ? "v@:{_NSRange=QQ}r^vQ" : "v@:{_NSRange=QQ}r^v"
                try c.addMethod(name, types: types) { m in
                    var bytes = try m.ivar("_bytes").arrayElements
                    let range = try m.rangeArgument(0, within: bytes.count, of: "data")
                    let count = name.hasSuffix("length:") ? try DataBytes.length(m, 2, after: bytes.count) : range.count
                    bytes.replaceSubrange(range, with: try pointed(m, 1, count: count))
                    try m.setIvar("_bytes", .array(bytes))
                    return .nil
                }
            }
            try c.addMethod("resetBytesInRange:", types: "v@:{_NSRange=QQ}") { m in
                var bytes = try m.ivar("_bytes").arrayElements
                let range = try m.rangeArgument(0, within: bytes.count, of: "data")
                bytes.replaceSubrange(range, with: Array(repeating: .int(0), count: range.count))
                try m.setIvar("_bytes", .array(bytes))
                return .nil
            }
            try c.addMethod("initWithLength:", types: "@@:Q") { m in
                try m.send(initWithBytes, to: m.receiver, Arguments(.array(Array(repeating: .int(0), count: try DataBytes.length(m, 0)))))
            }
            try c.addMethod("setData:", types: "v@:@") { m in
                try m.setIvar("_bytes", .array(try DataBytes.argument(m, 0)))
                return .nil
            }
            // Longer is zero-filled, shorter cut off.
            try c.addMethod("setLength:", types: "v@:Q") { m in
                let bytes = try m.ivar("_bytes").arrayElements, length = try DataBytes.length(m, 0)
                try m.setIvar("_bytes", .array(Array(bytes.prefix(length)) + Array(repeating: .int(0), count: max(0, length - bytes.count))))
                return .nil
            }
            try c.addMethod("increaseLengthBy:", types: "v@:Q") { m in
                let bytes = try m.ivar("_bytes").arrayElements, added = try DataBytes.length(m, 0, after: bytes.count)
                try m.setIvar("_bytes", .array(bytes + Array(repeating: .int(0), count: added)))
                return .nil
            }
            try c.addMethod("copy", types: "@@:") { m in try m.make("NSData", initWithBytes, Arguments(try m.ivar("_bytes"))) }
            // The data's own bytes: what is written through the pointer changes the data,
            // as a random-bytes or a decoding function fills a buffer of a given length.
            try c.addMethod("mutableBytes", types: "^v@:") { m in
                guard let bytes = m.runtime.ivar(named: "_bytes", in: m.receiver.isa) else { return .nil }
                return .reference(Reference(element: 0, of: Reference(ivar: bytes, of: m.receiver)))
            }
        }
    }
}

/// Reading the bytes of data objects.
enum DataBytes {
    /// The most bytes one data object holds: rtsh keeps a byte as a value, so a length of
    /// billions (a length read from garbage, an unsigned underflow) is refused, not allocated.
    static let maximumLength = 1 << 24

    /// The length argument at `index`, a count of bytes (negative counts as 0), refused
    /// when the data would grow past ``maximumLength`` from `existing` bytes.
    static func length(_ m: borrowing Message, _ index: Int, after existing: Int = 0) throws -> Int {
        let length = max(0, try m.integerArgument(index))
        guard length <= maximumLength - existing else {
            throw ClassLibraryError.invalidArgument(
                method: m.methodName, reason: "a length of \(length) bytes is more than rtsh keeps in one data object (at most \(maximumLength), each byte a value)")
        }
        return length
    }

    static func of(_ value: Value, _ m: borrowing Message) throws -> [Value]? {
        guard let object = value.object, let data = m.runtime.class(named: "NSData"), object.isKind(of: data) else { return nil }
        return try m.runtime.ivarValue("_bytes", of: object).arrayElements
    }

    static func argument(_ m: borrowing Message, _ index: Int) throws -> [Value] {
        guard let bytes = try of(m[index], m) else { throw m.wrongArgument(index, expected: "an NSData") }
        return bytes
    }
}
