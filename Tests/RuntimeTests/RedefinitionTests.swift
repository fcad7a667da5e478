import Dispatch
import Runtime
import Synchronization
import Testing

@Suite("Redefining a class")
struct RedefinitionTests {
    /// Root ← MMFoo (greet, alternate, +make, a title property) ← MMSub.
    struct Classes {
        let runtime = Runtime()
        let root: Class
        let foo: Class
        let sub: Class

        init() throws {
            root = try runtime.registerClass(named: "Root") { c in
                try c.addMethod("greet", types: "@@:") { _ in "root" }
            }
            foo = try runtime.registerClass(named: "MMFoo", superclass: root) { c in
                try c.addIvar("_count", type: .integer(code: "q"))
                try c.addProperty(Property(name: "title", type: .object(className: "NSString")))
                try c.addMethod("greet", types: "@@:") { _ in "old greet" }
                try c.addMethod("alternate", types: "@@:") { _ in "old alternate" }
                try c.addClassMethod("make", types: "@@:") { _ in "old make" }
            }
            sub = try runtime.registerClass(named: "MMSub", superclass: foo)
        }

        /// MMFoo's next version: the same ivars, `greet` changed, `alternate` gone, `extra` new.
        @discardableResult
        func redefine(greeting: Value = "new greet") throws -> ClassRedefinition {
            try runtime.redefineClass(named: "MMFoo", superclass: root) { c in
                try c.addIvar("_count", type: .integer(code: "q"))
                try c.addProperty(Property(name: "title", type: .object(className: "NSString")))
                try c.addMethod("greet", types: "@@:") { _ in greeting }
                try c.addMethod("extra", types: "@@:") { _ in "extra" }
                try c.addClassMethod("make", types: "@@:") { _ in "new make" }
            }
        }
    }

    @Test func theSameLayoutChangesTheClassInPlaceForTheInstancesThereAre() throws {
        let c = try Classes()
        let instance = try c.runtime.createInstance(of: c.foo)
        let count = try #require(c.runtime.ivar(named: "_count", in: c.foo))
        try instance.setValue(7, of: count)
        _ = try c.runtime.send("setTitle:", to: instance, "kept")
        #expect(try c.runtime.send("greet", to: instance) == "old greet")

        let redefinition = try c.redefine()
        #expect(redefinition.isInPlace)
        #expect(redefinition.cls === c.foo)
        #expect(c.runtime.class(named: "MMFoo") === c.foo)
        #expect(redefinition.replacedMethods.map(\.description) == ["-[MMFoo greet]", "+[MMFoo make]"])
        #expect(redefinition.addedMethods.map(\.description) == ["-[MMFoo extra]"])
        #expect(redefinition.removedMethods.map(\.description) == ["-[MMFoo alternate]"])
        // The property was declared as before: its accessors are not replaced.
        #expect(!redefinition.replacedMethods.contains { $0.selector == "title" })

        #expect(try c.runtime.send("greet", to: instance) == "new greet")
        #expect(try c.runtime.send("extra", to: instance) == "extra")
        #expect(try c.runtime.send("make", to: c.foo) == "new make")
        #expect(runtimeError { _ = try c.runtime.send("alternate", to: instance) }?.isUnrecognizedSelector == true)
        // The instance keeps its ivars' values.
        #expect(try instance.value(of: count) == 7)
        #expect(try c.runtime.send("title", to: instance) == "kept")
    }

    @Test func subclassesSeeTheNewCodeAtOnce() throws {
        let c = try Classes()
        let instance = try c.runtime.createInstance(of: c.sub)
        // Fill the subclass's cache first: the redefinition must empty it.
        #expect(try c.runtime.send("greet", to: instance) == "old greet")
        #expect(try c.runtime.send("alternate", to: instance) == "old alternate")
        try c.redefine()
        #expect(try c.runtime.send("greet", to: instance) == "new greet")
        #expect(runtimeError { _ = try c.runtime.send("alternate", to: instance) }?.isUnrecognizedSelector == true)
        #expect(c.runtime.directSubclasses(of: c.foo) == [c.sub])
    }

    @Test func aCategorysMethodStillWinsAndWhatCategoriesAddedStays() throws {
        let c = try Classes()
        let entry = try c.runtime.addCategory(named: "Extras", to: c.foo) { builder in
            try builder.addMethod("greet", types: "@@:") { _ in "category greet" }
            try builder.addMethod("fromCategory", types: "@@:") { _ in "category" }
        }
        try c.runtime.keep(entry.id)
        let redefinition = try c.redefine()
        #expect(redefinition.hiddenByCategories.map(\.description) == ["-[MMFoo greet]"])
        #expect(!redefinition.replacedMethods.contains { $0.selector == "greet" && !$0.isClassMethod })
        #expect(!redefinition.removedMethods.contains { $0.selector == "fromCategory" })
        let instance = try c.runtime.createInstance(of: c.foo)
        #expect(try c.runtime.send("greet", to: instance) == "category greet")
        #expect(try c.runtime.send("fromCategory", to: instance) == "category")
    }

