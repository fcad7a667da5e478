import Runtime

extension ClassLibrary {
    /// Scenes, as an app made from Xcode's template since iOS 13 launches: `UIScene` and
    /// `UIWindowScene` (its windows, its screen, its delegate and session, its activation
    /// state), `UISceneSession`, `UISceneConfiguration` and `UISceneConnectionOptions`; a
    /// window made with `initWithWindowScene:` is one of its scene's windows. The model has
    /// one scene at most, the one a launch connects (``connectScene(delegateClass:storyboard:application:in:depth:)``);
    /// the application lists it in `connectedScenes`.
    static func defineScenes(in runtime: Runtime, responder: Class, root: Class) throws {
        let scene = try runtime.registerLazyClass(named: "UIScene", superclass: responder) { c in
            try c.addProperty(Property(name: "session", type: .object(className: "UISceneSession"), attributes: [.readOnly, .strong]))
            // A scene keeps its delegate strongly, as UIKit's does.
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.strong]))
            try c.addProperty(Property(name: "activationState", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy]))
        }
        try runtime.registerLazyClass(named: "UIWindowScene", superclass: scene) { c in
            try c.addIvar("_windows", type: .object(className: "NSArray"))
            try c.addMethod("windows", types: "@@:") { m in .array(try m.ivar("_windows").arrayElements) }
            try c.addMethod("screen", types: "@@:") { m in try m.send("mainScreen", to: try m.runtime.requireClass(named: "UIScreen")) }
            try c.addMethod("keyWindow", types: "@@:") { m in
                try m.ivar("_windows").arrayElements.first { try m.send("isKeyWindow", to: $0.object).isTruthy } ?? .nil
            }
            try c.addMethod("interfaceOrientation", types: "q@:") { _ in 1 }
        }
        try runtime.registerLazyClass(named: "UISceneSession", superclass: root) { c in
            try c.addProperty(Property(name: "role", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "configuration", type: .object(className: "UISceneConfiguration"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "scene", type: .object(className: "UIScene"), attributes: [.readOnly, .weak]))
            try c.addProperty(Property(name: "persistentIdentifier", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "userInfo", type: .object(className: "NSDictionary"), attributes: [.copy]))
        }
        let initWithName = try runtime.selector("initWithName:sessionRole:"), initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "UISceneConfiguration", superclass: root) { c in
            try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "role", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "delegateClass", type: .`class`, attributes: [.strong]))
            try c.addProperty(Property(name: "sceneClass", type: .`class`, attributes: [.strong]))
            try c.addProperty(Property(name: "storyboard", type: .object(className: "UIStoryboard"), attributes: [.strong]))
            try c.addClassMethod("configurationWithName:sessionRole:", types: "@@:@@") { m in try m.allocInit(initWithName, Arguments(m[0], m[1])) }
            try c.addMethod("initWithName:sessionRole:", types: "@@:@@") { m in
                let (name, role) = (m[0], m[1])
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvars(of: this, ["_name": name, "_role": role]) }
            }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
        }
        try runtime.registerLazyClass(named: "UISceneConnectionOptions", superclass: root) { c in
            for name in ["URLContexts", "userActivities"] {
                try c.addMethod(name, types: "@@:") { m in try m.send("set", to: try m.runtime.requireClass(named: "NSSet")) }
            }
            for name in ["sourceApplication", "handoffUserActivityType", "notificationResponse", "shortcutItem", "cloudKitShareMetadata"] {
                try c.addMethod(name, types: "@@:") { _ in .nil }
            }
        }
    }

    /// The role of an app's window scenes.
    static let applicationSceneRole = "UIWindowSceneSessionRoleApplication"

    /// Connects the app's one window scene as UIKit does at launch: a session asks the app
    /// delegate for its configuration (`application:configurationForConnectingSceneSession:options:`,
    /// when it answers), whose delegate class, else `delegateClass` (the `Info.plist`'s
    /// `UISceneDelegateClassName`), is the scene's delegate. A storyboard (the
    /// configuration's, else `storyboard`) makes a window for the scene with its initial
    /// controller, the delegate's `window`; the delegate is told
    /// `scene:willConnectToSession:options:`, the window (if the storyboard made it) is made
    /// key and visible, and the delegate hears `sceneWillEnterForeground:` and
    /// `sceneDidBecomeActive:`.
    ///
    /// - Returns: the scene, or nil when there is no delegate class to connect it to.
    @discardableResult
    static func connectScene(delegateClass: String?, storyboard: String?, application: Object, in runtime: Runtime, depth: Int) throws -> Object? {
        func send(_ name: String, to receiver: Object?, _ arguments: Value...) throws -> Value {
            try runtime.send(runtime.selector(name), to: receiver, Arguments(arguments), nestedAt: depth)
        }
        func responds(_ object: Object?, _ name: String) throws -> Bool {
            guard let object else { return false }
            return try send("respondsToSelector:", to: object, .selector(runtime.selector(name))).isTruthy
        }
        let role = Value.string(applicationSceneRole)
        let session = try runtime.createInstance(of: runtime.requireClass(named: "UISceneSession"))
        try runtime.setIvars(of: session, ["_role": role, "_persistentIdentifier": "rtsh-scene-1"])
        let options = try send("new", to: try runtime.requireClass(named: "UISceneConnectionOptions"))
        var configuration = Value.nil
        let appDelegate = try send("delegate", to: application).object
        if try responds(appDelegate, "application:configurationForConnectingSceneSession:options:") {
            configuration = try send("application:configurationForConnectingSceneSession:options:", to: appDelegate, .object(application), .object(session), options)
        }
        if configuration == .nil {
            configuration = try send("configurationWithName:sessionRole:", to: try runtime.requireClass(named: "UISceneConfiguration"), "Default Configuration", role)
        }
        try runtime.setIvar("_configuration", of: session, to: configuration)
        let configured = try send("delegateClass", to: configuration.object).object as? Class
        guard let delegateType = configured ?? delegateClass.flatMap(runtime.class(named:)) else { return nil }
        let sceneClass = try send("sceneClass", to: configuration.object).object as? Class ?? runtime.requireClass(named: "UIWindowScene")
        let scene = try runtime.createInstance(of: sceneClass)
        try runtime.setIvars(of: scene, ["_session": .object(session), "_windows": .array([]), "_activationState": -1])
        try runtime.setIvar("_scene", of: session, to: .object(scene))
        let delegate = try send("new", to: delegateType)
        _ = try send("setDelegate:", to: scene, delegate)
        try runtime.setIvar("_connectedScenes", of: application, to: .array([.object(scene)]))
        var window: Object?
        var board = try send("storyboard", to: configuration.object)
        if board == .nil, let storyboard {
            board = try send("storyboardWithName:bundle:", to: try runtime.requireClass(named: "UIStoryboard"), .string(storyboard), .nil)
        }
        if board != .nil {
            let root = try send("instantiateInitialViewController", to: board.object)
            window = try send("initWithWindowScene:", to: try send("alloc", to: try runtime.requireClass(named: "UIWindow")).object, .object(scene)).object
            _ = try send("setRootViewController:", to: window, root)
            if try responds(delegate.object, "setWindow:") { _ = try send("setWindow:", to: delegate.object, window.map(Value.object) ?? .nil) }
        }
        if try responds(delegate.object, "scene:willConnectToSession:options:") {
            _ = try send("scene:willConnectToSession:options:", to: delegate.object, .object(scene), .object(session), options)
        }
        if let window { _ = try send("makeKeyAndVisible", to: window) }
        try runtime.setIvar("_activationState", of: scene, to: 1)
        if try responds(delegate.object, "sceneWillEnterForeground:") { _ = try send("sceneWillEnterForeground:", to: delegate.object, .object(scene)) }
        try runtime.setIvar("_activationState", of: scene, to: 0)
        if try responds(delegate.object, "sceneDidBecomeActive:") { _ = try send("sceneDidBecomeActive:", to: delegate.object, .object(scene)) }
        return scene
    }
}
