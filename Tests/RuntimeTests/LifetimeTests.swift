import Runtime
import Testing

@Suite("Lifetime")
struct LifetimeTests {
    @Test func aRuntimeThatGoesAwayTakesItsClassesWithIt() throws {
        weak var root: Class?
        weak var rootMetaclass: Class?
        weak var leaf: Class?
        do {
            let h = try Hierarchy()
            // Fill caches, swizzle, trace, and leave a change in the ledger.
            h.runtime.addTraceObserver { _ in }
            _ = try h.runtime.send("viewDidLoad", to: h.new(h.leaf))
            _ = try h.runtime.send("kind", to: h.leaf)
            try h.runtime.exchangeImplementations(
                MethodReference(className: "Leaf", selector: "greet"), MethodReference(className: "Base", selector: "alternate"))
            root = h.root
            rootMetaclass = h.root.isa
            leaf = h.leaf
        }
        #expect(root == nil)
        #expect(rootMetaclass == nil)
        #expect(leaf == nil)
    }

    @Test func objectsThatOutliveTheirRuntimeStillDescribeThemselves() throws {
        let survivor: Object
        do {
            let h = try Hierarchy()
            _ = try h.new(h.base)
            survivor = try h.new(h.leaf)
            _ = try h.runtime.send("viewDidLoad", to: survivor)
        }
        #expect(survivor.description == "<Leaf: 0x2>")
        #expect(survivor.isa.name == "Leaf")
        #expect(survivor.isa.superclass?.name == "Middle")
    }
}
