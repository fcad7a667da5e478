import Runtime
import Synchronization
import UIKitModel

extension Command {
    static let lifecycle: [Command] = [fire, appear, disappear, lifecycleTree]

    static let fire = Command(
        name: "fire", summary: "fire one lifecycle event at a view controller, checked against its appearance state",
        signature: Signature([.argument("OBJECT", .object), .argument("EVENT", .event), .optional([.argument("ARG", .boolean)])]),
        example: "fire vc viewWillAppear: YES"
    ) { session, arguments, command in
        let controller = try session.requireObject(arguments["OBJECT"]!, for: command)
        let eventName = arguments["EVENT"]!
        let event: LifecycleEvent
        do { event = try LifecycleEvent(named: eventName.text) } catch { throw ShellError("\(error)", at: eventName.location) }
        let argument = try arguments["ARG"].map(session.evaluate)
        if case .unbalanced = try session.library.fire(event, on: controller, argument: argument) {
            session.recordFailure(session.brokenExpectation("\(eventName.text) on \(controller) was unbalanced"))
        }
    }

    static let appear = appearanceCommand(
        "appear", summary: "make a view controller appear (will, is-appearing, layout, did)"
    ) { library, controller in try library.appear(controller) }

    static let disappear = appearanceCommand(
        "disappear", summary: "make a view controller disappear (will, did)"
    ) { library, controller in try library.disappear(controller) }

    /// `appear OBJECT` and `disappear OBJECT`: one view controller, one transition.
    private static func appearanceCommand(
        _ name: String, summary: String, transition: @escaping @Sendable (ClassLibrary, Object) throws -> Void
    ) -> Command {
        Command(name: name, summary: summary, signature: Signature([.argument("OBJECT", .object)]), example: "\(name) vc") { session, arguments, command in
            try transition(session.library, try session.requireObject(arguments["OBJECT"]!, for: command))
        }
    }

    static let lifecycleTree = Command(
        name: "lifecycle", summary: "load, appear and disappear a view controller, showing each override and whether it reached super",
        signature: Signature([.argument("OBJECT", .object)]), example: "lifecycle vc"
    ) { session, arguments, command in
        let controller = try session.requireObject(arguments["OBJECT"]!, for: command)
        let callbacks = Set(ClassLibrary.callbackSelectors.map(\.name) + ["loadView"])
        let events = Mutex<[TraceEvent]>([])
        let runtime = session.runtime
        let token = runtime.addTraceObserver { event in
            if callbacks.contains(event.call.selector.name), event.call.receiver === controller {
                events.withLock { $0.append(event) }
            }
        }
        defer { runtime.removeTraceObserver(token) }
        let phases: [(String, () throws -> Void)] = [
            ("load", { try session.library.loadView(of: controller) }),
            ("appear", { try session.library.appear(controller) }),
            ("disappear", { try session.library.disappear(controller) }),
        ]
        for (name, run) in phases {
            events.withLock { $0.removeAll() }
            try run()
            session.output.print(name)
            for line in LifecycleTree.lines(for: events.withLock { $0 }, libraryClasses: ClassLibrary.classNameSet) {
                session.output.print("  " + line)
            }
        }
    }
}

/// Renders traced lifecycle sends as a tree: each method entered, indented by nesting,
/// and for each override written outside the class library whether it reached super.
enum LifecycleTree {
    static func lines(for events: [TraceEvent], libraryClasses: Set<String>) -> [String] {
        var lines: [String] = []
        // Index into `lines` of each open call, and whether a super send of it was seen.
        var open: [(line: Int, method: MethodReference, reachedSuper: Bool)] = []
        let base = events.map(\.call.depth).min() ?? 0
        for event in events {
            switch event.phase {
            case .entered:
                if event.call.isSuper, let parent = open.indices.last, open[parent].method.selector == event.call.selector.name {
                    open[parent].reachedSuper = true
                }
                let indent = String(repeating: "  ", count: max(0, event.call.depth - base))
                lines.append(indent + (event.call.isSuper ? "super " : "") + event.call.method.description)
                open.append((lines.count - 1, event.call.method, false))
            case .returned, .threw:
                guard let finished = open.popLast() else { continue }
                if !libraryClasses.contains(finished.method.className) {
                    lines[finished.line] += finished.reachedSuper ? "  reached super" : "  did not reach super"
                }
                if case .threw(let message) = event.phase { lines[finished.line] += "  raised: \(message)" }
            }
        }
        return lines
    }
}
