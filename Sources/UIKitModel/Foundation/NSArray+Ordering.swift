import Runtime

extension ClassLibrary {
    /// What `NSArray` does with blocks and selectors over its elements: sorting by a
    /// comparison selector or comparator block, enumerating with a stop flag, finding the
    /// first element passing a test (or the indexes of all that pass), sending every element
    /// a message, and a subarray or the elements at an index set's indexes.
    ///
    /// Sorting is stable, as Foundation's merge sort is: elements that compare the same keep
    /// their order, so output is the same on every run. A comparison that raises stops the sort.
    static func addOrderingMethods(to c: inout ClassBuilder, elements: @escaping @Sendable (borrowing Message) -> [Value]) throws {
        try c.addMethod("sortedArrayUsingSelector:", types: "@@::") { m in
            .array(try sorted(elements(m), bySelectorOf: m))
        }
        try c.addMethod("sortedArrayUsingComparator:", types: "@@:@?") { m in
            .array(try sorted(elements(m), byBlockOf: m))
        }
        // A C function comparing two elements, given the context too.
        try c.addMethod("sortedArrayUsingFunction:context:", types: "@@:^?^v") { m in
            .array(try sorted(elements(m), byFunctionOf: m))
        }
        try c.addMethod("sortedArrayUsingDescriptors:", types: "@@:@") { m in
            .array(try sorted(elements(m), byDescriptorsOf: m))
        }
        try c.addMethod("enumerateObjectsUsingBlock:", types: "v@:@?") { m in
            let block = try blockArgument(m, 0)
            let stop = Reference(.bool(false))
            for (index, element) in elements(m).enumerated() {
                _ = try block.call([element, .int(index), .reference(stop)], nestedAt: m.depth + 1)
                if stop.value.isTruthy { break }
            }
            return .nil
        }
        // NSEnumerationReverse (2) goes from the last element; NSEnumerationConcurrent (1)
        // runs in order, as one thread does.
        try c.addMethod("enumerateObjectsWithOptions:usingBlock:", types: "v@:Q@?") { m in
            let block = try blockArgument(m, 1), isReversed = try m.integerArgument(0) & 2 != 0
            let stop = Reference(.bool(false))
            let indexed = Array(elements(m).enumerated())
            for (index, element) in isReversed ? indexed.reversed() : indexed {
                _ = try block.call([element, .int(index), .reference(stop)], nestedAt: m.depth + 1)
                if stop.value.isTruthy { break }
            }
            return .nil
        }
        try c.addMethod("indexOfObjectIdenticalTo:", types: "Q@:@") { m in
            // Objects by identity; a value (a string, a number) is its own identity.
            .int(elements(m).firstIndex { $0.isEqual(to: m[0]) } ?? notFound)
        }
        try c.addMethod("firstObjectCommonWithArray:", types: "@@:@") { m in
            let others = try m.arrayArgument(0, acceptingNil: true)
            for element in elements(m) where try m.runtime.firstIndex(of: element, in: others, nestedAt: m.depth + 1) != nil {
                return element
            }
            return .nil
        }
        try c.addMethod("indexOfObjectPassingTest:", types: "Q@:@?") { m in
            let block = try blockArgument(m, 0)
            let stop = Reference(.bool(false))
            for (index, element) in elements(m).enumerated() {
                if try block.call([element, .int(index), .reference(stop)], nestedAt: m.depth + 1).isTruthy { return .int(index) }
                if stop.value.isTruthy { break }
            }
            return .int(notFound)
        }
        try c.addMethod("indexesOfObjectsPassingTest:", types: "@@:@?") { m in
            let block = try blockArgument(m, 0)
            let stop = Reference(.bool(false))
            var passing: [Int] = []
            for (index, element) in elements(m).enumerated() {
                if try block.call([element, .int(index), .reference(stop)], nestedAt: m.depth + 1).isTruthy { passing.append(index) }
                if stop.value.isTruthy { break }
            }
            return try makeIndexSet(passing, m)
        }
        try c.addMethod("objectsAtIndexes:", types: "@@:@") { m in
            let all = elements(m)
            return .array(try indexSetArgument(m, 0).map { index in
                guard all.indices.contains(index) else { throw arrayIndexOutOfRange(m, index, count: all.count) }
                return all[index]
            })
        }
        try c.addMethod("makeObjectsPerformSelector:", types: "v@::") { m in
            guard case .selector(let selector) = m[0] else { throw m.wrongArgument(0, expected: "a selector") }
            for element in elements(m) { _ = try m.runtime.send(selector, toValue: element, Arguments(), nestedAt: m.depth + 1) }
            return .nil
        }
        try c.addMethod("subarrayWithRange:", types: "@@:{_NSRange=QQ}") { m in
            let all = elements(m)
            guard let range = Geometry.numbers(of: m[0], count: 2).map({ (Int($0[0]), Int($0[1])) }) else {
                throw m.wrongArgument(0, expected: "an NSRange")
            }
            guard range.0 >= 0, range.1 >= 0, range.0 + range.1 <= all.count else {
                throw ClassLibraryError.outOfRange(method: m.methodName, reason: "range {\(range.0), \(range.1)} extends beyond bounds [0 .. \(all.count - 1)]")
            }
            return .array(Array(all[range.0..<(range.0 + range.1)]))
        }
    }

