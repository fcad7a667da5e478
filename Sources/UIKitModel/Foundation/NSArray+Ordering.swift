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
        // The enumerations and searches, each with its forms taking options (NSEnumerationReverse,
        // 2, goes from the last element; NSEnumerationConcurrent, 1, runs in order, as one
        // thread does) and an index set to visit: the block gets each element, its index and
        // a stop flag.
        for (name, types) in [
            ("enumerateObjectsUsingBlock:", "v@:@?"), ("enumerateObjectsWithOptions:usingBlock:", "v@:Q@?"),
            ("enumerateObjectsAtIndexes:options:usingBlock:", "v@:@Q@?"),
            ("indexOfObjectPassingTest:", "Q@:@?"), ("indexOfObjectWithOptions:passingTest:", "Q@:Q@?"),
            ("indexOfObjectAtIndexes:options:passingTest:", "Q@:@Q@?"),
            ("indexesOfObjectsPassingTest:", "@@:@?"), ("indexesOfObjectsWithOptions:passingTest:", "@@:Q@?"),
            ("indexesOfObjectsAtIndexes:options:passingTest:", "@@:@Q@?"),
        ] {
            let visit = IndexVisit(methodName: name)
            try c.addMethod(name, types: types) { m in
                let all = elements(m)
                var visited = Array(all.indices)
                if name.contains("AtIndexes:") {
                    visited = try indexSetArgument(m, 0)
                    if let beyond = visited.last, beyond >= all.count { throw arrayIndexOutOfRange(m, beyond, count: all.count) }
                }
                return try visit.run(over: visited, m) { [all[$0], .int($0)] }
            }
        }
        try c.addMethod("indexOfObjectIdenticalTo:", types: "Q@:@") { m in
            // Objects by identity; a value (a string, a number) is its own identity.
            .int(elements(m).firstIndex { $0.isEqual(to: m[0]) } ?? notFound)
        }
        // The searches within a range of the array.
        try c.addMethod("indexOfObject:inRange:", types: "Q@:@{_NSRange=QQ}") { m in
            let all = elements(m), within = try arrayRange(m, 1, count: all.count)
            return .int(try m.runtime.firstIndex(of: m[0], in: Array(all[within]), nestedAt: m.depth + 1).map { $0 + within.lowerBound } ?? notFound)
        }
        try c.addMethod("indexOfObjectIdenticalTo:inRange:", types: "Q@:@{_NSRange=QQ}") { m in
            let all = elements(m), within = try arrayRange(m, 1, count: all.count)
            return .int(within.first { all[$0].isEqual(to: m[0]) } ?? notFound)
        }
        try c.addMethod("sortedArrayWithOptions:usingComparator:", types: "@@:Q@?") { m in
            .array(try sorted(elements(m), byBlockOf: m, at: 1))
        }
        // A binary search of a sorted range, as Foundation's: the index of an equal element
        // (the first or last of them with NSBinarySearchingFirstEqual, 256, or LastEqual,
        // 512), or with NSBinarySearchingInsertionIndex (1024) where the object would go.
        try c.addMethod("indexOfObject:inSortedRange:options:usingComparator:", types: "Q@:@{_NSRange=QQ}Q@?") { m in
            let all = elements(m), within = try arrayRange(m, 1, count: all.count)
            let options = try m.integerArgument(2), block = try blockArgument(m, 3), wanted = m[0], depth = m.depth + 1
            func order(_ index: Int) throws -> Int {
                try block.call([all[index], wanted], nestedAt: depth).intValue ?? 0
            }
            // The first index whose element is not before the object, and the first after it.
            var (low, high) = (within.lowerBound, within.upperBound)
            while low < high { let middle = (low + high) / 2; if try order(middle) < 0 { low = middle + 1 } else { high = middle } }
            let firstEqual = low
            high = within.upperBound
            while low < high { let middle = (low + high) / 2; if try order(middle) <= 0 { low = middle + 1 } else { high = middle } }
            let afterEqual = low
            let lastWanted = options & 512 != 0
            if options & 1024 != 0 { return .int(lastWanted ? afterEqual : firstEqual) }
            guard firstEqual < afterEqual else { return .int(notFound) }
            return .int(lastWanted ? afterEqual - 1 : firstEqual)
        }
        try c.addMethod("makeObjectsPerformSelector:withObject:", types: "v@::@") { m in
            guard case .selector(let selector) = m[0] else { throw m.wrongArgument(0, expected: "a selector") }
            for element in elements(m) { _ = try m.runtime.send(selector, toValue: element, Arguments(m[1]), nestedAt: m.depth + 1) }
            return .nil
        }
        try c.addMethod("firstObjectCommonWithArray:", types: "@@:@") { m in
            let others = try m.arrayArgument(0, acceptingNil: true)
            for element in elements(m) where try m.runtime.firstIndex(of: element, in: others, nestedAt: m.depth + 1) != nil {
                return element
            }
            return .nil
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

    /// What a method of an enumeration family (an array's, an index set's) does with the
    /// indexes it visits: calls its block with each, finds the first that passes, or
    /// collects every one that passes into an index set.
    enum IndexVisit {
        case enumerate, first, all

        /// The family's method `name`: `enumerate…`, `index…PassingTest:` or `indexes…PassingTest:`.
        init(methodName name: String) {
            self = name.hasPrefix("enumerate") ? .enumerate : name.hasPrefix("indexes") ? .all : .first
        }

        /// Visits `indexes`, from the last when the options (the argument before the block,
        /// the last one) say NSEnumerationReverse (2), calling the block with each index's
        /// `arguments` and a stop flag until it sets the flag.
        func run(over indexes: [Int], _ m: borrowing Message, arguments: (Int) -> [Value]) throws -> Value {
            let count = m.arguments.count
            let block = try blockArgument(m, count - 1)
            let reversed = try count >= 2 && m.integerArgument(count - 2) & 2 != 0
            let stop = Reference(.bool(false))
            var passed: [Int] = []
            for index in reversed ? indexes.reversed() : indexes {
                let answer = try block.call(Arguments(arguments(index) + [.reference(stop)]), nestedAt: m.depth + 1)
                if answer.isTruthy {
                    if self == .first { return .int(index) }
                    if self == .all { passed.append(index) }
                }
                if stop.value.isTruthy { break }
            }
            switch self {
            case .enumerate: return .nil
            case .first: return .int(notFound)
            case .all: return try makeIndexSet(passed.sorted(), m)
            }
        }
    }

    /// The NSRange argument at `index` as indexes of an array of `count` elements, which
    /// it must lie within, as Foundation raises otherwise.
    static func arrayRange(_ m: borrowing Message, _ index: Int, count: Int) throws -> Range<Int> {
        guard let (start, length) = Geometry.rangeBounds(of: m[index]) else { throw m.wrongArgument(index, expected: "an NSRange") }
        guard start >= 0, length >= 0, start <= count - length else {
            throw ClassLibraryError.outOfRange(method: m.methodName, reason: "range {\(start), \(length)} extends beyond bounds [0 .. \(count - 1)]")
        }
        return start..<(start + length)
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
    static func sorted(_ elements: [Value], byBlockOf m: borrowing Message, at index: Int = 0) throws -> [Value] {
        let block = try blockArgument(m, index), depth = m.depth + 1
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
