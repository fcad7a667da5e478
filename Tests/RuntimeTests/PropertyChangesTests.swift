import Runtime
import Synchronization
import Testing

@Suite("Property changes")
struct PropertyChangesTests {
    /// The observer is told before and after each change a synthesized setter makes, while
    /// an observation is active; told again and again, it stays callable. (Stored straight
    /// in a generic lock, it gained a conversion thunk on each notification, and calling it
    /// after some ten thousand overflowed the stack.)
    @Test func theObserverHearsEveryChangeHoweverManyThereAre() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "MMTitled") { c in
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
        }
        let object = try runtime.createInstance(of: cls)
        let heard = Atomic<Int>(0)
        runtime.propertyChanges.setObserver { phase, key, _, _, _ in
            if key == "title", phase == .didChange { heard.add(1, ordering: .relaxed) }
        }
        _ = try runtime.send("setTitle:", to: object, "unobserved")
        #expect(heard.load(ordering: .relaxed) == 0)
        runtime.propertyChanges.count(1)
        for index in 0..<100_000 { _ = try runtime.send("setTitle:", to: object, .string("title \(index)")) }
        #expect(heard.load(ordering: .relaxed) == 100_000)
        #expect(try runtime.send("title", to: object) == "title 99999")
        runtime.propertyChanges.count(-1)
        runtime.setClassHook { name, _ in name == "MMMissing" ? cls : nil }
        for _ in 0..<100_000 { _ = try runtime.getClass(named: "MMMissing") }
        #expect(try runtime.getClass(named: "MMMissing") === cls)
    }
}
