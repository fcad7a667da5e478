import Runtime

extension ClassLibrary {
    /// `NSMutableArray`: an array whose instances change in place.
    static func defineNSMutableArray(in runtime: Runtime, array: Class) throws {
        try runtime.registerLazyClass(named: "NSMutableArray", superclass: array, holdingValues: .array([])) { c in
            // The capacity is a hint to Foundation's storage; the model needs none.
            try c.addClassMethod("arrayWithCapacity:", types: "@@:Q") { m in try m.made(.array([])) }
            try c.addMethod("initWithCapacity:", types: "@@:Q") { m in try m.made(.array([])) }
            @Sendable func edit(_ m: borrowing Message, _ change: (inout [Value]) throws -> Void) throws -> Value {
                try m.mutate({ if case .array(let elements) = $0 { elements } else { nil } }, Value.array, change)
                return .nil
            }
            /// The object argument at `index`, which Foundation refuses to be nil.
            @Sendable func element(_ m: borrowing Message, _ index: Int) throws -> Value {
                guard m[index] != .nil else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "object cannot be nil")
                }
                return m[index]
            }
            /// An index argument that must fall inside the array (or, with `end`, at its end).
            @Sendable func position(_ m: borrowing Message, _ index: Int, allowingEnd end: Bool = false) throws -> Int {
                let position = try m.integerArgument(index)
                guard case .array(let elements) = m.receiverValue, position >= 0, position < elements.count + (end ? 1 : 0) else {
                    throw arrayIndexOutOfRange(m, position, count: m.receiverValue.arrayElements.count)
                }
                return position
            }

