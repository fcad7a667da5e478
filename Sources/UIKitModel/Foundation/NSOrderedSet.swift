import Runtime

extension ClassLibrary {
    /// `NSOrderedSet` and `NSMutableOrderedSet`: distinct objects in the order given, as
    /// Core Data's ordered relationships hold them. Membership is `NSSet`'s (equal `-hash`es
    /// and `-isEqual:`); position is an array's, with NSArray's sorting and enumeration.
    static func defineNSOrderedSet(in runtime: Runtime, root: Class) throws {
        let initWithArray = try runtime.selector("initWithArray:"), initialize = try runtime.selector("init")
        let orderedSet = try runtime.registerLazyClass(named: "NSOrderedSet", superclass: root) { c in
            try SetMembers.addStorage(to: &c, initWithArray: initWithArray, initialize: initialize)
            try c.addMethod("initWithOrderedSet:", types: "@@:@") { m in
                try m.send(initWithArray, to: m.receiver, Arguments(.array(try orderedMembers(m, 0))))
            }
            try c.addClassMethod("orderedSet", types: "@@:") { m in try m.allocInit(initWithArray, Arguments(.array([]))) }
            try c.addClassMethod("orderedSetWithArray:", types: "@@:@") { m in
                try m.allocInit(initWithArray, Arguments(.array(try m.arrayArgument(0, acceptingNil: true))))
            }
            try c.addClassMethod("orderedSetWithObject:", types: "@@:@") { m in
                guard m[0] != .nil else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "object cannot be nil") }
                return try m.allocInit(initWithArray, Arguments(.array([m[0]])))
            }
            try c.addClassMethod("orderedSetWithObjects:", types: "@@:@", variadic: true) { m in
                try m.allocInit(initWithArray, Arguments(.array(m.argumentsUpToNil())))
            }
            try c.addClassMethod("orderedSetWithOrderedSet:", types: "@@:@") { m in
                try m.allocInit(initWithArray, Arguments(.array(try orderedMembers(m, 0))))
            }
            // A range of an ordered set's or an array's members (`copyItems:` copies each,
            // as `-copy` would: the model's values are copies already).
            for (source, name) in [("OrderedSet", "orderedSet"), ("Array", "array")] {
                @Sendable func members(_ m: borrowing Message) throws -> [Value] {
                    let all = source == "Array" ? try m.arrayArgument(0, acceptingNil: true) : try orderedMembers(m, 0)
                    return Array(all[try m.rangeArgument(1, within: all.count, of: name)])
                }
                try c.addMethod("initWith\(source):range:copyItems:", types: "@@:@{_NSRange=QQ}B") { m in
                    try m.send(initWithArray, to: m.receiver, Arguments(.array(try members(m))))
                }
                try c.addClassMethod("orderedSetWith\(source):range:copyItems:", types: "@@:@{_NSRange=QQ}B") { m in
                    try m.allocInit(initWithArray, Arguments(.array(try members(m))))
                }
            }
            try c.addClassMethod("orderedSetWithSet:", types: "@@:@") { m in
                try m.allocInit(initWithArray, Arguments(.array(try SetMembers.setArgument(m, 0, acceptingNil: true))))
            }

