import Runtime
import Testing

@Suite("Adding, replacing, setting and exchanging methods")
struct MutationTests {
    /// `class_addMethod` and `class_replaceMethod` given another method's IMP share it, so
    /// the IMP compares equal afterwards (Aspects checks for `_objc_msgForward` that way),
    /// and its super sends still start above the class it was written for.
    @Test func anImplementationGivenIsSharedNotCopied() throws {
        let h = try Hierarchy()
        let shared = try h.runtime.makeImplementation(writtenFor: h.base) { _ in "shared" }
        try h.runtime.addMethod("shout", types: "@@:", to: h.leaf, implementation: shared)
        try h.runtime.replaceMethod("greet", types: "@@:", in: h.sibling, implementation: shared)
        #expect(h.runtime.lookUpMethod(try h.runtime.selector("shout"), in: h.leaf)?.implementation === shared)
        #expect(h.runtime.lookUpMethod(try h.runtime.selector("greet"), in: h.sibling)?.implementation === shared)
        #expect(try h.runtime.send("greet", to: h.new(h.sibling)) == "shared")
        let foreign = try Runtime().registerClass(named: "Elsewhere")
        #expect(throws: RuntimeError.self) { try h.runtime.makeImplementation(writtenFor: foreign) { _ in .nil } }
    }

    /// `object_setClass`: an instance moves into another class (a subclass made at run
    /// time), keeping its ivars; a class or a metaclass cannot be moved or moved into.
    @Test func anInstanceChangesClassKeepingItsIvars() throws {
        let runtime = Runtime()
        let base = try runtime.registerClass(named: "MMBase") { c in
            try c.addIvar("_count", type: .integer(code: "q"))
            try c.addMethod("name", types: "@@:") { _ in "base" }
        }
        let probe = try runtime.registerClass(named: "MMBase_Probe", superclass: base) { c in
            try c.addMethod("name", types: "@@:") { message in
                guard case .string(let inherited) = try message.sendSuper() else { return .nil }
                return .string("probe of " + inherited)
            }
        }
        let instance = try runtime.createInstance(of: base)
        let count = try #require(runtime.ivar(named: "_count", in: base))
        try instance.setValue(3, of: count)
        #expect(try runtime.changeClass(of: instance, to: probe) === base)
        #expect(instance.isa === probe)
        #expect(try runtime.send("name", to: instance) == "probe of base")
        #expect(try instance.value(of: count) == 3)
        #expect(try runtime.changeClass(of: instance, to: base) === probe)
        #expect(try runtime.send("name", to: instance) == "base")
        #expect(throws: RuntimeError.fixedClass("MMBase")) { try runtime.changeClass(of: base, to: probe) }
        #expect(throws: RuntimeError.fixedClass(instance.description)) { try runtime.changeClass(of: instance, to: probe.isa) }
    }

    @Test func addIsRefusedWhenTheClassItselfHasTheMethod() throws {
        let h = try Hierarchy()
        let error = runtimeError { try h.runtime.addMethod("greet", types: "@@:", to: h.base) { _ in "again" } }
        #expect(error == .duplicateMethod("-[Base greet]"))
        #expect(try h.runtime.send("greet", to: h.new(h.base)) == "base")
        #expect(h.runtime.ledger.isEmpty)
    }

    @Test func addOverridesAnInheritedMethod() throws {
        let h = try Hierarchy()
        try h.runtime.addMethod("greet", types: "@@:", to: h.middle) { m in
            .string("middle, then \(try m.sendSuper())")
        }
        #expect(try h.runtime.send("greet", to: h.new(h.leaf)) == "middle, then \"base\"")
        #expect(try h.runtime.send("greet", to: h.new(h.sibling)) == "base")
    }

    @Test func addClassMethodGoesOnTheMetaclass() throws {
        let h = try Hierarchy()
        try h.runtime.addMethod("make", types: "@@:", to: h.base.isa) { m in .object(try m.runtime.createInstance(of: m.receiver as! Class)) }
        #expect(try h.runtime.send("make", to: h.leaf).object?.isMember(of: h.leaf) == true)
        #expect(h.runtime.ledger.map(\.description) == ["#1 add +[Base make]"])
    }

    @Test func replaceSetsTheClassesOwnImplementation() throws {
        let h = try Hierarchy()
        let entry = try h.runtime.replaceMethod("greet", types: "@@:", in: h.base) { _ in "replaced" }
        #expect(try h.runtime.send("greet", to: h.new(h.sibling)) == "replaced")
        #expect(entry.addedInheritedMethods.isEmpty)
        try h.runtime.undo(entry.id)
        #expect(try h.runtime.send("greet", to: h.new(h.sibling)) == "base")
    }

