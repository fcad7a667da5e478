import Runtime
import Synchronization

extension ClassLibrary {
    /// `NSValueTransformer`: the named transformers model code and bindings look up
    /// (`+valueTransformerForName:`, `+setValueTransformer:forName:`), and the base class
    /// subclasses override. The default transforms a value to itself; the reverse
    /// transform runs the forward one when the class allows it, and raises otherwise.
    ///
    /// Foundation's own named transformers are there from the start: `NSNegateBoolean`,
    /// `NSIsNil`, `NSIsNotNil`, and the unarchiving ones (`NSKeyedUnarchiveFromData`,
    /// `NSUnarchiveFromData`, `NSSecureUnarchiveFromData`), which archive on the way back.
    static func defineNSValueTransformer(in runtime: Runtime, root: Class) throws {
        let named = NamedTransformers()
        try runtime.registerLazyClass(named: "NSValueTransformer", superclass: root) { c in
            // Which of Foundation's own transformers an instance is; nil for any other.
            try c.addIvar("_builtin", type: .object(className: "NSString"))
            try c.addClassMethod("valueTransformerForName:", types: "@@:@") { m in
                guard m[0] != .nil else { return .nil }
                let name = try m.stringArgument(0)
                if let registered = named.transformer(named: name) { return .object(registered) }
                guard NamedTransformers.builtinNames.contains(name) else { return .nil }
                let made = try m.runtime.createInstance(of: try m.runtime.requireClass(named: "NSValueTransformer"))
                try m.runtime.setIvar("_builtin", of: made, to: .string(name))
                named.register(made, as: name)
                return .object(made)
            }
            try c.addClassMethod("setValueTransformer:forName:", types: "v@:@@") { m in
                named.register(m[0].object, as: try m.stringArgument(1))
                return .nil
            }
            try c.addClassMethod("valueTransformerNames", types: "@@:") { _ in
                .array(named.names.map(Value.string))
            }
            try c.addClassMethod("transformedValueClass", types: "#@:") { m in
                .object(try m.runtime.requireClass(named: "NSObject"))
            }
            try c.addClassMethod("allowsReverseTransformation", types: "B@:") { _ in .bool(true) }
            try c.addMethod("transformedValue:", types: "@@:@") { m in
                guard case .string(let builtin) = try m.ivar("_builtin") else { return m[0] }
                return try transform(m[0], by: builtin, reversed: false, m)
            }
            try c.addMethod("reverseTransformedValue:", types: "@@:@") { m in
                let builtin = try m.ivar("_builtin").text
                let allowed = if let builtin { !builtin.hasPrefix("NSIs") } else {
                    try m.send("allowsReverseTransformation", to: m.receiver.isa).isTruthy
                }
                guard allowed else {
                    throw try exception(
                        named: "NSInternalInconsistencyException",
                        reason: "\(builtin.map { "NSValueTransformer (\($0))" } ?? m.receiver.isa.name) does not allow reverse transformations", in: m.runtime)
                }
                guard let builtin else { return try m.send("transformedValue:", to: m.receiver, m[0]) }
                return try transform(m[0], by: builtin, reversed: true, m)
            }
        }
    }

    /// What one of Foundation's named transformers gives for `value`.
    private static func transform(_ value: Value, by builtin: String, reversed: Bool, _ m: borrowing Message) throws -> Value {
        switch builtin {
        case "NSNegateBoolean": return .bool(!value.isTruthy)
        case "NSIsNil": return .bool(value == .nil)
        case "NSIsNotNil": return .bool(value != .nil)
        default:
            // The unarchiving ones: data to the object it archives, and back.
            guard value != .nil else { return .nil }
            if reversed {
                return try m.send("archivedDataWithRootObject:", to: try m.runtime.requireClass(named: "NSKeyedArchiver"), value)
            }
            return try m.send("unarchiveObjectWithData:", to: try m.runtime.requireClass(named: "NSKeyedUnarchiver"), value)
        }
    }
}

/// The transformers registered by name, one runtime's. The objects are the runtime's own,
/// kept only while it lives; the lock makes registering from any thread safe.
private final class NamedTransformers: Sendable {
    /// Foundation's own names (`NSNegateBooleanTransformerName` is `@"NSNegateBoolean"`).
    static let builtinNames: Set<String> = [
        "NSNegateBoolean", "NSIsNil", "NSIsNotNil", "NSUnarchiveFromData", "NSKeyedUnarchiveFromData", "NSSecureUnarchiveFromData",
    ]

    private let registered = Mutex<[String: Object]>([:])

    func transformer(named name: String) -> Object? { registered.withLock { $0[name] } }

    /// Registers `transformer` as `name`; nil removes the name.
    func register(_ transformer: Object?, as name: String) { registered.withLock { $0[name] = transformer } }

    /// Every name registered or looked up, sorted.
    var names: [String] { registered.withLock { $0.keys.sorted() } }
}
