import Runtime

extension ClassLibrary {
    /// `NSCache`: objects by key, kept until removed. The model has no memory pressure, so
    /// only `countLimit` evicts: setting past it evicts the objects set longest ago, telling
    /// the delegate (`cache:willEvictObject:`) first, as Foundation may. Costs are taken
    /// and not counted.
    static func defineNSCache(in runtime: Runtime, root: Class) throws {
        let willEvict = try runtime.selector("cache:willEvictObject:")
        try runtime.registerLazyClass(named: "NSCache", superclass: root) { c in
            try KeyedEntries.addStorage(to: &c)
            try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "countLimit", type: .integer(code: "Q"), attributes: []))
            try c.addProperty(Property(name: "totalCostLimit", type: .integer(code: "Q"), attributes: []))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak]))
            try c.addProperty(Property(name: "evictsObjectsWithDiscardedContent", type: .bool, attributes: []))
            try c.addMethod("objectForKey:", types: "@@:@") { m in try KeyedEntries.object(forKey: m[0], m) }
            @Sendable func set(_ m: borrowing Message) throws -> Value {
                try KeyedEntries.set(try KeyedEntries.argument(m, 0, "object"), forKey: try KeyedEntries.argument(m, 1, "key"), m)
                let limit = try m.ivar("_countLimit").intValue ?? 0
                while limit > 0, try KeyedEntries.keys(m).count > limit {
                    let oldest = try KeyedEntries.keys(m)[0]
                    let evicted = try KeyedEntries.object(forKey: oldest, m)
                    try m.sendIfImplemented(willEvict, to: try m.ivar("_delegate").object, Arguments(.object(m.receiver), evicted))
                    try KeyedEntries.remove(oldest, m)
                }
                return .nil
            }
            try c.addMethod("setObject:forKey:", types: "v@:@@") { m in try set(m) }
            try c.addMethod("setObject:forKey:cost:", types: "v@:@@Q") { m in try set(m) }
        }
    }
}