    @Test func replaceAddsWhenTheMethodIsOnlyInherited() throws {
        let h = try Hierarchy()
        let entry = try h.runtime.replaceMethod("greet", types: "@@:", in: h.middle) { _ in "middle" }
        #expect(entry.addedInheritedMethods == [MethodReference(className: "Middle", selector: "greet")])
        #expect(try h.runtime.send("greet", to: h.new(h.leaf)) == "middle")
        #expect(try h.runtime.send("greet", to: h.new(h.sibling)) == "base")
        #expect(try h.runtime.send("greet", to: h.new(h.base)) == "base")
        try h.runtime.undo(entry.id)
        #expect(h.runtime.ownMethod(try h.runtime.selector("greet"), in: h.middle) == nil)
        #expect(try h.runtime.send("greet", to: h.new(h.leaf)) == "base")
    }

    @Test func setImplementationChangesEveryInheritor() throws {
        let h = try Hierarchy()
        let greet = try h.runtime.method(MethodReference(className: "Base", selector: "greet"))
        let original = greet.implementation
        let entry = try h.runtime.setImplementation(of: greet) { _ in "set" }
        #expect(try h.runtime.send("greet", to: h.new(h.leaf)) == "set")
        #expect(try h.runtime.send("greet", to: h.new(h.sibling)) == "set")
        #expect(entry.description == "#1 set implementation of -[Base greet]")
        try h.runtime.undo(entry.id)
        #expect(greet.implementation === original)
    }

    @Test func movingAnImplementationKeepsItsHomeForSuper() throws {
        let h = try Hierarchy()
        let middleLoad = try h.runtime.method(MethodReference(className: "Middle", selector: "viewDidLoad"))
        let leafProbe = try h.runtime.addMethod("probe", types: "v@:", to: h.leaf) { _ in .nil }
        _ = leafProbe
        let probe = try h.runtime.method(MethodReference(className: "Leaf", selector: "probe"))
        try h.runtime.setImplementation(of: probe, to: middleLoad.implementation)
        _ = try h.runtime.send("probe", to: h.new(h.leaf))
        #expect(h.log.all == ["Middle viewDidLoad", "Base viewDidLoad on Leaf"])
    }

    @Test func exchangeSwapsAndUndoPutsBack() throws {
        let h = try Hierarchy()
        let base = try h.new(h.base)
        let entry = try h.runtime.exchangeImplementations(
            MethodReference(className: "Base", selector: "greet"), MethodReference(className: "Base", selector: "alternate"))
        #expect(try h.runtime.send("greet", to: base) == "alternate")
        #expect(try h.runtime.send("alternate", to: base) == "base")
        #expect(entry.description == "#1 exchange -[Base greet] with -[Base alternate]")
        try h.runtime.undo(entry.id)
        #expect(try h.runtime.send("greet", to: base) == "base")
        #expect(try h.runtime.send("alternate", to: base) == "alternate")
    }

    @Test func exchangingAcrossClassesSwapsClassMethods() throws {
        let runtime = Runtime()
        let net = try runtime.registerClass(named: "Net") { c in
            try c.addClassMethod("request:", types: "@@:@") { m in .string("network \(m[0])") }
        }
        try runtime.registerClass(named: "NetStub") { c in
            try c.addClassMethod("request:", types: "@@:@") { m in .string("fixture \(m[0])") }
        }
        let entry = try runtime.exchangeImplementations(
            try MethodReference(parsing: "+[Net request:]"), try MethodReference(parsing: "+[NetStub request:]"))
        #expect(try runtime.send("request:", to: net, "coaches") == "fixture \"coaches\"")
        try runtime.undo(entry.id)
        #expect(try runtime.send("request:", to: net, "coaches") == "network \"coaches\"")
    }

    @Test func exchangingAMissingMethodOrClassSaysWhich() throws {
        let h = try Hierarchy()
        #expect(runtimeError {
            try h.runtime.exchangeImplementations(
                MethodReference(className: "Base", selector: "greet"), MethodReference(className: "Base", selector: "nope"))
        } == .methodNotFound("-[Base nope]"))
        #expect(runtimeError {
            try h.runtime.exchangeImplementations(
                MethodReference(className: "Nope", selector: "greet"), MethodReference(className: "Base", selector: "greet"))
        } == .unknownClass("Nope"))
        #expect(h.runtime.ledger.isEmpty)
    }

    @Test func introspectionListsOwnMethodsSorted() throws {
        let h = try Hierarchy()
        #expect(h.runtime.methods(of: h.base).map(\.selector.name) == ["alternate", "greet", "viewDidLoad"])
        #expect(h.runtime.methods(of: h.base).first?.types.description == "@@:")
        #expect(h.runtime.methods(of: h.root.isa).map(\.description) == ["+[Root kind]"])
        #expect(h.runtime.lookUpMethod(try h.runtime.selector("greet"), in: h.leaf)?.owner === h.base)
        #expect(h.runtime.instancesRespond(h.leaf, to: try h.runtime.selector("greet")))
        #expect(!h.runtime.instancesRespond(h.leaf, to: try h.runtime.selector("kind")))
    }
}