    /// `NSNotFound` on 64-bit platforms.
    static let notFound = Int.max

    /// The block argument at `index`, which Foundation refuses to be nil.
    static func blockArgument(_ m: borrowing Message, _ index: Int) throws -> Block {
        guard let block = try m.blockArgument(index) else {
            throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "block cannot be nil")
        }
        return block
    }

    /// The elements ordered by sending argument 0, a comparison selector, to each with another.
    static func sorted(_ elements: [Value], bySelectorOf m: borrowing Message) throws -> [Value] {
        guard case .selector(let selector) = m[0] else { throw m.wrongArgument(0, expected: "a selector") }
        let runtime = m.runtime, depth = m.depth + 1
        return try stableSorted(elements) { a, b in
            try runtime.send(selector, toValue: a, [b], nestedAt: depth).intValue ?? 0
        }
    }

    /// The elements ordered by calling argument 0, a comparator block, with pairs of them.
    static func sorted(_ elements: [Value], byBlockOf m: borrowing Message) throws -> [Value] {
        let block = try blockArgument(m, 0), depth = m.depth + 1
        return try stableSorted(elements) { a, b in try block.call([a, b], nestedAt: depth).intValue ?? 0 }
    }

    /// The elements ordered by argument 0, a C function of two elements and argument 1, the context.
    static func sorted(_ elements: [Value], byFunctionOf m: borrowing Message) throws -> [Value] {
        guard case .block(let function) = m[0], function.parameterCount == 3 else {
            throw m.wrongArgument(0, expected: "a function comparing two elements with a context, as in NSInteger compare(id a, id b, void *context)")
        }
        let (context, depth) = (m[1], m.depth + 1)
        return try stableSorted(elements) { a, b in try function.call([a, b, context], nestedAt: depth).intValue ?? 0 }
    }

    /// A merge sort by an NSComparisonResult (-1, 0, 1), which keeps equal elements in order.
    static func stableSorted(_ elements: [Value], by compare: (Value, Value) throws -> Int) throws -> [Value] {
        guard elements.count > 1 else { return elements }
        let middle = elements.count / 2
        let left = try stableSorted(Array(elements[..<middle]), by: compare)
        let right = try stableSorted(Array(elements[middle...]), by: compare)
        var merged: [Value] = []
        merged.reserveCapacity(elements.count)
        var i = 0, j = 0
        while i < left.count, j < right.count {
            if try compare(right[j], left[i]) < 0 {
                merged.append(right[j])
                j += 1
            } else {
                merged.append(left[i])
                i += 1
            }
        }
        return merged + left[i...] + right[j...]
    }
}