            try c.addMethod("addObject:", types: "v@:@") { m in
                let added = try element(m, 0)
                return try edit(m) { $0.append(added) }
            }
            try c.addMethod("addObjectsFromArray:", types: "v@:@") { m in
                let added = try m.arrayArgument(0, acceptingNil: true)
                return try edit(m) { $0 += added }
            }
            try c.addMethod("insertObject:atIndex:", types: "v@:@Q") { m in
                let added = try element(m, 0), at = try position(m, 1, allowingEnd: true)
                return try edit(m) { $0.insert(added, at: at) }
            }
            for name in ["replaceObjectAtIndex:withObject:", "setObject:atIndexedSubscript:"] {
                let objectFirst = name.hasPrefix("set")
                try c.addMethod(name, types: objectFirst ? "v@:@Q" : "v@:Q@") { m in
                    let replacement = try element(m, objectFirst ? 0 : 1)
                    // Subscript assignment at the end appends, as Foundation allows.
                    let at = try position(m, objectFirst ? 1 : 0, allowingEnd: objectFirst)
                    return try edit(m) { if at == $0.count { $0.append(replacement) } else { $0[at] = replacement } }
                }
            }
            try c.addMethod("removeObjectAtIndex:", types: "v@:Q") { m in
                let at = try position(m, 0)
                return try edit(m) { $0.remove(at: at) }
            }
            try c.addMethod("removeObjectsAtIndexes:", types: "v@:@") { m in
                let removed = try indexSetArgument(m, 0), count = m.receiverValue.arrayElements.count
                if let beyond = removed.last, beyond >= count { throw arrayIndexOutOfRange(m, beyond, count: count) }
                return try edit(m) { all in for index in removed.reversed() { all.remove(at: index) } }
            }
            // Each object goes to its index in the array that results, in ascending order.
            try c.addMethod("insertObjects:atIndexes:", types: "v@:@@") { m in
                let added = try m.arrayArgument(0), at = try indexSetArgument(m, 1)
                guard added.count == at.count else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "count of array (\(added.count)) differs from count of index set (\(at.count))")
                }
                let count = m.receiverValue.arrayElements.count
                if let beyond = at.last, beyond > count + at.count - 1 { throw arrayIndexOutOfRange(m, beyond, count: count) }
                return try edit(m) { all in for (object, index) in zip(added, at) { all.insert(object, at: index) } }
            }
            try c.addMethod("removeObject:", types: "v@:@") { m in
                let removed = m[0]
                let runtime = m.runtime, depth = m.depth + 1
                let kept = try m.receiverValue.arrayElements.filter { try !runtime.isEqual($0, removed, nestedAt: depth) }
                return try edit(m) { $0 = kept }
            }
            try c.addMethod("removeObjectsInArray:", types: "v@:@") { m in
                let removed = try m.arrayArgument(0, acceptingNil: true)
                let runtime = m.runtime, depth = m.depth + 1
                let kept = try m.receiverValue.arrayElements.filter { element in
                    try runtime.firstIndex(of: element, in: removed, nestedAt: depth) == nil
                }
                return try edit(m) { $0 = kept }
            }
            try c.addMethod("setArray:", types: "v@:@") { m in
                let replacement = try m.arrayArgument(0, acceptingNil: true)
                return try edit(m) { $0 = replacement }
            }
            try c.addMethod("removeLastObject", types: "v@:") { m in try edit(m) { if !$0.isEmpty { $0.removeLast() } } }
            try c.addMethod("removeAllObjects", types: "v@:") { m in try edit(m) { $0.removeAll() } }
            try c.addMethod("sortUsingSelector:", types: "v@::") { m in
                let ordered = try sorted(m.receiverValue.arrayElements, bySelectorOf: m)
                return try edit(m) { $0 = ordered }
            }
            try c.addMethod("sortUsingComparator:", types: "v@:@?") { m in
                let ordered = try sorted(m.receiverValue.arrayElements, byBlockOf: m)
                return try edit(m) { $0 = ordered }
            }
            try c.addMethod("sortUsingFunction:context:", types: "v@:^?^v") { m in
                let ordered = try sorted(m.receiverValue.arrayElements, byFunctionOf: m)
                return try edit(m) { $0 = ordered }
            }
            try c.addMethod("sortUsingDescriptors:", types: "v@:@") { m in
                let ordered = try sorted(m.receiverValue.arrayElements, byDescriptorsOf: m)
                return try edit(m) { $0 = ordered }
            }
            try c.addMethod("sortWithOptions:usingComparator:", types: "v@:Q@?") { m in
                let ordered = try sorted(m.receiverValue.arrayElements, byBlockOf: m, at: 1)
                return try edit(m) { $0 = ordered }
            }
            try c.addMethod("exchangeObjectAtIndex:withObjectAtIndex:", types: "v@:QQ") { m in
                let first = try position(m, 0), second = try position(m, 1)
                return try edit(m) { $0.swapAt(first, second) }
            }
            try c.addMethod("removeObjectIdenticalTo:", types: "v@:@") { m in
                let removed = m[0]
                return try edit(m) { $0.removeAll { $0.isEqual(to: removed) } }
            }
            try c.addMethod("removeObjectsInRange:", types: "v@:{_NSRange=QQ}") { m in
                let within = try arrayRange(m, 0, count: m.receiverValue.arrayElements.count)
                return try edit(m) { $0.removeSubrange(within) }
            }
            try c.addMethod("replaceObjectsInRange:withObjectsFromArray:", types: "v@:{_NSRange=QQ}@") { m in
                let within = try arrayRange(m, 0, count: m.receiverValue.arrayElements.count)
                let replacement = try m.arrayArgument(1, acceptingNil: true)
                return try edit(m) { $0.replaceSubrange(within, with: replacement) }
            }
            try c.addMethod("replaceObjectsAtIndexes:withObjects:", types: "v@:@@") { m in
                let at = try indexSetArgument(m, 0), replacement = try m.arrayArgument(1)
                guard at.count == replacement.count else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "count of array (\(replacement.count)) differs from count of index set (\(at.count))")
                }
                let count = m.receiverValue.arrayElements.count
                if let beyond = at.last, beyond >= count { throw arrayIndexOutOfRange(m, beyond, count: count) }
                return try edit(m) { all in for (index, object) in zip(at, replacement) { all[index] = object } }
            }
        }
    }
}

extension Value {
    /// An array's elements; none for anything else.
    var arrayElements: [Value] {
        if case .array(let elements) = self { elements } else { [] }
    }

    /// An array's elements, a mutable one's as it holds them now; nil for anything else.
    var arrayContents: [Value]? {
        switch self {
        case .array(let elements): elements
        case .object(let holder as ValueHolder): holder.value.arrayContents
        default: nil
        }
    }
}
