import Runtime
import Synchronization

extension ClassLibrary {
    /// `UINavigationController`: a stack of child controllers, the top one on screen.
    /// While the navigation controller has appeared, a push or pop sends both controllers
    /// their callbacks in UIKit's order; otherwise only containment changes.
    static func defineNavigationController(in runtime: Runtime, viewController: Class) throws {
        try runtime.registerClass(named: "UINavigationController", superclass: viewController) { c in
            try c.addMethod("initWithRootViewController:", types: "@@:@") { m in
                let this = try m.sendSuper(m.runtime.selector("init")).object
                if let root = try m.objectArgument(0) {
                    try m.send("addChildViewController:", to: this, .object(root))
                    try m.send("didMoveToParentViewController:", to: root, this.map(Value.object) ?? .nil)
                }
                return this.map(Value.object) ?? .nil
            }
            try c.addMethod("viewControllers", types: "@@:") { m in try m.send("childViewControllers", to: m.receiver) }
            try c.addMethod("topViewController", types: "@@:") { m in
                try m.array("childViewControllers", of: m.receiver).last ?? .nil
            }
            try c.addMethod("pushViewController:animated:", types: "v@:@B") { m in
                guard let pushed = try m.objectArgument(0) else { return .nil }
                let previous = try m.object("topViewController", of: m.receiver)
                try m.send("addChildViewController:", to: m.receiver, .object(pushed))
                if try Appearance.state(of: m.receiver, in: m.runtime) == .appeared {
                    try m.send("view", to: pushed)
                    try Appearance.swap(out: previous, in: pushed, animated: m[1], message: m)
                }
                try m.send("didMoveToParentViewController:", to: pushed, .object(m.receiver))
                return .nil
            }
            try c.addMethod("popViewControllerAnimated:", types: "@@:B") { m in
                let stack = try m.array("childViewControllers", of: m.receiver).compactMap(\.object)
                guard stack.count > 1, let popped = stack.last else { return .nil }
                try m.send("willMoveToParentViewController:", to: popped, .nil)
                if try Appearance.state(of: m.receiver, in: m.runtime) == .appeared {
                    try Appearance.swap(out: popped, in: stack[stack.count - 2], animated: m[0], message: m)
                }
                try m.send("removeFromParentViewController", to: popped)
                return .object(popped)
            }
        }
        try runtime.registerClass(named: "UITableViewController", superclass: viewController) { c in
            try c.addProperty(Property(name: "tableView", type: .object(className: "UITableView"), attributes: [.strong]))
            try c.addMethod("loadView", types: "v@:") { m in
                let table = try m.send("new", to: m.runtime.requireClass(named: "UITableView"))
                try m.runtime.setIvar("_tableView", of: m.receiver, to: table)
                try m.runtime.setIvar("_view", of: m.receiver, to: table)
                return .nil
            }
        }
    }

    /// `UIApplication` with its delegate, and the `UIApplicationDelegate` protocol.
    static func defineApplication(in runtime: Runtime, responder: Class, root: Class) throws {
        let launch = try MethodDescription(selector: runtime.selector("application:didFinishLaunchingWithOptions:"), types: TypeEncoding("B@:@@"))
        let window = Property(name: "window", type: .object(className: "UIWindow"), attributes: [.strong])
        try runtime.registerProtocol(
            named: "UIApplicationDelegate", inheriting: [runtime.protocol(named: "NSObject")].compactMap { $0 },
            optionalMethods: [launch], properties: [window])
        let shared = SharedInstance()
        try runtime.registerClass(named: "UIApplication", superclass: responder) { c in
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.strong]))
            try c.addProperty(Property(name: "windows", type: .object(className: "NSArray"), attributes: [.readOnly, .copy]))
            // The one application object of this runtime, made on first use.
            try c.addClassMethod("sharedApplication", types: "@@:") { m in
                try shared.object { try m.send("new", to: m.receiver).object }.map(Value.object) ?? .nil
            }
            try c.addMethod("init", types: "@@:") { m in
                let this = try m.sendSuper(m.runtime.selector("init")).object
                try m.runtime.setIvar("_windows", of: this, to: [])
                return this.map(Value.object) ?? .nil
            }
            try c.addMethod("keyWindow", types: "@@:") { m in
                for case .object(let window) in try m.array("windows", of: m.receiver).reversed()
                where try m.send("isKeyWindow", to: window).isTruthy {
                    return .object(window)
                }
                return .nil
            }
        }
        try runtime.registerClass(named: "UITableView", superclass: runtime.requireClass(named: "UIView"))
    }
}

/// Holds a class's single shared instance, made once under a lock.
final class SharedInstance: Sendable {
    private let state = Mutex<Object?>(nil)

    func object(make: () throws -> Object?) throws -> Object? {
        if let existing = state.withLock({ $0 }) { return existing }
        let made = try make()
        return state.withLock { current in
            if current == nil { current = made }
            return current
        }
    }
}
