import Runtime

extension ClassLibrary {
    /// `NSEnumerator`: the objects of a collection as they were when it was made, handed
    /// out one at a time by `nextObject` (nil once done); `allObjects` answers the ones not
    /// yet handed out, which is also what `for ... in` visits. Arrays make them
    /// (`objectEnumerator`, `reverseObjectEnumerator`), as do dictionaries (`keyEnumerator`,
    /// `objectEnumerator`, in the order of their sorted keys) and sets.
    static func defineNSEnumerator(in runtime: Runtime, root: Class) throws {
        try runtime.registerLazyClass(named: "NSEnumerator", superclass: root) { c in
            try c.addIvar("_objects", type: .object(className: "NSArray"))
            try c.addIvar("_next", type: .integer(code: "q"))
            try c.addMethod("nextObject", types: "@@:") { m in
                let objects = try m.ivar("_objects").arrayElements, next = try m.ivar("_next").intValue ?? 0
                guard next < objects.count else { return .nil }
                try m.setIvar("_next", .int(next + 1))
                return objects[next]
            }
            try c.addMethod("allObjects", types: "@@:") { m in
                let objects = try m.ivar("_objects").arrayElements, next = try m.ivar("_next").intValue ?? 0
                try m.setIvar("_next", .int(objects.count))
                return .array(Array(objects.dropFirst(next)))
            }
        }
    }

    /// A new enumerator over `objects`.
    static func enumerator(over objects: [Value], _ m: borrowing Message) throws -> Value {
        let made = try m.runtime.createInstance(of: m.runtime.requireClass(named: "NSEnumerator"))
        try m.runtime.setIvars(of: made, ["_objects": .array(objects), "_next": .int(0)])
        return .object(made)
    }
}
