import Runtime

extension ClassLibrary {
    /// `NSHashTable`: a set that does not copy its members, as code keeps its observers or
    /// delegates in one. The weak forms (`weakObjectsHashTable`, `NSHashTableWeakMemory`)
    /// hold members without keeping them alive, and a member that goes leaves the table;
    /// `NSHashTableObjectPointerPersonality` matches members by identity, the others by
    /// `-isEqual:` (see ``TableMemory``). Members are listed in the order they were added.
    static func defineNSHashTable(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), initWithOptions = try runtime.selector("initWithOptions:capacity:")
        try TableMemory.defineEntry(in: runtime, root: root)
        try runtime.registerLazyClass(named: "NSHashTable", superclass: root) { c in
            try c.addIvar("_objects", type: .object(className: "NSArray"))
            try c.addIvar("_options", type: .integer(code: "q"))
            @Sendable func memory(_ m: borrowing Message) throws -> TableMemory { TableMemory(options: try m.ivar("_options")) }
            /// The members still there, each as the table keeps it and as it is.
            @Sendable func entries(_ m: borrowing Message) throws -> [(kept: Value, member: Value)] {
                try m.ivar("_objects").arrayElements.compactMap { kept in try TableMemory.held(kept, in: m.runtime).map { (kept, $0) } }
            }
            @Sendable func members(_ m: borrowing Message) throws -> [Value] { try entries(m).map(\.member) }
            @Sendable func index(of member: Value, _ m: borrowing Message) throws -> Int? {
                try memory(m).firstIndex(of: member, in: members(m), m)
            }
            for name in ["weakObjectsHashTable", "hashTableWithWeakObjects"] {
                try c.addClassMethod(name, types: "@@:") { m in try m.allocInit(initWithOptions, Arguments(.int(TableMemory.weakMemory), .int(0))) }
            }
            try c.addClassMethod("hashTableWithOptions:", types: "@@:Q") { m in try m.allocInit(initWithOptions, Arguments(m[0], .int(0))) }
            try c.addMethod("initWithOptions:capacity:", types: "@@:QQ") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_options", of: this, to: m[0]) }
            }
            try c.addMethod("addObject:", types: "v@:@") { m in
                // Adding nil does nothing, as Foundation's table ignores it.
                guard m[0] != .nil, try index(of: m[0], m) == nil else { return .nil }
                try m.setIvar("_objects", .array(try entries(m).map(\.kept) + [try memory(m).kept(m[0], in: m.runtime)]))
                return .nil
            }
            try c.addMethod("removeObject:", types: "v@:@") { m in
                guard let at = try index(of: m[0], m) else { return .nil }
                var kept = try entries(m).map(\.kept)
                kept.remove(at: at)
                try m.setIvar("_objects", .array(kept))
                return .nil
            }
            try c.addMethod("removeAllObjects", types: "v@:") { m in
                try m.setIvar("_objects", .array([]))
                return .nil
            }
            try c.addMethod("containsObject:", types: "B@:@") { m in .bool(try index(of: m[0], m) != nil) }
            try c.addMethod("member:", types: "@@:@") { m in try index(of: m[0], m).map { try members(m)[$0] } ?? .nil }
            try c.addMethod("count", types: "Q@:") { m in .int(try members(m).count) }
            try c.addMethod("allObjects", types: "@@:") { m in .array(try members(m)) }
            try c.addMethod("anyObject", types: "@@:") { m in try members(m).first ?? .nil }
            try c.addMethod("objectEnumerator", types: "@@:") { m in try enumerator(over: try members(m), m) }
        }
    }
}
