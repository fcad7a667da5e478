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

    /// `object_setClass` on one thread while others send to the object: each send runs
    /// one class's method or the other's, never anything torn.
    @Test func sendersSeeOneClassOrTheOtherWhileAnotherThreadChangesTheObjectsClass() throws {
        let h = try Hierarchy()
        let other = try h.runtime.registerClass(named: "Other", superclass: h.root) { c in
            try c.addMethod("greet", types: "@@:") { _ in "other" }
        }
        let instance = try h.new(h.base)
        let greet = try h.runtime.selector("greet")
        let unexpected = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            if worker == 0 {
                for round in 0..<20_000 {
                    try! h.runtime.changeClass(of: instance, to: round.isMultiple(of: 2) ? other : h.base)
                }
            } else {
                for _ in 0..<20_000 {
                    do {
                        let result = try h.runtime.send(greet, to: instance)
                        if result != "base" && result != "other" { unexpected.withLock { $0.append("got \(result)") } }
                    } catch {
                        unexpected.withLock { $0.append("threw \(error)") }
                    }
                }
            }
        }
        #expect(unexpected.withLock { $0 }.isEmpty)
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

    /// Base declares `_name`; Sub declares `_count` and a `_name` of its own.
    private func ivarClasses() throws -> (Runtime, base: Class, sub: Class) {
        let runtime = Runtime()
        let base = try runtime.registerClass(named: "Base") { c in try c.addIvar("_name", type: .object(className: nil)) }
        let sub = try runtime.registerClass(named: "Sub", superclass: base) { c in
            try c.addIvar("_count", type: .integer(code: "q"))
            try c.addIvar("_name", type: .object(className: nil))
        }
        return (runtime, base, sub)
    }

    @Test func threadsSettingAndReadingOneObjectsIvarsSeeOnlyValuesWritten() throws {
        let (runtime, base, sub) = try ivarClasses()
        let object = try runtime.createInstance(of: sub)
        let ivars = try [base, sub].map { cls in try #require(runtime.ivars(of: cls).first { $0.name == "_name" }) }
        let names = [IvarName("_name"), IvarName("_count")]
        let unexpected = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for round in 0..<5_000 {
                do {
                    // Values that are references, so a torn read or a lost release would crash.
                    let written: Value = .array([.string("worker \(worker)"), .int(round)])
                    if worker < 2 {
                        try object.setValue(written, of: ivars[worker])
                        if case .array(let read) = try object.value(of: ivars[1 - worker]), read.count != 2 {
                            unexpected.withLock { $0.append("read \(read)") }
                        }
                    } else {
                        runtime.setValue(.int(round), of: names[1], in: object)
                        if case .array(let read)? = runtime.value(of: names[0], in: object), read.count != 2 {
                            unexpected.withLock { $0.append("read \(read)") }
                        }
                    }
                } catch {
                    unexpected.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(unexpected.withLock { $0 }.isEmpty)
        #expect(try object.value(of: ivars[0]) == .array(["worker 0", 4_999]))
        #expect(try object.value(of: ivars[1]) == .array(["worker 1", 4_999]))
        #expect(runtime.value(of: names[1], in: object) == 4_999)
    }

    @Test func threadsStoringDefaultsInTheSameFreshObjectsEachStoreEveryValue() throws {
        let (runtime, _, sub) = try ivarClasses()
        let objects = try (0..<2_000).map { _ in try runtime.createInstance(of: sub) }
        let defaults = IvarDefaults(given: ["_name", "_count"], defaults: [:])
        let name = IvarName("_name"), count = IvarName("_count")
        let unexpected = Mutex<[String]>([])
        // One thread's values go in all at once, the others' one by one after them.
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for object in objects {
                if !runtime.setValues(.array([.string("worker \(worker)"), .int(worker)]), .int(worker), and: defaults, in: object) {
                    unexpected.withLock { $0.append("refused") }
                }
                if case .array(let read)? = runtime.value(of: name, in: object), read.count != 2 {
                    unexpected.withLock { $0.append("read \(read)") }
                }
            }
        }
        #expect(unexpected.withLock { $0 }.isEmpty)
        for object in objects {
            guard case .array(let read)? = runtime.value(of: name, in: object), case .int(let worker)? = runtime.value(of: count, in: object) else {
                Issue.record("\(object) holds \(String(describing: runtime.value(of: name, in: object)))")
                continue
            }
            #expect(read.count == 2 && (0..<4).contains(worker))
        }
    }

    @Test func ivarNamesAnswerAsLookupsByNameWhileAnotherThreadChangesIvars() throws {
        let (runtime, base, sub) = try ivarClasses()
        let other = try runtime.registerClass(named: "Other")
        let objects = try [runtime.createInstance(of: base), runtime.createInstance(of: sub)]
        let name = IvarName("_name")
        let unexpected = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            if worker == 0 {
                // Each change of any class's ivars makes what the name remembers stale.
                for round in 0..<300 {
                    do {
                        let entry = try runtime.addCategory(named: "More\(round)", to: other) { c in try c.addIvar("_more\(round)", type: .bool) }
                        if round.isMultiple(of: 2) { try runtime.undo(entry.id) }
                    } catch {
                        unexpected.withLock { $0.append("\(error)") }
                    }
                }
            } else {
                // Readers of both classes, which find different ivars under the one name.
                let object = objects[worker - 1]
                for round in 0..<20_000 {
                    let found = runtime.ivar(name, in: object.isa)
                    if found == nil || found !== runtime.ivar(named: "_name", in: object.isa) {
                        unexpected.withLock { $0.append("\(object.isa) found \(found.map(\.description) ?? "nothing")") }
                    }
                    runtime.setValue(.int(round), of: name, in: object)
                }
            }
        }
        #expect(unexpected.withLock { $0 }.isEmpty)
        for object in objects {
            let declared = try #require(runtime.ivars(of: object.isa).first { $0.name == "_name" })
            #expect(try object.value(of: declared) == 19_999)
        }
    }
}
