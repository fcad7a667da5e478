import Runtime
import Testing

/// A remembered class name answers what a lookup by name answers, also after the class is
/// redefined, in place or as a new class.
@Suite("Class names")
struct ClassNameTests {
    @Test func aNameFindsItsClassAndNothingForAnUnknownOne() throws {
        let runtime = Runtime()
        let view = try runtime.registerClass(named: "MMView")
        let name = ClassName("MMView")
        #expect(runtime.class(name) === view)
        #expect(runtime.class(name) === view, "the remembered class")
        #expect(runtime.class(ClassName("MMMissing")) == nil)
        #expect(throws: RuntimeError.unknownClass("MMMissing")) { try runtime.requireClass(ClassName("MMMissing")) }
        // A class registered after a miss is found.
        let later = ClassName("MMLater")
        #expect(runtime.class(later) == nil)
        let registered = try runtime.registerClass(named: "MMLater")
        #expect(runtime.class(later) === registered)
    }

    /// A redefinition that registers a new class under the name (its ivars changed) is
    /// what the name finds from then on; one made in place keeps the class.
    @Test func aRedefinitionThatReplacesTheClassIsFollowed() throws {
        let runtime = Runtime()
        let original = try runtime.registerClass(named: "MMView") { c in try c.addIvar("_frame", type: .double) }
        let name = ClassName("MMView")
        #expect(runtime.class(name) === original)
        let inPlace = try runtime.redefineClass(named: "MMView", superclass: nil) { c in try c.addIvar("_frame", type: .double) }
        #expect(inPlace.replaced == nil)
        #expect(runtime.class(name) === original)
        let replacing = try runtime.redefineClass(named: "MMView", superclass: nil) { c in try c.addIvar("_bounds", type: .double) }
        #expect(replacing.replaced === original)
        #expect(runtime.class(name) === replacing.cls)
        #expect(runtime.class(name) === runtime.class(named: "MMView"))
    }

    /// A name used with two runtimes answers each with its own class.
    @Test func eachRuntimeFindsItsOwnClass() throws {
        let first = Runtime(), second = Runtime()
        let mine = try first.registerClass(named: "MMView")
        let theirs = try second.registerClass(named: "MMView")
        let name = ClassName("MMView")
        #expect(first.class(name) === mine)
        #expect(second.class(name) === theirs)
        #expect(first.class(name) === mine)
    }
}
