import Runtime

extension ClassLibrary {
    /// `NSMapTable`: objects by key, as a dictionary that does not copy its keys. rtsh keeps
    /// no weak references, so the weak forms hold their keys and objects as the strong do;
    /// the options are taken and read no further. Enumeration follows the order keys were
    /// first set.
    static func defineNSMapTable(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSMapTable", superclass: root) { c in
            try KeyedEntries.addStorage(to: &c)
            for name in ["strongToStrongObjectsMapTable", "weakToStrongObjectsMapTable", "strongToWeakObjectsMapTable", "weakToWeakObjectsMapTable"] {
                try c.addClassMethod(name, types: "@@:") { m in try m.allocInit(initialize) }
            }
            try c.addClassMethod("mapTableWithKeyOptions:valueOptions:", types: "@@:QQ") { m in try m.allocInit(initialize) }
            try c.addMethod("initWithKeyOptions:valueOptions:capacity:", types: "@@:QQQ") { m in try m.send(initialize, to: m.receiver) }
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
            try c.addMethod("dictionaryRepresentation", types: "@@:") { m in
                .dictionary(Dictionary(zip(try KeyedEntries.keys(m), try KeyedEntries.objects(m))) { first, _ in first })
            }
        }
    }
}
