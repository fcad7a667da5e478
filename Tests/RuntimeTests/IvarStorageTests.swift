import Runtime
import Testing

/// An object's ivar values: kept apart by ivar, weak where declared weak, refused for
/// another class's ivar (threads setting and reading them: `ConcurrencyTests`).
@Suite("Ivar storage")
struct IvarStorageTests {
    /// Base declares `_name` and a weak `_delegate`; Sub declares `_count` and a `_name`
    /// of its own, which hides Base's from lookups by name but not from its own `Ivar`.
    private func classes() throws -> (Runtime, base: Class, sub: Class) {
        let runtime = Runtime()
        let base = try runtime.registerClass(named: "Base") { c in
            try c.addIvar("_name", type: .object(className: "NSString"))
            try c.addIvar("_delegate", type: .object(className: nil), isWeak: true)
        }
        let sub = try runtime.registerClass(named: "Sub", superclass: base) { c in
            try c.addIvar("_count", type: .integer(code: "q"))
            try c.addIvar("_name", type: .object(className: "NSString"))
        }
        return (runtime, base, sub)
    }

    private func ivar(_ name: String, of cls: Class, in runtime: Runtime) throws -> Ivar {
        try #require(runtime.ivars(of: cls).first { $0.name == name })
    }

    @Test func eachIvarKeepsItsOwnValueInTheSubclassAndTheSuperclass() throws {
        let (runtime, base, sub) = try classes()
        let baseName = try ivar("_name", of: base, in: runtime), subName = try ivar("_name", of: sub, in: runtime)
        let count = try ivar("_count", of: sub, in: runtime)
        let object = try runtime.createInstance(of: sub)
        #expect(try object.value(of: count) == 0, "an ivar never set reads as its type's zero")
        #expect(try object.value(of: baseName) == .nil)
        try object.setValue("base", of: baseName)
        try object.setValue("sub", of: subName)
        try object.setValue(3, of: count)
        try object.setValue(4, of: count)
        #expect(try object.value(of: baseName) == "base")
        #expect(try object.value(of: subName) == "sub")
        #expect(try object.value(of: count) == 4)
        // By name, the subclass's own ivar wins, as it does for code in the subclass.
        let name = IvarName("_name")
        #expect(runtime.value(of: name, in: object) == "sub")
        #expect(runtime.setValue("renamed", of: name, in: object))
        #expect(try object.value(of: subName) == "renamed" && object.value(of: baseName) == "base")
        let plain = try runtime.createInstance(of: base)
        #expect(runtime.value(of: name, in: plain) == .nil)
        #expect(runtime.setValue("plain", of: name, in: plain))
        #expect(try plain.value(of: baseName) == "plain")
    }

    @Test func aWeakIvarDoesNotKeepItsObjectAlive() throws {
        let (runtime, base, _) = try classes()
        let delegateIvar = try ivar("_delegate", of: base, in: runtime), nameIvar = try ivar("_name", of: base, in: runtime)
        let object = try runtime.createInstance(of: base)
        weak var gone: Object?
        do {
            let delegate = try runtime.createInstance(of: base)
            let held = try runtime.createInstance(of: base)
            gone = delegate
            try object.setValue(.object(delegate), of: delegateIvar)
            try object.setValue(.object(held), of: nameIvar)
            #expect(try object.value(of: delegateIvar) == .object(delegate))
            #expect(runtime.value(of: IvarName("_delegate"), in: object) == .object(delegate))
        }
        #expect(gone == nil)
        #expect(try object.value(of: delegateIvar) == .nil)
        #expect(runtime.value(of: IvarName("_delegate"), in: object) == .nil)
        // A strong ivar set alongside it still holds its object.
        #expect(try object.value(of: nameIvar).object != nil)
        // Set through a name, a weak ivar is as weak.
        do {
            let delegate = try runtime.createInstance(of: base)
            gone = delegate
            #expect(runtime.setValue(.object(delegate), of: IvarName("_delegate"), in: object))
        }
        #expect(gone == nil)
    }

    @Test func anotherClasssIvarIsRefusedAndNothingIsStored() throws {
        let (runtime, base, sub) = try classes()
        let count = try ivar("_count", of: sub, in: runtime)
        let object = try runtime.createInstance(of: base)
        #expect(throws: RuntimeError.self) { try object.setValue(5, of: count) }
        #expect(throws: RuntimeError.self) { try object.value(of: count) }
        #expect(runtime.setValue(5, of: IvarName("_count"), in: object) == false)
        #expect(runtime.value(of: IvarName("_count"), in: object) == nil)
        // Refused again once the object holds values of its own.
        try object.setValue("held", of: try ivar("_name", of: base, in: runtime))
        #expect(throws: RuntimeError.self) { try object.setValue(5, of: count) }
        #expect(throws: RuntimeError.self) { try object.value(of: count) }
    }

    @Test func anIvarAddedAfterAnObjectStoredItsValuesIsKeptWithThem() throws {
        let (runtime, base, sub) = try classes()
        let object = try runtime.createInstance(of: sub)
        let declared = runtime.ivars(of: base) + runtime.ivars(of: sub)
        for (index, each) in declared.enumerated() where !each.isWeak { try object.setValue(.int(index), of: each) }
        // Storage was made for the four ivars declared; a category adds more to the superclass.
        let entry = try runtime.addCategory(named: "More", to: base) { c in
            for index in 0..<20 { try c.addIvar("_extra\(index)", type: .integer(code: "q")) }
        }
        let extras = try (0..<20).map { try ivar("_extra\($0)", of: base, in: runtime) }
        for (index, extra) in extras.enumerated() { try object.setValue(.int(100 + index), of: extra) }
        for (index, extra) in extras.enumerated() { #expect(try object.value(of: extra) == .int(100 + index)) }
        for (index, each) in declared.enumerated() where !each.isWeak { #expect(try object.value(of: each) == .int(index)) }
        // An instance made now holds them all too.
        let later = try runtime.createInstance(of: sub)
        #expect(runtime.setValue(7, of: IvarName("_extra19"), in: later))
        #expect(runtime.value(of: IvarName("_extra19"), in: later) == 7)
        // Undone, the ivars leave the class; the values stored stay readable through them.
        try runtime.undo(entry.id)
        #expect(runtime.value(of: IvarName("_extra0"), in: object) == nil)
        #expect(try object.value(of: extras[0]) == 100)
    }
}
