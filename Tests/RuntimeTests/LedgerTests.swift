import Runtime
import Testing

@Suite("The ledger")
struct LedgerTests {
    @Test func everyMutationIsListedInOrder() throws {
        let h = try Hierarchy()
        let proto = try h.runtime.registerProtocol(named: "Greeting")
        try h.runtime.addMethod("extra", types: "v@:", to: h.base) { _ in .nil }
        try h.runtime.replaceMethod("greet", types: "@@:", in: h.middle) { _ in "m" }
        try h.runtime.addProtocol(proto, to: h.leaf)
        try h.runtime.addProperty(Property(name: "score", type: .integer(code: "q")), to: h.leaf)
        try h.runtime.addCategory(named: "Extras", to: h.base) { c in
            try c.addMethod("fromCategory", types: "v@:") { _ in .nil }
        }
        #expect(h.runtime.ledger.map(\.description) == [
            "#1 add -[Base extra]",
            "#2 replace -[Middle greet] (added inherited -[Middle greet])",
            "#3 adopt <Greeting> in Leaf",
            "#4 add property score to Leaf",
            "#5 category Base (Extras)",
        ])
    }

    /// An exchange swaps the references two methods hold; a method exchanged with itself
    /// must be left as it is rather than swap a property with itself.
    @Test func aMethodExchangedWithItselfKeepsItsCodeAndUndoes() throws {
        let h = try Hierarchy()
        let greet = try h.runtime.method(MethodReference(className: "Base", selector: "greet"))
        let entry = try h.runtime.exchangeImplementations(greet, greet)
        #expect(entry.description == "#1 exchange -[Base greet] with -[Base greet]")
        #expect(try h.runtime.send("greet", to: h.new(h.base)) == "base")
        try h.runtime.undo(entry.id)
        #expect(try h.runtime.send("greet", to: h.new(h.base)) == "base")
        #expect(h.runtime.ledger.isEmpty)
    }

    @Test func undoAllPutsBackExactlyWhatWasThere() throws {
        let h = try Hierarchy()
        let leaf = try h.new(h.leaf)
        let before = snapshot(h)
        try h.runtime.addMethod("extra", types: "v@:", to: h.base) { _ in .nil }
        try h.runtime.replaceMethod("greet", types: "@@:", in: h.middle) { _ in "m" }
        try h.runtime.exchangeImplementations(
            MethodReference(className: "Leaf", selector: "greet"), MethodReference(className: "Base", selector: "alternate"))
        try h.runtime.addProperty(Property(name: "score", type: .integer(code: "q")), to: h.leaf)
        try h.runtime.addCategory(named: "Extras", to: h.base) { c in
            try c.addMethod("greet", types: "@@:") { _ in "category" }
        }
        #expect(snapshot(h) != before)
        let undone = h.runtime.undoAll()
        #expect(undone.map(\.id) == [5, 4, 3, 2, 1])
        #expect(h.runtime.ledger.isEmpty)
        #expect(snapshot(h) == before)
        #expect(try h.runtime.send("greet", to: leaf) == "base")
        #expect(try h.runtime.send("alternate", to: leaf) == "alternate")
    }

    @Test func undoOneLeavesUnrelatedChanges() throws {
        let h = try Hierarchy()
        let first = try h.runtime.addMethod("one", types: "@@:", to: h.base) { _ in 1 }
        try h.runtime.addMethod("two", types: "@@:", to: h.base) { _ in 2 }
        let undone = try h.runtime.undo(first.id)
        #expect(undone.map(\.id) == [first.id])
        #expect(h.runtime.ledger.map(\.id) == [2])
        #expect(try h.runtime.send("two", to: h.new(h.base)) == 2)
        #expect(runtimeError { _ = try h.runtime.send("one", to: h.new(h.base)) } != nil)
    }

    @Test func undoingAnOlderChangeFirstUndoesLaterOnesThatRestOnIt() throws {
        let h = try Hierarchy()
        let base = try h.new(h.base)
        let greet = MethodReference(className: "Base", selector: "greet")
        let alternate = MethodReference(className: "Base", selector: "alternate")
        let exchange = try h.runtime.exchangeImplementations(greet, alternate)
        let set = try h.runtime.setImplementation(of: try h.runtime.method(greet)) { _ in "set" }
        let unrelated = try h.runtime.addMethod("other", types: "v@:", to: h.sibling) { _ in .nil }
        let undone = try h.runtime.undo(exchange.id)
        #expect(undone.map(\.id) == [set.id, exchange.id])
        #expect(h.runtime.ledger.map(\.id) == [unrelated.id])
        #expect(try h.runtime.send("greet", to: base) == "base")
        #expect(try h.runtime.send("alternate", to: base) == "alternate")
    }

    /// A method operation names its methods through the entry's last change, which an undo
    /// reverts: the entries an undo returns, and copies taken before it, still say what was done.
    @Test func anUndoneEntryStillSaysWhatItDid() throws {
        let h = try Hierarchy()
        let entries = [
            try h.runtime.addMethod("extra", types: "v@:", to: h.base) { _ in .nil },
            try h.runtime.replaceMethod("greet", types: "@@:", in: h.base) { _ in "replaced" },
            try h.runtime.replaceMethod("greet", types: "@@:", in: h.middle) { _ in "m" },
            try h.runtime.setImplementation(of: h.runtime.method(MethodReference(className: "Base", selector: "alternate"))) { _ in "set" },
            try h.runtime.exchangeImplementations(
                MethodReference(className: "Leaf", selector: "greet"), MethodReference(className: "Base", selector: "alternate")),
        ]
        let described = [
            "#1 add -[Base extra]",
            "#2 replace -[Base greet]",
            "#3 replace -[Middle greet] (added inherited -[Middle greet])",
            "#4 set implementation of -[Base alternate]",
            "#5 exchange -[Leaf greet] with -[Base alternate] (added inherited -[Leaf greet])",
        ]
        #expect(entries.map(\.description) == described)
        let undone = h.runtime.undoAll()
        #expect(undone.map(\.description) == described.reversed())
        #expect(entries.map(\.description) == described)
        #expect(undone.map(\.kind) == entries.reversed().map(\.kind))
    }

    /// The ledger writes a new entry into the record of the one undone last only when
    /// nothing else refers to it: an entry the caller still holds keeps saying what it did.
    @Test func anUndoneEntryTheCallerHoldsIsNotWrittenOverByTheNext() throws {
        let h = try Hierarchy()
        let greet = try h.runtime.method(MethodReference(className: "Base", selector: "greet"))
        let alternate = try h.runtime.method(MethodReference(className: "Base", selector: "alternate"))
        let name = try h.runtime.method(MethodReference(className: "Root", selector: "name"))
        let first = try h.runtime.exchangeImplementations(greet, alternate)
        try h.runtime.undo(first.id)
        let second = try h.runtime.exchangeImplementations(name, greet)
        try h.runtime.undo(second.id)
        let third = try h.runtime.setImplementation(of: alternate) { _ in "set" }
        #expect(first.description == "#1 exchange -[Base greet] with -[Base alternate]")
        #expect(second.description == "#2 exchange -[Root name] with -[Base greet]")
        #expect(third.description == "#3 set implementation of -[Base alternate]")
        #expect(h.runtime.ledger.map(\.id) == [3])
        try h.runtime.undo(third.id)
        #expect(try h.runtime.send("alternate", to: h.new(h.base)) == "alternate")
        #expect(try h.runtime.send("name", to: h.new(h.base)) == "root")
    }

    @Test func anUnknownEntryIsAnErrorListingTheOnesThatExist() throws {
        let h = try Hierarchy()
        #expect(runtimeError { try h.runtime.undo(7) }?.description == "there is no change #7 to undo: the ledger is empty")
        try h.runtime.addMethod("one", types: "v@:", to: h.base) { _ in .nil }
        #expect(runtimeError { try h.runtime.undo(7) } == .unknownLedgerEntry(7, existing: [1]))
        // Numbers are not reused after an undo.
        h.runtime.undoAll()
        #expect(try h.runtime.addMethod("one", types: "v@:", to: h.base) { _ in .nil }.id == 2)
    }

    /// Everything a mutation could change, as text.
    private func snapshot(_ h: Hierarchy) -> [String] {
        [h.root, h.base, h.middle, h.leaf, h.sibling].flatMap { cls in
            [cls, cls.isa].flatMap { each in
                h.runtime.methods(of: each).map { "\($0) \($0.types) \(ObjectIdentifier($0.implementation).hashValue)" }
            }
                + h.runtime.properties(of: cls).map { "\(cls) property \($0)" }
                + h.runtime.ivars(of: cls).map { "\(cls) ivar \($0)" }
                + h.runtime.protocols(adoptedBy: cls).map { "\(cls) adopts \($0)" }
        }
    }
}

