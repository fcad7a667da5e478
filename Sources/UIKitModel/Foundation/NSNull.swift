import Runtime

extension ClassLibrary {
    /// `NSNull`: the one null object of this runtime, which collections hold where they
    /// cannot hold nil. `[NSNull null]` and `[[NSNull alloc] init]` both answer it.
    static func defineNSNull(in runtime: Runtime, root: Class) throws {
        let shared = SharedInstance()
        try runtime.registerLazyClass(named: "NSNull", superclass: root) { c in
            try c.addClassMethod("null", types: "@@:") { m in
                try shared.object { try m.runtime.createInstance(of: m.runtime.requireClass(named: "NSNull")) }.map(Value.object) ?? .nil
            }
            try c.addMethod("init", types: "@@:") { m in
                try m.send(m.runtime.selector("null"), to: m.runtime.requireClass(named: "NSNull"))
            }
            try c.addMethod("description", types: "@@:") { _ in "<null>" }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
        }
    }
}
