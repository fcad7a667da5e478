import Runtime

extension ClassLibrary {
    /// `NSIndexSet` and `NSMutableIndexSet`: distinct unsigned integers in ascending order,
    /// what a table's `reloadSections:withRowAnimation:` and an array's
    /// `objectsAtIndexes:` take. They describe themselves as Foundation's do, without the
    /// address: `<NSIndexSet>[number of indexes: 3 (in 2 ranges), indexes: (0-1 4)]`.
    static func defineNSIndexSet(in runtime: Runtime, root: Class) throws {
        let initWithIndexes = try runtime.selector("_initWithIndexes:"), initialize = try runtime.selector("init")
        let indexSet = try runtime.registerLazyClass(named: "NSIndexSet", superclass: root) { c in
            try c.addIvar("_indexes", type: .object(className: "NSArray"))
            // The one initializer the others share; not Foundation's API, hence the underscore.
            try c.addMethod("_initWithIndexes:", types: "@@:@") { m in
                let indexes = Set(try m.arrayArgument(0).compactMap(\.intValue)).sorted()
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_indexes", of: this, to: .array(indexes.map(Value.int))) }
            }
            try c.addMethod("init", types: "@@:") { m in try m.send(initWithIndexes, to: m.receiver, Arguments(.array([]))) }
            // Archived as its indexes, as NSCoding has it (Foundation's own keys are private).
            try c.addMethod("encodeWithCoder:", types: "v@:@") { m in
                try m.send("encodeObject:forKey:", to: try m.objectArgument(0) ?? m.receiver, try m.ivar("_indexes"), .string("NSIndexes"))
                return .nil
            }
            try c.addMethod("initWithCoder:", types: "@@:@") { m in
                let indexes = try m.send("decodeObjectForKey:", to: try m.objectArgument(0) ?? m.receiver, .string("NSIndexes"))
                return try m.send(initWithIndexes, to: m.receiver, Arguments(indexes.arrayContents.map(Value.array) ?? .array([])))
            }
            try c.addMethod("initWithIndex:", types: "@@:Q") { m in
                try m.send(initWithIndexes, to: m.receiver, Arguments(.array([.int(try index(m, 0))])))
            }
            try c.addMethod("initWithIndexesInRange:", types: "@@:{_NSRange=QQ}") { m in
                try m.send(initWithIndexes, to: m.receiver, Arguments(.array(try storedRange(m, 0).map(Value.int))))
            }
            try c.addMethod("initWithIndexSet:", types: "@@:@") { m in
                try m.send(initWithIndexes, to: m.receiver, Arguments(.array(try indexSetArgument(m, 0).map(Value.int))))
            }
            try c.addClassMethod("indexSet", types: "@@:") { m in try m.allocInit(initWithIndexes, Arguments(.array([]))) }
            try c.addClassMethod("indexSetWithIndex:", types: "@@:Q") { m in
                try m.allocInit(initWithIndexes, Arguments(.array([.int(try index(m, 0))])))
            }
            try c.addClassMethod("indexSetWithIndexesInRange:", types: "@@:{_NSRange=QQ}") { m in
                try m.allocInit(initWithIndexes, Arguments(.array(try storedRange(m, 0).map(Value.int))))
            }

            try c.addMethod("count", types: "Q@:") { m in .int(try members(m).count) }
            try c.addMethod("firstIndex", types: "Q@:") { m in .int(try members(m).first ?? notFound) }
            try c.addMethod("lastIndex", types: "Q@:") { m in .int(try members(m).last ?? notFound) }
            try c.addMethod("containsIndex:", types: "B@:Q") { m in .bool(try members(m).contains(try m.integerArgument(0))) }
            try c.addMethod("containsIndexes:", types: "B@:@") { m in .bool(Set(try members(m)).isSuperset(of: try indexSetArgument(m, 0))) }
            // Counted among the members, so that a range of billions costs no more than the set.
            try c.addMethod("containsIndexesInRange:", types: "B@:{_NSRange=QQ}") { m in
                let wanted = try range(m, 0)
                return .bool(try members(m).count { wanted.contains($0) } == wanted.count)
            }
            try c.addMethod("intersectsIndexesInRange:", types: "B@:{_NSRange=QQ}") { m in
                let wanted = try range(m, 0)
                return .bool(try members(m).contains { wanted.contains($0) })
            }
            try c.addMethod("countOfIndexesInRange:", types: "Q@:{_NSRange=QQ}") { m in
                let wanted = try range(m, 0)
                return .int(try members(m).count { wanted.contains($0) })
            }
            // The nearest index past the one given, either way; NSNotFound when there is none.
            for (name, isAbove, orEqual) in [("indexGreaterThanIndex:", true, false), ("indexGreaterThanOrEqualToIndex:", true, true),
                                             ("indexLessThanIndex:", false, false), ("indexLessThanOrEqualToIndex:", false, true)] {
                try c.addMethod(name, types: "Q@:Q") { m in
                    let given = try m.integerArgument(0), all = try members(m)
                    let found = isAbove ? all.first { $0 > given || orEqual && $0 == given } : all.last { $0 < given || orEqual && $0 == given }
                    return .int(found ?? notFound)
                }
            }
            // At most `maxCount` indexes, in order, into the buffer; with a range, only those
            // in it, and the range is left to start after the last one given.
            try c.addMethod("getIndexes:maxCount:inIndexRange:", types: "Q@:^QQ^{_NSRange=QQ}") { m in
                let limit = max(0, try m.integerArgument(1))
                var found = try members(m)
                var within: Reference?
                if case .reference(let rangePointer) = m[2], let (start, length) = Geometry.rangeBounds(of: rangePointer.value) {
                    found = found.filter { $0 >= start && $0 < start + length }
                    within = rangePointer
                }
                let given = Array(found.prefix(limit))
                try m.bufferArgument(0).write(given.map(Value.int))
                if let within, let (start, length) = Geometry.rangeBounds(of: within.value), let last = given.last {
                    within.value = Geometry.range(last + 1, start + length - (last + 1))
                }
                return .int(given.count)
            }
            // The enumerations and searches, each with its forms taking options (reverse order:
            // NSEnumerationReverse, 2; concurrent runs in order here) and a range: the block
            // gets each index in turn and a stop flag.
            for (name, types) in [
                ("enumerateIndexesUsingBlock:", "v@:@?"), ("enumerateIndexesWithOptions:usingBlock:", "v@:Q@?"),
                ("enumerateIndexesInRange:options:usingBlock:", "v@:{_NSRange=QQ}Q@?"),
                ("indexPassingTest:", "Q@:@?"), ("indexWithOptions:passingTest:", "Q@:Q@?"), ("indexInRange:options:passingTest:", "Q@:{_NSRange=QQ}Q@?"),
                ("indexesPassingTest:", "@@:@?"), ("indexesWithOptions:passingTest:", "@@:Q@?"),
                ("indexesInRange:options:passingTest:", "@@:{_NSRange=QQ}Q@?"),
            ] {
                let visit = IndexVisit(methodName: name)
                try c.addMethod(name, types: types) { m in
                    var visited = try members(m)
                    if name.contains("InRange:") {
                        let within = try range(m, 0)
                        visited = visited.filter(within.contains)
                    }
                    return try visit.run(over: visited, m) { [.int($0)] }
                }
            }
            for name in ["isEqualToIndexSet:", "isEqual:"] {
                try c.addMethod(name, types: "B@:@") { m in .bool(try indexSetMembers(m[0], m) == (try members(m))) }
            }
            try c.addMethod("hash", types: "Q@:") { m in .int(try members(m).count) }
            try c.addMethod("copy", types: "@@:") { m in
                try m.copy(ofImmutable: "NSIndexSet") { try m.make("NSIndexSet", initWithIndexes, Arguments(.array(try members(m).map(Value.int)))) }
            }
            try c.addMethod("mutableCopy", types: "@@:") { m in
                try m.make("NSMutableIndexSet", initWithIndexes, Arguments(.array(try members(m).map(Value.int))))
            }
            try c.addMethod("description", types: "@@:") { m in
                let all = try members(m)
                let ranges = runs(of: all)
                let listed = ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: " ")
                let count = "number of indexes: \(all.count) (in \(ranges.count) range\(ranges.count == 1 ? "" : "s"))"
                return .string("<\(m.receiver.isa.name)>[\(count)" + (all.isEmpty ? "]" : ", indexes: (\(listed))]"))
            }
        }

