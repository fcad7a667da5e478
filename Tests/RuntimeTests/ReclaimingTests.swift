import Runtime
import Testing

/// What changes take out of service is kept while a send may still use it, and freed by
/// `reclaimRetired()`, which the owner calls where no send is running.
@Suite("Reclaiming what changes retire")
struct ReclaimingTests {
    @Test func aReplacedImplementationLivesUntilAReclaimAndThenGoes() throws {
        let h = try Hierarchy()
        let greet = try h.runtime.method(MethodReference(className: "Base", selector: "greet"))
        let entry = try h.runtime.setImplementation(of: greet) { _ in "swizzled" }
        weak let replacement = greet.implementation
        try h.runtime.undo(entry.id)
        #expect(try h.runtime.send("greet", to: h.new(h.base)) == "base")
        // Retired, not freed: a send in flight might still be running it.
        #expect(replacement != nil)
        h.runtime.reclaimRetired()
        #expect(replacement == nil)
    }

    @Test func aThousandSwizzlesAndUndoesLeaveMemoryWhereItStartedOnceReclaimed() throws {
        let h = try Hierarchy()
        let object = try h.new(h.base)
        let greet = try h.runtime.method(MethodReference(className: "Base", selector: "greet"))
        let start = h.runtime.memory
        for index in 0..<1_000 {
            let entry = try h.runtime.setImplementation(of: greet) { _ in .int(index) }
            #expect(try h.runtime.send("greet", to: object) == .int(index))
            try h.runtime.undo(entry.id)
        }
        let piledUp = h.runtime.memory
        #expect(piledUp.implementations >= start.implementations + 1_000, "start: \(start); after: \(piledUp)")
        h.runtime.reclaimRetired()
        #expect(h.runtime.memory == start, "start: \(start); reclaimed: \(h.runtime.memory)")
    }

    @Test func methodsAndCachesTakenOutOfServiceGoToo() throws {
        let h = try Hierarchy()
        let object = try h.new(h.leaf)
        let start = h.runtime.memory
        // The entry is not kept here: it refers to the method it added.
        let id = try h.runtime.addMethod("wave", types: "@@:", to: h.leaf) { _ in "wave" }.id
        weak let added = try h.runtime.method(MethodReference(className: "Leaf", selector: "wave"))
        #expect(try h.runtime.send("wave", to: object) == "wave")
        try h.runtime.undo(id)
        #expect(h.runtime.memory.retiredMethods == start.retiredMethods + 1)
        #expect(added != nil)
        h.runtime.reclaimRetired()
        #expect(h.runtime.memory.retiredMethods == 0)
        #expect(added == nil)
    }

    /// The code that replaces itself is still running when the change retires it: it must
    /// run to its end on what it captured (AddressSanitizer, which runs these tests in CI,
    /// reports a read of freed memory if it is freed early).
    @Test func codeThatReplacesItselfWhileRunningFinishes() throws {
        let h = try Hierarchy()
        let greet = try h.runtime.method(MethodReference(className: "Base", selector: "greet"))
        let words = ["still", "running"]
        try h.runtime.setImplementation(of: greet) { message in
            try message.runtime.setImplementation(of: greet) { _ in "replaced" }
            return .string(words.joined(separator: " "))
        }
        let object = try h.new(h.base)
        #expect(try h.runtime.send("greet", to: object) == "still running")
        #expect(try h.runtime.send("greet", to: object) == "replaced")
        h.runtime.reclaimRetired()
        #expect(try h.runtime.send("greet", to: object) == "replaced")
    }
}
