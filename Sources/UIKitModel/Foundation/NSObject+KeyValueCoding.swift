import Runtime

extension ClassLibrary {
    /// Key-value coding as far as apps and tests read it: `-valueForKey:` sends the key's
    /// getter (`name`, else `isName`), else reads the ivar `_name` or `name`, else raises
    /// `NSUnknownKeyException` as Foundation does; `-setValue:forKey:` sends `setName:`,
    /// else writes the ivar. An array answers `valueForKey:` with the array of its
    /// elements' values (NSNull for nil), as NSArray does.
    static func defineKeyValueCoding(in runtime: Runtime, root: Class) throws {
        try runtime.extendDefinition(of: root) { c in
            try c.addMethod("valueForKey:", types: "@@:@") { m in
                try value(forKey: try m.stringArgument(0), of: m.receiver, m)
            }
            try c.addMethod("setValue:forKey:", types: "v@:@@") { m in
                let key = try m.stringArgument(1)
                let setter = try m.runtime.selector(Property.defaultSetterName(of: key))
                if m.runtime.lookUpMethod(setter, in: m.receiver.isa) != nil {
                    _ = try m.send(setter, to: m.receiver, Arguments(m[0]))
                    return .nil
                }
                for name in ["_" + key, key] where m.runtime.ivar(named: name, in: m.receiver.isa) != nil {
                    try m.runtime.setIvar(name, of: m.receiver, to: m[0])
                    return .nil
                }
                throw try unknownKey(key, of: m.receiver, m)
            }
        }
        try runtime.extendDefinition(of: try runtime.requireClass(named: "NSArray")) { c in
            try c.addMethod("valueForKey:", types: "@@:@") { m in
                let key = try m.stringArgument(0)
                guard case .array(let elements) = m.receiverValue else { return .array([]) }
                let null = try m.send("null", to: try m.runtime.requireClass(named: "NSNull"))
                return .array(try elements.map { element in
                    let found = try m.runtime.send(try m.runtime.selector("valueForKey:"), toValue: element, Arguments(.string(key)), nestedAt: m.depth + 1)
                    return found == .nil ? null : found
                })
            }
        }
    }

    private static func value(forKey key: String, of object: Object, _ m: borrowing Message) throws -> Value {
        let receiver: Value = (object as? ValueBox)?.value ?? .object(object)
        for getter in [key, "is" + key.prefix(1).uppercased() + key.dropFirst()] {
            let selector = try m.runtime.selector(getter)
            if m.runtime.lookUpMethod(selector, in: object.isa) != nil {
                return try m.runtime.send(selector, toValue: receiver, Arguments(), nestedAt: m.depth + 1)
            }
        }
        for name in ["_" + key, key] where m.runtime.ivar(named: name, in: object.isa) != nil {
            return try m.runtime.ivarValue(name, of: object)
        }
        throw try unknownKey(key, of: object, m)
    }

    /// `NSUnknownKeyException`, as `-valueForUndefinedKey:` raises it.
    private static func unknownKey(_ key: String, of object: Object, _ m: borrowing Message) throws -> RaisedNSException {
        try exception(
            named: "NSUnknownKeyException",
            reason: "[<\(object.isa.name) 0x\(String(object.serial, radix: 16))> valueForUndefinedKey:]: "
                + "this class is not key value coding-compliant for the key \(key).",
            in: m.runtime)
    }
}
