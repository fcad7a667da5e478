import Runtime
import Synchronization
import Testing

/// Records what implementations saw, from any thread.
final class Log: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// A root class with a class method, and a small hierarchy under it:
/// Root ← Base ← Middle ← Leaf, and Base ← Sibling.
struct Hierarchy {
    let runtime = Runtime()
    let log = Log()
    let root: Class
    let base: Class
    let middle: Class
    let leaf: Class
    let sibling: Class

    init() throws {
        let log = self.log
        let runtime = self.runtime
        root = try runtime.registerClass(named: "Root") { c in
            try c.addMethod("name", types: "@@:") { _ in "root" }
            try c.addClassMethod("kind", types: "@@:") { _ in "root class" }
        }
        base = try runtime.registerClass(named: "Base", superclass: root) { c in
            try c.addMethod("greet", types: "@@:") { _ in "base" }
            try c.addMethod("viewDidLoad", types: "v@:") { message in
                log.append("Base viewDidLoad on \(message.receiver.isa.name)")
                return .nil
            }
            try c.addMethod("alternate", types: "@@:") { _ in "alternate" }
        }
        middle = try runtime.registerClass(named: "Middle", superclass: base) { c in
            // Names its selector, as compiled `[super viewDidLoad]` does, so the super send
            // still means viewDidLoad after a swizzle has moved this code under another name.
            let viewDidLoad = try runtime.selector("viewDidLoad")
            try c.addMethod("viewDidLoad", types: "v@:") { message in
                log.append("Middle viewDidLoad")
                return try message.sendSuper(viewDidLoad)
            }
        }
        leaf = try runtime.registerClass(named: "Leaf", superclass: middle)
        sibling = try runtime.registerClass(named: "Sibling", superclass: base)
    }

    func new(_ cls: Class) throws -> Object { try runtime.createInstance(of: cls) }
}

/// The ``RuntimeError`` `body` throws, for a closer look at it; records an issue at the
/// caller's line when `body` throws none or another kind of error.
func runtimeError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> RuntimeError? {
    #expect(throws: RuntimeError.self, sourceLocation: sourceLocation) { try body() }
}
