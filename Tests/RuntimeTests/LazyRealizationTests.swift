import Dispatch
import Runtime
import Synchronization
import Testing

/// Counts how often a lazily registered class's builder ran.
private final class RunCount: Sendable {
    let value = Atomic<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

@Suite("Lazy realization")
struct LazyRealizationTests {
    /// A root class `Base` registered lazily, with an instance method, a class method, a
    /// property and a protocol, counting its builder's runs.
    private func lazyBase(in runtime: Runtime, runs: RunCount) throws -> Class {
        let proto = try runtime.registerProtocol(named: "Greeting")
        return try runtime.registerLazyClass(named: "Base") { c in
            runs.increment()
            try c.addMethod("greet", types: "@@:") { _ in "hello" }
            try c.addClassMethod("make", types: "@@:") { _ in "made" }
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy]))
            c.adopt(proto)
        }
    }

    @Test func theBuilderRunsOnlyWhenTheClassIsFirstUsedThenNeverAgain() throws {
        let runtime = Runtime()
        let runs = RunCount()
        let base = try lazyBase(in: runtime, runs: runs)
        // Registration, lookup by name, listing and subclassing need no contents.
        #expect(runtime.class(named: "Base") === base)
        #expect(runtime.classes.map(\.name) == ["Base"])
        let sub = try runtime.registerClass(named: "Sub", superclass: base)
        #expect(runtime.directSubclasses(of: base) == [sub])
        #expect(runs.count == 0)
        let object = try runtime.createInstance(of: base)
        #expect(runs.count == 1)
        #expect(try runtime.send("greet", to: object) == "hello")
        #expect(try runtime.send("make", to: base) == "made")
        #expect(runs.count == 1)
    }

    @Test func aFirstSendRealizesIt() throws {
        let runtime = Runtime()
        let runs = RunCount()
        let base = try lazyBase(in: runtime, runs: runs)
        // The class method's send goes to the metaclass: that realizes the class too.
        #expect(try runtime.send("make", to: base) == "made")
        #expect(runs.count == 1)
    }

    @Test func introspectionOfAnUnrealizedClassShowsItsContents() throws {
        let runtime = Runtime()
        let runs = RunCount()
        let base = try lazyBase(in: runtime, runs: runs)
        #expect(runtime.methods(of: base).map(\.selector.name) == ["greet", "setTitle:", "title"])
        #expect(runtime.methods(of: base.isa).map(\.selector.name) == ["make"])
        #expect(runtime.properties(of: base).map(\.name) == ["title"])
        #expect(runtime.ivars(of: base).map(\.name) == ["_title"])
        #expect(runtime.protocols(adoptedBy: base).map(\.name) == ["Greeting"])
        #expect(runs.count == 1)
    }

    @Test func eachQuestionRealizesTheClassOnItsOwn() throws {
        let questions: [(Runtime, Class) throws -> Bool] = [
            { runtime, base in runtime.ownMethod(try runtime.selector("greet"), in: base) != nil },
            { runtime, base in runtime.instancesRespond(base, to: try runtime.selector("title")) },
            { runtime, base in runtime.ivar(named: "_title", in: base) != nil },
            { runtime, base in runtime.property(named: "title", in: base) != nil },
            { runtime, base in try runtime.conforms(base, to: #require(runtime.protocol(named: "Greeting"))) },
            { runtime, _ in runtime.selectors.contains { $0.name == "greet" } },
            { runtime, base in try runtime.method(MethodReference(className: base.name, selector: "greet")).owner === base },
        ]
        for question in questions {
            let runtime = Runtime()
            let runs = RunCount()
            let base = try lazyBase(in: runtime, runs: runs)
            #expect(try question(runtime, base))
            #expect(runs.count == 1)
        }
    }

    @Test func aSubclassOfAnUnrealizedClassFindsWhatItInherits() throws {
        let runtime = Runtime()
        let runs = RunCount()
        let base = try lazyBase(in: runtime, runs: runs)
        let middle = try runtime.registerLazyClass(named: "Middle", superclass: base) { c in
            try c.addMethod("wave", types: "@@:") { _ in "wave" }
        }
        let leaf = try runtime.registerClass(named: "Leaf", superclass: middle)
        let object = try runtime.createInstance(of: leaf)
        #expect(try runtime.send("greet", to: object) == "hello")
        #expect(try runtime.send("wave", to: object) == "wave")
        #expect(try runtime.send("make", to: leaf) == "made")
        #expect(runs.count == 1)
    }

    @Test func changesToAnUnrealizedClassFindItsOwnMethods() throws {
        let runtime = Runtime()
        let runs = RunCount()
        let base = try lazyBase(in: runtime, runs: runs)
        // Adding a method the builder defines is a duplicate, as for a class built at once.
        #expect(throws: RuntimeError.self) { try runtime.addMethod("greet", types: "@@:", to: base) { _ in "again" } }
        let object = try runtime.createInstance(of: base)
        try runtime.exchangeImplementations(
            MethodReference(className: "Base", selector: "greet"), MethodReference(className: "Base", selector: "title"))
        #expect(try runtime.send("title", to: object) == "hello")
        #expect(runs.count == 1)
    }

    @Test func aRedefinitionOfAnUnrealizedClassComparesWithItsDefinition() throws {
        let runtime = Runtime()
        let runs = RunCount()
        _ = try lazyBase(in: runtime, runs: runs)
        let redefinition = try runtime.redefineClass(named: "Base", superclass: nil) { c in
            try c.addMethod("greet", types: "@@:") { _ in "hi" }
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy]))
        }
        #expect(redefinition.isInPlace)
        #expect(redefinition.replacedMethods.map(\.description) == ["-[Base greet]"])
        #expect(redefinition.removedMethods.map(\.description) == ["+[Base make]"])
        #expect(runs.count == 1)
    }

    @Test func twoThreadsSendingTheFirstMessageAtOnceRunTheBuilderOnce() throws {
        for _ in 0..<50 {
            let runtime = Runtime()
            let runs = RunCount()
            let base = try lazyBase(in: runtime, runs: runs)
            let make = try runtime.selector("make")
            // Classes are objects: sending to one makes no instance, which would realize it.
            let receivers = try [base, runtime.registerClass(named: "Sub", superclass: base)]
            #expect(runs.count == 0)
            let answers = Mutex<[Value]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let answer = (try? runtime.send(make, to: receivers[index])) ?? .nil
                answers.withLock { $0.append(answer) }
            }
            #expect(answers.withLock { $0 } == ["made", "made"])
            #expect(runs.count == 1)
        }
    }

    @Test func aMessageToNilReturnsWhatTheFirstRegisteredDeclarationSays() throws {
        // A lazily registered class declares `count` first; a class registered after it,
        // and used before it, declares it otherwise: nil's answer follows registration.
        let runtime = Runtime()
        try runtime.registerLazyClass(named: "First") { c in
            try c.addMethod("count", types: "Q@:") { _ in .int(1) }
        }
        let second = try runtime.registerClass(named: "Second") { c in
            try c.addMethod("count", types: "@@:") { _ in .nil }
        }
        _ = try runtime.createInstance(of: second)
        #expect(runtime.zeroValue(for: try runtime.selector("count")) == .int(0))
    }

    @Test func theRuntimesAccountCountsAnUnrealizedClassWithoutRealizingIt() throws {
        let runtime = Runtime()
        let runs = RunCount()
        let base = try lazyBase(in: runtime, runs: runs)
        let waiting = runtime.memory
        #expect(waiting.unrealizedClasses == 1 && waiting.methods == 0)
        #expect(runs.count == 0)
        _ = runtime.methods(of: base)
        let realized = runtime.memory
        #expect(realized.unrealizedClasses == 0 && realized.methods == 4)
        #expect(realized.bytes > waiting.bytes)
    }
}
