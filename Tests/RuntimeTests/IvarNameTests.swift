import Runtime
import Testing

/// An `IvarName` remembers the ivar it found, but its answers are always those of the
/// lookup by name.
@Suite("Ivar names")
struct IvarNameTests {
    /// Base declares `_title`; Middle declares nothing; Leaf under it.
    private func hierarchy() throws -> (Runtime, base: Class, middle: Class, leaf: Class) {
        let runtime = Runtime()
        let base = try runtime.registerClass(named: "Base") { c in try c.addIvar("_title", type: .object(className: nil)) }
        let middle = try runtime.registerClass(named: "Middle", superclass: base)
        let leaf = try runtime.registerClass(named: "Leaf", superclass: middle)
        return (runtime, base, middle, leaf)
    }

    @Test func aClassWithoutIvarsOfItsOwnFindsItsSuperclasssIvar() throws {
        let (runtime, base, middle, leaf) = try hierarchy()
        let title = IvarName("_title")
        let declared = try #require(runtime.ivar(title, in: base))
        #expect(declared.owner === base)
        #expect(runtime.ivar(title, in: leaf) === declared)
        #expect(runtime.ivar(title, in: middle) === runtime.ivar(named: "_title", in: middle))
        #expect(runtime.ivar(IvarName("_missing"), in: leaf) == nil)
    }

    @Test func aSubclassIvarOfTheSameNameHidesTheRememberedOne() throws {
        let (runtime, base, _, leaf) = try hierarchy()
        let shadow = try runtime.registerClass(named: "Shadow", superclass: leaf) { c in
            try c.addIvar("_title", type: .object(className: nil))
        }
        let title = IvarName("_title")
        let inherited = try #require(runtime.ivar(title, in: leaf))
        let own = try #require(runtime.ivar(title, in: shadow))
        #expect(own.owner === shadow && own !== inherited)
        // And back again: each class gets its own answer, whichever was found last.
        #expect(runtime.ivar(title, in: base) === inherited)
        #expect(runtime.ivar(title, in: shadow) === own)
    }

    @Test func anIvarACategoryAddsAfterALookupIsFoundAndGoesWithTheUndo() throws {
        let (runtime, base, middle, leaf) = try hierarchy()
        let title = IvarName("_title")
        let inherited = try #require(runtime.ivar(title, in: leaf))
        let entry = try runtime.addCategory(named: "Titles", to: middle) { c in try c.addIvar("_title", type: .object(className: nil)) }
        let added = try #require(runtime.ivar(title, in: leaf))
        #expect(added.owner === middle && added === runtime.ivar(named: "_title", in: leaf))
        #expect(runtime.ivar(title, in: base) === inherited)
        try runtime.undo(entry.id)
        #expect(runtime.ivar(title, in: leaf) === inherited)
    }

    @Test func aLazyClassDeclaringTheNameIsRealizedAndWins() throws {
        let (runtime, _, _, leaf) = try hierarchy()
        let title = IvarName("_title")
        let inherited = try #require(runtime.ivar(title, in: leaf))
        let lazy = try runtime.registerLazyClass(named: "Lazy", superclass: leaf) { c in
            try c.addIvar("_title", type: .object(className: nil))
        }
        let own = try #require(runtime.ivar(title, in: lazy))
        #expect(own !== inherited && own.owner === lazy)
    }

    @Test func oneNameServesTwoRuntimesAndRefusesAForeignClass() throws {
        let (first, _, _, firstLeaf) = try hierarchy()
        let (second, _, _, secondLeaf) = try hierarchy()
        let title = IvarName("_title")
        let inFirst = try #require(first.ivar(title, in: firstLeaf))
        let inSecond = try #require(second.ivar(title, in: secondLeaf))
        #expect(inFirst !== inSecond)
        #expect(first.ivar(title, in: firstLeaf) === inFirst)
        #expect(first.ivar(title, in: secondLeaf) == nil)
        #expect(first.ivar(named: "_title", in: secondLeaf) == nil)
    }

    @Test func anIvarKeepsItsClassAsItsOwner() throws {
        let (runtime, base, _, _) = try hierarchy()
        let ivar = try #require(runtime.ivars(of: base).first)
        #expect(ivar.owner === base)
    }
}
