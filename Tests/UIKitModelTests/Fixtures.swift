import Runtime
import Synchronization
import Testing
import UIKitModel

/// Records lines from any thread.
final class Log: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    func take() -> [String] {
        entries.withLock { entries in
            defer { entries.removeAll() }
            return entries
        }
    }
}

/// Keeps values alive from any thread, for as long as the test holds it.
final class Keeper: Sendable {
    private let values = Mutex<[Value]>([])
    func keep(_ value: Value) { values.withLock { $0.append(value) } }
    var count: Int { values.withLock { $0.count } }
}

/// A class library with a controller class that logs every lifecycle callback it gets
/// (as `Name callback`) and passes each to super.
struct Stage {
    let library: ClassLibrary
    let log = Log()
    var runtime: Runtime { library.runtime }

    init() throws {
        library = try ClassLibrary()
        try defineLoggingController(named: "MMLogged", superclass: "UIViewController")
    }

    /// A controller class whose callbacks log and call super.
    func defineLoggingController(named name: String, superclass: String) throws {
        let log = self.log
        try runtime.registerClass(named: name, superclass: runtime.requireClass(named: superclass)) { c in
            for (selector, types) in [
                ("viewDidLoad", "v@:"), ("viewWillAppear:", "v@:B"), ("viewIsAppearing:", "v@:B"),
                ("viewWillLayoutSubviews", "v@:"), ("viewDidLayoutSubviews", "v@:"), ("viewDidAppear:", "v@:B"),
                ("viewWillDisappear:", "v@:B"), ("viewDidDisappear:", "v@:B"),
                ("willMoveToParentViewController:", "v@:@"), ("didMoveToParentViewController:", "v@:@"),
            ] {
                try c.addMethod(selector, types: types) { m in
                    let argument = m.arguments.first.map { " \($0)" } ?? ""
                    log.append("\(m.receiver.description.dropFirst().prefix { $0 != ":" }) \(m.selector)\(argument)")
                    return try m.sendSuper()
                }
            }
        }
    }

    /// A new instance of the class named `name`, made with `new`.
    func new(_ name: String) throws -> Object {
        let made = try runtime.send("new", to: runtime.requireClass(named: name))
        return try #require(made.object)
    }
}
