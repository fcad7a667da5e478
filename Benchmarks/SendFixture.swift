import Runtime
import Shell

/// The classes the send benchmarks message, as objc-baseline defines them: `Controller`
/// with `viewDidLoad`, `viewWillAppear:` and `alternate`, and `Subcontroller`, whose
/// `viewDidLoad` calls super. Also an instance of a class written in Objective-C, whose
/// `ping` has an empty body, for the interpreted send.
struct SendFixture {
    let runtime: Runtime
    let counter = Counter()
    let instance: Object
    let subinstance: Object
    let viewDidLoad: Selector
    let viewWillAppear: Selector
    let none = Arguments()
    let yes = Arguments(.bool(true))

    init() throws {
        let runtime = Runtime()
        let counter = self.counter
        let root = try runtime.registerClass(named: "Root")
        let controller = try runtime.registerClass(named: "Controller", superclass: root) { c in
            try c.addMethod("viewDidLoad", types: "v@:") { _ in counter.add(1); return .nil }
            try c.addMethod("viewWillAppear:", types: "v@:B") { message in
                if case .bool(true) = message[0] { counter.add(1) }
                return .nil
            }
            try c.addMethod("alternate", types: "v@:") { _ in counter.add(2); return .nil }
        }
        let subcontroller = try runtime.registerClass(named: "Subcontroller", superclass: controller) { c in
            try c.addMethod("viewDidLoad", types: "v@:") { message in try message.sendSuper() }
        }
        self.runtime = runtime
        instance = try runtime.createInstance(of: controller)
        subinstance = try runtime.createInstance(of: subcontroller)
        viewDidLoad = try runtime.selector("viewDidLoad")
        viewWillAppear = try runtime.selector("viewWillAppear:")
    }

    /// A session with `MMEmpty`, an Objective-C class whose `ping` does nothing and whose
    /// `relay` sends `ping` to self, and an instance of it with the selector to send
    /// (`ping`, or `relay` for the relayed kind).
    static func interpreted(sending name: String = "ping") throws -> (session: Session, instance: Object, ping: Selector) {
        let session = try Session(output: ShellOutput(standardOutput: { _ in }, standardError: { _ in }))
        let defined = session.run(script: "@implementation MMEmpty : NSObject\n- (void)ping {}\n- (void)relay { [self ping]; }\n@end\n", file: "empty.m")
        precondition(defined && session.failureCount == 0, "MMEmpty did not define")
        let runtime = session.runtime
        let instance = try runtime.createInstance(of: runtime.requireClass(named: "MMEmpty"))
        return (session, instance, try runtime.selector(name))
    }

    /// Runs `count` sends of one kind, for `valgrind --tool=callgrind` to count the
    /// instructions of: the difference between two counts divided by the difference in
    /// sends is the cost of one send, set-up excluded. The sends run in a closure over
    /// local constants, as the timed benchmarks' do, so both compile alike.
    static func run(_ kind: String, count: Int) throws {
        let fixture = try SendFixture()
        let (runtime, instance, subinstance) = (fixture.runtime, fixture.instance, fixture.subinstance)
        let (viewDidLoad, viewWillAppear, none, yes) = (fixture.viewDidLoad, fixture.viewWillAppear, fixture.none, fixture.yes)
        switch kind {
        case "plain":
            try repeating { for _ in 0..<count { _ = try runtime.send(viewDidLoad, to: instance, none) } }
        case "bool":
            try repeating { for _ in 0..<count { _ = try runtime.send(viewWillAppear, to: instance, yes) } }
        case "super":
            try repeating { for _ in 0..<count { _ = try runtime.send(viewDidLoad, to: subinstance, none) } }
        case "exchange":
            let first = try runtime.method(MethodReference(className: "Controller", selector: "viewDidLoad"))
            let second = try runtime.method(MethodReference(className: "Controller", selector: "alternate"))
            try repeating {
                for _ in 0..<count {
                    let entry = try runtime.exchangeImplementations(first, second)
                    _ = try runtime.send(viewDidLoad, to: instance, none)
                    try runtime.undo(entry.id)
                    _ = try runtime.send(viewDidLoad, to: instance, none)
                }
            }
        case "interpreted", "relayed":
            // relayed: an interpreted method whose body sends to another, for the cost of a
            // send written in Objective-C on top of two interpreted sends.
            let (session, instance, ping) = try interpreted(sending: kind == "relayed" ? "relay" : "ping")
            let runtime = session.runtime
            try repeating { for _ in 0..<count { _ = try runtime.send(ping, to: instance) } }
        default:
            preconditionFailure("unknown send kind '\(kind)': plain, bool, super, exchange, interpreted or relayed")
        }
    }

    /// Runs `body` once; not inlined, so the loop inside compiles as a timed closure's does.
    @inline(never)
    private static func repeating(_ body: () throws -> Void) rethrows { try body() }
}