        try runtime.registerLazyClass(named: "NSMutableIndexSet", superclass: indexSet) { c in
            @Sendable func edit(_ m: borrowing Message, _ change: (inout Set<Int>) throws -> Void) throws -> Value {
                var all = Set(try members(m))
                try change(&all)
                try m.setIvar("_indexes", .array(all.sorted().map(Value.int)))
                return .nil
            }
            try c.addMethod("addIndex:", types: "v@:Q") { m in try edit(m) { $0.insert(try index(m, 0)) } }
            try c.addMethod("addIndexes:", types: "v@:@") { m in try edit(m) { $0.formUnion(try indexSetArgument(m, 0)) } }
            try c.addMethod("addIndexesInRange:", types: "v@:{_NSRange=QQ}") { m in try edit(m) { $0.formUnion(try storedRange(m, 0)) } }
            try c.addMethod("removeIndex:", types: "v@:Q") { m in try edit(m) { $0.remove(try m.integerArgument(0)) } }
            try c.addMethod("removeIndexes:", types: "v@:@") { m in try edit(m) { $0.subtract(try indexSetArgument(m, 0)) } }
            try c.addMethod("removeIndexesInRange:", types: "v@:{_NSRange=QQ}") { m in
                let unwanted = try range(m, 0)
                return try edit(m) { $0 = $0.filter { !unwanted.contains($0) } }
            }
            try c.addMethod("removeAllIndexes", types: "v@:") { m in try edit(m) { $0.removeAll() } }
            // Every index from `start` moves by `delta`; moving down, those it lands on go.
            try c.addMethod("shiftIndexesStartingAtIndex:by:", types: "v@:Qq") { m in
                let start = try m.integerArgument(0), delta = try m.integerArgument(1)
                return try edit(m) { all in
                    let moved = all.filter { $0 >= start }.map { $0 + delta }.filter { $0 >= 0 }
                    all = all.filter { $0 < start && (delta >= 0 || $0 < start + delta) }.union(moved)
                }
            }
        }

