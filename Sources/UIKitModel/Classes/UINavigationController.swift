import Runtime

extension ClassLibrary {
    /// `UINavigationController`: a stack of child controllers, the top one on screen, and
    /// a navigation bar. While the navigation controller has appeared, a push, a pop or a
    /// new stack sends the controllers leaving and arriving their callbacks in UIKit's
    /// order, with the delegate's `navigationController:willShowViewController:animated:`
    /// before and `...didShowViewController:animated:` after; otherwise only containment
    /// changes.
    static func defineNavigationController(in runtime: Runtime, viewController: Class) throws {
        let setHiddenAnimated = try runtime.selector("setNavigationBarHidden:animated:"), setHidden = try runtime.selector("setHidden:")
        let setStackAnimated = try runtime.selector("setViewControllers:animated:"), popTo = try runtime.selector("popToViewController:animated:")
        let initialize = try runtime.selector("init"), initWithNib = try runtime.selector("initWithNibName:bundle:")
        try runtime.registerLazyClass(named: "UINavigationController", superclass: viewController) { c in
            try c.addProperty(Property(name: "navigationBar", type: .object(className: "UINavigationBar"), attributes: [.readOnly, .strong]))
            try c.addProperty(Property(name: "navigationBarHidden", type: .bool, attributes: [.nonatomic], getter: "isNavigationBarHidden"))
            try c.addProperty(Property(name: "toolbarHidden", type: .bool, attributes: [.nonatomic], getter: "isToolbarHidden"))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addMethod("initWithNibName:bundle:", types: "@@:@@") { m in
                try m.initializingSuper(initWithNib, Arguments(m[0], m[1])) { this in try m.runtime.setIvar("_toolbarHidden", of: this, to: true) }
            }
            try c.addMethod("initWithRootViewController:", types: "@@:@") { m in
                let this = try m.sendSuper(initialize).object
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
            // What is on screen: a controller presented over the navigation controller, else the top one.
            try c.addMethod("visibleViewController", types: "@@:") { m in
                if let presented = try m.object("presentedViewController", of: m.receiver) { return .object(presented) }
                return try m.send("topViewController", to: m.receiver)
            }
            try c.addMethod("navigationBar", types: "@@:") { m in
                if case .object(let bar) = try m.ivar("_navigationBar") { return .object(bar) }
                let bar = try m.make("UINavigationBar", initialize)
                try m.send(setHidden, to: bar.object, Arguments(try m.ivar("_navigationBarHidden")))
                try m.setIvar("_navigationBar", bar)
                return bar
            }
            try c.addMethod("setNavigationBarHidden:", types: "v@:B") { m in try m.send(setHiddenAnimated, to: m.receiver, Arguments(m[0], false)) }
            try c.addMethod("setNavigationBarHidden:animated:", types: "v@:BB") { m in
                try m.setIvar("_navigationBarHidden", .bool(m[0].isTruthy))
                if case .object(let bar) = try m.ivar("_navigationBar") { try m.send(setHidden, to: bar, Arguments(.bool(m[0].isTruthy))) }
                return .nil
            }
            try c.addMethod("setToolbarHidden:animated:", types: "v@:BB") { m in
                try m.setIvar("_toolbarHidden", .bool(m[0].isTruthy))
                return .nil
            }
            try defineNavigationStack(&c, setStackAnimated: setStackAnimated, popTo: popTo)
        }
    }

    /// Pushing, popping and replacing the stack.
    private static func defineNavigationStack(_ c: inout ClassBuilder, setStackAnimated: Selector, popTo: Selector) throws {
        try c.addMethod("pushViewController:animated:", types: "v@:@B") { m in
            guard let pushed = try m.objectArgument(0) else { return .nil }
            let previous = try m.object("topViewController", of: m.receiver)
            try m.send("addChildViewController:", to: m.receiver, .object(pushed))
            try showing(pushed, after: previous, animated: m[1], message: m)
            try m.send("didMoveToParentViewController:", to: pushed, .object(m.receiver))
            return .nil
        }
        try c.addMethod("popViewControllerAnimated:", types: "@@:B") { m in
            let stack = try m.array("childViewControllers", of: m.receiver).compactMap(\.object)
            guard stack.count > 1, let popped = stack.last else { return .nil }
            try m.send("willMoveToParentViewController:", to: popped, .nil)
            try showing(stack[stack.count - 2], after: popped, animated: m[0], message: m)
            try m.send("removeFromParentViewController", to: popped)
            return .object(popped)
        }
        // Pops every controller above the one given, which must be in the stack, and answers them.
        try c.addMethod("popToViewController:animated:", types: "@@:@B") { m in
            let stack = try m.array("childViewControllers", of: m.receiver).compactMap(\.object)
            guard let target = try m.objectArgument(0), let index = stack.firstIndex(where: { $0 === target }) else {
                throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "Tried to pop to a view controller that doesn't exist.")
            }
            let popped = Array(stack[(index + 1)...])
            guard let top = popped.last else { return [] }
            for controller in popped { try m.send("willMoveToParentViewController:", to: controller, .nil) }
            try showing(target, after: top, animated: m[1], message: m)
            for controller in popped { try m.send("removeFromParentViewController", to: controller) }
            return .array(popped.map(Value.object))
        }
        try c.addMethod("popToRootViewControllerAnimated:", types: "@@:B") { m in
            guard let root = try m.array("childViewControllers", of: m.receiver).first else { return [] }
            return try m.send(popTo, to: m.receiver, Arguments(root, m[0]))
        }
        try c.addMethod("setViewControllers:", types: "v@:@") { m in try m.send(setStackAnimated, to: m.receiver, Arguments(m[0], false)) }
        try c.addMethod("setViewControllers:animated:", types: "v@:@B") { m in
            let stack = try Containment.controllers(m, 0)
            let previous = try m.object("topViewController", of: m.receiver)
            let change = try Containment.begin(replacing: m.receiver, with: stack, message: m)
            if let top = stack.last, top !== previous { try showing(top, after: previous, animated: m[1], message: m) }
            try Containment.finish(change, of: m.receiver, message: m)
            return .nil
        }
    }

    /// When the navigation controller has appeared: `arriving` loads its view, the delegate
    /// hears it will be shown, `leaving` disappears as it appears, and the delegate hears it was.
    private static func showing(_ arriving: Object, after leaving: Object?, animated: Value, message m: borrowing Message) throws {
        guard try Appearance.state(of: m.receiver, in: m.runtime) == .appeared else { return }
        let delegate = try m.object("delegate", of: m.receiver)
        let arguments = Arguments([.object(m.receiver), .object(arriving), .bool(animated.isTruthy)])
        try m.send("view", to: arriving)
        try m.sendIfImplemented(m.runtime.selector("navigationController:willShowViewController:animated:"), to: delegate, arguments)
        try Appearance.swap(out: leaving, in: arriving, animated: animated, message: m)
        try m.sendIfImplemented(m.runtime.selector("navigationController:didShowViewController:animated:"), to: delegate, arguments)
    }
}
