import Runtime
import Testing

@Suite("Categories")
struct CategoryTests {
    @Test func theLaterCategoryWinsAndUndoingItBringsBackTheEarlier() throws {
        let h = try Hierarchy()
        let base = try h.new(h.base)
        let first = try h.runtime.addCategory(named: "First", to: h.base) { c in
            try c.addMethod("greet", types: "@@:") { _ in "first" }
        }
        let second = try h.runtime.addCategory(named: "Second", to: h.base) { c in
            try c.addMethod("greet", types: "@@:") { _ in "second" }
            try c.addClassMethod("shared", types: "@@:") { _ in "class method" }
        }
        #expect(try h.runtime.send("greet", to: base) == "second")
        #expect(try h.runtime.send("shared", to: h.leaf) == "class method")
        try h.runtime.undo(second.id)
        #expect(try h.runtime.send("greet", to: base) == "first")
        #expect(runtimeError { _ = try h.runtime.send("shared", to: h.leaf) } != nil)
        try h.runtime.undo(first.id)
        #expect(try h.runtime.send("greet", to: base) == "base")
    }

    @Test func aCategoryCanAdoptProtocolsAndAddProperties() throws {
        let h = try Hierarchy()
        let proto = try h.runtime.registerProtocol(named: "Titled")
        try h.runtime.addCategory(named: "Titles", to: h.base) { c in
            c.adopt(proto)
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
        }
        let leaf = try h.new(h.leaf)
        #expect(h.runtime.conforms(h.leaf, to: proto))
        _ = try h.runtime.send("setTitle:", to: leaf, "Login")
        #expect(try h.runtime.send("title", to: leaf) == "Login")
        h.runtime.undoAll()
        #expect(!h.runtime.conforms(h.leaf, to: proto))
        #expect(h.runtime.properties(of: h.base).isEmpty && h.runtime.ivars(of: h.base).isEmpty)
    }
}

@Suite("Protocols")
struct ProtocolTests {
    @Test func conformanceFollowsAdoptionInheritanceAndSuperclasses() throws {
        let h = try Hierarchy()
        let runtime = h.runtime
        let object = try runtime.registerProtocol(named: "NSObject")
        let copying = try runtime.registerProtocol(named: "NSCopying")
        let delegate = try runtime.registerProtocol(named: "AppDelegate", inheriting: [object])
        #expect(runtimeError { try runtime.registerProtocol(named: "NSCopying") } == .duplicateProtocol("NSCopying"))
        #expect(runtime.protocol(named: "AppDelegate") === delegate)
        #expect(runtime.protocols.map(\.name) == ["AppDelegate", "NSCopying", "NSObject"])

        try runtime.addProtocol(delegate, to: h.middle)
        #expect(try runtime.addProtocol(delegate, to: h.middle) == nil) // already adopted: no second entry
        #expect(runtime.conforms(h.middle, to: delegate))
        #expect(runtime.conforms(h.leaf, to: delegate)) // through the superclass
        #expect(runtime.conforms(h.leaf, to: object)) // through protocol inheritance
        #expect(!runtime.conforms(h.leaf, to: copying))
        #expect(!runtime.conforms(h.base, to: delegate))
        #expect(runtime.protocols(adoptedBy: h.middle) == [delegate])
    }

    @Test func protocolsDescribeTheirMethods() throws {
        let runtime = Runtime()
        let required = try MethodDescription(selector: runtime.selector("application:didFinish:"), types: TypeEncoding("B@:@@"))
        let optional = try MethodDescription(selector: runtime.selector("shared"), types: TypeEncoding("@@:"), isClassMethod: true)
        let proto = try runtime.registerProtocol(named: "AppDelegate", requiredMethods: [required], optionalMethods: [optional])
        #expect(proto.requiredMethods.map(\.description) == ["- application:didFinish:  B@:@@"])
        #expect(proto.optionalMethods.map(\.description) == ["+ shared  @@:"])
        #expect(throws: RuntimeError.self) { try MethodDescription(selector: runtime.selector("x:"), types: TypeEncoding("v@:")) }
    }

    @Test func classesAdoptProtocolsWhenBuilt() throws {
        let runtime = Runtime()
        let proto = try runtime.registerProtocol(named: "Loadable")
        let cls = try runtime.registerClass(named: "Thing") { $0.adopt(proto) }
        #expect(runtime.conforms(cls, to: proto))
        #expect(runtime.ledger.isEmpty)
    }
}

