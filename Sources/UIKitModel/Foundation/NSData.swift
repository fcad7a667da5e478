import Runtime

extension ClassLibrary {
    /// `NSData`: bytes, which strings give (`-[NSString dataUsingEncoding:]`) and take back
    /// (`-[NSString initWithData:encoding:]`). Data are equal when their bytes are, and
    /// describe themselves as Foundation does: `{length = 5, bytes = 0x68656c6c6f}`. The
    /// model reads no files' contents: `initWithContentsOfFile:` answers nil, as for a file
    /// that cannot be read.
    static func defineNSData(in runtime: Runtime, root: Class) throws {
        let initWithBytes = try runtime.selector("_initWithBytes:"), initialize = try runtime.selector("init")
        try runtime.registerClass(named: "NSData", superclass: root) { c in
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
            try c.addMethod("initWithContentsOfFile:", types: "@@:@") { m in
                _ = try m.optionalStringArgument(0)
                return .nil
            }
            try c.addClassMethod("dataWithContentsOfFile:", types: "@@:@") { m in
                _ = try m.optionalStringArgument(0)
                return .nil
            }
            try c.addMethod("length", types: "Q@:") { m in .int(try m.ivar("_bytes").arrayElements.count) }
            try c.addMethod("isEqualToData:", types: "B@:@") { m in .bool(try DataBytes.of(m[0], m) == (try m.ivar("_bytes").arrayElements)) }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(try DataBytes.of(m[0], m) == (try m.ivar("_bytes").arrayElements)) }
            try c.addMethod("hash", types: "Q@:") { m in .int(try m.ivar("_bytes").arrayElements.count) }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
            try c.addMethod("description", types: "@@:") { m in
                let bytes = try m.ivar("_bytes").arrayElements.map { $0.intValue ?? 0 }
                let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
                return .string("{length = \(bytes.count), bytes = 0x\(hex)}")
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
