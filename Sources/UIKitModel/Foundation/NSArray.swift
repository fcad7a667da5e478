import Runtime

extension ClassLibrary {
    /// `NSArray`: the class of every array (`@[1, 2]`).
    static func defineNSArray(in runtime: Runtime, root: Class) throws -> Class {
        try runtime.registerLazyClass(named: "NSArray", superclass: root) { c in
            try addValueBasics(to: &c, empty: .array([])) { value in
                if case .array(let elements) = value { elements.count } else { 0 }
            }
            @Sendable func elements(_ m: borrowing Message) -> [Value] {
                m.receiver({ if case .array(let elements) = $0 { elements } else { nil } }, empty: [])
            }
            // Into a caller's `id buffer[]`, as fast enumeration's helpers read an array.
            try c.addMethod("getObjects:range:", types: "v@:^@{_NSRange=QQ}") { m in
                let all = elements(m)
                try m.bufferArgument(0).write(Array(all[try m.rangeArgument(1, within: all.count, of: "array")]))
                return .nil
            }

            try c.addClassMethod("array", types: "@@:") { m in try m.made(.array([])) }
            try c.addMethod("objectEnumerator", types: "@@:") { m in try enumerator(over: elements(m), m) }
            try c.addMethod("reverseObjectEnumerator", types: "@@:") { m in try enumerator(over: elements(m).reversed(), m) }
            try c.addClassMethod("arrayWithArray:", types: "@@:@") { m in try m.made(.array(try m.arrayArgument(0, acceptingNil: true))) }
            try c.addClassMethod("arrayWithObject:", types: "@@:@") { m in try m.made(.array([m[0]])) }
            try c.addClassMethod("arrayWithObjects:", types: "@@:@", variadic: true) { m in try m.made(.array(m.argumentsUpToNil())) }
            try c.addMethod("initWithObjects:", types: "@@:@", variadic: true) { m in try m.made(.array(m.argumentsUpToNil())) }
            try c.addMethod("initWithArray:", types: "@@:@") { m in try m.made(.array(try m.arrayArgument(0, acceptingNil: true))) }
            // A C array of objects and their count, as an array literal compiles to: nil in
            // it raises, as Foundation refuses it.
            for (isClassMethod, name) in [(true, "arrayWithObjects:count:"), (false, "initWithObjects:count:")] {
                let body: Implementation.Body = { m in try m.made(.array(try Self.objectsArgument(m, 0, count: 1))) }
                if isClassMethod { try c.addClassMethod(name, types: "@@:^@Q", body) } else { try c.addMethod(name, types: "@@:^@Q", body) }
            }
            try c.addMethod("initWithArray:copyItems:", types: "@@:@B") { m in
                let items = try m.arrayArgument(0, acceptingNil: true)
                return try m.made(.array(m[1].isTruthy ? try items.map { try m.copied($0) } : items))
            }
            try addCollectionDescriptions(to: &c) { m, level in
                try CollectionDescription.members(elements(m), kind: .array, level: level, m)
            }
            try c.addMethod("mutableCopy", types: "@@:") { m in try m.mutableCopy(as: "NSMutableArray") }

            try c.addMethod("count", types: "Q@:") { m in .int(elements(m).count) }
            for name in ["objectAtIndex:", "objectAtIndexedSubscript:"] {
                try c.addMethod(name, types: "@@:Q") { m in
                    let all = elements(m), index = try m.integerArgument(0)
                    guard all.indices.contains(index) else { throw arrayIndexOutOfRange(m, index, count: all.count) }
                    return all[index]
                }
            }
            try c.addMethod("firstObject", types: "@@:") { m in elements(m).first ?? .nil }
            try c.addMethod("lastObject", types: "@@:") { m in elements(m).last ?? .nil }
            try c.addMethod("containsObject:", types: "B@:@") { m in
                .bool(try m.runtime.firstIndex(of: m[0], in: elements(m), nestedAt: m.depth + 1) != nil)
            }
            try c.addMethod("indexOfObject:", types: "Q@:@") { m in
                // NSNotFound is NSIntegerMax.
                .int(try m.runtime.firstIndex(of: m[0], in: elements(m), nestedAt: m.depth + 1) ?? Int.max)
            }
            try c.addMethod("isEqualToArray:", types: "B@:@") { m in
                .bool(try m.runtime.isEqual(.array(elements(m)), ClusterSubclassContents.contents(of: m[0], m) ?? m[0], nestedAt: m.depth + 1))
            }
            try c.addMethod("componentsJoinedByString:", types: "@@:@") { m in
                let separator = try m.stringArgument(0)
                return .string(try elements(m).map { try m.text(of: $0) }.joined(separator: separator))
            }
            try c.addMethod("arrayByAddingObject:", types: "@@:@") { m in
                guard m[0] != .nil else { throw ClassLibraryError.invalidArgument(method: "-[NSArray arrayByAddingObject:]", reason: "object cannot be nil") }
                return .array(elements(m) + [m[0]])
            }
            try c.addMethod("arrayByAddingObjectsFromArray:", types: "@@:@") { m in .array(elements(m) + (try m.arrayArgument(0, acceptingNil: true))) }
            try addOrderingMethods(to: &c, elements: elements)
        }
    }
}
