import Dispatch
import Runtime
import Synchronization
import Testing

@Suite("Threads")
struct ConcurrencyTests {
    @Test func sendersNeverSeeATornStateWhileAnotherThreadSwizzlesAndRestores() throws {
        let h = try Hierarchy()
        let leaf = try h.new(h.leaf)
        let sibling = try h.new(h.sibling)
        let greet = try h.runtime.selector("greet")
        let first = try h.runtime.method(MethodReference(className: "Base", selector: "greet"))
        let second = try h.runtime.method(MethodReference(className: "Base", selector: "alternate"))
        let unexpected = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            if worker == 0 {
                for round in 0..<5_000 {
                    // Alternate the raw exchange and the safe swizzle, which adds and removes a method.
                    if round.isMultiple(of: 2) {
                        let entry = try! h.runtime.exchangeImplementations(first, second)
                        try! h.runtime.undo(entry.id)
                    } else {
                        let entry = try! h.runtime.exchangeImplementations(
                            MethodReference(className: "Leaf", selector: "greet"), MethodReference(className: "Base", selector: "alternate"))
                        try! h.runtime.undo(entry.id)
                    }
                }
            } else {
                for _ in 0..<50_000 {
                    for receiver in [leaf, sibling] {
                        do {
                            let result = try h.runtime.send(greet, to: receiver)
                            if result != "base" && result != "alternate" {
                                unexpected.withLock { $0.append("\(receiver) got \(result)") }
                            }
                        } catch {
                            unexpected.withLock { $0.append("\(receiver) threw \(error)") }
                        }
                    }
                }
            }
        }
        #expect(unexpected.withLock { $0 }.isEmpty)
        #expect(h.runtime.ledger.isEmpty)
        #expect(try h.runtime.send(greet, to: leaf) == "base")
        #expect(h.runtime.ownMethod(greet, in: h.leaf) == nil)
    }

    @Test func registrationAndLookupFromManyThreads() throws {
        let runtime = Runtime()
        let root = try runtime.registerClass(named: "Root") { c in
            try c.addMethod("answer", types: "q@:") { _ in 42 }
        }
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<500 {
                do {
                    let cls = try runtime.registerClass(named: "C\(worker)_\(index)", superclass: root)
                    if try runtime.send("answer", to: try runtime.createInstance(of: cls)) != 42 { failures.add(1, ordering: .relaxed) }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(runtime.classCount == 2_001)
        #expect(Set(runtime.classes.map(\.serial)).count == 2_001)
        let objects = try (0..<100).map { _ in try runtime.createInstance(of: root) }
        #expect(Set(objects.map(\.serial)).count == 100)
    }
}
