import Runtime

extension ClassLibrary {
    /// `NSMapTable`: objects by key, as a dictionary that does not copy its keys. The weak
    /// forms (`weakToStrongObjectsMapTable`, `NSMapTableWeakMemory`) hold their keys or
    /// objects without keeping them alive, and an entry whose key or object goes leaves the
    /// table; `NSMapTableObjectPointerPersonality` matches keys by identity (see
    /// ``TableMemory``). Enumeration follows the order keys were first set. Two tables are
    /// equal when they hold equal objects for equal keys.
    static func defineNSMapTable(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), initWithOptions = try runtime.selector("initWithKeyOptions:valueOptions:capacity:")
        try runtime.registerLazyClass(named: "NSMapTable", superclass: root) { c in
            try KeyedEntries.addStorage(to: &c)
            let weak = TableMemory.weakMemory
            for (name, keys, objects) in [
                ("strongToStrongObjectsMapTable", 0, 0), ("weakToStrongObjectsMapTable", weak, 0), ("strongToWeakObjectsMapTable", 0, weak), ("weakToWeakObjectsMapTable", weak, weak),
            ] {
                try c.addClassMethod(name, types: "@@:") { m in try m.allocInit(initWithOptions, Arguments([.int(keys), .int(objects), .int(0)])) }
            }
            try c.addClassMethod("mapTableWithKeyOptions:valueOptions:", types: "@@:QQ") { m in
                try m.allocInit(initWithOptions, Arguments([m[0], m[1], .int(0)]))
            }
            try c.addMethod("initWithKeyOptions:valueOptions:capacity:", types: "@@:QQQ") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvar("_keyOptions", of: this, to: m[0])
                    try m.runtime.setIvar("_objectOptions", of: this, to: m[1])
                }
            }
            try c.addMethod("objectForKey:", types: "@@:@") { m in try KeyedEntries.object(forKey: m[0], m) }
            try c.addMethod("setObject:forKey:", types: "v@:@@") { m in
                let key = try KeyedEntries.argument(m, 1, "key")
                // A nil object leaves the key out, as a table whose object went away.
                if m[0] == .nil { try KeyedEntries.remove(key, m) } else { try KeyedEntries.set(m[0], forKey: key, m) }
                return .nil
            }
            try c.addMethod("count", types: "Q@:") { m in .int(try KeyedEntries.keys(m).count) }
            try c.addMethod("keyEnumerator", types: "@@:") { m in try enumerator(over: try KeyedEntries.keys(m), m) }
            try c.addMethod("objectEnumerator", types: "@@:") { m in try enumerator(over: try KeyedEntries.objects(m), m) }
            // Equal to another map table holding equal objects for equal keys.
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = m[0].object, let table = m.runtime.class(named: "NSMapTable"), other.isKind(of: table) else { return false }
                if other === m.receiver { return true }
                let keys = try KeyedEntries.keys(m), objects = try KeyedEntries.objects(m)
                guard try m.send("count", to: other).intValue == keys.count else { return false }
                let objectForKey = try m.runtime.selector("objectForKey:")
                for (key, object) in zip(keys, objects) {
                    let theirs = try m.send(objectForKey, to: other, Arguments(key))
                    guard try m.runtime.isEqual(object, theirs, nestedAt: m.depth + 1) else { return false }
                }
                return true
            }
            try c.addMethod("hash", types: "Q@:") { m in .int(try KeyedEntries.keys(m).count) }
            // A new table of the same options and entries (KVOController copies its observers' tables).
            try c.addMethod("copyWithZone:", types: "@@:^{_NSZone=}") { m in
                let allocated = try m.send("alloc", to: m.receiver.isa)
                let made = try m.send(initWithOptions, to: allocated.object, Arguments([try m.ivar("_keyOptions"), try m.ivar("_objectOptions"), .int(0)]))
                let setObjectForKey = try m.runtime.selector("setObject:forKey:")
                for (key, object) in zip(try KeyedEntries.keys(m), try KeyedEntries.objects(m)) {
                    try m.send(setObjectForKey, to: made.object, Arguments(object, key))
                }
                return made
            }
            try c.addMethod("dictionaryRepresentation", types: "@@:") { m in
                .dictionary(Dictionary(zip(try KeyedEntries.keys(m), try KeyedEntries.objects(m))) { first, _ in first })
            }
        }
    }
}
