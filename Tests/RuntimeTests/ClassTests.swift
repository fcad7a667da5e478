import Runtime
import Testing

@Suite("Classes and metaclasses")
struct ClassTests {
    @Test func registeredClassesAreFoundByNameAndListedSorted() throws {
        let h = try Hierarchy()
        #expect(h.runtime.class(named: "Middle") === h.middle)
        #expect(h.runtime.class(named: "Nope") == nil)
        #expect(h.runtime.classes.map(\.name) == ["Base", "Leaf", "Middle", "Root", "Sibling"])
        #expect(h.runtime.classCount == 5)
    }

    @Test func duplicateNameIsAnErrorThatNamesTheClass() throws {
        let h = try Hierarchy()
        let error = runtimeError { try h.runtime.registerClass(named: "Middle", superclass: h.root) }
        #expect(error == .duplicateClass("Middle"))
        #expect(error?.description.contains("'Middle'") == true)
        // The original stays registered and untouched.
        #expect(h.runtime.class(named: "Middle") === h.middle)
        #expect(h.runtime.classCount == 5)
    }

    @Test func aFailedBuildRegistersNothing() throws {
        let runtime = Runtime()
        #expect(throws: RuntimeError.self) {
            try runtime.registerClass(named: "Broken") { c in
                try c.addMethod("ok", types: "v@:") { _ in .nil }
                try c.addMethod("bad:", types: "v@:") { _ in .nil }
            }
        }
        #expect(runtime.class(named: "Broken") == nil)
        // The name is still free.
        #expect(throws: Never.self) { try runtime.registerClass(named: "Broken") }
    }

    /// The characters either side of each range an identifier may hold (digits, capitals, `_`,
    /// small letters) are refused.
    @Test(arguments: ["", "9Lives", "has space", "dash-ed", "a.b", "a/b", "a:b", "a@b", "a[b", "a^b", "a`b", "a{b", "a\u{7F}b"])
    func invalidClassNamesAreRefused(name: String) {
        let runtime = Runtime()
        #expect(runtimeError { try runtime.registerClass(named: name) } == .invalidName(kind: "class", name: name))
    }

    /// Every ASCII byte at the start, the end and within names of every length up to two
    /// words and one byte more (names are checked eight bytes at a time, the last eight
    /// overlapping the word before): accepted exactly when an identifier may hold it there.
    @Test func everyASCIIByteAtEveryKindOfPlaceIsJudgedAsAnIdentifierWould() throws {
        func allowed(_ byte: UInt8, first: Bool) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
            default: false
            }
        }
        for length in 1...17 {
            let runtime = Runtime()
            var registered: Set<String> = []
            for position in Set([0, 1, length / 2, length - 8, length - 1]) where (0..<length).contains(position) {
                for byte in UInt8(1)...127 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "b"), count: length)
                    bytes[position] = byte
                    let name = String(decoding: bytes, as: UTF8.self)
                    let error = registrationError(name, in: runtime)
                    if allowed(byte, first: position == 0) {
                        #expect(error == nil || registered.contains(name), "\(name.debugDescription) was refused")
                        registered.insert(name)
                    } else {
                        #expect(error == .invalidName(kind: "class", name: name), "\(name.debugDescription) was accepted")
                    }
                }
            }
        }
    }

    private func registrationError(_ name: String, in runtime: Runtime) -> RuntimeError? {
        do {
            try runtime.registerClass(named: name)
            return nil
        } catch {
            return error as? RuntimeError
        }
    }

    /// A letter beyond ASCII in a later word sends the whole name to the Unicode check.
    @Test(arguments: [("ViewControllerÉtat", true), ("MMLoginViewControllerπ", true), ("ViewController→Other", false), ("ViewController\u{A0}", false)])
    func namesBeyondASCIIAreJudgedByTheirScalars(name: String, accepted: Bool) {
        let error = registrationError(name, in: Runtime())
        #expect(accepted ? error == nil : error == .invalidName(kind: "class", name: name))
    }

    @Test func everyClassHasAMetaclassWithObjCsShape() throws {
        let h = try Hierarchy()
        let rootMeta = h.root.isa
        #expect(rootMeta.isMetaclass && rootMeta.name == "Root")
        // A root metaclass is its own class and inherits from the root class.
        #expect(rootMeta.isa === rootMeta)
        #expect(rootMeta.superclass === h.root)
        // Other metaclasses: class is the root metaclass, superclass the superclass's metaclass.
        #expect(h.leaf.isa.isa === rootMeta)
        #expect(h.leaf.isa.superclass === h.middle.isa)
        #expect(h.root.superclass == nil)
        #expect(h.leaf.lineage.map(\.name) == ["Leaf", "Middle", "Base", "Root"])
    }

    @Test func classMethodsFallThroughToTheRootsInstanceMethods() throws {
        let h = try Hierarchy()
        #expect(try h.runtime.send("kind", to: h.leaf) == "root class")
        // `name` is an instance method of Root, and so reachable from any class object.
        #expect(try h.runtime.send("name", to: h.leaf) == "root")
    }

    @Test func subclassesDirectAndAll() throws {
        let h = try Hierarchy()
        #expect(h.runtime.directSubclasses(of: h.base).map(\.name) == ["Middle", "Sibling"])
        #expect(h.runtime.allSubclasses(of: h.base).map(\.name) == ["Leaf", "Middle", "Sibling"])
        #expect(h.runtime.allSubclasses(of: h.root).map(\.name) == ["Base", "Leaf", "Middle", "Sibling"])
        #expect(h.runtime.directSubclasses(of: h.leaf).isEmpty)
        #expect(h.runtime.directSubclasses(of: h.base.isa).map(\.name) == ["Middle", "Sibling"])
        #expect(h.runtime.directSubclasses(of: h.base.isa).allSatisfy { $0.isMetaclass })
    }

    @Test func runtimesNeverSeeEachOthersClasses() throws {
        let first = Runtime()
        let second = Runtime()
        try first.registerClass(named: "Shared")
        #expect(second.class(named: "Shared") == nil)
        // The same name registers independently in the other runtime.
        let other = try second.registerClass(named: "Shared")
        #expect(first.class(named: "Shared") !== other)
        #expect(first.classes.count == 1 && second.classes.count == 1)
    }

    @Test func kindAndMembership() throws {
        let h = try Hierarchy()
        let leaf = try h.new(h.leaf)
        #expect(leaf.isKind(of: h.base) && leaf.isKind(of: h.leaf))
        #expect(!leaf.isKind(of: h.sibling))
        #expect(leaf.isMember(of: h.leaf) && !leaf.isMember(of: h.middle))
        #expect(h.leaf.isSubclass(of: h.root) && !h.root.isSubclass(of: h.leaf))
    }

    @Test func objectsDescribeThemselvesWithPerRuntimeNumbers() throws {
        let h = try Hierarchy()
        let first = try h.new(h.leaf)
        let second = try h.new(h.base)
        #expect(first.description == "<Leaf: 0x1>")
        #expect(second.description == "<Base: 0x2>")
        #expect(h.leaf.description == "Leaf")
        // Another runtime counts from 1 again.
        let other = try Hierarchy()
        #expect(try other.new(other.root).description == "<Root: 0x1>")
    }

    @Test func globsFilterTheClassList() throws {
        let runtime = Runtime()
        let root = try runtime.registerClass(named: "NSObject")
        for name in ["MMLogin", "MMSettings", "UIView", "UILabel", "MMA"] {
            try runtime.registerClass(named: name, superclass: root)
        }
        #expect(runtime.classes(matching: try Glob("MM*")).map(\.name) == ["MMA", "MMLogin", "MMSettings"])
        #expect(runtime.classes(matching: try Glob("UI?abel")).map(\.name) == ["UILabel"])
        #expect(runtime.classes(matching: try Glob("*[VL]*")).map(\.name) == ["MMLogin", "UILabel", "UIView"])
        #expect(runtime.classes(matching: try Glob("Nothing*")).isEmpty)
        // Registering more keeps both the cached and the fresh listing right.
        _ = runtime.classes
        try runtime.registerClass(named: "MMB", superclass: root)
        #expect(runtime.classes(matching: try Glob("MM?")).map(\.name) == ["MMA", "MMB"])
    }

    @Test(arguments: [3, 40])
    func aDefinitionRefusesAMethodTwiceHoweverManyItHas(count: Int) throws {
        let runtime = Runtime()
        #expect(throws: RuntimeError.duplicateMethod("-[Many method2]")) {
            try runtime.registerClass(named: "Many") { c in
                for index in 0..<count { try c.addMethod("method\(index)", types: "v@:") { _ in .nil } }
                try c.addClassMethod("method2", types: "v@:") { _ in .nil }
                try c.addMethod("method2", types: "v@:") { _ in .nil }
            }
        }
        #expect(runtime.class(named: "Many") == nil)
    }
}
