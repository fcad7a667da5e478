import Runtime
import Testing

/// `+initialize`, sent as objc sends it: before a class's first message, superclasses first,
/// once a class.
@Suite("+initialize before a class's first message")
struct InitializeTests {
    /// A root with `+initialize` that logs the class it runs for, `Child` with its own, and
    /// `Quiet`, a subclass of `Child` without one.
    private func hierarchy(_ runtime: Runtime, log: Log) throws -> (root: Class, child: Class, quiet: Class) {
        let root = try runtime.registerClass(named: "MMRoot") { c in
            try c.addClassMethod("initialize", types: "v@:") { m in log.append("MMRoot initialize for \((m.receiver as? Class)?.name ?? "?")"); return .nil }
            try c.addClassMethod("make", types: "@@:") { m in .object(try m.runtime.createInstance(of: m.receiver as! Class)) }
            try c.addMethod("ping", types: "v@:") { _ in .nil }
        }
        let child = try runtime.registerClass(named: "MMChild", superclass: root) { c in
            try c.addClassMethod("initialize", types: "v@:") { m in log.append("MMChild initialize"); return .nil }
        }
        let quiet = try runtime.registerClass(named: "MMQuiet", superclass: child)
        return (root, child, quiet)
    }

    @Test func theFirstMessageToAClassInitializesItsSuperclassesFirstAndOnlyOnce() throws {
        let runtime = Runtime()
        let log = Log()
        let (_, child, quiet) = try hierarchy(runtime, log: log)
        #expect(log.all.isEmpty)
        let made = try runtime.send("make", to: child)
        #expect(log.all == ["MMRoot initialize for MMRoot", "MMChild initialize"])
        _ = try runtime.send("make", to: child)
        try runtime.send("ping", to: made.object)
        // A class without its own runs its superclass's, with itself as self.
        _ = try runtime.send("make", to: quiet)
        #expect(log.all == ["MMRoot initialize for MMRoot", "MMChild initialize", "MMChild initialize"])
    }

    @Test func aLookupBeforeTheFirstMessageDoesNotLetItSkipInitialize() throws {
        let runtime = Runtime()
        let log = Log()
        let (root, _, _) = try hierarchy(runtime, log: log)
        let make = try runtime.selector("make")
        #expect(runtime.lookUpMethod(make, in: root.isa) != nil)
        #expect(runtime.lookUpMethod(make, in: root.isa) != nil)
        _ = try runtime.send(make, to: root)
        #expect(log.all == ["MMRoot initialize for MMRoot"])
    }

    @Test func aClassMessagedFromItsOwnInitializeIsNotInitializedAgain() throws {
        let runtime = Runtime()
        let log = Log()
        let cls = try runtime.registerClass(named: "MMSelfish") { c in
            try c.addClassMethod("initialize", types: "v@:") { m in
                log.append("initialize")
                _ = try m.send(try m.runtime.selector("other"), to: m.receiver)
                return .nil
            }
            try c.addClassMethod("other", types: "v@:") { _ in log.append("other"); return .nil }
        }
        try runtime.send("other", to: cls)
        #expect(log.all == ["initialize", "other", "other"])
    }
}