@Suite("Properties")
struct PropertyTests {
    @Test func aDeclaredPropertyHasStorageAGetterAndASetter() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "View") { c in
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "hidden", type: .bool, getter: "isHidden"))
            try c.addProperty(Property(name: "count", type: .integer(code: "q"), attributes: [.readOnly]))
        }
        let first = try runtime.createInstance(of: cls)
        let second = try runtime.createInstance(of: cls)
        #expect(try runtime.send("title", to: first) == .nil)
        #expect(try runtime.send("isHidden", to: first) == false)
        #expect(try runtime.send("count", to: first) == 0)
        _ = try runtime.send("setTitle:", to: first, "Login")
        _ = try runtime.send("setHidden:", to: first, true)
        #expect(try runtime.send("title", to: first) == "Login")
        #expect(try runtime.send("isHidden", to: first) == true)
        #expect(try runtime.send("title", to: second) == .nil) // storage is per object
        #expect(runtimeError { _ = try runtime.send("setCount:", to: first, 3) } != nil) // read-only
        let methods = runtime.methods(of: cls).map { "\($0.selector) \($0.types)" }
        #expect(methods == ["count q@:", "isHidden B@:", "setHidden: v@:B", "setTitle: v@:@\"NSString\"", "title @\"NSString\"@:"])
        #expect(runtime.properties(of: cls).map(\.attributeString) == [
            "T@\"NSString\",C,N,V_title", "TB,GisHidden,V_hidden", "Tq,R,V_count",
        ])
    }

    @Test func scalarPropertiesConvertNumbersAndRefuseOtherKinds() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "View") { c in
            try c.addProperty(Property(name: "hidden", type: .bool))
            try c.addProperty(Property(name: "alpha", type: .double))
            try c.addProperty(Property(name: "tag", type: .integer(code: "q")))
        }
        let view = try runtime.createInstance(of: cls)
        _ = try runtime.send("setHidden:", to: view, 1)
        _ = try runtime.send("setAlpha:", to: view, 1)
        _ = try runtime.send("setTag:", to: view, 2.0)
        #expect(try runtime.send("hidden", to: view) == true)
        #expect(try runtime.send("alpha", to: view) == 1.0)
        #expect(try runtime.send("tag", to: view) == 2)
        let error = runtimeError { _ = try runtime.send("setHidden:", to: view, "yes") }
        #expect(error?.description == "property 'hidden' of View holds BOOL (YES or NO), so it cannot store a string")
    }

    @Test func anAccessorWrittenForTheClassWinsOverTheSynthesizedOne() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "View") { c in
            try c.addProperty(Property(name: "title", type: .object(className: nil)))
            try c.addMethod("title", types: "@@:") { m in
                let ivar = m.runtime.ivar(named: "_title", in: m.receiver.isa)!
                return .string("custom \(try m.receiver.value(of: ivar))")
            }
        }
        let view = try runtime.createInstance(of: cls)
        _ = try runtime.send("setTitle:", to: view, "x")
        #expect(try runtime.send("title", to: view) == "custom \"x\"")
    }

    @Test func subclassesInheritPropertiesAndDuplicatesAreRefused() throws {
        let runtime = Runtime()
        let base = try runtime.registerClass(named: "Base") { c in
            try c.addProperty(Property(name: "title", type: .object(className: nil)))
        }
        let sub = try runtime.registerClass(named: "Sub", superclass: base)
        let object = try runtime.createInstance(of: sub)
        _ = try runtime.send("setTitle:", to: object, "inherited")
        #expect(try runtime.send("title", to: object) == "inherited")
        #expect(runtime.property(named: "title", in: sub)?.name == "title")
        #expect(runtimeError { try runtime.addProperty(Property(name: "title", type: .bool), to: base) }
            == .duplicateMember(kind: "property", name: "title", className: "Base"))
        #expect(throws: RuntimeError.self) {
            try runtime.registerClass(named: "Twice") { c in
                try c.addProperty(Property(name: "a", type: .bool))
                try c.addProperty(Property(name: "a", type: .bool))
            }
        }
    }

    @Test func weakPropertiesDoNotKeepObjectsAlive() throws {
        let runtime = Runtime()
        let cls = try runtime.registerClass(named: "Node") { c in
            try c.addProperty(Property(name: "parent", type: .object(className: nil), attributes: [.weak]))
            try c.addProperty(Property(name: "child", type: .object(className: nil), attributes: [.strong]))
        }
        let child = try runtime.createInstance(of: cls)
        do {
            let parent = try runtime.createInstance(of: cls)
            _ = try runtime.send("setParent:", to: child, .object(parent))
            #expect(try runtime.send("parent", to: child) == .object(parent))
        }
        #expect(try runtime.send("parent", to: child) == .nil)
    }

    @Test func ivarsBelongToTheirClass() throws {
        let runtime = Runtime()
        let a = try runtime.registerClass(named: "A") { try $0.addIvar("count", type: .integer(code: "q")) }
        let b = try runtime.registerClass(named: "B")
        let ivar = runtime.ivars(of: a)[0]
        let object = try runtime.createInstance(of: a)
        try object.setValue(5, of: ivar)
        #expect(try object.value(of: ivar) == 5)
        let error = runtimeError { _ = try runtime.createInstance(of: b).value(of: ivar) }
        #expect(error?.description == "<B: 0x2> has no ivar 'count': that ivar belongs to A, which is not the object's class or a superclass of it")
    }
}
