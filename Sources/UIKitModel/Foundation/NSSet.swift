import Runtime

extension ClassLibrary {
    /// `NSSet` and `NSMutableSet`: distinct objects, kept in the order first added so that
    /// every run lists them alike. Two objects are the same member when their `-hash`es
    /// are equal and `-isEqual:` says so, as Foundation decides, so a class's overrides
    /// of both are honoured.
    static func defineNSSet(in runtime: Runtime, root: Class) throws {
        let initWithArray = try runtime.selector("initWithArray:"), initialize = try runtime.selector("init")
        let set = try runtime.registerLazyClass(named: "NSSet", superclass: root) { c in
            try SetMembers.addStorage(to: &c, initWithArray: initWithArray, initialize: initialize)
            try c.addClassMethod("set", types: "@@:") { m in try m.allocInit(initWithArray, Arguments(.array([]))) }
            try c.addClassMethod("setWithArray:", types: "@@:@") { m in try m.allocInit(initWithArray, Arguments(.array(try m.arrayArgument(0, acceptingNil: true)))) }
            try c.addClassMethod("setWithObject:", types: "@@:@") { m in
                guard m[0] != .nil else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "object cannot be nil") }
                return try m.allocInit(initWithArray, Arguments(.array([m[0]])))
            }
            try c.addClassMethod("setWithObjects:", types: "@@:@", variadic: true) { m in try m.allocInit(initWithArray, Arguments(.array(m.argumentsUpToNil()))) }
            try c.addClassMethod("setWithObjects:count:", types: "@@:^@Q") { m in
                try m.allocInit(initWithArray, Arguments(.array(try ClassLibrary.objectsArgument(m, 0, count: 1))))
            }
            try c.addMethod("initWithObjects:count:", types: "@@:^@Q") { m in
                try m.send(initWithArray, to: m.receiver, Arguments(.array(try ClassLibrary.objectsArgument(m, 0, count: 1))))
            }
            try c.addClassMethod("setWithSet:", types: "@@:@") { m in try m.allocInit(initWithArray, Arguments(.array(try SetMembers.setArgument(m, 0, acceptingNil: true)))) }