@Suite("The safe swizzle")
struct SafeSwizzleTests {
    @Test func exchangingAnInheritedMethodLeavesTheSuperclassAndSiblingsAlone() throws {
        let h = try Hierarchy()
        try h.runtime.addMethod("probe_greet", types: "@@:", to: h.middle) { _ in "probe" }
        let entry = try h.runtime.exchangeImplementations(
            MethodReference(className: "Middle", selector: "greet"), MethodReference(className: "Middle", selector: "probe_greet"))
        #expect(entry.addedInheritedMethods == [MethodReference(className: "Middle", selector: "greet")])
        #expect(try h.runtime.send("greet", to: h.new(h.middle)) == "probe")
        #expect(try h.runtime.send("greet", to: h.new(h.leaf)) == "probe")
        // The superclass and the sibling keep the original.
        #expect(try h.runtime.send("greet", to: h.new(h.base)) == "base")
        #expect(try h.runtime.send("greet", to: h.new(h.sibling)) == "base")
        #expect(entry.description == "#2 exchange -[Middle greet] with -[Middle probe_greet] (added inherited -[Middle greet])")
    }

    @Test func undoRemovesTheMethodTheSafeSwizzleAdded() throws {
        let h = try Hierarchy()
        try h.runtime.addMethod("probe_greet", types: "@@:", to: h.middle) { _ in "probe" }
        let greet = try h.runtime.selector("greet")
        let entry = try h.runtime.exchangeImplementations(
            MethodReference(className: "Middle", selector: "greet"), MethodReference(className: "Middle", selector: "probe_greet"))
        #expect(h.runtime.ownMethod(greet, in: h.middle) != nil)
        try h.runtime.undo(entry.id)
        #expect(h.runtime.ownMethod(greet, in: h.middle) == nil)
        #expect(try h.runtime.send("greet", to: h.new(h.leaf)) == "base")
        #expect(try h.runtime.send("probe_greet", to: h.new(h.leaf)) == "probe")
    }

    @Test func theRawExchangeOfAnInheritedMethodChangesItWhereItIsDefined() throws {
        // The classic swizzling bug the safe swizzle avoids, available on purpose.
        let h = try Hierarchy()
        try h.runtime.addMethod("probe_greet", types: "@@:", to: h.middle) { _ in "probe" }
        let inherited = try h.runtime.method(MethodReference(className: "Middle", selector: "greet"))
        let probe = try h.runtime.method(MethodReference(className: "Middle", selector: "probe_greet"))
        #expect(inherited.owner === h.base)
        try h.runtime.exchangeImplementations(inherited, probe)
        #expect(try h.runtime.send("greet", to: h.new(h.sibling)) == "probe")
    }
}

@Suite("Exchanges between methods of different types")
struct IncompatibleExchangeTests {
    @Test func anExchangeOfDifferentEncodingsIsRefusedNamingBothAndChangesNothing() throws {
        let h = try Hierarchy()
        try h.runtime.addMethod("take:", types: "v@:@", to: h.base) { _ in .nil }
        // Leaf only inherits greet: the refused safe swizzle must not leave a copy behind.
        let error = runtimeError {
            try h.runtime.exchangeImplementations(
                MethodReference(className: "Leaf", selector: "greet"), MethodReference(className: "Base", selector: "take:"))
        }
        #expect(error == .incompatibleTypes("-[Leaf greet] (@@:)", "-[Base take:] (v@:@)"))
        #expect(h.runtime.ledger.map(\.description) == ["#1 add -[Base take:]"])
        #expect(h.runtime.ownMethod(try h.runtime.selector("greet"), in: h.leaf) == nil)
        #expect(try h.runtime.send("greet", to: h.new(h.leaf)) == "base")
    }

    @Test func exchangingMethodsObjectByObjectIsRefusedToo() throws {
        let h = try Hierarchy()
        try h.runtime.addMethod("count", types: "q@:", to: h.base) { _ in .int(1) }
        let greet = try h.runtime.method(MethodReference(className: "Base", selector: "greet"))
        let count = try h.runtime.method(MethodReference(className: "Base", selector: "count"))
        #expect(runtimeError { try h.runtime.exchangeImplementations(greet, count) } == .incompatibleTypes("-[Base greet] (@@:)", "-[Base count] (q@:)"))
    }

    @Test(arguments: [("@@:@", "@@:#", true), ("B@:", "c@:", true), ("v@:@?", "v@:@", true), ("v@:", "v@:B", false), ("q@:", "d@:", false), ("v@:i", "v@:q", false)])
    func compatibilityTreatsEveryObjectTypeAsOneKind(first: String, second: String, compatible: Bool) throws {
        #expect(try TypeEncoding(first).isCompatible(with: TypeEncoding(second)) == compatible)
    }
}
