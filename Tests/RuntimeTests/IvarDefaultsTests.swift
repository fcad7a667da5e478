import Runtime
import Synchronization
import Testing

/// Storing an initializer's defaults gives what storing each value by name, in order, gives.
@Suite("Ivar defaults")
struct IvarDefaultsTests {
    /// Base declares `_frame`, `_bounds`, `_alpha`, a weak `_delegate` and `_tags`; Middle
    /// declares nothing; Leaf under it.
    private func hierarchy() throws -> (Runtime, base: Class, leaf: Class) {
        let runtime = Runtime()
        let base = try runtime.registerClass(named: "Base") { c in
            for name in ["_frame", "_bounds", "_tags"] { try c.addIvar(name, type: .object(className: nil)) }
            try c.addIvar("_alpha", type: .double)
            try c.addIvar("_delegate", type: .object(className: nil), isWeak: true)
        }
        let middle = try runtime.registerClass(named: "Middle", superclass: base)
        let leaf = try runtime.registerClass(named: "Leaf", superclass: middle)
        return (runtime, base, leaf)
    }

    private let defaults = IvarDefaults(given: ["_frame", "_bounds"], defaults: ["_alpha": 1.0, "_tags": ["a", "b"]])

    private func values(of object: Object, in runtime: Runtime) -> [Value?] {
        ["_frame", "_bounds", "_alpha", "_tags", "_delegate"].map { runtime.value(of: IvarName($0), in: object) }
    }

    @Test func theGivenValuesAndTheDefaultsAreStoredInAFreshObjectAndItsSubclasses() throws {
        let (runtime, base, leaf) = try hierarchy()
        for cls in [base, leaf, leaf] {
            let object = try runtime.createInstance(of: cls)
            #expect(runtime.setValues("frame", "bounds", and: defaults, in: object))
            #expect(values(of: object, in: runtime) == ["frame", "bounds", 1.0, ["a", "b"], .nil])
        }
    }

    @Test func anObjectHoldingValuesAlreadyKeepsTheOthersAndTakesTheNewOnes() throws {
        let (runtime, base, _) = try hierarchy()
        let object = try runtime.createInstance(of: base)
        #expect(runtime.setValue(0.5, of: IvarName("_alpha"), in: object))
        #expect(runtime.setValue("kept", of: IvarName("_delegate"), in: object))
        #expect(runtime.setValues("frame", "bounds", and: defaults, in: object))
        #expect(values(of: object, in: runtime) == ["frame", "bounds", 1.0, ["a", "b"], "kept"])
        // An initializer run again stores its values again.
        #expect(runtime.setValues("moved", "bounds", and: defaults, in: object))
        #expect(values(of: object, in: runtime) == ["moved", "bounds", 1.0, ["a", "b"], "kept"])
    }

    @Test func aClassLackingOneIvarGetsNone() throws {
        let (runtime, base, _) = try hierarchy()
        let other = try runtime.registerClass(named: "Other") { c in try c.addIvar("_frame", type: .object(className: nil)) }
        let object = try runtime.createInstance(of: other)
        #expect(!runtime.setValues("frame", "bounds", and: defaults, in: object))
        #expect(runtime.value(of: IvarName("_frame"), in: object) == .nil)
        // Refusing it changes nothing for the class that has them all.
        let complete = try runtime.createInstance(of: base)
        #expect(runtime.setValues("frame", "bounds", and: defaults, in: complete))
        #expect(!runtime.setValues("frame", "bounds", and: defaults, in: object))
    }

    @Test func aSubclassDeclaringOneOfTheNamesGetsItsOwnIvar() throws {
        let (runtime, base, leaf) = try hierarchy()
        let baseObject = try runtime.createInstance(of: base)
        #expect(runtime.setValues("frame", "bounds", and: defaults, in: baseObject))
        let shadow = try runtime.registerClass(named: "Shadow", superclass: leaf) { c in try c.addIvar("_alpha", type: .double) }
        let object = try runtime.createInstance(of: shadow)
        #expect(runtime.setValues("frame", "bounds", and: defaults, in: object))
        let own = try #require(runtime.ivars(of: shadow).first)
        let inherited = try #require(runtime.ivars(of: base).first { $0.name == "_alpha" })
        #expect(try object.value(of: own) == 1.0)
        #expect(try object.value(of: inherited) == 0.0, "the superclass's ivar of the name is hidden, not set")
        // And the classes that only inherit the names still find their superclass's.
        let again = try runtime.createInstance(of: leaf)
        #expect(runtime.setValues("frame", "bounds", and: defaults, in: again))
        #expect(try again.value(of: inherited) == 1.0)
    }

    @Test func anIvarACategoryAddsIsFoundAndGoesWithTheUndo() throws {
        let (runtime, _, leaf) = try hierarchy()
        let middle = try #require(leaf.superclass)
        let before = try runtime.createInstance(of: leaf)
        #expect(runtime.setValues("frame", "bounds", and: defaults, in: before))
        let entry = try runtime.addCategory(named: "Alpha", to: middle) { c in try c.addIvar("_alpha", type: .double) }
        let added = try #require(runtime.ivars(of: middle).first)
        let during = try runtime.createInstance(of: leaf)
        #expect(runtime.setValues("frame", "bounds", and: defaults, in: during))
        #expect(try during.value(of: added) == 1.0)
        try runtime.undo(entry.id)
        let after = try runtime.createInstance(of: leaf)
        #expect(runtime.setValues("frame", "bounds", and: defaults, in: after))
        #expect(values(of: after, in: runtime) == ["frame", "bounds", 1.0, ["a", "b"], .nil])
    }