            try c.addMethod("count", types: "Q@:") { m in .int(try SetMembers.of(m).count) }
            try c.addMethod("allObjects", types: "@@:") { m in .array(try SetMembers.of(m)) }
            try c.addMethod("sortedArrayUsingDescriptors:", types: "@@:@") { m in .array(try sorted(try SetMembers.of(m), byDescriptorsOf: m)) }
            try c.addMethod("objectEnumerator", types: "@@:") { m in try enumerator(over: SetMembers.of(m), m) }
            try c.addMethod("anyObject", types: "@@:") { m in try SetMembers.of(m).first ?? .nil }
            try c.addMethod("containsObject:", types: "B@:@") { m in .bool(try SetMembers.index(of: m[0], in: try SetMembers.of(m), m) != nil) }
            // The member equal to the object, which may be another object than the one asked about.
            try c.addMethod("member:", types: "@@:@") { m in
                let all = try SetMembers.of(m)
                return try SetMembers.index(of: m[0], in: all, m).map { all[$0] } ?? .nil
            }
            try c.addMethod("isEqualToSet:", types: "B@:@") { m in .bool(try SetMembers.equal(m, m[0])) }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(try SetMembers.equal(m, m[0])) }
            try c.addMethod("hash", types: "Q@:") { m in .int(try SetMembers.of(m).count) }
            try c.addMethod("isSubsetOfSet:", types: "B@:@") { m in
                let other = try SetMembers.setArgument(m, 0)
                return .bool(try SetMembers.of(m).allSatisfy { try SetMembers.index(of: $0, in: other, m) != nil })
            }
            try c.addMethod("intersectsSet:", types: "B@:@") { m in
                let other = try SetMembers.setArgument(m, 0)
                return .bool(try SetMembers.of(m).contains { try SetMembers.index(of: $0, in: other, m) != nil })
            }
            try c.addMethod("setByAddingObject:", types: "@@:@") { m in
                try m.make("NSSet", initWithArray, Arguments(.array(try SetMembers.of(m) + [m[0]])))
            }
            // Nil adds nothing, as Foundation enumerates nil (Objection merges a nil set of
            // its modules' bindings this way).
            try c.addMethod("setByAddingObjectsFromSet:", types: "@@:@") { m in
                try m.make("NSSet", initWithArray, Arguments(.array(try SetMembers.of(m) + (try SetMembers.setArgument(m, 0, acceptingNil: true)))))
            }
            try c.addMethod("setByAddingObjectsFromArray:", types: "@@:@") { m in
                try m.make("NSSet", initWithArray, Arguments(.array(try SetMembers.of(m) + (try m.arrayArgument(0, acceptingNil: true)))))
            }
            try c.addMethod("copy", types: "@@:") { m in
                try m.copy(ofImmutable: "NSSet") { try m.make("NSSet", initWithArray, Arguments(.array(try SetMembers.of(m)))) }
            }
            try c.addMethod("mutableCopy", types: "@@:") { m in try m.make("NSMutableSet", initWithArray, Arguments(.array(try SetMembers.of(m)))) }
            try addCollectionDescriptions(to: &c) { m, level in
                try CollectionDescription.members(SetMembers.of(m), kind: .set, level: level, m)
            }
            // The members in the set's order; the block gets each and a stop flag.
            for (name, types) in [("enumerateObjectsUsingBlock:", "v@:@?"), ("enumerateObjectsWithOptions:usingBlock:", "v@:Q@?")] {
                try c.addMethod(name, types: types) { m in
                    guard let block = try m.blockArgument(m.arguments.count - 1) else { throw m.wrongArgument(m.arguments.count - 1, expected: "a block") }
                    let stop = Reference(.bool(false))
                    for member in try SetMembers.of(m) {
                        _ = try block.call(Arguments(member, .reference(stop)), nestedAt: m.depth + 1)
                        if stop.value.isTruthy { break }
                    }
                    return .nil
                }
            }
            try c.addMethod("objectsPassingTest:", types: "@@:@?") { m in
                guard let block = try m.blockArgument(0) else { throw m.wrongArgument(0, expected: "a block answering BOOL") }
                let stop = Reference(.bool(false))
                var passing: [Value] = []
                for member in try SetMembers.of(m) {
                    if try block.call(Arguments(member, .reference(stop)), nestedAt: m.depth + 1).isTruthy { passing.append(member) }
                    if stop.value.isTruthy { break }
                }
                return try m.make("NSSet", initWithArray, Arguments(.array(passing)))
            }
        }
        let mutableSet = try runtime.registerLazyClass(named: "NSMutableSet", superclass: set) { c in
            // The capacity is a hint Foundation may ignore; so does the model.
            try c.addClassMethod("setWithCapacity:", types: "@@:Q") { m in try m.allocInit(initWithArray, Arguments(.array([]))) }
            try c.addMethod("initWithCapacity:", types: "@@:Q") { m in try m.send(initWithArray, to: m.receiver, Arguments(.array([]))) }
            try c.addMethod("addObject:", types: "v@:@") { m in
                guard m[0] != .nil else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "object cannot be nil") }
                try SetMembers.add([m[0]], m)
                return .nil
            }
            try c.addMethod("addObjectsFromArray:", types: "v@:@") { m in
                try SetMembers.add(try m.arrayArgument(0, acceptingNil: true), m)
                return .nil
            }
            try c.addMethod("unionSet:", types: "v@:@") { m in
                try SetMembers.add(try SetMembers.setArgument(m, 0, acceptingNil: true), m)
                return .nil
            }
            try c.addMethod("setSet:", types: "v@:@") { m in
                let members = try SetMembers.setArgument(m, 0, acceptingNil: true)
                try m.setIvar("_objects", .array(members))
                return .nil
            }
            try SetMembers.addRemovals(to: &c)
            // A nil set removes nothing, as Foundation's loop over it does (unionSet: alike).
            try c.addMethod("minusSet:", types: "v@:@") { m in
                let other = try SetMembers.setArgument(m, 0, acceptingNil: true)
                try m.setIvar("_objects", .array(try SetMembers.of(m).filter { try SetMembers.index(of: $0, in: other, m) == nil }))
                return .nil
            }
            // Intersected with nil, no member is kept: Foundation asks the other set whether
            // it holds each, and nil answers NO.
            try c.addMethod("intersectSet:", types: "v@:@") { m in
                let other = try SetMembers.setArgument(m, 0, acceptingNil: true)
                try m.setIvar("_objects", .array(try SetMembers.of(m).filter { try SetMembers.index(of: $0, in: other, m) != nil }))
                return .nil
            }
        }
        try defineNSCountedSet(in: runtime, mutableSet: mutableSet, initWithArray: initWithArray)
    }
}

