import Runtime

/// `NSCoding` for the value classes (strings, numbers, arrays, dictionaries): a value's
/// parts archived through the coder under the keys Foundation's own classes use, and read
/// back by `-initWithCoder:`. Code that archives an object through a collection it holds
/// (`[_dictionary encodeWithCoder:coder]`, read back by `[[NSDictionary alloc]
/// initWithCoder:coder]`, as an older version of a class may have archived itself) gets
/// the collection back.
struct ValueCoding {
    /// What the class's values are.
    private enum Kind { case string, number, array, dictionary }

    private let kind: Kind

    /// The coding of the values of a class whose empty value is `empty`.
    init(of empty: Value) {
        kind = switch empty {
        case .string: .string
        case .array: .array
        case .dictionary: .dictionary
        default: .number
        }
    }

    /// The keys a value's parts go under, as Foundation's classes archive theirs.
    private var keys: [String] {
        switch kind {
        case .string: ["NS.string"]
        case .number: ["NS.number"]
        case .array: ["NS.objects"]
        case .dictionary: ["NS.keys", "NS.objects"]
        }
    }

    /// `value`'s parts, one for each key: a dictionary's keys in a stable order (its
    /// description's) and its objects in the same order.
    private func parts(of value: Value) -> [Value] {
        guard case .dictionary(let entries) = value else { return [value] }
        let keys = entries.keys.sorted { $0.description < $1.description }
        return [.array(keys), .array(keys.map { entries[$0] ?? .nil })]
    }

    /// The value `parts` read back make; nil when the archive holds no such value.
    private func value(of parts: [Value]) -> Value? {
        switch (kind, parts.first) {
        case (.string, .string?), (.array, .array?): return parts[0]
        case (.number, let number?) where number.numberValue != nil: return number
        case (.dictionary, .array(let keys)?):
            guard parts.count == 2, case .array(let objects) = parts[1], objects.count == keys.count else { return nil }
            var entries: [Value: Value] = [:]
            for (key, object) in zip(keys, objects) where entries[key] == nil { entries[key] = object }
            return .dictionary(entries)
        default: return nil
        }
    }

    /// Adds `-encodeWithCoder:` and `-initWithCoder:` (nil for an archive without the
    /// value's keys, as Foundation's initializers answer for one they cannot read).
    func add(to c: inout ClassBuilder) throws {
        let coding = self
        try c.addMethod("encodeWithCoder:", types: "v@:@") { m in
            let coder = try m.objectArgument(0)
            for (key, part) in zip(coding.keys, coding.parts(of: m.receiverValue)) {
                try m.send("encodeObject:forKey:", to: coder, part, .string(key))
            }
            return .nil
        }
        try c.addMethod("initWithCoder:", types: "@@:@") { m in
            let coder = try m.objectArgument(0)
            let parts = try coding.keys.map { try m.send("decodeObjectForKey:", to: coder, .string($0)) }
            guard let value = coding.value(of: parts) else { return .nil }
            return try m.made(value)
        }
    }
}
