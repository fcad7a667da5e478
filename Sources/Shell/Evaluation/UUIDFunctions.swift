import Runtime

/// CoreFoundation's UUIDs, which older code makes its identifiers with: a `CFUUIDRef` is an
/// `NSUUID` here, numbered as `[NSUUID UUID]` numbers them, so output stays the same on
/// every run.
///
/// - `CFUUIDCreate(allocator)` makes one;
/// - `CFUUIDCreateString(allocator, uuid)` is its string (`uuid.UUIDString`);
/// - `CFUUIDCreateFromString(allocator, string)` reads one, NULL for a malformed string.
enum UUIDFunctions {
    private static let expectations: [String: String] = [
        "CFUUIDCreate": "an allocator, as in CFUUIDCreate(kCFAllocatorDefault)",
        "CFUUIDCreateString": "an allocator and a UUID, as in CFUUIDCreateString(kCFAllocatorDefault, uuid)",
        "CFUUIDCreateFromString": "an allocator and a string, as in CFUUIDCreateFromString(NULL, CFSTR(\"68753A44-4D6F-1226-9C60-0050E4C00067\"))",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let runtime = interpreter.runtime
        func send(_ selector: String, to receiver: Value, _ arguments: Value...) throws -> Value {
            try interpreter.send(selector, to: receiver, arguments, forCallAt: location)
        }
        func allocatedUUID() throws -> Value {
            try send("alloc", to: .object(try runtime.requireClass(named: "NSUUID")))
        }
        switch name {
        case "CFUUIDCreate":
            try call.expect(1)
            return try send("init", to: allocatedUUID())
        case "CFUUIDCreateString":
            try call.expect(2)
            guard let uuid = call[1].object, let uuidClass = runtime.class(named: "NSUUID"), uuid.isKind(of: uuidClass) else {
                throw call.mistake
            }
            return try send("UUIDString", to: call[1])
        default:
            try call.expect(2)
            return try send("initWithUUIDString:", to: allocatedUUID(), .string(try call.string(1)))
        }
    }
}
