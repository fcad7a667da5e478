import Runtime

extension ClassLibrary {
    /// `NSData`: bytes, which strings give (`-[NSString dataUsingEncoding:]`) and take back
    /// (`-[NSString initWithData:encoding:]`). Data are equal when their bytes are, and
    /// describe themselves as Foundation does: `{length = 5, bytes = 0x68656c6c6f}`. Files are
    /// read by path or file URL (`dataWithContentsOfFile:`), nil with an `NSCocoaErrorDomain`
    /// error as Foundation gives one when they cannot be (see ``FileContents``).
    static func defineNSData(in runtime: Runtime, root: Class) throws {
        let initWithBytes = try runtime.selector("_initWithBytes:"), initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSData", superclass: root) { c in
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
                    guard let bytes = try FileContents.read(m, 0, errorArgument: errorArgument) else { return .nil }
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
            try c.addMethod("isEqualToData:", types: "B@:@") { m in .bool(try DataBytes.of(m[0], m) == (try m.ivar("_bytes").arrayElements)) }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(try DataBytes.of(m[0], m) == (try m.ivar("_bytes").arrayElements)) }
            try c.addMethod("hash", types: "Q@:") { m in .int(try m.ivar("_bytes").arrayElements.count) }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
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
    }
}

/// Reading the bytes of data objects.
enum DataBytes {
    static func of(_ value: Value, _ m: borrowing Message) throws -> [Value]? {
        guard let object = value.object, let data = m.runtime.class(named: "NSData"), object.isKind(of: data) else { return nil }
        return try m.runtime.ivarValue("_bytes", of: object).arrayElements
    }

    static func argument(_ m: borrowing Message, _ index: Int) throws -> [Value] {
        guard let bytes = try of(m[index], m) else { throw m.wrongArgument(index, expected: "an NSData") }
        return bytes
    }
}