            try c.addMethod("count", types: "Q@:") { m in .int(try SetMembers.of(m).count) }
            try c.addMethod("array", types: "@@:") { m in .array(try SetMembers.of(m)) }
            try c.addMethod("set", types: "@@:") { m in try m.make("NSSet", initWithArray, Arguments(.array(try SetMembers.of(m)))) }
            for name in ["objectAtIndex:", "objectAtIndexedSubscript:"] {
                try c.addMethod(name, types: "@@:Q") { m in
                    let all = try SetMembers.of(m), index = try m.integerArgument(0)
                    guard all.indices.contains(index) else { throw arrayIndexOutOfRange(m, index, count: all.count) }
                    return all[index]
                }
            }
            try c.addMethod("firstObject", types: "@@:") { m in try SetMembers.of(m).first ?? .nil }
            try c.addMethod("lastObject", types: "@@:") { m in try SetMembers.of(m).last ?? .nil }
            try c.addMethod("containsObject:", types: "B@:@") { m in .bool(try SetMembers.index(of: m[0], in: try SetMembers.of(m), m) != nil) }
            // NSNotFound is NSIntegerMax.
            try c.addMethod("indexOfObject:", types: "Q@:@") { m in .int(try SetMembers.index(of: m[0], in: try SetMembers.of(m), m) ?? Int.max) }
            try c.addMethod("objectEnumerator", types: "@@:") { m in try enumerator(over: SetMembers.of(m), m) }
            try c.addMethod("reverseObjectEnumerator", types: "@@:") { m in try enumerator(over: SetMembers.of(m).reversed(), m) }
            try c.addMethod("reversedOrderedSet", types: "@@:") { m in
                try m.make("NSOrderedSet", initWithArray, Arguments(.array(try SetMembers.of(m).reversed())))
            }
            // Equal to another ordered set with equal members in the same order, never to an array.
            for name in ["isEqualToOrderedSet:", "isEqual:"] {
                try c.addMethod(name, types: "B@:@") { m in
                    guard let other = m[0].object, let orderedSet = m.runtime.class(named: "NSOrderedSet"), other.isKind(of: orderedSet) else { return false }
                    let theirs = try m.runtime.ivarValue("_objects", of: other).arrayElements
                    return .bool(try m.runtime.isEqual(.array(try SetMembers.of(m)), .array(theirs), nestedAt: m.depth + 1))
                }
            }
            try c.addMethod("hash", types: "Q@:") { m in .int(try SetMembers.of(m).count) }
            try c.addMethod("intersectsOrderedSet:", types: "B@:@") { m in
                let other = try orderedMembers(m, 0)
                return .bool(try SetMembers.of(m).contains { try SetMembers.index(of: $0, in: other, m) != nil })
            }
            try c.addMethod("isSubsetOfOrderedSet:", types: "B@:@") { m in
                let other = try orderedMembers(m, 0)
                return .bool(try SetMembers.of(m).allSatisfy { try SetMembers.index(of: $0, in: other, m) != nil })
            }
            try c.addMethod("copy", types: "@@:") { m in
                try m.copy(ofImmutable: "NSOrderedSet") { try m.make("NSOrderedSet", initWithArray, Arguments(.array(try SetMembers.of(m)))) }
            }
            try c.addMethod("mutableCopy", types: "@@:") { m in
                try m.make("NSMutableOrderedSet", initWithArray, Arguments(.array(try SetMembers.of(m))))
            }
            try addCollectionDescriptions(to: &c) { m, level in
                try CollectionDescription.members(SetMembers.of(m), kind: .set, level: level, m)
            }
            try addOrderingMethods(to: &c) { m in (try? SetMembers.of(m)) ?? [] }
        }
        try runtime.registerLazyClass(named: "NSMutableOrderedSet", superclass: orderedSet) { c in
            // The capacity is a hint Foundation may ignore; so does the model.
            try c.addClassMethod("orderedSetWithCapacity:", types: "@@:Q") { m in try m.allocInit(initWithArray, Arguments(.array([]))) }
            try c.addMethod("initWithCapacity:", types: "@@:Q") { m in try m.send(initWithArray, to: m.receiver, Arguments(.array([]))) }
            try c.addMethod("addObject:", types: "v@:@") { m in
                try insert([try nonNil(m, 0)], at: nil, m)
                return .nil
            }
            try c.addMethod("addObjectsFromArray:", types: "v@:@") { m in
                try insert(try m.arrayArgument(0, acceptingNil: true), at: nil, m)
                return .nil
            }
            try c.addMethod("insertObject:atIndex:", types: "v@:@Q") { m in
                try insert([try nonNil(m, 0)], at: try m.integerArgument(1), m)
                return .nil
            }
            try SetMembers.addRemovals(to: &c)
            try c.addMethod("removeObjectAtIndex:", types: "v@:Q") { m in
                let count = try SetMembers.of(m).count, index = try m.integerArgument(0)
                guard (0..<count).contains(index) else { throw arrayIndexOutOfRange(m, index, count: count) }
                try SetMembers.change(m) { $0.remove(at: index) }
                return .nil
            }
            try c.addMethod("removeObjectsInArray:", types: "v@:@") { m in
                let removed = try m.arrayArgument(0, acceptingNil: true)
                try m.setIvar("_objects", .array(try SetMembers.of(m).filter { try SetMembers.index(of: $0, in: removed, m) == nil }))
                return .nil
            }
            for name in ["replaceObjectAtIndex:withObject:", "setObject:atIndexedSubscript:"] {
                let isSubscript = name.hasPrefix("set")
                try c.addMethod(name, types: isSubscript ? "v@:@Q" : "v@:Q@") { m in
                    var all = try SetMembers.of(m)
                    let index = try m.integerArgument(isSubscript ? 1 : 0), object = try nonNil(m, isSubscript ? 0 : 1)
                    // A subscript one past the end appends, as NSMutableOrderedSet's does.
                    guard all.indices.contains(index) || isSubscript && index == all.count else {
                        throw arrayIndexOutOfRange(m, index, count: all.count)
                    }
                    // An object the set holds elsewhere is not added again.
                    if let existing = try SetMembers.index(of: object, in: all, m), existing != index { return .nil }
                    if index == all.count { all.append(object) } else { all[index] = object }
                    try m.setIvar("_objects", .array(all))
                    return .nil
                }
            }
            try c.addMethod("exchangeObjectAtIndex:withObjectAtIndex:", types: "v@:QQ") { m in
                var all = try SetMembers.of(m)
                let first = try m.integerArgument(0), second = try m.integerArgument(1)
                for index in [first, second] where !all.indices.contains(index) { throw arrayIndexOutOfRange(m, index, count: all.count) }
                all.swapAt(first, second)
                try m.setIvar("_objects", .array(all))
                return .nil
            }
            try c.addMethod("unionOrderedSet:", types: "v@:@") { m in
                try insert(try orderedMembers(m, 0), at: nil, m)
                return .nil
            }
            try c.addMethod("minusOrderedSet:", types: "v@:@") { m in
                let other = try orderedMembers(m, 0)
                try m.setIvar("_objects", .array(try SetMembers.of(m).filter { try SetMembers.index(of: $0, in: other, m) == nil }))
                return .nil
            }
            try c.addMethod("intersectOrderedSet:", types: "v@:@") { m in
                let other = try orderedMembers(m, 0)
                try m.setIvar("_objects", .array(try SetMembers.of(m).filter { try SetMembers.index(of: $0, in: other, m) != nil }))
                return .nil
            }
            try c.addMethod("sortUsingComparator:", types: "v@:@?") { m in
                try m.setIvar("_objects", .array(try sorted(try SetMembers.of(m), byBlockOf: m)))
                return .nil
            }
            try c.addMethod("sortWithOptions:usingComparator:", types: "v@:Q@?") { m in
                try m.setIvar("_objects", .array(try sorted(try SetMembers.of(m), byBlockOf: m, at: 1)))
                return .nil
            }
            try c.addMethod("removeObjectsAtIndexes:", types: "v@:@") { m in
                let removed = try indexSetArgument(m, 0), count = try SetMembers.of(m).count
                if let beyond = removed.last, beyond >= count { throw arrayIndexOutOfRange(m, beyond, count: count) }
                try SetMembers.change(m) { all in for index in removed.reversed() { all.remove(at: index) } }
                return .nil
            }
            try c.addMethod("removeObjectsInRange:", types: "v@:{_NSRange=QQ}") { m in
                let within = try arrayRange(m, 0, count: try SetMembers.of(m).count)
                try SetMembers.change(m) { $0.removeSubrange(within) }
                return .nil
            }
            // Each object goes to its index in the set that results, in ascending order; one
            // the set holds already is left where it is, as Foundation skips it.
            try c.addMethod("insertObjects:atIndexes:", types: "v@:@@") { m in
                let added = try m.arrayArgument(0), at = try indexSetArgument(m, 1)
                guard added.count == at.count else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "count of array (\(added.count)) differs from count of index set (\(at.count))")
                }
                for (object, index) in zip(added, at) { try insert([object], at: index, m) }
                return .nil
            }
            try c.addMethod("replaceObjectsAtIndexes:withObjects:", types: "v@:@@") { m in
                let at = try indexSetArgument(m, 0), replacement = try m.arrayArgument(1)
                guard at.count == replacement.count else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "count of array (\(replacement.count)) differs from count of index set (\(at.count))")
                }
                var all = try SetMembers.of(m)
                if let beyond = at.last, beyond >= all.count { throw arrayIndexOutOfRange(m, beyond, count: all.count) }
                for (index, object) in zip(at, replacement) where try SetMembers.index(of: object, in: all, m) == nil { all[index] = object }
                try m.setIvar("_objects", .array(all))
                return .nil
            }
            // The objects at the indexes, in order, moved to start at `index` of what is left.
            try c.addMethod("moveObjectsAtIndexes:toIndex:", types: "v@:@Q") { m in
                let moved = try indexSetArgument(m, 0), index = try m.integerArgument(1)
                var all = try SetMembers.of(m)
                if let beyond = moved.last, beyond >= all.count { throw arrayIndexOutOfRange(m, beyond, count: all.count) }
                let objects = moved.map { all[$0] }
                for at in moved.reversed() { all.remove(at: at) }
                guard index <= all.count else { throw arrayIndexOutOfRange(m, index, count: all.count) }
                all.insert(contentsOf: objects, at: index)
                try m.setIvar("_objects", .array(all))
                return .nil
            }
        }
    }

    /// The members of the ordered set (or array) passed as argument `index`; none for nil.
    private static func orderedMembers(_ m: borrowing Message, _ index: Int) throws -> [Value] {
        guard m[index] != .nil else { return [] }
        if let object = m[index].object, let orderedSet = m.runtime.class(named: "NSOrderedSet"), object.isKind(of: orderedSet) {
            return try m.runtime.ivarValue("_objects", of: object).arrayElements
        }
        return try m.arrayArgument(index)
    }

    /// Argument `index`, which an ordered set refuses to hold when nil.
    private static func nonNil(_ m: borrowing Message, _ index: Int) throws -> Value {
        guard m[index] != .nil else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "object cannot be nil") }
        return m[index]
    }

    /// Puts the objects the set does not hold yet at `position` (the end when nil), in order.
    private static func insert(_ objects: [Value], at position: Int?, _ m: borrowing Message) throws {
        let all = try SetMembers.of(m)
        let index = position ?? all.count
        guard (0...all.count).contains(index) else { throw arrayIndexOutOfRange(m, index, count: all.count) }
        var added: [Value] = []
        for object in objects where object != .nil {
            if try SetMembers.index(of: object, in: all, m) == nil, try SetMembers.index(of: object, in: added, m) == nil { added.append(object) }
        }
        guard !added.isEmpty else { return }
        try SetMembers.change(m) { $0.insert(contentsOf: added, at: index) }
    }
}
