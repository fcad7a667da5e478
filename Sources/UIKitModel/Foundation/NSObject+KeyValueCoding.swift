import Runtime

extension ClassLibrary {
    /// Key-value coding as Foundation searches: `-valueForKey:` sends the key's getter
    /// (`getName`, `name`, `isName` or `_name`), else reads a to-many property through its
    /// indexed accessors (`countOfNames` with `objectInNamesAtIndex:`…), else reads the
    /// ivar `_name`, `_isName`, `name` or `isName`, else sends `-valueForUndefinedKey:`;
    /// `-setValue:forKey:` sends `setName:` or `_setName:`, else writes the ivar, else
    /// sends `-setValue:forUndefinedKey:`; nil for a scalar sends `-setNilValueForKey:`,
    /// which raises unless the class overrides it. NSObject's raise `NSUnknownKeyException`
    /// as Foundation's do, and a class overrides them as in Foundation (a model ignoring a
    /// JSON key it has no property for). An array answers `valueForKey:` with the array of
    /// its elements' values (NSNull for nil), as NSArray does. A struct is answered boxed in
    /// an `NSValue` and taken from one, and a scalar is taken from an object by its
    /// `boolValue`, `longLongValue` or `doubleValue`, as Foundation's key-value coding does.
    static func defineKeyValueCoding(in runtime: Runtime, root: Class) throws {
        try runtime.extendDefinition(of: root) { c in
            try c.addMethod("valueForKey:", types: "@@:@") { m in
                try value(forKey: try m.stringArgument(0), of: m.receiver, m)
            }
            try c.addMethod("setValue:forKey:", types: "v@:@@") { m in
                let key = try m.stringArgument(1)
                let capitalized = key.prefix(1).uppercased() + key.dropFirst()
                for name in ["set\(capitalized):", "_set\(capitalized):"] {
                    let setter = try m.runtime.selector(name)
                    guard let method = m.runtime.lookUpMethod(setter, in: m.receiver.isa) else { continue }
                    if try setsNil(for: method.types.argumentTypes.first, key, m) { return .nil }
                    _ = try m.send(setter, to: m.receiver, Arguments(try scalar(m[0], for: method.types.argumentTypes.first, m)))
                    return .nil
                }
                for name in ["_" + key, "_is" + capitalized, key, "is" + capitalized] {
                    guard let ivar = m.runtime.ivar(named: name, in: m.receiver.isa) else { continue }
                    if try setsNil(for: ivar.type, key, m) { return .nil }
                    try m.receiver.setValue(try scalar(m[0], for: ivar.type, m), of: ivar)
                    return .nil
                }
                return try m.send(try m.runtime.selector("setValue:forUndefinedKey:"), to: m.receiver, Arguments(m[0], .string(key)))
            }
            try c.addMethod("setValue:forUndefinedKey:", types: "v@:@@") { m in
                throw try unknownKey(try m.stringArgument(1), of: m.receiver, m, setting: true)
            }
            try c.addMethod("setNilValueForKey:", types: "v@:@") { m in
                let key = try m.stringArgument(0)
                throw try exception(
                    named: "NSInvalidArgumentException",
                    reason: "[<\(m.receiver.isa.name) 0x\(String(m.receiver.serial, radix: 16))> setNilValueForKey]: could not set nil as the value for the key \(key).",
                    in: m.runtime)
            }
            try c.addMethod("valueForUndefinedKey:", types: "@@:@") { m in
                throw try unknownKey(try m.stringArgument(0), of: m.receiver, m)
            }
            // Validation sends `validate<Key>:error:` when the class has one, passing the
            // value's pointer so it may put another in; with none, every value is valid.
            try c.addMethod("validateValue:forKey:error:", types: "B@:^@@^@") { m in
                let key = try m.stringArgument(1)
                let validator = try m.runtime.selector("validate" + key.prefix(1).uppercased() + key.dropFirst() + ":error:")
                guard m.runtime.lookUpMethod(validator, in: m.receiver.isa) != nil else { return .bool(true) }
                return try m.send(validator, to: m.receiver, Arguments(m[0], m[2]))
            }
            // Each entry set by its key; NSNull sets nil, as Foundation sets it.
            try c.addMethod("setValuesForKeysWithDictionary:", types: "v@:@") { m in
                guard let entries = m[0].dictionaryEntries else { throw m.wrongArgument(0, expected: "a dictionary") }
                let null = try m.send("null", to: try m.runtime.requireClass(named: "NSNull"))
                let setter = try m.runtime.selector("setValue:forKey:")
                for (key, value) in entries.sorted(by: { $0.key.description < $1.key.description }) {
                    _ = try m.send(setter, to: m.receiver, Arguments(value == null ? .nil : value, key))
                }
                return .nil
            }
            // Each key's value, NSNull for nil, as Foundation gives them.
            try c.addMethod("dictionaryWithValuesForKeys:", types: "@@:@") { m in
                let null = try m.send("null", to: try m.runtime.requireClass(named: "NSNull"))
                var entries: [Value: Value] = [:]
                for key in try m.arrayArgument(0) {
                    let found = try m.send(try m.runtime.selector("valueForKey:"), to: m.receiver, Arguments(key))
                    entries[key] = found == .nil ? null : found
                }
                return .dictionary(entries)
            }
            try c.addMethod("valueForKeyPath:", types: "@@:@") { m in
                try value(forKeyPath: try m.stringArgument(0), of: m.receiverValue, m)
            }
            try c.addMethod("setValue:forKeyPath:", types: "v@:@@") { m in
                var keys = try m.stringArgument(1).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                let last = keys.removeLast()
                // A path of one key sets it on the receiver itself.
                let target = keys.isEmpty ? Value.object(m.receiver) : try value(forKeyPath: keys.joined(separator: "."), of: m.receiverValue, m)
                guard target != .nil else { return .nil }
                _ = try m.runtime.send(try m.runtime.selector("setValue:forKey:"), toValue: target, Arguments(m[0], .string(last)), nestedAt: m.depth + 1)
                return .nil
            }
        }
        // A dictionary's value for a key is its entry.
        try runtime.extendDefinition(of: try runtime.requireClass(named: "NSDictionary")) { c in
            try c.addMethod("valueForKey:", types: "@@:@") { m in
                try m.send(try m.runtime.selector("objectForKey:"), to: m.receiver, Arguments(.string(try m.stringArgument(0))))
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
        // A set's value for a key is the set of its members' values, nils left out.
        try runtime.extendDefinition(of: try runtime.requireClass(named: "NSSet")) { c in
            try c.addMethod("valueForKey:", types: "@@:@") { m in
                let key = Arguments(.string(try m.stringArgument(0))), valueForKey = try m.runtime.selector("valueForKey:")
                let found = try SetMembers.of(m).map { try m.runtime.send(valueForKey, toValue: $0, key, nestedAt: m.depth + 1) }
                return try m.send("setWithArray:", to: try m.runtime.requireClass(named: "NSSet"), .array(found.filter { $0 != .nil }))
            }
        }
    }

    /// Whether the value to set, nil, is for a scalar, which is the class's to decide: then
    /// sends it `setNilValueForKey:`, as Foundation does.
    private static func setsNil(for type: ObjCType?, _ key: String, _ m: borrowing Message) throws -> Bool {
        guard m[0] == .nil else { return false }
        switch type {
        case .bool?, .char?, .integer?, .float?, .double?, .structure?, .bitField?:
            _ = try m.send(try m.runtime.selector("setNilValueForKey:"), to: m.receiver, Arguments(.string(key)))
            return true
        default:
            return false
        }
    }

    /// What KVC stores in a scalar: an object given for a `BOOL`, an integer or a
    /// floating-point value is asked for its `boolValue`, `longLongValue` or `doubleValue`,
    /// as Foundation unboxes an `NSNumber` (and an `NSString`, which answers them too).
    /// Anything else, and any value for an object, is stored as it is.
    private static func scalar(_ value: Value, for type: ObjCType?, _ m: borrowing Message) throws -> Value {
        let accessor: String
        switch type {
        case .bool?: accessor = "boolValue"
        case .integer?, .char?: accessor = "longLongValue"
        case .double?, .float?: accessor = "doubleValue"
        case .structure?:
            // A struct is given boxed, as `valueForKey:` gives it: the box's struct is stored.
            if let (held, _) = unboxed(value, in: m.runtime), case .structure = held { return held }
            return value
        default: return value
        }
        guard value.text != nil else { return value }
        return try m.runtime.send(try m.runtime.selector(accessor), toValue: value, Arguments(), nestedAt: m.depth + 1)
    }

    /// `valueForKeyPath:`: each key of the path sent as `valueForKey:` to what the one
    /// before answered (nil ends it); a collection operator (`@count`, `@sum.price`,
    /// `@avg`, `@max`, `@min`, `@unionOfObjects`, `@distinctUnionOfObjects`) applies to the
    /// array or set reached so far and the path after it.
    static func value(forKeyPath path: String, of start: Value, _ m: borrowing Message) throws -> Value {
        guard !path.isEmpty else { return start }
        var keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var current = start
        let valueForKey = try m.runtime.selector("valueForKey:")
        while !keys.isEmpty {
            let key = keys.removeFirst()
            if key.hasPrefix("@") { return try collectionOperator(key, then: keys.joined(separator: "."), on: current, m) }
            guard current != .nil else { return .nil }
            current = try m.runtime.send(valueForKey, toValue: current, Arguments(.string(key)), nestedAt: m.depth + 1)
        }
        return current
    }

    private static func collectionOperator(_ name: String, then rest: String, on collection: Value, _ m: borrowing Message) throws -> Value {
        var elements = collection.arrayElements
        if elements.isEmpty, let object = collection.object, let all = try m.sendIfImplemented(try m.runtime.selector("allObjects"), to: object) {
            elements = all.arrayElements
        }
        if name == "@count" { return .int(elements.count) }
        let nullClass = m.runtime.class(named: "NSNull")
        let values = try elements.map { try value(forKeyPath: rest, of: $0, m) }
            .filter { value in value != .nil && !(nullClass.map { value.object?.isKind(of: $0) ?? false } ?? false) }
        switch name {
        case "@unionOfObjects":
            return .array(values)
        case "@distinctUnionOfObjects":
            var kept: [Value] = []
            for value in values where !kept.contains(where: { $0.isEqual(to: value) }) { kept.append(value) }
            return .array(kept)
        case "@sum", "@avg":
            let numbers = values.compactMap(\.numberValue)
            let sum = numbers.reduce(0, +)
            if name == "@avg" { return .double(numbers.isEmpty ? 0 : sum / Double(numbers.count)) }
            return values.allSatisfy({ if case .int = $0 { true } else { false } }) ? .int(Int(sum)) : .double(sum)
        case "@max", "@min":
            let ordered = try values.sorted { a, b in
                try m.runtime.send(try m.runtime.selector("compare:"), toValue: a, Arguments(b), nestedAt: m.depth + 1).intValue == -1
            }
            return (name == "@max" ? ordered.last : ordered.first) ?? .nil
        default:
            throw ClassLibraryError.invalidArgument(
                method: m.methodName,
                reason: "this class does not implement the \(name.dropFirst()) operation; "
                    + "use @count, @sum, @avg, @max, @min, @unionOfObjects or @distinctUnionOfObjects")
        }
    }

    private static func value(forKey key: String, of object: Object, _ m: borrowing Message) throws -> Value {
        let receiver: Value = (object as? ValueBox)?.value ?? .object(object)
        let capitalized = key.prefix(1).uppercased() + key.dropFirst()
        for getter in ["get" + capitalized, key, "is" + capitalized, "_" + key] {
            let selector = try m.runtime.selector(getter)
            if let method = m.runtime.lookUpMethod(selector, in: object.isa) {
                return try boxingStruct(try m.runtime.send(selector, toValue: receiver, Arguments(), nestedAt: m.depth + 1), of: method.types.returnType, m)
            }
        }
        if let members = try toManyMembers(capitalized, of: object, m) { return members }
        for name in ["_" + key, "_is" + capitalized, key, "is" + capitalized] {
            guard let ivar = m.runtime.ivar(named: name, in: object.isa) else { continue }
            return try boxingStruct(try object.value(of: ivar), of: ivar.type, m)
        }
        return try m.runtime.send(try m.runtime.selector("valueForUndefinedKey:"), toValue: receiver, Arguments(.string(key)), nestedAt: m.depth + 1)
    }

    /// A to-many property the class gives only indexed accessors for (`countOf<Key>` with
    /// `objectIn<Key>AtIndex:` or `<key>AtIndexes:`, an array; `countOf<Key>` with
    /// `enumeratorOf<Key>` and `memberOf<Key>:`, a set), read through them as Foundation
    /// reads it; nil when the class has none.
    private static func toManyMembers(_ capitalized: String, of object: Object, _ m: borrowing Message) throws -> Value? {
        let runtime = m.runtime, depth = m.depth + 1
        func responds(_ name: String) throws -> Selector? {
            let selector = try runtime.selector(name)
            return runtime.instancesRespond(object.isa, to: selector) ? selector : nil
        }
        guard let countOf = try responds("countOf" + capitalized) else { return nil }
        if let objectAt = try responds("objectIn\(capitalized)AtIndex:") {
            let count = try runtime.send(countOf, to: object, Arguments(), nestedAt: depth).intValue ?? 0
            return .array(try (0..<max(count, 0)).map { try runtime.send(objectAt, to: object, Arguments(.int($0)), nestedAt: depth) })
        }
        if let objectsAt = try responds(capitalized.prefix(1).lowercased() + capitalized.dropFirst() + "AtIndexes:") {
            let count = try runtime.send(countOf, to: object, Arguments(), nestedAt: depth).intValue ?? 0
            let all = try makeIndexSet(Array(0..<max(count, 0)), m)
            return try runtime.send(objectsAt, to: object, Arguments(all), nestedAt: depth)
        }
        if let enumeratorOf = try responds("enumeratorOf" + capitalized), try responds("memberOf\(capitalized):") != nil {
            let enumerator = try runtime.send(enumeratorOf, to: object, Arguments(), nestedAt: depth)
            let members = try runtime.send(try runtime.selector("allObjects"), toValue: enumerator, Arguments(), nestedAt: depth)
            return try runtime.send(try runtime.selector("setWithArray:"), to: try runtime.requireClass(named: "NSSet"), Arguments(members), nestedAt: depth)
        }
        return nil
    }

    /// `value`, read from a getter or an ivar of type `type`, as `valueForKey:` answers it:
    /// a struct boxed in an `NSValue`, as Foundation boxes one (`[[view valueForKey:@"frame"] CGRectValue]`).
    private static func boxingStruct(_ value: Value, of type: ObjCType, _ m: borrowing Message) throws -> Value {
        guard case .structure = type, case .structure = value else { return value }
        return try boxed(value, type: type.description, in: m.runtime)
    }

    /// `NSUnknownKeyException`, as `-valueForUndefinedKey:` (or, `setting`,
    /// `-setValue:forUndefinedKey:`) raises it.
    private static func unknownKey(_ key: String, of object: Object, _ m: borrowing Message, setting: Bool = false) throws -> RaisedNSException {
        try exception(
            named: "NSUnknownKeyException",
            reason: "[<\(object.isa.name) 0x\(String(object.serial, radix: 16))> \(setting ? "setValue:forUndefinedKey:" : "valueForUndefinedKey:")]: "
                + "this class is not key value coding-compliant for the key \(key).",
            in: m.runtime)
    }
}
