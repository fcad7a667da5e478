import Runtime

extension ClassLibrary {
    /// `UIWindow`: a view that shows a root view controller.
    static func defineWindow(in runtime: Runtime, view: Class) throws {
        try runtime.registerLazyClass(named: "UIWindow", superclass: view) { c in
            try c.addProperty(Property(name: "rootViewController", type: .object(className: "UIViewController"), attributes: [.strong]))
            try c.addProperty(Property(name: "keyWindow", type: .bool, attributes: [.readOnly], getter: "isKeyWindow"))
            // A window of a scene (iOS 13's `initWithWindowScene:`) fills the screen and is one
            // of the scene's windows.
            try c.addProperty(Property(name: "windowScene", type: .object(className: "UIWindowScene"), attributes: [.weak]))
            try c.addMethod("initWithWindowScene:", types: "@@:@") { m in
                let bounds = try m.send("bounds", to: try m.send("mainScreen", to: try m.runtime.requireClass(named: "UIScreen")).object)
                guard let window = try m.send("initWithFrame:", to: m.receiver, bounds).object else { return .nil }
                _ = try m.send("setWindowScene:", to: window, m[0])
                return .object(window)
            }
            try c.addMethod("setWindowScene:", types: "v@:@") { m in
                if case .object(let old) = try m.ivar("_windowScene") {
                    try m.runtime.setIvar("_windows", of: old, to: .array(try m.runtime.ivarValue("_windows", of: old).arrayElements.filter { $0.object !== m.receiver }))
                }
                try m.setIvar("_windowScene", m[0])
                if let scene = try m.objectArgument(0) {
                    try m.runtime.setIvar("_windows", of: scene, to: .array(try m.runtime.ivarValue("_windows", of: scene).arrayElements + [.object(m.receiver)]))
                }
                return .nil
            }
            // A window's next responder is the application.
            try c.addMethod("nextResponder", types: "@@:") { m in try m.send("sharedApplication", to: try m.runtime.requireClass(named: "UIApplication")) }
            try c.addMethod("setRootViewController:", types: "v@:@") { m in
                if let old = try m.object("rootViewController", of: m.receiver) {
                    if try m.send("isViewLoaded", to: old).isTruthy { try m.send("removeFromSuperview", to: try m.object("view", of: old)) }
                }
                try m.runtime.setIvar("_rootViewController", of: m.receiver, to: m[0])
                return .nil
            }
            // Shows the window, as UIKit does: it joins the application's windows and becomes
            // the key window (the previous one resigns), and the root view controller's view
            // loads, joins the window and appears, unless it is already showing.
            try c.addMethod("makeKeyAndVisible", types: "v@:") { m in
                let application = try m.send("sharedApplication", to: m.runtime.requireClass(named: "UIApplication")).object
                let windows = try m.array("windows", of: application)
                for case .object(let other) in windows where other !== m.receiver {
                    try m.runtime.setIvar("_keyWindow", of: other, to: false)
                }
                if !windows.contains(where: { $0.object === m.receiver }) {
                    try m.runtime.setIvar("_windows", of: application, to: .array(windows + [.object(m.receiver)]))
                }
                try m.runtime.setIvar("_keyWindow", of: m.receiver, to: true)
                try m.send("setHidden:", to: m.receiver, false)
                guard let root = try m.object("rootViewController", of: m.receiver) else { return .nil }
                let rootView = try m.send("view", to: root)
                if try m.object("superview", of: rootView.object) !== m.receiver { try m.send("addSubview:", to: m.receiver, rootView) }
                if try Appearance.state(of: root, in: m.runtime) == .disappeared {
                    try m.send("beginAppearanceTransition:animated:", to: root, true, false)
                    try m.send("endAppearanceTransition", to: root)
                }
                return .nil
            }
        }
    }
}
