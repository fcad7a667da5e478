import Runtime
import Testing

#if os(Linux)
/// glibc's count of the bytes an allocation holds (`<malloc.h>`, which Glibc does not bring in).
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int
#endif

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
        // The undone entry's record is kept to write the next entry into, until a reclaim.
        #expect(undone.ledgerEntriesKeptForReuse == 1 && undone.bytes > start.bytes)
        h.runtime.reclaimRetired()
        let reclaimed = h.runtime.memory
        #expect(reclaimed.ledgerEntriesKeptForReuse == 0 && reclaimed.ledgerChanges == 0 && reclaimed.retiredMethods == 0)
    }

    @Test func aMethodIsMadeOnlyWhenSomethingUsesIt() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "Quiet") { c in
            for index in 0..<10 { try c.addMethod("method\(index)", types: "@@:") { _ in .int(index) } }
        }
        let registered = runtime.memory
        #expect(registered.methods == 10 && registered.madeMethods == 0)
        let object = try runtime.createInstance(of: cls)

        #expect(try runtime.send("method3", to: object) == .int(3))
        #expect(runtime.memory.madeMethods == 1)
        // The method sent is the one introspection gives, and stays the same object.
        let sent = try #require(runtime.ownMethod(try runtime.selector("method3"), in: cls))
        #expect(runtime.lookUpMethod(try runtime.selector("method3"), in: cls) === sent)
        #expect(runtime.memory.madeMethods == 1)

        let all = runtime.methods(of: cls)
        #expect(all.count == 10 && all.contains { $0 === sent })
        #expect(runtime.memory.madeMethods == 10)
        #expect(try runtime.send("method7", to: object) == .int(7))
    }

    #if os(Linux)
    /// The bytes the allocator gave `object`: what it reports, and its 8-byte header.
    private func allocated(_ object: AnyObject) -> Int {
        mallocUsableSize(Unmanaged.passUnretained(object).toOpaque()) + 8
    }

    @Test func theAccountWeighsAClassAtLeastAsTheAllocatorDoes() throws {
        let runtime = Runtime()
        let root = try runtime.registerClass(named: "Root")
        let before = runtime.memory
        let cls = try runtime.registerClass(named: "Generated", superclass: root) { c in
            for index in 0..<10 { try c.addMethod("method\(index)", types: "v@:") { _ in .nil } }
        }
        let registered = runtime.memory
        // Asking for them makes the method objects, with their implementations.
        let methods = runtime.methods(of: cls)
        let listed = runtime.memory
        // The smallest of each kind: an object may land in a larger chunk someone freed
        // (tests running beside this one free many, whole runtimes among them), so many
        // more classes are weighed.
        let others = try (0..<64).map { index in
            try runtime.registerClass(named: "Other\(index)", superclass: root) { c in try c.addMethod("method", types: "v@:") { _ in .nil } }
        }
        let classBytes = ([cls] + others).flatMap { [allocated($0), allocated($0.isa)] }.min() ?? 0
        let sampled = methods + others.flatMap { runtime.methods(of: $0) }
        let methodBytes = sampled.map(allocated).min() ?? 0
        let implementationBytes = sampled.map { allocated($0.implementation) }.min() ?? 0
        let sizes = "class \(classBytes), method \(methodBytes), implementation \(implementationBytes)"

        // Registered: two class objects and a list of ten 40-byte entries, no method objects.
        #expect(registered.madeMethods == before.madeMethods)
        let classAndList = 2 * classBytes + 10 * 40
        let countedForClass = registered.bytes - before.bytes
        #expect(countedForClass >= classAndList, "counted \(countedForClass) bytes for \(classAndList) made: \(sizes)")
        #expect(countedForClass <= classAndList * 5 / 4, "counted \(countedForClass) bytes for \(classAndList) made: \(sizes)")

        // Listed: ten methods and implementations more.
        #expect(listed.madeMethods == registered.madeMethods + 10)
        let methodObjects = 10 * (methodBytes + implementationBytes)
        let countedForMethods = listed.bytes - registered.bytes
        #expect(countedForMethods >= methodObjects, "counted \(countedForMethods) bytes for \(methodObjects) made: \(sizes)")
        #expect(countedForMethods <= methodObjects * 5 / 4, "counted \(countedForMethods) bytes for \(methodObjects) made: \(sizes)")
    }
    #endif
}