        @Sendable func members(_ m: borrowing Message) throws -> [Int] { try indexSetMembers(.object(m.receiver), m) ?? [] }
        @Sendable func index(_ m: borrowing Message, _ position: Int) throws -> Int {
            let index = try m.integerArgument(position)
            guard index >= 0, index != notFound else {
                throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "index \(index) is out of the range an index set holds, 0 to NSNotFound - 1")
            }
            return index
        }
        @Sendable func range(_ m: borrowing Message, _ position: Int) throws -> Range<Int> {
            guard let (start, count) = Geometry.rangeBounds(of: m[position]), start >= 0, count >= 0 else {
                throw m.wrongArgument(position, expected: "an NSRange")
            }
            let (end, overflows) = start.addingReportingOverflow(count)
            guard !overflows, end <= notFound else {
                throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "range {\(start), \(count)} runs past NSNotFound - 1, the last index an index set holds")
            }
            return start..<end
        }
        /// A range whose indexes the set will hold: the model keeps each index, so a range of
        /// more than ``ObjCType/maximumArrayElements`` is refused rather than exhaust memory.
        @Sendable func storedRange(_ m: borrowing Message, _ position: Int) throws -> Range<Int> {
            let wanted = try range(m, position)
            guard wanted.count <= ObjCType.maximumArrayElements else {
                throw ClassLibraryError.invalidArgument(
                    method: m.methodName,
                    reason: "range {\(wanted.lowerBound), \(wanted.count)} holds more indexes than rtsh keeps in one index set (at most \(ObjCType.maximumArrayElements), each kept apart)")
            }
            return wanted
        }
    }

    /// The indexes of an `NSIndexSet` in ascending order; nil for a value that is no index set.
    static func indexSetMembers(_ value: Value, _ m: borrowing Message) throws -> [Int]? {
        guard let object = value.object, let cls = m.runtime.class(named: "NSIndexSet"), object.isKind(of: cls) else { return nil }
        return try m.runtime.ivarValue("_indexes", of: object).arrayElements.compactMap(\.intValue)
    }

    /// The indexes of the `NSIndexSet` argument at `position`, in ascending order.
    static func indexSetArgument(_ m: borrowing Message, _ position: Int) throws -> [Int] {
        guard let all = try indexSetMembers(m[position], m) else { throw m.wrongArgument(position, expected: "an NSIndexSet") }
        return all
    }

    /// An `NSIndexSet` of `indexes`.
    static func makeIndexSet(_ indexes: [Int], _ m: borrowing Message) throws -> Value {
        try m.make("NSIndexSet", try m.runtime.selector("_initWithIndexes:"), Arguments(.array(indexes.map(Value.int))))
    }

    /// Sorted distinct indexes as their runs of consecutive numbers.
    private static func runs(of sorted: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for index in sorted {
            if let last = runs.last, last.upperBound + 1 == index {
                runs[runs.count - 1] = last.lowerBound...index
            } else {
                runs.append(index...index)
            }
        }
        return runs
    }
}
