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
        let after = runtime.memory
        let methods = runtime.methods(of: cls)
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
        // Two class objects, ten methods and implementations, and a list of ten (selector
        // id, method) pairs.
        let made = 2 * classBytes + 10 * (methodBytes + implementationBytes) + 10 * 16
        let counted = after.bytes - before.bytes
        let sizes = "class \(classBytes), method \(methodBytes), implementation \(implementationBytes)"
        #expect(counted >= made, "counted \(counted) bytes for \(made) made: \(sizes)")
        #expect(counted <= made * 5 / 4, "counted \(counted) bytes for \(made) made: \(sizes)")
    }
    #endif
}