/// Membership as NSSet decides it.
enum SetMembers {
    /// What `NSSet` and `NSOrderedSet` share: their members in `_objects`, distinct as
    /// NSSet decides, and the initializers taking them from an array, a nil-terminated list
    /// or a set.
    static func addStorage(to c: inout ClassBuilder, initWithArray: Selector, initialize: Selector) throws {
        try c.addIvar("_objects", type: .object(className: "NSArray"))
        try c.addMethod("initWithArray:", types: "@@:@") { m in
            let distinct = try SetMembers.distinct(try m.arrayArgument(0, acceptingNil: true), m)
            return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_objects", of: this, to: .array(distinct)) }
        }
        try c.addMethod("init", types: "@@:") { m in try m.send(initWithArray, to: m.receiver, Arguments(.array([]))) }
        try c.addMethod("initWithObjects:", types: "@@:@", variadic: true) { m in
            try m.send(initWithArray, to: m.receiver, Arguments(.array(m.argumentsUpToNil())))
        }
        try c.addMethod("initWithSet:", types: "@@:@") { m in
            try m.send(initWithArray, to: m.receiver, Arguments(.array(try SetMembers.setArgument(m, 0, acceptingNil: true))))
        }
    }

    /// What the mutable forms share: removing one member, or every one.
    static func addRemovals(to c: inout ClassBuilder) throws {
        try c.addMethod("removeObject:", types: "v@:@") { m in
            guard let index = try SetMembers.index(of: m[0], in: SetMembers.of(m), m) else { return .nil }
            try SetMembers.change(m) { $0.remove(at: index) }
            return .nil
        }
        try c.addMethod("removeAllObjects", types: "v@:") { m in
            try m.setIvar("_objects", [])
            return .nil
        }
    }

    /// The receiver's members.
    static func of(_ m: borrowing Message) throws -> [Value] { try m.ivar("_objects").arrayElements }

    /// Changes the receiver's members in place: the ivar lets go of them meanwhile, so the
    /// array is not copied (a set of thousands grown one member at a time would copy them
    /// all each time). `change` runs no code of the program: what it needs (an index, the
    /// members to add) is found before, with the ivar as it was.
    static func change(_ m: borrowing Message, _ change: (inout [Value]) throws -> Void) throws {
        var members = try of(m)
        try m.setIvar("_objects", .nil)
        defer { _ = try? m.setIvar("_objects", .array(members)) }
        try change(&members)
    }

    /// The members of the set passed as argument `index`; with `acceptingNil`, none for nil.
    static func setArgument(_ m: borrowing Message, _ index: Int, acceptingNil: Bool = false) throws -> [Value] {
        if acceptingNil, m[index] == .nil { return [] }
        guard let object = m[index].object, let set = m.runtime.class(named: "NSSet"), object.isKind(of: set) else {
            throw m.wrongArgument(index, expected: "an NSSet")
        }
        return try m.runtime.ivarValue("_objects", of: object).arrayElements
    }

    /// Adds the members of `candidates` the receiver does not hold yet, in order, each once.
    static func add(_ candidates: [Value], _ m: borrowing Message) throws {
        let members = try of(m)
        var added: [Value] = []
        for candidate in candidates where candidate != .nil {
            if try index(of: candidate, in: members, m) == nil, try index(of: candidate, in: added, m) == nil { added.append(candidate) }
        }
        guard !added.isEmpty else { return }
        try change(m) { $0.append(contentsOf: added) }
    }

    /// The elements without repeats, each kept where it first appears; nils are dropped.
    static func distinct(_ elements: [Value], _ m: borrowing Message) throws -> [Value] {
        var kept: [Value] = []
        for element in elements where element != .nil {
            if try index(of: element, in: kept, m) == nil { kept.append(element) }
        }
        return kept
    }

