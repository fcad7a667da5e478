import Runtime

extension ClassLibrary {
    /// `NSPointerArray`: an ordered list of pointers that may be NULL, as code keeps its
    /// delegates in one (`weakObjectsPointerArray`). A weak array holds its objects without
    /// keeping them alive (see ``TableMemory``): an object that goes leaves NULL in its
    /// place, still counted, until `compact` removes the NULLs. `allObjects` and `for…in`
    /// give the objects still there.
    static func defineNSPointerArray(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), initWithOptions = try runtime.selector("initWithOptions:")
        try runtime.registerLazyClass(named: "NSPointerArray", superclass: root) { c in
            try c.addIvar("_pointers", type: .object(className: "NSArray"))
            try c.addIvar("_options", type: .integer(code: "q"))
            @Sendable func memory(_ m: borrowing Message) throws -> TableMemory { TableMemory(options: try m.ivar("_options")) }
            /// Each pointer as the array keeps it.
            @Sendable func kept(_ m: borrowing Message) throws -> [Value] { try m.ivar("_pointers").arrayElements }
            /// Each pointer as it is now: NULL where a weakly held object has gone.
            @Sendable func pointers(_ m: borrowing Message) throws -> [Value] {
                try kept(m).map { try TableMemory.held($0, in: m.runtime) ?? .nil }
            }
            @Sendable func change(_ m: borrowing Message, _ edit: (inout [Value]) throws -> Void) throws {
                var all = try kept(m)
                try edit(&all)
                try m.setIvar("_pointers", .array(all))
            }
            /// The index argument at `position`, which must name a pointer (or, with `end`, the end).
            @Sendable func index(_ m: borrowing Message, _ position: Int, allowingEnd end: Bool = false) throws -> Int {
                let index = try m.integerArgument(position), count = try kept(m).count
                guard index >= 0, index < count + (end ? 1 : 0) else { throw arrayIndexOutOfRange(m, index, count: count) }
                return index
            }
            for (name, options) in [("weakObjectsPointerArray", TableMemory.weakMemory), ("strongObjectsPointerArray", 0)] {
                try c.addClassMethod(name, types: "@@:") { m in try m.allocInit(initWithOptions, Arguments(.int(options))) }
            }
            try c.addClassMethod("pointerArrayWithOptions:", types: "@@:Q") { m in try m.allocInit(initWithOptions, Arguments(m[0])) }
            try c.addMethod("init", types: "@@:") { m in try m.send(initWithOptions, to: m.receiver, Arguments(.int(0))) }
            try c.addMethod("initWithOptions:", types: "@@:Q") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvars(of: this, ["_options": m[0], "_pointers": .array([])]) }
            }
            try c.addMethod("count", types: "Q@:") { m in .int(try kept(m).count) }
            // More pads with NULLs; fewer drops the pointers past the new count.
            try c.addMethod("setCount:", types: "v@:Q") { m in
                let count = max(0, try m.integerArgument(0))
                try change(m) { all in
                    if count < all.count { all.removeSubrange(count...) } else { all += Array(repeating: .nil, count: count - all.count) }
                }
                return .nil
            }
            try c.addMethod("pointerAtIndex:", types: "^v@:Q") { m in try pointers(m)[try index(m, 0)] }
            try c.addMethod("addPointer:", types: "v@:^v") { m in
                let added = try memory(m).kept(m[0], in: m.runtime)
                try change(m) { $0.append(added) }
                return .nil
            }
            try c.addMethod("insertPointer:atIndex:", types: "v@:^vQ") { m in
                let added = try memory(m).kept(m[0], in: m.runtime), at = try index(m, 1, allowingEnd: true)
                try change(m) { $0.insert(added, at: at) }
                return .nil
            }
            try c.addMethod("replacePointerAtIndex:withPointer:", types: "v@:Q^v") { m in
                let at = try index(m, 0), replacement = try memory(m).kept(m[1], in: m.runtime)
                try change(m) { $0[at] = replacement }
                return .nil
            }
            try c.addMethod("removePointerAtIndex:", types: "v@:Q") { m in
                let at = try index(m, 0)
                try change(m) { $0.remove(at: at) }
                return .nil
            }
            try c.addMethod("compact", types: "v@:") { m in
                let (all, now) = (try kept(m), try pointers(m))
                try m.setIvar("_pointers", .array(all.indices.filter { now[$0] != .nil }.map { all[$0] }))
                return .nil
            }
            try c.addMethod("allObjects", types: "@@:") { m in .array(try pointers(m).filter { $0 != .nil }) }
        }
    }
}
