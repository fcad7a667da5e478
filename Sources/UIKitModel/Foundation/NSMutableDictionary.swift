import Runtime

extension ClassLibrary {
    /// `NSMutableDictionary`: a dictionary whose instances change in place.
    static func defineNSMutableDictionary(in runtime: Runtime, dictionary: Class) throws {
        try runtime.registerLazyClass(named: "NSMutableDictionary", superclass: dictionary, holdingValues: .dictionary([:])) { c in
            // The capacity is a hint to Foundation's storage; the model needs none.
            try c.addClassMethod("dictionaryWithCapacity:", types: "@@:Q") { m in try m.made(.dictionary([:])) }
            try c.addMethod("initWithCapacity:", types: "@@:Q") { m in try m.made(.dictionary([:])) }
            @Sendable func edit(_ m: borrowing Message, _ change: (inout [Value: Value]) throws -> Void) throws -> Value {
                try m.mutate({ if case .dictionary(let entries) = $0 { entries } else { nil } }, Value.dictionary, change)
                return .nil
            }
            /// The key the dictionary already has that equals `key` (by `-isEqual:`), or `key`.
            @Sendable func existingKey(_ m: borrowing Message, _ key: Value) throws -> Value {
                guard case .dictionary(let entries) = m.receiverValue else { return key }
                let runtime = m.runtime, depth = m.depth + 1
                return try entries.keys.first { try runtime.isEqual($0, key, nestedAt: depth) } ?? key
            }

            try c.addMethod("setObject:forKey:", types: "v@:@@") { m in
                guard m[0] != .nil, m[1] != .nil else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: m[1] == .nil ? "key cannot be nil" : "object cannot be nil")
                }
                let value = m[0], key = try existingKey(m, m[1])
                return try edit(m) { $0[key] = value }
            }
            for name in ["setObject:forKeyedSubscript:", "setValue:forKey:"] {
                try c.addMethod(name, types: "v@:@@") { m in
                    // Assigning nil removes the entry, as subscripting and key-value coding do.
                    guard m[1] != .nil else {
                        throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "key cannot be nil")
                    }
                    let value = m[0], key = try existingKey(m, m[1])
                    return try edit(m) { entries in
                        if value == .nil { entries.removeValue(forKey: key) } else { entries[key] = value }
                    }
                }
            }
            try c.addMethod("removeObjectForKey:", types: "v@:@") { m in
                let key = try existingKey(m, m[0])
                return try edit(m) { $0.removeValue(forKey: key) }
            }
            try c.addMethod("removeAllObjects", types: "v@:") { m in try edit(m) { $0.removeAll() } }
            // A nil array removes nothing, as Foundation's loop over it does.
            try c.addMethod("removeObjectsForKeys:", types: "v@:@") { m in
                let keys = try m.arrayArgument(0, acceptingNil: true).map { try existingKey(m, $0) }
                return try edit(m) { entries in for key in keys { entries.removeValue(forKey: key) } }
            }
            try c.addMethod("addEntriesFromDictionary:", types: "v@:@") { m in
                let added = try m.dictionaryArgument(0, acceptingNil: true)
                return try edit(m) { $0.merge(added) { _, new in new } }
            }
            try c.addMethod("setDictionary:", types: "v@:@") { m in
                let replacement = try m.dictionaryArgument(0, acceptingNil: true)
                return try edit(m) { $0 = replacement }
            }
        }
    }
}