    @Test func aSwizzleOfAReplacedMethodIsUndoneFirstSoNoRestorePutsOldCodeBack() throws {
        let c = try Classes()
        let instance = try c.runtime.createInstance(of: c.foo)
        let exchange = try c.runtime.exchangeImplementations(
            MethodReference(className: "MMFoo", selector: "greet"), MethodReference(className: "MMFoo", selector: "alternate"))
        #expect(try c.runtime.send("greet", to: instance) == "old alternate")

        let redefinition = try c.redefine()
        #expect(redefinition.undone.map(\.id) == [exchange.id])
        #expect(c.runtime.ledger.isEmpty)
        #expect(try c.runtime.send("greet", to: instance) == "new greet")
        // Nothing is left to undo, so nothing stale comes back.
        #expect(c.runtime.undoAll().isEmpty)
        #expect(try c.runtime.send("greet", to: instance) == "new greet")
    }

    @Test func aSafeSwizzleInASubclassThatCopiedAReplacedMethodIsUndoneToo() throws {
        let c = try Classes()
        let other = try c.runtime.registerClass(named: "MMStub", superclass: c.root) { builder in
            try builder.addMethod("stubbed", types: "@@:") { _ in "stub" }
        }
        // MMSub only inherits greet: the safe swizzle copies MMFoo's old code into MMSub.
        let swizzle = try c.runtime.exchangeImplementations(
            MethodReference(className: "MMSub", selector: "greet"), MethodReference(className: "MMStub", selector: "stubbed"))
        let unrelated = try c.runtime.addMethod("unrelated", types: "v@:", to: other) { _ in .nil }
        let redefinition = try c.redefine()
        #expect(redefinition.undone.map(\.id) == [swizzle.id])
        #expect(c.runtime.ledger.map(\.id) == [unrelated.id])
        #expect(try c.runtime.send("greet", to: c.runtime.createInstance(of: c.sub)) == "new greet")
        #expect(try c.runtime.send("stubbed", to: c.runtime.createInstance(of: other)) == "stub")
    }

    @Test func aSwizzleOfAnUnchangedAccessorStays() throws {
        let c = try Classes()
        let stub = try c.runtime.registerClass(named: "MMStub", superclass: c.root) { builder in
            try builder.addMethod("fakeTitle", types: "@@:") { _ in "fake" }
        }
        let swizzle = try c.runtime.exchangeImplementations(
            MethodReference(className: "MMFoo", selector: "title"), MethodReference(className: "MMStub", selector: "fakeTitle"))
        let redefinition = try c.redefine()
        #expect(redefinition.undone.isEmpty)
        #expect(c.runtime.ledger.map(\.id) == [swizzle.id])
        #expect(try c.runtime.send("title", to: c.runtime.createInstance(of: c.foo)) == "fake")
        c.runtime.undoAll()
        #expect(try c.runtime.send("title", to: c.runtime.createInstance(of: c.foo)) == .nil)
        #expect(try c.runtime.send("fakeTitle", to: c.runtime.createInstance(of: stub)) == "fake")
    }

