import Runtime

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
    }
}
