import Runtime

/// The entries of an `NSCache` or an `NSMapTable`: keys and objects in the ivars `_keys`
/// and `_objects`, in the order each key was first set, held and matched as the table's
/// options say (`_keyOptions`, `_objectOptions`: see ``TableMemory``). Neither copies its
/// keys, unlike `NSDictionary`.
enum KeyedEntries {
    /// The entries still there: the keys and objects as the table keeps them, and the keys
    /// as they are, in the same order; an entry whose weakly held key or object has gone is
    /// left out (see ``TableMemory``).
    private static func entries(_ m: borrowing Message) throws -> (keptKeys: [Value], keptObjects: [Value], keys: [Value]) {
        let keys = try m.ivar("_keys").arrayElements, objects = try m.ivar("_objects").arrayElements
        var entries: (keptKeys: [Value], keptObjects: [Value], keys: [Value]) = ([], [], [])
        for (keptKey, keptObject) in zip(keys, objects) {
            guard let key = try TableMemory.held(keptKey, in: m.runtime), try TableMemory.held(keptObject, in: m.runtime) != nil else { continue }
            entries.keptKeys.append(keptKey)
            entries.keptObjects.append(keptObject)
            entries.keys.append(key)
        }
        return entries
    }

    /// The keys and the objects of the entries still there, as they are, in one pass over
    /// what is stored: a lookup reads both, and building each entry's four values for it
    /// was most of what a weak table of thousands cost.
    private static func live(_ m: borrowing Message) throws -> (keys: [Value], objects: [Value]) {
        if let stored = try stored(m) { return stored }
        let keys = try m.ivar("_keys").arrayElements, objects = try m.ivar("_objects").arrayElements
        var liveKeys: [Value] = [], liveObjects: [Value] = []
        liveKeys.reserveCapacity(keys.count)
        liveObjects.reserveCapacity(keys.count)
        for (keptKey, keptObject) in zip(keys, objects) {
            guard let key = try TableMemory.held(keptKey, in: m.runtime), let object = try TableMemory.held(keptObject, in: m.runtime) else { continue }
            liveKeys.append(key)
            liveObjects.append(object)
        }
        return (liveKeys, liveObjects)
    }

    static func keys(_ m: borrowing Message) throws -> [Value] { try live(m).keys }
    static func objects(_ m: borrowing Message) throws -> [Value] { try live(m).objects }

    /// The keys and objects as stored, when the table holds both strongly: nothing to
    /// resolve or leave out, so a lookup reads them as they are (an `NSCache` of thousands
    /// asked and set one key at a time would otherwise rebuild them all each time).
    private static func stored(_ m: borrowing Message) throws -> (keys: [Value], objects: [Value])? {
        let (keyMemory, objectMemory) = try memory(m)
        guard !keyMemory.isWeak, !objectMemory.isWeak else { return nil }
        return (try m.ivar("_keys").arrayElements, try m.ivar("_objects").arrayElements)
    }

    /// Changes the stored keys and objects in place: the ivars let go of them meanwhile, so
    /// the arrays are not copied. `change` runs no code of the program.
    private static func change(_ m: borrowing Message, _ change: (inout [Value], inout [Value]) -> Void) throws {
        var keys = try m.ivar("_keys").arrayElements, objects = try m.ivar("_objects").arrayElements
        try store([], [], m)
        defer { _ = try? store(keys, objects, m) }
        change(&keys, &objects)
    }

    /// How the table holds its keys and its objects: an `NSMapTable`'s options; an
    /// `NSCache`'s are strong, its keys matched by `-isEqual:`.
    private static func memory(_ m: borrowing Message) throws -> (keys: TableMemory, objects: TableMemory) {
        (TableMemory(options: try m.ivar("_keyOptions")), TableMemory(options: try m.ivar("_objectOptions")))
    }

    static func object(forKey key: Value, _ m: borrowing Message) throws -> Value {
        let (keys, objects) = try live(m)
        guard let index = try memory(m).keys.firstIndex(of: key, in: keys, m) else { return .nil }
        return objects[index]
    }

    /// Sets the object for `key`: in the key's place when it is there, else last.
    static func set(_ object: Value, forKey key: Value, _ m: borrowing Message) throws {
        let (keyMemory, objectMemory) = try memory(m)
        if let stored = try stored(m) {
            let index = try keyMemory.firstIndex(of: key, in: stored.keys, m)
            try change(m) { keys, objects in
                if let index { objects[index] = object } else { keys.append(key); objects.append(object) }
            }
            return
        }
        var current = try entries(m)
        let kept = try objectMemory.kept(object, in: m.runtime)
        if let index = try keyMemory.firstIndex(of: key, in: current.keys, m) {
            current.keptObjects[index] = kept
        } else {
            current.keptKeys.append(try keyMemory.kept(key, in: m.runtime))
            current.keptObjects.append(kept)
        }
        try store(current.keptKeys, current.keptObjects, m)
    }

    /// Removes `key` and its object; answers the object removed, if any.
    @discardableResult
    static func remove(_ key: Value, _ m: borrowing Message) throws -> Value? {
        let keyMemory = try memory(m).keys
        if let stored = try stored(m) {
            guard let index = try keyMemory.firstIndex(of: key, in: stored.keys, m) else { return nil }
            try change(m) { keys, objects in
                keys.remove(at: index)
                objects.remove(at: index)
            }
            return stored.objects[index]
        }
        var current = try entries(m)
        guard let index = try keyMemory.firstIndex(of: key, in: current.keys, m) else { return nil }
        let removed = try TableMemory.held(current.keptObjects[index], in: m.runtime)
        current.keptKeys.remove(at: index)
        current.keptObjects.remove(at: index)
        try store(current.keptKeys, current.keptObjects, m)
        return removed
    }

    /// Stores the keys and objects as the table keeps them.
    static func store(_ keys: [Value], _ objects: [Value], _ m: borrowing Message) throws {
        try m.setIvar("_keys", .array(keys))
        try m.setIvar("_objects", .array(objects))
    }

    /// A key or object argument, which the tables refuse to be nil.
    static func argument(_ m: borrowing Message, _ index: Int, _ role: String) throws -> Value {
        guard m[index] != .nil else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "\(role) cannot be nil") }
        return m[index]
    }

    /// The ivars every keyed table has, and its `removeObjectForKey:` and `removeAllObjects`.
    static func addStorage(to c: inout ClassBuilder) throws {
        try c.addIvar("_keys", type: .object(className: "NSArray"))
        try c.addIvar("_objects", type: .object(className: "NSArray"))
        try c.addIvar("_keyOptions", type: .integer(code: "q"))
        try c.addIvar("_objectOptions", type: .integer(code: "q"))
        try c.addMethod("removeObjectForKey:", types: "v@:@") { m in
            try remove(m[0], m)
            return .nil
        }
        try c.addMethod("removeAllObjects", types: "v@:") { m in
            try store([], [], m)
            return .nil
        }
    }
}
