import Runtime
import Synchronization

extension ClassLibrary {
    /// `NSUUID`: identifiers that are the same on every run, numbered in the order they are
    /// made (`00000000-0000-4000-8000-000000000001`, a version 4 form), so output stays
    /// deterministic; `initWithUUIDString:` reads any identifier in the standard form and
    /// answers nil for anything else. Two are equal when their strings are.
    static func defineNSUUID(in runtime: Runtime, root: Class) throws {
        let made = Mutex(0)
        try runtime.registerLazyClass(named: "NSUUID", superclass: root) { c in
            try c.addIvar("_string", type: .object(className: "NSString"))
            @Sendable func string(_ m: borrowing Message) throws -> Value { try m.ivar("_string") }
            try c.addClassMethod("UUID", types: "@@:") { m in try m.allocInit(try m.runtime.selector("init")) }
            try c.addMethod("init", types: "@@:") { m in
                let number = made.withLock { count in
                    count += 1
                    return count
                }
                let hex = String(number, radix: 16, uppercase: true)
                try m.setIvar("_string", .string("00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex))
                return .object(m.receiver)
            }
            try c.addMethod("initWithUUIDString:", types: "@@:@") { m in
                guard let text = m[0].text, isUUID(text) else { return .nil }
                try m.setIvar("_string", .string(text.uppercased()))
                return .object(m.receiver)
            }
            try c.addMethod("UUIDString", types: "@@:") { m in try string(m) }
            try c.addMethod("description", types: "@@:") { m in try string(m) }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = m[0].object, other.isKind(of: m.receiver.isa) || m.receiver.isKind(of: other.isa) else { return false }
                return .bool(try m.runtime.ivarValue("_string", of: other) == string(m))
            }
            try c.addMethod("hash", types: "Q@:") { m in
                guard case .string(let text) = try string(m) else { return 0 }
                // The same on every run, unlike Swift's seeded hashing.
                return .int(text.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) })
            }
            try c.addMethod("copyWithZone:", types: "@@:^{_NSZone=}") { m in .object(m.receiver) }
            // NSSecureCoding: the string under a key of the model's own (Foundation's holds the bytes).
            try addCoding(of: ["_string"], keyedBy: "NSUUID", initializer: try c.runtime.selector("init"), secure: true, to: &c)
        }
    }

    /// Whether `text` is a UUID in the standard 8-4-4-4-12 hexadecimal form.
    private static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }
}
