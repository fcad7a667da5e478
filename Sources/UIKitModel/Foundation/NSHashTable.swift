import Runtime

extension ClassLibrary {
    /// `NSHashTable`: a set that does not copy its members, as code keeps its observers or
    /// delegates in one. rtsh keeps no weak references, so `weakObjectsHashTable` holds its
    /// members as the strong form does. Members are matched by `-isEqual:` and listed in
    /// the order they were added.
    static func defineNSHashTable(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSHashTable", superclass: root) { c in
            try c.addIvar("_objects", type: .object(className: "NSArray"))
            @Sendable func members(_ m: borrowing Message) throws -> [Value] { try m.ivar("_objects").arrayElements }
            @Sendable func index(of member: Value, _ m: borrowing Message) throws -> Int? {
                try m.runtime.firstIndex(of: member, in: members(m), nestedAt: m.depth + 1)
            }
            for name in ["weakObjectsHashTable", "hashTableWithWeakObjects"] {
                try c.addClassMethod(name, types: "@@:") { m in try m.allocInit(initialize) }
            }
            try c.addClassMethod("hashTableWithOptions:", types: "@@:Q") { m in try m.allocInit(initialize) }
            try c.addMethod("initWithOptions:capacity:", types: "@@:QQ") { m in try m.send(initialize, to: m.receiver) }
            try c.addMethod("addObject:", types: "v@:@") { m in
                // Adding nil does nothing, as Foundation's table ignores it.
                guard m[0] != .nil, try index(of: m[0], m) == nil else { return .nil }
                try m.setIvar("_objects", .array(try members(m) + [m[0]]))
                return .nil
            }
            try c.addMethod("removeObject:", types: "v@:@") { m in
                guard let at = try index(of: m[0], m) else { return .nil }
                var kept = try members(m)
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