    @Test func aWeakIvarSetByDefaultsDoesNotKeepItsObject() throws {
        let (runtime, base, _) = try hierarchy()
        let weakDefaults = IvarDefaults(given: ["_delegate", "_frame"], defaults: ["_bounds": "bounds"])
        let object = try runtime.createInstance(of: base)
        weak var gone: Object?
        do {
            let delegate = try runtime.createInstance(of: base)
            let held = try runtime.createInstance(of: base)
            gone = delegate
            #expect(runtime.setValues(.object(delegate), .object(held), and: weakDefaults, in: object))
            #expect(runtime.value(of: IvarName("_delegate"), in: object) == .object(delegate))
        }
        #expect(gone == nil)
        #expect(runtime.value(of: IvarName("_delegate"), in: object) == .nil)
        #expect(runtime.value(of: IvarName("_frame"), in: object)?.object != nil)
    }

    @Test func defaultsGivenNoValuesAreStoredAlone() throws {
        let (runtime, base, _) = try hierarchy()
        let object = try runtime.createInstance(of: base)
        #expect(runtime.setValues(IvarDefaults(defaults: ["_alpha": 2.0]), in: object))
        #expect(runtime.value(of: IvarName("_alpha"), in: object) == 2.0)
        #expect(runtime.value(of: IvarName("_frame"), in: object) == .nil)
    }

    /// Objects initialized alike share the defaults until one stores its own: what one
    /// stores is its own alone, also once its storage has grown past the room it was made
    /// with (ivars a category added later).
    @Test func aValueStoredOverADefaultIsTheObjectsOwn() throws {
        let (runtime, base, leaf) = try hierarchy()
        let first = try runtime.createInstance(of: leaf)
        let second = try runtime.createInstance(of: leaf)
        #expect(runtime.setValues("frame", "bounds", and: defaults, in: first))
        #expect(runtime.setValues("frame 2", "bounds 2", and: defaults, in: second))
        #expect(runtime.setValue(0.25, of: IvarName("_alpha"), in: first))
        #expect(values(of: first, in: runtime) == ["frame", "bounds", 0.25, ["a", "b"], .nil])
        #expect(values(of: second, in: runtime) == ["frame 2", "bounds 2", 1.0, ["a", "b"], .nil])
        let added = (1...6).map { "_added\($0)" }
        try runtime.addCategory(named: "More", to: base) { c in
            for name in added { try c.addIvar(name, type: .double) }
        }
        for (index, name) in added.enumerated() { #expect(runtime.setValue(.double(Double(index)), of: IvarName(name), in: second)) }
        #expect(runtime.setValue(["c"], of: IvarName("_tags"), in: second))
        #expect(values(of: second, in: runtime) == ["frame 2", "bounds 2", 1.0, ["c"], .nil])
        #expect(added.map { runtime.value(of: IvarName($0), in: second) } == (0..<6).map { .double(Double($0)) })
        #expect(values(of: first, in: runtime) == ["frame", "bounds", 0.25, ["a", "b"], .nil])
        #expect(runtime.value(of: IvarName("_tags"), in: try runtime.createInstance(of: base)) == .nil, "a fresh object holds no defaults")
    }

    /// A default for a weak ivar that is an object is not kept alive by the defaults any
    /// more than by the objects that were given it.
    @Test func aWeakIvarsDefaultObjectIsNotKeptAlive() throws {
        let (runtime, base, _) = try hierarchy()
        let object = try runtime.createInstance(of: base)
        weak var gone: Object?
        do {
            let delegate = try runtime.createInstance(of: base)
            gone = delegate
            let weakDefault = IvarDefaults(defaults: ["_delegate": .object(delegate), "_alpha": 3.0])
            #expect(runtime.setValues(weakDefault, in: object))
            #expect(runtime.value(of: IvarName("_delegate"), in: object) == .object(delegate))
        }
        #expect(gone == nil)
        #expect(runtime.value(of: IvarName("_delegate"), in: object) == .nil)
        #expect(runtime.value(of: IvarName("_alpha"), in: object) == 3.0)
    }

    /// The object that receives `-dealloc` for an instance that has gone holds its
    /// defaults as the instance did.
    @Test func deallocReadsTheDefaults() throws {
        let (runtime, base, _) = try hierarchy()
        let heard = Mutex<[Value?]>([])
        let watched = try runtime.registerClass(named: "Watched", superclass: base) { c in
            try c.addMethod("dealloc", types: "v@:") { message in
                let read = ["_frame", "_alpha", "_tags"].map { message.runtime.value(of: IvarName($0), in: message.receiver) }
                heard.withLock { $0 += read }
                return .nil
            }
        }
        do {
            let object = try runtime.createInstance(of: watched)
            #expect(runtime.setValues("frame", "bounds", and: defaults, in: object))
        }
        try runtime.sendPendingDeallocs()
        #expect(heard.withLock { $0 } == ["frame", 1.0, ["a", "b"]])
    }
}
