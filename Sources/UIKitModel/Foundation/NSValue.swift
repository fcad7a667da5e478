import Runtime

extension ClassLibrary {
    /// `NSValue`: a box for a struct, a scalar or an unretained object, as
    /// `[NSValue valueWithCGRect:]` and `+value:withObjCType:` make one and OCMock's
    /// `andReturnValue:` takes one. It keeps the value and its type encoding (`objCType`).
    /// Numbers stay `NSNumber`s, plain values (as `@5` reads as `5`), so a box is only made
    /// when code asks for one.
    static func defineNSValue(in runtime: Runtime, root: Class) throws {
        try runtime.registerLazyClass(named: "NSValue", superclass: root) { c in
            try c.addIvar("_value", type: .object(className: nil))
            try c.addIvar("_objCType", type: .object(className: "NSString"))
            let structs: [(name: String, type: ObjCType)] = [
                ("CGRect", .structure(name: "CGRect", encoding: "{CGRect={CGPoint=dd}{CGSize=dd}}")),
                ("CGPoint", .structure(name: "CGPoint", encoding: "{CGPoint=dd}")),
                ("CGSize", .structure(name: "CGSize", encoding: "{CGSize=dd}")),
                ("Range", .structure(name: "_NSRange", encoding: "{_NSRange=QQ}")),
                ("UIEdgeInsets", .structure(name: "UIEdgeInsets", encoding: "{UIEdgeInsets=dddd}")),
                ("CGAffineTransform", .structure(name: "CGAffineTransform", encoding: "{CGAffineTransform=dddddd}")),
            ]
            for (name, type) in structs {
                let encoding = type.description
                try c.addClassMethod("valueWith\(name):", types: "@@:\(encoding)") { m in
                    try boxed(try type.coerce(m[0], for: m.methodName), type: encoding, in: m.runtime)
                }
                // `CGRectValue`, `rangeValue`: Foundation lowercases the one word that is not an acronym.
                let getter = name == "Range" ? "rangeValue" : "\(name)Value"
                try c.addMethod(getter, types: "\(encoding)@:") { m in
                    let value = try m.ivar("_value")
                    guard case .structure = value, case .string(encoding) = try m.ivar("_objCType") else { return type.zeroValue }
                    return value
                }
            }
            try c.addClassMethod("valueWithNonretainedObject:", types: "@@:@") { m in try boxed(m[0], type: "@", in: m.runtime) }
            try c.addMethod("nonretainedObjectValue", types: "@@:") { m in try m.ivar("_value") }
            // A pointer, kept as given (a pointer into memory, a C string, a selector), and
            // equal to another of the same pointer.
            try c.addClassMethod("valueWithPointer:", types: "@@:^v") { m in try boxed(m[0], type: "^v", in: m.runtime) }
            try c.addMethod("pointerValue", types: "^v@:") { m in try m.ivar("_value") }
            // `[NSValue value:&x withObjCType:@encode(int)]`: the value the pointer points at.
            for factory in ["value:withObjCType:", "valueWithBytes:objCType:"] {
                try c.addClassMethod(factory, types: "@@:^v*") { m in
                    guard case .reference(let pointer) = m[0] else { throw m.wrongArgument(0, expected: "the address of a variable, as in &rect") }
                    guard case .string(let type) = m[1] else { throw m.wrongArgument(1, expected: "a type encoding, as in @encode(CGRect)") }
                    return try boxed(pointer.value, type: type, in: m.runtime)
                }
            }
            try c.addMethod("getValue:", types: "v@:^v") { m in
                guard case .reference(let pointer) = m[0] else { throw m.wrongArgument(0, expected: "the address of a variable, as in &rect") }
                pointer.value = try m.ivar("_value")
                return .nil
            }
            try c.addMethod("objCType", types: "*@:") { m in try m.ivar("_objCType") }
            try c.addMethod("isEqualToValue:", types: "B@:@") { m in .bool(try Self.sameBox(m.receiver, m[0], in: m.runtime)) }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(try Self.sameBox(m.receiver, m[0], in: m.runtime)) }
            try c.addMethod("hash", types: "Q@:") { m in .int(try m.ivar("_value").hashValue & Int.max) }
            try c.addMethod("description", types: "@@:") { m in
                let value = try m.ivar("_value")
                guard case .structure(let structure) = value else { return .string(value.description) }
                // As Foundation prints a boxed struct: `NSRect: {{0, 0}, {10, 20}}`.
                let label = ["CGRect": "NSRect", "CGPoint": "NSPoint", "CGSize": "NSSize", "_NSRange": "NSRange"][structure.name] ?? structure.name
                return .string("\(label): \(structure)")
            }
        }
    }

    private static func sameBox(_ box: Object, _ other: Value, in runtime: Runtime) throws -> Bool {
        guard let other = other.object, other.isa === box.isa else { return false }
        return try runtime.ivarValue("_objCType", of: box) == runtime.ivarValue("_objCType", of: other)
            && runtime.ivarValue("_value", of: box).isEqual(to: runtime.ivarValue("_value", of: other))
    }

    /// An `NSValue` holding `value`, of the type `type` encodes.
    static func boxed(_ value: Value, type: String, in runtime: Runtime) throws -> Value {
        let object = try runtime.createInstance(of: try runtime.requireClass(named: "NSValue"))
        try runtime.setIvars(of: object, ["_value": value, "_objCType": .string(type)])
        return .object(object)
    }

    /// What an `NSValue` holds and its type encoding, or nil for any other object.
    static func unboxed(_ value: Value, in runtime: Runtime) -> (value: Value, type: String)? {
        guard let object = value.object, let boxClass = runtime.class(named: "NSValue"), object.isKind(of: boxClass),
              case .string(let type)? = try? runtime.ivarValue("_objCType", of: object),
              let held = try? runtime.ivarValue("_value", of: object) else { return nil }
        return (held, type)
    }
}
