import Runtime
import Testing

@Suite("Dispatch")
struct DispatchTests {
    @Test func sendsRunTheNearestImplementationWithArguments() throws {
        let runtime = Runtime()
        let root = try runtime.registerClass(named: "Root") { c in
            try c.addMethod("add:to:", types: "q@:qq") { message in
                .int((message[0].intValue ?? 0) + (message[1].intValue ?? 0))
            }
            try c.addMethod("echo:::", types: "@@:@@@") { message in .array(Array(message.arguments)) }
        }
        let object = try runtime.createInstance(of: root)
        #expect(try runtime.send("add:to:", to: object, 2, 40) == 42)
        #expect(try runtime.send("echo:::", to: object, 1, "two", 3.5) == [1, "two", 3.5])
    }

    @Test func theWrongNumberOfArgumentsIsAnError() throws {
        let h = try Hierarchy()
        let error = runtimeError { _ = try h.runtime.send("greet", to: h.new(h.base), 1) }
        #expect(error == .wrongArgumentCount(selector: "greet", expected: 0, got: 1))
    }

    @Test func superStartsAboveTheClassTheCodeWasWrittenForNotTheReceiver() throws {
        // Leaf inherits Middle's viewDidLoad, which sends super. Were super to start at the
        // receiver's superclass (Middle), it would recurse forever.
        let h = try Hierarchy()
        let leaf = try h.new(h.leaf)
        #expect(try h.runtime.send("viewDidLoad", to: leaf) == .nil)
        #expect(h.log.all == ["Middle viewDidLoad", "Base viewDidLoad on Leaf"])
    }

    @Test func superAtThreeLevelsWithTheGrandchildAsReceiver() throws {
        let runtime = Runtime()
        let log = Log()
        let a = try runtime.registerClass(named: "A") { c in
            try c.addMethod("setup", types: "v@:") { _ in log.append("A"); return .nil }
        }
        let b = try runtime.registerClass(named: "B", superclass: a) { c in
            try c.addMethod("setup", types: "v@:") { m in log.append("B"); return try m.sendSuper() }
        }
        let c = try runtime.registerClass(named: "C", superclass: b) { c in
            try c.addMethod("setup", types: "v@:") { m in log.append("C"); return try m.sendSuper() }
        }
        _ = try runtime.send("setup", to: try runtime.createInstance(of: c))
        #expect(log.all == ["C", "B", "A"])
    }

    /// A root class's method calling super finds nothing above it: the send fails as an
    /// unrecognised selector sent to the receiver, as objc's does, whichever way it is written.
    @Test func superFromARootClassIsAnUnrecognisedSelector() throws {
        let runtime = Runtime()
        let root = try runtime.registerClass(named: "MMRoot") { c in
            try c.addMethod("setup", types: "v@:") { m in try m.sendSuper() }
            try c.addMethod("other", types: "v@:") { m in try m.sendSuper(m.runtime.selector("setup")) }
        }
        let instance = try runtime.createInstance(of: root)
        for name in ["setup", "other"] {
            let error = runtimeError { _ = try runtime.send(name, to: instance) }
            guard case .unrecognizedSelector(let method, let receiverIsClass, _)? = error else {
                Issue.record("expected an unrecognised selector, got \(String(describing: error))")
                continue
            }
            #expect(method == "-[MMRoot setup]" && !receiverIsClass)
        }
    }

    @Test func superStaysWithTheHomeClassAfterASwizzleMovesTheImplementation() throws {
        // Middle's viewDidLoad (written for Middle) is exchanged into Leaf. Its super send
        // must still start at Base, as compiled Objective-C does; starting at Leaf's
        // superclass, Middle, would run Middle's (now swapped) method again.
        let h = try Hierarchy()
        try h.runtime.addMethod("probe", types: "v@:", to: h.leaf) { _ in
            h.log.append("Leaf probe")
            return .nil
        }
        try h.runtime.exchangeImplementations(
            MethodReference(className: "Leaf", selector: "viewDidLoad"),
            MethodReference(className: "Leaf", selector: "probe"))
        _ = try h.runtime.send("probe", to: h.new(h.leaf))
        #expect(h.log.all == ["Middle viewDidLoad", "Base viewDidLoad on Leaf"])
        let moved = try h.runtime.method(MethodReference(className: "Leaf", selector: "probe"))
        #expect(moved.implementation.home === h.middle)
    }

    @Test func superWithAnotherSelectorAndOtherArguments() throws {
        let runtime = Runtime()
        let base = try runtime.registerClass(named: "Base") { c in
            try c.addMethod("describe:", types: "@@:@") { m in .string("base \(m[0])") }
        }
        let sub = try runtime.registerClass(named: "Sub", superclass: base) { c in
            try c.addMethod("describe:", types: "@@:@") { m in try m.sendSuper(Arguments("changed")) }
            try c.addMethod("other", types: "@@:") { m in try m.sendSuper(m.runtime.selector("describe:"), Arguments(1)) }
        }
        let object = try runtime.createInstance(of: sub)
        #expect(try runtime.send("describe:", to: object, "x") == "base \"changed\"")
        #expect(try runtime.send("other", to: object) == "base 1")
    }

