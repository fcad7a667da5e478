import Foundation
import Runtime
import Testing

/// One test per bug found in review; each failed before its fix.
@Suite("Regressions")
struct RegressionTests {
    @Test func aCategoryCannotRedeclareAPropertyAndUndoKeepsTheClasssOwn() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "View") { c in
            try c.addProperty(Property(name: "title", type: .object(className: nil)))
        }
        let error = runtimeError {
            try runtime.addCategory(named: "Dup", to: cls) { c in
                try c.addProperty(Property(name: "title", type: .object(className: nil)))
            }
        }
        #expect(error == .duplicateMember(kind: "property", name: "title", className: "View"))
        #expect(runtime.ledger.isEmpty)
        #expect(runtime.properties(of: cls).map(\.name) == ["title"])
    }

    @Test func undoingAMethodASafeSwizzleCopiedAlsoUndoesTheSwizzle() throws {
        let h = try Hierarchy()
        let leaf = try h.new(h.leaf)
        let replace = try h.runtime.replaceMethod("greet", types: "@@:", in: h.base) { _ in "replaced" }
        let swizzle = try h.runtime.exchangeImplementations(
            MethodReference(className: "Leaf", selector: "greet"), MethodReference(className: "Leaf", selector: "alternate"))
        #expect(try h.runtime.undo(replace.id).map(\.id) == [swizzle.id, replace.id])
        #expect(try h.runtime.send("greet", to: leaf) == "base")
        #expect(try h.runtime.send("alternate", to: leaf) == "alternate")
        #expect(h.runtime.ledger.isEmpty)
    }

    @Test func undoingAnIvarAPropertyReusesAlsoUndoesTheProperty() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "C")
        let category = try runtime.addCategory(named: "Storage", to: cls) { c in
            try c.addIvar("_score", type: .integer(code: "q"))
        }
        let property = try runtime.addProperty(Property(name: "score", type: .integer(code: "q")), to: cls)
        #expect(try runtime.undo(category.id).map(\.id) == [property.id, category.id])
        #expect(runtime.ivar(named: "_score", in: cls) == nil)
        #expect(runtime.properties(of: cls).isEmpty)
        #expect(runtime.methods(of: cls).isEmpty)
    }

    @Test func anOutOfRangeDoubleForAnIntegerPropertyIsAnError() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "C") { c in
            try c.addProperty(Property(name: "count", type: .integer(code: "q")))
        }
        let object = try runtime.createInstance(of: cls)
        let error = runtimeError { _ = try runtime.send("setCount:", to: object, .double(1e19)) }
        #expect(error?.description == "property 'count' of C holds an integer, so it cannot store 1e+19, which is out of range")
        _ = try runtime.send("setCount:", to: object, .double(-2.9))
        #expect(try runtime.send("count", to: object) == -2)
    }

    @Test(arguments: [ObjCType.integer(code: "x"), .object(className: "a\"b"), .structure(name: "S", encoding: "{S")])
    func aPropertyTypeWithoutAnEncodingIsAnError(type: ObjCType) throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "C")
        #expect(throws: RuntimeError.self) { try runtime.addProperty(Property(name: "p", type: type), to: cls) }
        #expect(throws: RuntimeError.self) {
            try runtime.registerClass(named: "D") { try $0.addProperty(Property(name: "p", type: type)) }
        }
        #expect(runtime.properties(of: cls).isEmpty && runtime.ledger.isEmpty)
    }

    @Test func accessorNamesMustTakeTheRightNumberOfArguments() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "C")
        let setter = runtimeError { try runtime.addProperty(Property(name: "flag", type: .bool, setter: "updateFlag"), to: cls) }
        #expect(setter == .argumentCountMismatch(method: "-[C updateFlag]", encoding: "v@:B", encodingArguments: 1, selectorArguments: 0))
        let getter = runtimeError { try runtime.addProperty(Property(name: "flag", type: .bool, getter: "flagFor:"), to: cls) }
        #expect(getter == .argumentCountMismatch(method: "-[C flagFor:]", encoding: "B@:", encodingArguments: 0, selectorArguments: 1))
        #expect(runtimeError { try runtime.addProperty(Property(name: "a b", type: .bool), to: cls) } == .invalidName(kind: "property", name: "a b"))
        // A well-formed custom setter works.
        try runtime.addProperty(Property(name: "flag", type: .bool, setter: "changeFlag:"), to: cls)
        let object = try runtime.createInstance(of: cls)
        _ = try runtime.send("changeFlag:", to: object, true)
        #expect(try runtime.send("flag", to: object) == true)
    }

    @Test func aMetaclassIsNeitherASuperclassNorInstantiable() throws {
        let runtime = Runtime()
        let root = try runtime.registerClass(named: "Root")
        let superclass = runtimeError { try runtime.registerClass(named: "Sub", superclass: root.isa) }
        #expect(superclass == .notAClass("Root", role: "the superclass of 'Sub'"))
        #expect(superclass?.description == "the metaclass of 'Root' cannot be the superclass of 'Sub'; pass the class 'Root' itself")
        #expect(runtime.class(named: "Sub") == nil)
        #expect(runtimeError { _ = try runtime.createInstance(of: root.isa) } == .notAClass("Root", role: "a class to instantiate"))
    }

    @Test func methodsImplementationsAndLedgerEntriesOutliveTheirRuntime() throws {
        var method: Method?
        var entry: LedgerEntry?
        do {
            let runtime = Runtime()
            let cls = try runtime.registerClass(named: "C") { c in
                try c.addMethod("foo", types: "v@:") { _ in .nil }
            }
            entry = try runtime.addMethod("bar", types: "v@:", to: cls) { _ in .nil }
            method = runtime.lookUpMethod(try runtime.selector("foo"), in: cls)
        }
        #expect(method?.description == "-[C foo]")
        #expect(method?.implementation.home.name == "C")
        #expect(entry?.description == "#1 add -[C bar]")
    }

    @Test func aClassHoldingItsOwnInstanceGoesAwayWithItsRuntime() throws {
        weak var weakClass: Class?
        do {
            let runtime = Runtime()
            let cls = try runtime.registerClass(named: "Shared")
            try runtime.addProperty(Property(name: "shared", type: .object(className: nil)), to: cls.isa)
            _ = try runtime.send("setShared:", to: cls, .object(try runtime.createInstance(of: cls)))
            weakClass = cls
        }
        #expect(weakClass == nil)
    }

    @Test func aSelectorOfAnotherRuntimeFindsNoMethod() throws {
        let a = Runtime()
        let b = Runtime()
        let foo = try a.selector("foo")
        let cls = try b.registerClass(named: "C") { c in
            try c.addMethod("bar", types: "@@:") { _ in "bar ran" }
        }
        let object = try b.createInstance(of: cls)
        for _ in 0..<100 {
            #expect(runtimeError { _ = try b.send(foo, to: object) }?.description.hasPrefix("-[C foo]: unrecognized selector") == true)
        }
        #expect(try b.send("bar", to: object) == "bar ran")
    }

    @Test func classesOfAnotherRuntimeAreRefusedOrIgnored() throws {
        let a = Runtime()
        let b = Runtime()
        let foreign = try a.registerClass(named: "Foreign") { c in
            try c.addMethod("hello", types: "@@:") { _ in "hi" }
        }
        let foreignMethod = try a.method(MethodReference(className: "Foreign", selector: "hello"))
        #expect(runtimeError { try b.registerClass(named: "Sub", superclass: foreign) } == .foreignClass("Foreign"))
        #expect(runtimeError { try b.addMethod("x", types: "v@:", to: foreign) { _ in .nil } } == .foreignClass("Foreign"))
        #expect(runtimeError { _ = try b.createInstance(of: foreign) } == .foreignClass("Foreign"))
        #expect(runtimeError { try b.setImplementation(of: foreignMethod) { _ in .nil } } == .foreignClass("Foreign"))
        #expect(runtimeError { _ = try b.send("hello", to: try a.createInstance(of: foreign)) } == .foreignClass("Foreign"))
        #expect(b.methods(of: foreign).isEmpty && b.allSubclasses(of: foreign).isEmpty)
        #expect(b.ledger.isEmpty && a.ledger.isEmpty)
        #expect(try a.send("hello", to: try a.createInstance(of: foreign)) == "hi")
    }

    @Test func theDefaultDepthLimitFitsASmallThreadStack() async throws {
        // 512 KiB is the smallest secondary-thread stack in common use (Apple's default).
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "Loop") { c in
            try c.addMethod("again", types: "v@:") { m in try m.send(m.selector, to: m.receiver) }
        }
        let object = try runtime.createInstance(of: cls)
        let outcome = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: runtimeError { _ = try runtime.send("again", to: object) })
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(outcome == .callDepthExceeded(in: "-[Loop again]", limit: 150))
    }
}
