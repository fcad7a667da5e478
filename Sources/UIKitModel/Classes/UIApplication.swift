import Runtime

extension ClassLibrary {
    /// `UIApplication` with its delegate, and the `UIApplicationDelegate` protocol.
    static func defineApplication(in runtime: Runtime, responder: Class, root: Class, environment: ModelEnvironment) throws {
        let launch = try MethodDescription(selector: runtime.selector("application:didFinishLaunchingWithOptions:"), types: runtime.typeEncoding("B@:@@"))
        let window = Property(name: "window", type: .object(className: "UIWindow"), attributes: [.strong])
        try runtime.registerProtocol(
            named: "UIApplicationDelegate", inheriting: [runtime.protocol(named: "NSObject")].compactMap { $0 },
            optionalMethods: [launch], properties: [window])
        let shared = SharedInstance()
        try runtime.registerLazyClass(named: "UIApplication", superclass: responder) { c in
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.strong]))
            try c.addProperty(Property(name: "windows", type: .object(className: "NSArray"), attributes: [.readOnly, .copy]))
            // The scene a launch connected, if any (see ``connectScene(delegateClass:storyboard:application:in:depth:)``).
            try c.addIvar("_connectedScenes", type: .object(className: "NSArray"))
            try c.addMethod("connectedScenes", types: "@@:") { m in
                try m.send("setWithArray:", to: try m.runtime.requireClass(named: "NSSet"), .array(try m.ivar("_connectedScenes").arrayElements))
            }
            try c.addMethod("openSessions", types: "@@:") { m in
                let sessions = try m.ivar("_connectedScenes").arrayElements.map { try m.send("session", to: $0.object) }
                return try m.send("setWithArray:", to: try m.runtime.requireClass(named: "NSSet"), .array(sessions))
            }
            try c.addMethod("supportsMultipleScenes", types: "B@:") { _ in false }
            // The application's next responder is its delegate, when that is a responder but
            // not a view or a controller, as UIKit's chain ends.
            try c.addMethod("nextResponder", types: "@@:") { m in
                guard let delegate = try m.ivar("_delegate").object, delegate !== m.receiver else { return .nil }
                for (name, wanted) in [("UIResponder", true), ("UIView", false), ("UIViewController", false)] {
                    if let cls = m.runtime.class(named: name), delegate.isKind(of: cls) != wanted { return .nil }
                }
                return .object(delegate)
            }
            // rtsh's own, for `UIApplicationMain` in an app's `main`: launches the app with
            // the delegate class named (see ``ClassLibrary/launchApplication(delegate:testingDelegate:)``).
            try c.addClassMethod("_launchWithDelegateClassName:", types: "@@:@") { m in
                .object(try ClassLibrary.launchApplication(
                    delegate: try m.stringArgument(0), testingDelegate: nil, in: m.runtime, environment: environment, depth: m.depth + 1))
            }
            // Left to right (UIUserInterfaceLayoutDirectionLeftToRight, 0): the model's locale is en_US.
            try c.addMethod("userInterfaceLayoutDirection", types: "q@:") { _ in .int(0) }
            // UIContentSizeCategoryLarge, the size iOS starts with.
            try c.addMethod("preferredContentSizeCategory", types: "@@:") { _ in .string("UICTContentSizeCategoryL") }
            // UIApplicationStateActive: the app is in front while its code runs.
            try c.addMethod("applicationState", types: "q@:") { _ in .int(0) }
            try c.addProperty(Property(name: "applicationIconBadgeNumber", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "networkActivityIndicatorVisible", type: .bool, attributes: [.nonatomic], getter: "isNetworkActivityIndicatorVisible"))
            try c.addProperty(Property(name: "idleTimerDisabled", type: .bool, attributes: [.nonatomic], getter: "isIdleTimerDisabled"))
            // The status bar of the model's portrait iPhone 8 screen (UIInterfaceOrientationPortrait,
            // 1): 20 points across the top, or no frame at all once the app hides it.
            try c.addProperty(Property(name: "statusBarHidden", type: .bool, attributes: [.nonatomic], getter: "isStatusBarHidden"))
            try c.addProperty(Property(name: "statusBarStyle", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addMethod("statusBarOrientation", types: "q@:") { _ in .int(1) }
            try c.addMethod("statusBarFrame", types: "{CGRect={CGPoint=dd}{CGSize=dd}}@:") { m in
                try m.ivar("_statusBarHidden").isTruthy ? Geometry.rect(0, 0, 0, 0) : Geometry.rect(0, 0, 375, 20)
            }
            for selector in ["setStatusBarHidden:animated:", "setStatusBarHidden:withAnimation:"] {
                try c.addMethod(selector, types: "v@:Bq") { m in
                    try m.runtime.setIvar("_statusBarHidden", of: m.receiver, to: m[0])
                    return .nil
                }
            }
            try c.addMethod("setStatusBarStyle:animated:", types: "v@:qB") { m in
                try m.runtime.setIvar("_statusBarStyle", of: m.receiver, to: m[0])
                return .nil
            }
            // A URL with a scheme opens (the model has an app for every scheme); nothing else does.
            @Sendable func opens(_ m: borrowing Message) throws -> Bool {
                guard let url = try m.objectArgument(0) else { return false }
                return try m.send("scheme", to: url) != .nil
            }
            try c.addMethod("canOpenURL:", types: "B@:@") { m in .bool(try opens(m)) }
            try c.addMethod("openURL:", types: "B@:@") { m in .bool(try opens(m)) }
            try c.addMethod("openURL:options:completionHandler:", types: "v@:@@@?") { m in
                let opened = try opens(m)
                if let completion = try m.blockArgument(2) { _ = try completion.call(Arguments(.bool(opened)), nestedAt: m.depth + 1) }
                return .nil
            }
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
    }
}
