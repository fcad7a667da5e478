import Runtime

extension ClassLibrary {
    /// `NSDictionary`: the class of every dictionary (`@{@"a": 1}`).
    static func defineNSDictionary(in runtime: Runtime, root: Class) throws -> Class {
        try runtime.registerLazyClass(named: "NSDictionary", superclass: root) { c in
            try addValueBasics(to: &c, empty: .dictionary([:])) { value in
                if case .dictionary(let entries) = value { entries.count } else { 0 }
            }
            @Sendable func entries(_ m: borrowing Message) -> [Value: Value] {
                m.receiver({ if case .dictionary(let entries) = $0 { entries } else { nil } }, empty: [:])
            }
            /// Keys in a stable order: Swift's dictionaries have none, and output must be the same on every run.
            @Sendable func sortedKeys(_ all: [Value: Value]) -> [Value] { all.keys.sorted { $0.description < $1.description } }

            try c.addClassMethod("dictionary", types: "@@:") { m in try m.made(.dictionary([:])) }
            try c.addClassMethod("dictionaryWithDictionary:", types: "@@:@") { m in try m.made(.dictionary(try m.dictionaryArgument(0, acceptingNil: true))) }
            try c.addClassMethod("dictionaryWithObject:forKey:", types: "@@:@@") { m in
                guard m[0] != .nil, m[1] != .nil else {
                    throw ClassLibraryError.invalidArgument(method: "+[NSDictionary dictionaryWithObject:forKey:]", reason: "object and key cannot be nil")
                }
                return try m.made(.dictionary([m[1]: m[0]]))
            }
            try c.addMethod("initWithDictionary:", types: "@@:@") { m in try m.made(.dictionary(try m.dictionaryArgument(0, acceptingNil: true))) }
            // With copyItems, each value is sent -copy (the keys are copied either way).
            try c.addMethod("initWithDictionary:copyItems:", types: "@@:@B") { m in
                var entries = try m.dictionaryArgument(0, acceptingNil: true)
                if m[1].isTruthy { for (key, value) in entries { entries[key] = try m.copied(value) } }
                return try m.made(.dictionary(entries))
            }
            for (isClassMethod, name) in [(true, "dictionaryWithObjectsAndKeys:"), (false, "initWithObjectsAndKeys:")] {
                let body: Implementation.Body = { m in
                    // Object, key, object, key, ..., nil: as Foundation reads them.
                    let list = m.argumentsUpToNil()
                    guard list.count % 2 == 0 else {
                        throw ClassLibraryError.invalidArgument(method: "\(isClassMethod ? "+" : "-")[NSDictionary \(name)]", reason: "second object of each pair must be non-nil (a key is missing)")
                    }
                    var entries: [Value: Value] = [:]
                    // The first of a repeated key is kept, as Foundation keeps it.
                    for pair in stride(from: 0, to: list.count, by: 2) where entries[list[pair + 1]] == nil { entries[list[pair + 1]] = list[pair] }
                    return try m.made(.dictionary(entries))
                }
                if isClassMethod { try c.addClassMethod(name, types: "@@:@", variadic: true, body) } else { try c.addMethod(name, types: "@@:@", variadic: true, body) }
            }
            for (isClassMethod, name) in [(true, "dictionaryWithObjects:forKeys:"), (false, "initWithObjects:forKeys:")] {
                let body: Implementation.Body = { m in
                    let objects = try m.arrayArgument(0), keys = try m.arrayArgument(1)
                    guard objects.count == keys.count else {
                        throw ClassLibraryError.invalidArgument(
                            method: m.methodName, reason: "count of objects (\(objects.count)) differs from count of keys (\(keys.count))")
                    }
                    var entries: [Value: Value] = [:]
                    for (key, object) in zip(keys, objects) where entries[key] == nil { entries[key] = object }
                    return try m.made(.dictionary(entries))
                }
                if isClassMethod { try c.addClassMethod(name, types: "@@:@@", body) } else { try c.addMethod(name, types: "@@:@@", body) }
            }
            for (isClassMethod, name) in [(true, "dictionaryWithObjects:forKeys:count:"), (false, "initWithObjects:forKeys:count:")] {
                let body: Implementation.Body = { m in
                    let objects = try Self.objectsArgument(m, 0, count: 2), keys = try Self.objectsArgument(m, 1, count: 2)
                    var entries: [Value: Value] = [:]
                    for (key, object) in zip(keys, objects) { entries[key] = object }
                    return try m.made(.dictionary(entries))
                }
                if isClassMethod { try c.addClassMethod(name, types: "@@:^@^@Q", body) } else { try c.addMethod(name, types: "@@:^@^@Q", body) }
            }
            try addCollectionDescriptions(to: &c) { m, level in try CollectionDescription.dictionary(entries(m), level: level, m) }
            try c.addMethod("mutableCopy", types: "@@:") { m in try m.mutableCopy(as: "NSMutableDictionary") }

            try c.addMethod("count", types: "Q@:") { m in .int(entries(m).count) }
            for name in ["objectForKey:", "objectForKeyedSubscript:"] {
                try c.addMethod(name, types: "@@:@") { m in try m.runtime.lookUp(m[0], in: entries(m), nestedAt: m.depth + 1) ?? .nil }
            }
            try c.addMethod("allKeys", types: "@@:") { m in .array(sortedKeys(entries(m))) }
            try c.addMethod("keyEnumerator", types: "@@:") { m in try enumerator(over: sortedKeys(entries(m)), m) }
            try c.addMethod("objectEnumerator", types: "@@:") { m in
                let all = entries(m)
                return try enumerator(over: sortedKeys(all).compactMap { all[$0] }, m)
            }
            try c.addMethod("allValues", types: "@@:") { m in
                let all = entries(m)
                return .array(sortedKeys(all).map { all[$0] ?? .nil })
            }
            try c.addMethod("isEqualToDictionary:", types: "B@:@") { m in
                .bool(try m.runtime.isEqual(.dictionary(entries(m)), ClusterSubclassContents.contents(of: m[0], m) ?? m[0], nestedAt: m.depth + 1))
            }
            try addEnumerationMethods(to: &c, entries: entries, sortedKeys: sortedKeys)
        }
    }

