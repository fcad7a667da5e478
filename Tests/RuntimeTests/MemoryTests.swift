import Runtime
import Testing

@Suite("Retained memory")
struct MemoryTests {
    @Test func aMillionExchangeAndRestorePairsLeaveMemoryWhereItStarted() throws {
        let h = try Hierarchy()
        let object = try h.new(h.base)
        let viewDidLoad = try h.runtime.selector("viewDidLoad")
        let first = try h.runtime.method(MethodReference(className: "Base", selector: "greet"))
        let second = try h.runtime.method(MethodReference(className: "Base", selector: "alternate"))
        // One pair first, so the caches hold what the loop sends.
        try h.runtime.undo(h.runtime.exchangeImplementations(first, second).id)
        try h.runtime.send(viewDidLoad, to: object)
        let before = h.runtime.memory
        for _ in 0..<1_000_000 {
            let entry = try h.runtime.exchangeImplementations(first, second)
            try h.runtime.send(viewDidLoad, to: object)
            try h.runtime.undo(entry.id)
            try h.runtime.send(viewDidLoad, to: object)
        }
        let after = h.runtime.memory
        #expect(after.bytes - before.bytes <= 1 << 20, "before: \(before); after: \(after)")
        #expect(h.runtime.ledger.isEmpty)
        #expect(try h.runtime.send("greet", to: object) == "base")
    }

    @Test func theAccountingSeesWhatAChangeKeepsAndWhatItsUndoRetires() throws {
        let h = try Hierarchy()
        let start = h.runtime.memory
        let entry = try h.runtime.addMethod("wave", types: "v@:", to: h.leaf) { _ in .nil }
        let added = h.runtime.memory
        #expect(added.methods == start.methods + 1 && added.implementations == start.implementations + 1)
        #expect(added.ledgerEntries == start.ledgerEntries + 1 && added.bytes > start.bytes)
        try h.runtime.undo(entry.id)
        let undone = h.runtime.memory
        #expect(undone.methods == start.methods && undone.ledgerEntries == start.ledgerEntries)
        #expect(undone.retiredMethods == start.retiredMethods + 1)
    }
}