    @Test func messagingNilReturnsTheZeroOfTheDeclaredReturnType() throws {
        let runtime = Runtime()
        try runtime.registerClass(named: "Root") { c in
            try c.addMethod("isLoaded", types: "B@:") { _ in true }
            try c.addMethod("count", types: "Q@:") { _ in 3 }
            try c.addMethod("ratio", types: "d@:") { _ in 0.5 }
            try c.addMethod("title", types: "@@:") { _ in "t" }
        }
        #expect(try runtime.send("isLoaded", to: nil) == false)
        #expect(try runtime.send("count", to: nil) == 0)
        #expect(try runtime.send("ratio", to: nil) == 0.0)
        #expect(try runtime.send("title", to: nil) == .nil)
        #expect(try runtime.send("neverDeclared", to: nil) == .nil)
        // Messaging nil is not an error even with arguments no method declares.
        #expect(try runtime.send("anything:", to: nil, 1) == .nil)
    }

    @Test func aSubclassThatCachedAnInheritedMethodSeesTheExchangedOne() throws {
        let h = try Hierarchy()
        let leaf = try h.new(h.leaf)
        #expect(try h.runtime.send("greet", to: leaf) == "base") // now cached in Leaf
        let greet = try h.runtime.method(MethodReference(className: "Base", selector: "greet"))
        let alternate = try h.runtime.method(MethodReference(className: "Base", selector: "alternate"))
        let entry = try h.runtime.exchangeImplementations(greet, alternate)
        #expect(try h.runtime.send("greet", to: leaf) == "alternate")
        try h.runtime.undo(entry.id)
        #expect(try h.runtime.send("greet", to: leaf) == "base")
    }

    @Test func aMethodAddedAboveACachedLookupIsSeen() throws {
        let h = try Hierarchy()
        let leaf = try h.new(h.leaf)
        #expect(try h.runtime.send("name", to: leaf) == "root") // cached from Root
        let entry = try h.runtime.addMethod("name", types: "@@:", to: h.middle) { _ in "middle" }
        #expect(try h.runtime.send("name", to: leaf) == "middle")
        #expect(try h.runtime.send("name", to: h.new(h.sibling)) == "root")
        try h.runtime.undo(entry.id)
        #expect(try h.runtime.send("name", to: leaf) == "root")
    }

    @Test func aNewSubclassAnsweredFromItsSuperclassCacheSeesEveryChange() throws {
        // A first send to a new class stops at the first ancestor whose cache answers it:
        // that cache must never answer with a method a change has since hidden.
        let h = try Hierarchy()
        var made = 0
        func freshLeaf() throws -> Object {
            made += 1
            return try h.new(h.runtime.registerClass(named: "Fresh\(made)", superclass: h.middle))
        }
        #expect(try h.runtime.send("name", to: h.new(h.middle)) == "root") // cached in Middle
        #expect(try h.runtime.send("name", to: freshLeaf()) == "root")
        let added = try h.runtime.addMethod("name", types: "@@:", to: h.base) { _ in "base" }
        #expect(try h.runtime.send("name", to: freshLeaf()) == "base")
        let below = try freshLeaf()
        try h.runtime.addMethod("name", types: "@@:", to: below.isa) { _ in "fresh" }
        #expect(try h.runtime.send("name", to: below) == "fresh")
        #expect(try h.runtime.send("name", to: freshLeaf()) == "base") // Middle's cache is not the new class's
        try h.runtime.undo(added.id)
        #expect(try h.runtime.send("name", to: freshLeaf()) == "root")
        // Caches hold methods, so an exchange reaches a class answered from an ancestor's cache.
        #expect(try h.runtime.send("greet", to: h.new(h.middle)) == "base")
        let greet = try h.runtime.method(MethodReference(className: "Base", selector: "greet"))
        let alternate = try h.runtime.method(MethodReference(className: "Base", selector: "alternate"))
        try h.runtime.exchangeImplementations(greet, alternate)
        #expect(try h.runtime.send("greet", to: freshLeaf()) == "alternate")
    }

    @Test func anInstanceMethodAddedToTheRootReachesClassObjects() throws {
        let h = try Hierarchy()
        #expect(runtimeError { _ = try h.runtime.send("late", to: h.leaf) } != nil)
        try h.runtime.addMethod("late", types: "@@:", to: h.root) { _ in "late" }
        #expect(try h.runtime.send("late", to: h.leaf) == "late")
    }

    @Test func messageKnowsItsContext() throws {
        let runtime = Runtime()
        let seen = Log()
        let base = try runtime.registerClass(named: "Base") { c in
            try c.addMethod("look", types: "v@:") { m in
                seen.append("\(m.selector) \(m.receiver) \(m.implementingClass) depth \(m.depth)")
                return .nil
            }
        }
        let sub = try runtime.registerClass(named: "Sub", superclass: base) { c in
            try c.addMethod("outer", types: "v@:") { m in try m.send(m.runtime.selector("look"), to: m.receiver) }
        }
        let object = try runtime.createInstance(of: sub)
        _ = try runtime.send("outer", to: object)
        #expect(seen.all == ["look <Sub: 0x1> Base depth 1"])
    }

    /// The unretained view of a message names the same runtime, receiver, selector and
    /// class as its properties.
    @Test func aMessagesUnretainedReferencesAreItsOwn() throws {
        let runtime = Runtime()
        let same = Log()
        let base = try runtime.registerClass(named: "Base") { c in
            try c.addMethod("look", types: "v@:") { m in
                let unretained = m.unretained
                same.append("\(unretained.runtime.takeUnretainedValue() === m.runtime) \(unretained.receiver.takeUnretainedValue() === m.receiver) "
                    + "\(unretained.selector.takeUnretainedValue() === m.selector) \(unretained.implementingClass.takeUnretainedValue().name)")
                return .nil
            }
        }
        let sub = try runtime.registerClass(named: "Sub", superclass: base)
        _ = try runtime.send("look", to: runtime.createInstance(of: sub))
        #expect(same.all == ["true true true Base"])
    }
}