    /// Reading a dictionary by block, by value, and by several keys at once. Entries go by
    /// key in the order `allKeys` gives, the same on every run.
    private static func addEnumerationMethods(
        to c: inout ClassBuilder, entries: @escaping @Sendable (borrowing Message) -> [Value: Value],
        sortedKeys: @escaping @Sendable ([Value: Value]) -> [Value]
    ) throws {
        @Sendable func enumerate(_ m: borrowing Message, block index: Int) throws -> Value {
            let block = try blockArgument(m, index), all = entries(m)
            let stop = Reference(.bool(false))
            for key in sortedKeys(all) {
                _ = try block.call([key, all[key] ?? .nil, .reference(stop)], nestedAt: m.depth + 1)
                if stop.value.isTruthy { break }
            }
            return .nil
        }
        try c.addMethod("enumerateKeysAndObjectsUsingBlock:", types: "v@:@?") { m in try enumerate(m, block: 0) }
        // Options ask for concurrent or reverse order, which a dictionary does not have.
        try c.addMethod("enumerateKeysAndObjectsWithOptions:usingBlock:", types: "v@:Q@?") { m in try enumerate(m, block: 1) }
        // Options ask for concurrent or reverse order, which a dictionary does not have.
        try c.addMethod("keysOfEntriesWithOptions:passingTest:", types: "@@:Q@?") { m in
            try m.send("keysOfEntriesPassingTest:", to: m.receiver, m[1])
        }
        try c.addMethod("keysOfEntriesPassingTest:", types: "@@:@?") { m in
            let block = try blockArgument(m, 0), all = entries(m)
            let stop = Reference(.bool(false))
            var passing: [Value] = []
            for key in sortedKeys(all) {
                if try block.call([key, all[key] ?? .nil, .reference(stop)], nestedAt: m.depth + 1).isTruthy { passing.append(key) }
                if stop.value.isTruthy { break }
            }
            return try m.make("NSSet", m.runtime.selector("initWithArray:"), Arguments(.array(passing)))
        }
        try c.addMethod("allKeysForObject:", types: "@@:@") { m in
            let all = entries(m)
            var matching: [Value] = []
            for key in sortedKeys(all) where try m.runtime.isEqual(all[key] ?? .nil, m[0], nestedAt: m.depth + 1) { matching.append(key) }
            return .array(matching)
        }
        try c.addMethod("keysSortedByValueUsingSelector:", types: "@@::") { m in
            let all = entries(m)
            guard case .selector(let selector) = m[0] else { throw m.wrongArgument(0, expected: "a selector such as @selector(compare:)") }
            return .array(try stableSorted(sortedKeys(all)) { a, b in
                try m.runtime.send(selector, toValue: all[a] ?? .nil, [all[b] ?? .nil], nestedAt: m.depth + 1).intValue ?? 0
            })
        }
        for (name, types) in [("keysSortedByValueUsingComparator:", "@@:@?"), ("keysSortedByValueWithOptions:usingComparator:", "@@:Q@?")] {
            try c.addMethod(name, types: types) { m in
                let block = try blockArgument(m, m.arguments.count - 1), all = entries(m)
                return .array(try stableSorted(sortedKeys(all)) { a, b in
                    try block.call([all[a] ?? .nil, all[b] ?? .nil], nestedAt: m.depth + 1).intValue ?? 0
                })
            }
        }
        try c.addMethod("objectsForKeys:notFoundMarker:", types: "@@:@@") { m in
            let all = entries(m)
            guard m[1] != .nil else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "marker cannot be nil") }
            return .array(try m.arrayArgument(0).map { key in try m.runtime.lookUp(key, in: all, nestedAt: m.depth + 1) ?? m[1] })
        }
    }
}