    /// Where a member equal to `value` is: the same value, or one with the same `-hash` that
    /// `-isEqual:` it (strings, numbers and collections compare by value, as Foundation's do).
    static func index(of value: Value, in members: [Value], _ m: borrowing Message) throws -> Int? {
        let hashing = try Hashing(m)
        // An object with NSObject's own -hash and -isEqual: is equal only to itself: its
        // hash is its serial, which no other member's NSObject hash shares.
        if case .object(let object) = value, !(object is ValueHolder), hashing.isPlain(object, in: m.runtime) {
            return members.firstIndex { $0.object === object }
        }
        // A string or a number equals a member of its own kind by value, which needs no
        // hash (a table keyed by thousands of strings would send -hash to each).
        let isPlainValue = switch value {
        case .string, .int, .double, .bool: true
        default: false
        }
        var hash = isPlainValue ? nil : try hashValue(of: value, m, hashing)
        var hashed = !isPlainValue
        for (index, member) in members.enumerated() {
            if member == value { return index }
            if isPlainValue {
                switch member {
                case .string, .int, .double, .bool:
                    if member.isEqual(to: value) { return index }
                    continue
                case .object(let holder as ValueHolder):
                    if holder.value.isEqual(to: value) { return index }
                    continue
                case .object:
                    // An object of the program's may say it equals a string: asked as NSSet asks.
                    if !hashed { (hash, hashed) = (try hashValue(of: value, m, hashing), true) }
                    guard try hashValue(of: member, m, hashing) == hash else { continue }
                    if try m.runtime.isEqual(member, value, nestedAt: m.depth + 1) { return index }
                    continue
                default:
                    continue
                }
            }
            guard try hashValue(of: member, m, hashing) == hash else { continue }
            if try m.runtime.isEqual(member, value, nestedAt: m.depth + 1) { return index }
        }
        return nil
    }

    /// What a search asks once for all the members it hashes.
    private struct Hashing {
        let selector: Selector
        let equality: Selector
        /// NSObject's own `-hash`, which answers the object's serial, and `-isEqual:`.
        let objectHash: Implementation?
        let objectEquality: Implementation?

        init(_ m: borrowing Message) throws {
            let selector = try m.runtime.selector("hash"), equality = try m.runtime.selector("isEqual:")
            self.selector = selector
            self.equality = equality
            let root = m.runtime.class(named: "NSObject")
            objectHash = root.flatMap { m.runtime.lookUpMethod(selector, in: $0) }?.implementation
            objectEquality = root.flatMap { m.runtime.lookUpMethod(equality, in: $0) }?.implementation
        }

        /// Whether `object` hashes and compares as NSObject does: by identity.
        func isPlain(_ object: Object, in runtime: Runtime) -> Bool {
            guard let objectHash, let objectEquality else { return false }
            return runtime.lookUpMethod(selector, in: object.isa)?.implementation === objectHash
                && runtime.lookUpMethod(equality, in: object.isa)?.implementation === objectEquality
        }
    }

    private static func hashValue(of value: Value, _ m: borrowing Message, _ hashing: Hashing) throws -> Int? {
        switch value {
        case .object(let object) where !(object is ValueHolder):
            guard let method = m.runtime.lookUpMethod(hashing.selector, in: object.isa) else { return object.serial }
            // NSObject's own answer, read without a send: a search hashes every member.
            if let objectHash = hashing.objectHash, method.implementation === objectHash { return object.serial }
            return try m.send(hashing.selector, to: object).intValue
        case .object(let holder as ValueHolder):
            return try hashValue(of: holder.value, m, hashing)
        default:
            // Values hash as their classes hash them, which equal values share.
            guard m.runtime.class(ofValue: value) != nil else { return nil }
            return try m.runtime.send(hashing.selector, toValue: value, Arguments(), nestedAt: m.depth + 1).intValue
        }
    }

    /// Whether the receiver and `other` (a set) have equal members.
    static func equal(_ m: borrowing Message, _ other: Value) throws -> Bool {
        guard let object = other.object, let set = m.runtime.class(named: "NSSet"), object.isKind(of: set) else { return false }
        let mine = try of(m), theirs = try m.runtime.ivarValue("_objects", of: object).arrayElements
        return try mine.count == theirs.count && mine.allSatisfy { try index(of: $0, in: theirs, m) != nil }
    }
}