extension LedgerTests {
    /// More entries than the ledger first makes room for: each stays where it was
    /// recorded as the room grows, and one taken from the middle, by undoing or keeping
    /// it, leaves the others in order.
    @Test func aLongLedgerKeepsItsOrderThroughGrowthAndRemovalsFromTheMiddle() throws {
        let h = try Hierarchy()
        for index in 1...40 {
            try h.runtime.addMethod("extra\(index)", types: "v@:", to: h.base) { _ in .nil }
        }
        #expect(h.runtime.ledger.map(\.id) == Array(1...40))
        #expect(try h.runtime.undo(17).map(\.id) == [17])
        try h.runtime.keep(3)
        #expect(h.runtime.ledger.map(\.id) == Array(1...2) + Array(4...16) + Array(18...40))
        #expect(h.runtime.ledgerMark == 40)
        #expect(h.runtime.undo(after: 35).map(\.id) == [40, 39, 38, 37, 36])
        #expect(h.runtime.memory.ledgerEntries == 33)
        #expect(h.runtime.undoAll().count == 33)
        // What was kept stays; what was undone is gone.
        #expect(try h.runtime.instancesRespond(h.base, to: h.runtime.selector("extra3")))
        #expect(try !h.runtime.instancesRespond(h.base, to: h.runtime.selector("extra17")))
    }
}

