import Runtime
import Synchronization
import Testing

@Suite("Deallocation")
struct DeallocationTests {
    /// A root class, `MMRoot`, whose `-dealloc` frees nothing, and `MMHolder` under it
    /// with an ivar `_name`, whose `-dealloc` records what it was sent to.
    private static func holder(in runtime: Runtime, heard: Heard) throws -> (root: Class, holder: Class) {
        let root = try runtime.registerClass(named: "MMRoot") { c in
            try c.addMethod("dealloc", types: "v@:") { _ in
                heard.append("root")
                return .nil
            }
        }
        let holder = try runtime.registerClass(named: "MMHolder", superclass: root) { c in
            try c.addIvar("_name", type: .object(className: "NSString"))
            try c.addMethod("dealloc", types: "v@:") { message in
                let name = message.runtime.ivar(named: "_name", in: message.receiver.isa).map { try? message.receiver.value(of: $0) } ?? nil
                heard.append("\(message.receiver) named \(name ?? .nil)")
                return try message.sendSuper()
            }
        }
        return (root, holder)
    }

    /// An instance whose class implements `-dealloc` is sent it once its last reference
    /// has gone, at the next `sendPendingDeallocs()`: to an object printed as it was and
    /// holding its ivars, while weak references to it are already nil.
    @Test func anInstanceGoneIsSentDeallocWithItsIvars() throws {
        let runtime = Runtime()
        let heard = Heard()
        let (_, holder) = try Self.holder(in: runtime, heard: heard)
        var object: Object? = try runtime.createInstance(of: holder)
        let printed = object!.description
        try object!.setValue("kept", of: #require(runtime.ivar(named: "_name", in: holder)))
        weak let watcher = object
        #expect(!runtime.hasPendingDeallocs)
        object = nil
        #expect(watcher == nil)
        #expect(runtime.hasPendingDeallocs)
        #expect(heard.lines.isEmpty)
        try runtime.sendPendingDeallocs()
        #expect(heard.lines == ["\(printed) named \"kept\"", "root"])
        #expect(!runtime.hasPendingDeallocs)
    }

    /// Only instances of classes that implement `-dealloc` below a root are queued: a root
    /// class's own instances, and a class that adds none, go without a message.
    @Test func aRootClassesDeallocAloneQueuesNothing() throws {
        let runtime = Runtime()
        let heard = Heard()
        let (root, _) = try Self.holder(in: runtime, heard: heard)
        let plain = try runtime.registerClass(named: "MMPlain", superclass: root)
        _ = try runtime.createInstance(of: root)
        _ = try runtime.createInstance(of: plain)
        #expect(!runtime.hasPendingDeallocs)
        // A method added later marks the class as well.
        try runtime.addMethod("dealloc", types: "v@:", to: plain) { message in
            heard.append("plain")
            return try message.sendSuper()
        }
        _ = try runtime.createInstance(of: plain)
        try runtime.sendPendingDeallocs()
        #expect(heard.lines == ["plain", "root"])
    }

    /// Subclasses inherit the message: one registered after its superclass implemented
    /// `-dealloc`, and one that existed before its superclass was given it.
    @Test func subclassesOldAndNewAreSentTheirSuperclassesDealloc() throws {
        let runtime = Runtime()
        let heard = Heard()
        let (root, holder) = try Self.holder(in: runtime, heard: heard)
        let later = try runtime.registerClass(named: "MMLaterHolder", superclass: holder)
        let plain = try runtime.registerClass(named: "MMPlainParent", superclass: root)
        let child = try runtime.registerClass(named: "MMPlainChild", superclass: plain)
        _ = try runtime.createInstance(of: child)
        #expect(!runtime.hasPendingDeallocs)
        try runtime.addMethod("dealloc", types: "v@:", to: plain) { message in
            heard.append("parent")
            return try message.sendSuper()
        }
        _ = try runtime.createInstance(of: later)
        _ = try runtime.createInstance(of: child)
        try runtime.sendPendingDeallocs()
        #expect(heard.lines.count == 4)
        #expect(heard.lines.filter { $0 == "root" }.count == 2)
        #expect(heard.lines.contains("parent"))
    }

    /// What an instance's `-dealloc` drops goes too, and is sent its own in the same call;
    /// an error one throws is thrown after every other was sent.
    @Test func deallocsCascadeAndErrorsComeLast() throws {
        let runtime = Runtime()
        let heard = Heard()
        let (_, holder) = try Self.holder(in: runtime, heard: heard)
        let failing = try runtime.registerClass(named: "MMFailing", superclass: holder) { c in
            try c.addMethod("dealloc", types: "v@:") { message in
                heard.append("failing")
                throw RuntimeError.unknownClass("MMBroken")
            }
        }
        let name = try #require(runtime.ivar(named: "_name", in: holder))
        var outer: Object? = try runtime.createInstance(of: holder)
        try outer!.setValue(.object(runtime.createInstance(of: holder)), of: name)
        _ = try runtime.createInstance(of: failing)
        outer = nil
        #expect(throws: RuntimeError.unknownClass("MMBroken")) { try runtime.sendPendingDeallocs() }
        let log = heard.lines
        #expect(log.count == 5)
        #expect(log.contains("failing"))
        #expect(log.filter { $0 == "root" }.count == 2)
        #expect(!runtime.hasPendingDeallocs)
    }

    /// Instances that outlive their runtime go without `-dealloc`: no code of it runs again.
    @Test func instancesOutlivingTheRuntimeGoQuietly() throws {
        let heard = Heard()
        var runtime: Runtime? = Runtime()
        let (_, holder) = try Self.holder(in: runtime!, heard: heard)
        var object: Object? = try runtime!.createInstance(of: holder)
        runtime = nil
        object = nil
        #expect(object == nil)
        #expect(heard.lines.isEmpty)
    }
}

/// What the `-dealloc`s of a test heard, in order.
private final class Heard: Sendable {
    private let log = Mutex<[String]>([])
    func append(_ line: String) { log.withLock { $0.append(line) } }
    var lines: [String] { log.withLock { $0 } }
}