    @Test func anotherSuperclassRegistersANewClassAndTheOldOneKeepsItsInstances() throws {
        let c = try Classes()
        let other = try c.runtime.registerClass(named: "MMOther", superclass: c.root)
        let old = try c.runtime.createInstance(of: c.foo)
        let swizzle = try c.runtime.exchangeImplementations(
            MethodReference(className: "MMFoo", selector: "greet"), MethodReference(className: "MMFoo", selector: "alternate"))
        let redefinition = try c.runtime.redefineClass(named: "MMFoo", superclass: other) { builder in
            try builder.addMethod("greet", types: "@@:") { _ in "new greet" }
        }
        #expect(!redefinition.isInPlace)
        #expect(redefinition.replaced === c.foo)
        #expect(redefinition.reasons == [
            .superclassChanged(from: "Root", to: "MMOther"), .ivarsChanged(added: [], removed: ["_count", "_title"], retyped: []),
        ])
        #expect(redefinition.undone.map(\.id) == [swizzle.id])
        let made = try #require(c.runtime.class(named: "MMFoo"))
        #expect(made === redefinition.cls && made !== c.foo)
        #expect(made.superclass === other)
        #expect(c.runtime.classes.filter { $0.name == "MMFoo" } == [made])
        #expect(c.runtime.directSubclasses(of: c.root).map(\.name) == ["MMOther"])
        #expect(c.runtime.directSubclasses(of: other) == [made])
        #expect(!c.runtime.allSubclasses(of: c.root).contains(c.foo))
        // The old class serves the instance made before, with its own code, swizzle undone.
        #expect(old.isa === c.foo)
        #expect(try c.runtime.send("greet", to: old) == "old greet")
        #expect(try c.runtime.send("greet", to: c.runtime.createInstance(of: made)) == "new greet")
        // Its subclass still inherits from it.
        #expect(c.sub.superclass === c.foo)
        #expect(try c.runtime.send("alternate", to: c.runtime.createInstance(of: c.sub)) == "old alternate")
    }

    @Test func otherIvarsRegisterANewClassSayingWhichChanged() throws {
        let c = try Classes()
        let redefinition = try c.runtime.redefineClass(named: "MMFoo", superclass: c.root) { builder in
            try builder.addIvar("_count", type: .double)
            try builder.addIvar("_name", type: .object(className: nil))
        }
        #expect(redefinition.reasons == [.ivarsChanged(added: ["_name"], removed: ["_title"], retyped: ["_count"])])
        #expect(redefinition.cls !== c.foo)
        // The order ivars are declared in does not matter: storage is by ivar.
        let reordered = try c.runtime.redefineClass(named: "MMFoo", superclass: c.root) { builder in
            try builder.addIvar("_name", type: .object(className: nil))
            try builder.addIvar("_count", type: .double)
        }
        #expect(reordered.isInPlace)
        #expect(reordered.cls === redefinition.cls)
    }

    @Test func aClassCannotBeRedefinedAsItsOwnDescendantOrWhenItIsNotThere() throws {
        let c = try Classes()
        #expect(runtimeError { try c.runtime.redefineClass(named: "MMFoo", superclass: c.sub) { _ in } }
            == .inheritanceCycle("MMFoo", superclass: "MMSub"))
        #expect(runtimeError { try c.runtime.redefineClass(named: "MMFoo", superclass: c.foo) { _ in } }?.description
            == "'MMFoo' cannot be its own superclass; name the class it inherits from, such as NSObject")
        #expect(runtimeError { try c.runtime.redefineClass(named: "MMFoo", superclass: c.sub) { _ in } }?.description
            == "'MMFoo' cannot inherit from 'MMSub', which inherits from 'MMFoo'; name a superclass outside MMFoo's subclasses")
        #expect(runtimeError { try c.runtime.redefineClass(named: "MMNone", superclass: c.root) { _ in } } == .unknownClass("MMNone"))
        #expect(runtimeError { try c.runtime.redefineClass(named: "MMFoo", superclass: c.root.isa) { _ in } }
            == .notAClass("Root", role: "the superclass of 'MMFoo'"))
        // Nothing changed.
        #expect(c.runtime.class(named: "MMFoo") === c.foo)
        #expect(try c.runtime.send("alternate", to: c.runtime.createInstance(of: c.foo)) == "old alternate")
    }

    @Test func aRuntimeWithAReplacedClassStillGoesAway() throws {
        weak var replaced: Class?
        do {
            let c = try Classes()
            let other = try c.runtime.registerClass(named: "MMOther", superclass: c.root)
            _ = try c.runtime.send("greet", to: c.runtime.createInstance(of: c.foo))
            try c.runtime.redefineClass(named: "MMFoo", superclass: other) { _ in }
            replaced = c.foo
        }
        #expect(replaced == nil)
    }

    @Test func sendersSeeTheOldCodeOrTheNewWhileAnotherThreadRedefines() throws {
        let c = try Classes()
        let instance = try c.runtime.createInstance(of: c.sub)
        let greet = try c.runtime.selector("greet")
        let unexpected = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            if worker == 0 {
                for round in 0..<2_000 {
                    do {
                        try c.redefine(greeting: round.isMultiple(of: 2) ? "even" : "odd")
                    } catch {
                        unexpected.withLock { $0.append("redefinition threw \(error)") }
                    }
                }
            } else {
                for _ in 0..<20_000 {
                    do {
                        let result = try c.runtime.send(greet, to: instance)
                        if !["old greet", "even", "odd"].contains(result) { unexpected.withLock { $0.append("got \(result)") } }
                    } catch {
                        unexpected.withLock { $0.append("threw \(error)") }
                    }
                }
            }
        }
        #expect(unexpected.withLock { $0 }.isEmpty)
        #expect(try c.runtime.send(greet, to: instance) == "odd")
    }
}