@Suite("The baseline")
struct BaselineTests {
    @Test func aKeptChangeLeavesTheLedgerAndOutlivesUndoAll() throws {
        let h = try Hierarchy()
        let category = try h.runtime.addCategory(named: "Mine", to: h.base) { c in
            try c.addMethod("greet", types: "@@:") { _ in "mine" }
        }
        try h.runtime.keep(category.id)
        try h.runtime.addMethod("extra", types: "v@:", to: h.base) { _ in .nil }
        #expect(h.runtime.ledger.map(\.description) == ["#2 add -[Base extra]"])
        #expect(h.runtime.undoAll().map(\.id) == [2])
        #expect(try h.runtime.send("greet", to: h.new(h.base)) == "mine")
        #expect(runtimeError { try h.runtime.keep(category.id) } == .unknownLedgerEntry(1, existing: []))
    }

    /// An exchange does not hold the implementations it may put back: they are in
    /// service, or held by the later change that took them out. Keeping that change hands
    /// what it took out to the runtime, so undoing the exchange still finds it.
    @Test func anExchangeUndoneAfterAKeptChangeReplacedOneOfItsImplementationsPutsBackWhatEachHad() throws {
        let h = try Hierarchy()
        let greet = try h.runtime.method(MethodReference(className: "Base", selector: "greet"))
        let alternate = try h.runtime.method(MethodReference(className: "Base", selector: "alternate"))
        weak let heldForTheExchange = alternate.implementation
        let exchange = try h.runtime.exchangeImplementations(greet, alternate).id
        // greet runs alternate's code now; the kept change replaces it, and its entry goes.
        try h.runtime.keep(h.runtime.setImplementation(of: greet) { _ in "set" }.id)
        h.runtime.reclaimRetired()
        #expect(heldForTheExchange != nil)
        #expect(try h.runtime.send("greet", to: h.new(h.base)) == "set")
        try h.runtime.undo(exchange)
        #expect(try h.runtime.send("greet", to: h.new(h.base)) == "base")
        #expect(try h.runtime.send("alternate", to: h.new(h.base)) == "alternate")
    }

    @Test func undoingAnEarlierChangeLeavesAKeptReplacementInPlace() throws {
        let h = try Hierarchy()
        // A safe swizzle copies greet into Leaf; a kept category then replaces that copy.
        try h.runtime.exchangeImplementations(
            MethodReference(className: "Leaf", selector: "greet"), MethodReference(className: "Base", selector: "alternate"))
        let category = try h.runtime.addCategory(named: "Mine", to: h.leaf) { c in
            try c.addMethod("greet", types: "@@:") { _ in "mine" }
        }
        try h.runtime.keep(category.id)
        h.runtime.undoAll()
        #expect(try h.runtime.send("greet", to: h.new(h.leaf)) == "mine")
        #expect(try h.runtime.send("alternate", to: h.new(h.base)) == "alternate")
    }
}

@Suite("Ledger entries as a collection")
struct LedgerEntriesCollectionTests {
    /// An undo's result holds its first entry inline and the rest in an array: as a
    /// collection it is the same either way, newest first.
    @Test func whatAnUndoReturnsReadsAsACollectionOfOneOrMany() throws {
        let h = try Hierarchy()
        let one = try h.runtime.addMethod("one", types: "v@:", to: h.base) { _ in .nil }.id
        var undone: [LedgerEntry] = []
        undone += try h.runtime.undo(one)
        #expect(undone.map(\.id) == [one])
        let ids = try (0..<3).map { index in try h.runtime.addMethod("m\(index)", types: "v@:", to: h.base) { _ in .nil }.id }
        let all = h.runtime.undoAll()
        #expect(all.count == 3 && all.first?.id == ids.last && all.last?.id == ids.first)
        #expect(Array(all).map(\.id) == ids.reversed() && all.indices == 0..<3)
        #expect(h.runtime.undoAll().isEmpty)
    }
}
