import Runtime

/// The entries of an `NSCache` or an `NSMapTable`: keys and objects in the ivars `_keys`
/// and `_objects`, in the order each key was first set, keys matched by `-isEqual:` as
/// the tables' object personality matches them. Neither copies its keys, unlike
/// `NSDictionary`.
enum KeyedEntries {
    static func keys(_ m: borrowing Message) throws -> [Value] { try m.ivar("_keys").arrayElements }
    static func objects(_ m: borrowing Message) throws -> [Value] { try m.ivar("_objects").arrayElements }

    /// Where `key` is among the keys, if it is.
    static func index(of key: Value, _ m: borrowing Message) throws -> Int? {
        try m.runtime.firstIndex(of: key, in: keys(m), nestedAt: m.depth + 1)
    }

    static func object(forKey key: Value, _ m: borrowing Message) throws -> Value {
        guard let index = try index(of: key, m) else { return .nil }
        return try objects(m)[index]
    }

    /// Sets the object for `key`: in the key's place when it is there, else last.
    static func set(_ object: Value, forKey key: Value, _ m: borrowing Message) throws {
        var keys = try keys(m), objects = try objects(m)
        if let index = try index(of: key, m) {
            objects[index] = object
        } else {
            keys.append(key)
            objects.append(object)
        }
        try store(keys, objects, m)
    }

    /// Removes `key` and its object; answers the object removed, if any.
    @discardableResult
    static func remove(_ key: Value, _ m: borrowing Message) throws -> Value? {
        guard let index = try index(of: key, m) else { return nil }
        var keys = try keys(m), objects = try objects(m)
        keys.remove(at: index)
        let removed = objects.remove(at: index)
        try store(keys, objects, m)
        return removed
    }

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
