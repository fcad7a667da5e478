import Runtime

/// Driving the UI as a user would: an application launched with a chosen delegate, a key
/// window per test, and what is on screen. Finding views and the steps on them are in
/// `ClassLibrary+Finding.swift` and `ClassLibrary+Steps.swift`.
extension ClassLibrary {
    /// UIKit's control event for a tap.
    public static let touchUpInside = 1 << 6
    /// UIKit's `UIControlEventEditingChanged`, which a text field sends as its text changes.
    public static let editingChanged = 1 << 17
    /// UIKit's `UIControlEventEditingDidEndOnExit`, which a text field sends on the return key.
    public static let editingDidEndOnExit = 1 << 19

    /// Starts the application as `UIApplicationMain` does: the delegate is an instance of
    /// `testingDelegate` when a class of that name is defined, otherwise of `delegate` (as a
    /// test target's `main` picks one). When the app's `Info.plist` names a main storyboard
    /// (`UIMainStoryboardFile`, or a scene's `UISceneStoryboardFile`), its initial controller
    /// is the root of a window the delegate gets as its `window`; then the delegate gets
    /// `application:didFinishLaunchingWithOptions:` if it implements it, and the window is
    /// made key and visible.
    ///
    /// An app with scenes (a `UISceneDelegateClassName` the program defines, or an app
    /// delegate that answers `application:configurationForConnectingSceneSession:options:`)
    /// launches as iOS 13 does: the app delegate gets `application:didFinishLaunchingWithOptions:`,
    /// then the scene connects, its storyboard's window the scene delegate's
    /// (``connectScene(delegateClass:storyboard:application:in:depth:)``). When neither the
    /// configuration nor a defined class gives a scene delegate (a Swift one), the
    /// storyboard's window is the app delegate's after all.
    ///
    /// - Returns: the shared application.
    @discardableResult
    public func launchApplication(delegate: String, testingDelegate: String? = nil) throws -> Object {
        try Self.launchApplication(delegate: delegate, testingDelegate: testingDelegate, in: runtime, environment: environment, depth: 0)
    }

    static func launchApplication(
        delegate: String, testingDelegate: String?, in runtime: Runtime, environment: ModelEnvironment, depth: Int
    ) throws -> Object {
        let chosen = testingDelegate.flatMap(runtime.class(named:)) ?? runtime.class(named: delegate)
        guard let delegateClass = chosen else {
            throw ClassLibraryError.wrongArgument(
                method: "UIApplicationMain", expected: "the name of a defined delegate class", got: "'\(delegate)', which is not defined")
        }
        func send(_ selector: String, to receiver: Value, _ arguments: Value...) throws -> Value {
            guard case .object(let object) = receiver else { return .nil }
            return try runtime.send(runtime.selector(selector), to: object, Arguments(arguments), nestedAt: depth)
        }
        let application = try send("sharedApplication", to: .object(try runtime.requireClass(named: "UIApplication")))
        let instance = try send("new", to: .object(delegateClass))
        _ = try send("setDelegate:", to: application, instance)
        let settings = launchSettings(under: environment.resourceDirectories)
        let launch = try runtime.selector("application:didFinishLaunchingWithOptions:")
        let configures = try runtime.selector("application:configurationForConnectingSceneSession:options:")
        let usesScenes = settings.sceneDelegate.flatMap(runtime.class(named:)) != nil
            || instance.object.map { runtime.instancesRespond($0.isa, to: configures) } == true
        var window = Value.nil
        /// A window of the screen's size whose root is the storyboard's initial controller,
        /// which the app delegate gets as its `window` when it has one.
        func storyboardWindow(_ name: String, for delegate: Value) throws -> Value {
            let storyboard = try send("storyboardWithName:bundle:", to: .object(try runtime.requireClass(named: "UIStoryboard")), .string(name), .nil)
            let root = try send("instantiateInitialViewController", to: storyboard)
            let bounds = try send("bounds", to: try send("mainScreen", to: .object(try runtime.requireClass(named: "UIScreen"))))
            let made = try send("initWithFrame:", to: try send("alloc", to: .object(try runtime.requireClass(named: "UIWindow"))), bounds)
            _ = try send("setRootViewController:", to: made, root)
            if case .object(let delegateObject) = delegate, runtime.instancesRespond(delegateObject.isa, to: try runtime.selector("setWindow:")) {
                _ = try send("setWindow:", to: delegate, made)
            }
            return made
        }
        if !usesScenes, let name = settings.mainStoryboard ?? settings.sceneStoryboard {
            window = try storyboardWindow(name, for: instance)
        }
        if let object = instance.object, runtime.instancesRespond(object.isa, to: launch) {
            try runtime.send(launch, to: object, Arguments(application, .nil), nestedAt: depth)
        }
        // A scene delegate neither the configuration nor a class the program defines gives
        // (a Swift one) leaves the app without scenes: the storyboard's window is the app
        // delegate's, made now.
        if usesScenes, let appObject = application.object,
           try connectScene(delegateClass: settings.sceneDelegate, storyboard: settings.sceneStoryboard, application: appObject, in: runtime, depth: depth) == nil,
           let name = settings.mainStoryboard ?? settings.sceneStoryboard {
            window = try storyboardWindow(name, for: instance)
        }
        if window != .nil { _ = try send("makeKeyAndVisible", to: window) }
        return application.object ?? instance.object ?? delegateClass
    }

    /// What the app's information property list says of its launch: its main storyboard
    /// (`UIMainStoryboardFile`), and its scene's storyboard (`UISceneStoryboardFile`) and
    /// delegate class (`UISceneDelegateClassName`, a Swift one's module prefix dropped); each
    /// storyboard only when the bundle holds one of that name.
    struct LaunchSettings {
        var mainStoryboard: String?
        var sceneStoryboard: String?
        var sceneDelegate: String?
        var isEmpty: Bool { mainStoryboard == nil && sceneStoryboard == nil && sceneDelegate == nil }
    }

    /// The launch settings of the first `Info.plist` that has any, or else of the first
    /// `NAME-Info.plist` (as Xcode named a target's before Xcode 5), under the first of
    /// `roots` (the program's own folder before the tree it shares with other apps) that
    /// holds a property list: an app whose own lists name no storyboard makes its window
    /// in code, whatever another app of the tree launches with.
    private static func launchSettings(under roots: [String]) -> LaunchSettings {
        guard let (root, lists) = Resources.infoLists(under: roots) else { return LaunchSettings() }
        return lists.lazy.map { launchSettings(in: $0, under: [root] + roots) }.first { !$0.isEmpty } ?? LaunchSettings()
    }

    private static func launchSettings(in path: String, under roots: [String]) -> LaunchSettings {
        var settings = LaunchSettings()
        guard case .success(let bytes) = FileContents.bytes(at: path), let plist = try? InterfaceXML.root(of: bytes, file: path) else { return settings }
        let elements = plist.allElements
        for (index, element) in elements.enumerated() where element.name == "key" {
            guard index + 1 < elements.count, elements[index + 1].name == "string" else { continue }
            let value = elements[index + 1].text
            let isStoryboard = Resources.find(name: value, type: "storyboard", in: nil, under: roots) != nil
            switch element.text {
            case "UIMainStoryboardFile" where isStoryboard && settings.mainStoryboard == nil: settings.mainStoryboard = value
            case "UISceneStoryboardFile" where isStoryboard && settings.sceneStoryboard == nil: settings.sceneStoryboard = value
            case "UISceneDelegateClassName" where settings.sceneDelegate == nil:
                // `$(PRODUCT_MODULE_NAME).SceneDelegate` names a Swift class by its module.
                settings.sceneDelegate = value.split(separator: ".").last.map(String.init)
            default: break
            }
        }
        return settings
    }

    /// `[UIApplication sharedApplication]`
    public func sharedApplication() throws -> Object {
        guard let application = try runtime.send("sharedApplication", to: runtime.requireClass(named: "UIApplication")).object else {
            throw ClassLibraryError.wrongArgument(method: "+[UIApplication sharedApplication]", expected: "an application", got: "nil")
        }
        return application
    }

    /// Makes a new key window whose root view controller is `controller`, and shows it
    /// with `makeKeyAndVisible`: the controller appears. The windows shown before are taken
    /// away, and their controllers disappear (a controller moving to the new window
    /// included, so that it appears again balanced). The application delegate's `window`,
    /// when there is a delegate that has one, is the new window, as an app's own launch sets it.
    @discardableResult
    public func showInKeyWindow(_ controller: Object) throws -> Object {
        let application = try sharedApplication()
        for case .object(let old) in try windows() {
            try runtime.setIvar("_keyWindow", of: old, to: false)
            if let root = try runtime.send("rootViewController", to: old).object, try Appearance.state(of: root, in: runtime) == .appeared {
                try disappear(root)
            }
        }
        try runtime.setIvar("_windows", of: application, to: [])
        guard let window = try runtime.send("new", to: runtime.requireClass(named: "UIWindow")).object else {
            throw ClassLibraryError.wrongArgument(method: "+[UIWindow new]", expected: "a window", got: "nil")
        }
        try runtime.send("setRootViewController:", to: window, .object(controller))
        try runtime.send("makeKeyAndVisible", to: window)
        if let delegate = try runtime.send("delegate", to: application).object,
           runtime.instancesRespond(delegate.isa, to: try runtime.selector("setWindow:")) {
            try runtime.send("setWindow:", to: delegate, .object(window))
        }
        return window
    }

    /// A button the model shows for a bar's item or a menu's (a navigation bar's, a
    /// toolbar's, the edit menu's): titled `title`, enabled as `enabled` says, sending
    /// `action` to `target` on touch-up-inside when the action is a selector and the target
    /// is something.
    static func titledButton(_ title: Value, target: Value, action: Value, enabled: Value = true, in runtime: Runtime) throws -> Object? {
        guard let button = try runtime.send("buttonWithType:", to: runtime.requireClass(named: "UIButton"), 0).object else { return nil }
        try runtime.send("setTitle:forState:", to: button, title, 0)
        if case .selector = action, target != .nil {
            try runtime.send("addTarget:action:forControlEvents:", to: button, target, action, .int(touchUpInside))
        }
        try runtime.send("setEnabled:", to: button, enabled)
        return button
    }

    /// The key window, if there is one.
    public func keyWindow() throws -> Object? {
        try runtime.send("keyWindow", to: try sharedApplication()).object
    }

    private func windows() throws -> [Value] {
        if case .array(let windows) = try runtime.send("windows", to: try sharedApplication()) { return windows }
        return []
    }

    /// The controller whose view is on screen under `root`: what it presents, or a
    /// navigation controller's top controller, followed down.
    public func visibleController(from root: Object) throws -> Object {
        var current = root
        let navigation = try runtime.requireClass(named: "UINavigationController")
        // A controller met twice (overridden getters that answer an ancestor) ends the walk,
        // and so does a chain longer than any app's presentations and navigation stacks (a
        // getter that makes a new controller each time, as a stand-in's does).
        var met = MetObjects(limit: 64)
        _ = met.insert(root)
        while true {
            if let presented = try runtime.send("presentedViewController", to: current).object, met.insert(presented) {
                current = presented
            } else if current.isKind(of: navigation), let top = try runtime.send("topViewController", to: current).object, met.insert(top) {
                current = top
            } else {
                return current
            }
        }
    }

    /// The view on screen: the visible controller's view in the key window, with its
    /// tables loaded, as UIKit loads them before they are drawn; nil without a key window
    /// or a root controller.
    public func screenRoot() throws -> Object? {
        guard let window = try keyWindow(), let root = try runtime.send("rootViewController", to: window).object,
              let view = try runtime.send("view", to: try visibleController(from: root)).object else { return nil }
        // The visible controller's view fills the window, as UIKit lays it out: a storyboard's
        // view drawn for another device's size (414 by 896) is the model's screen's size.
        if let bounds = Geometry.rectNumbers(of: try runtime.send("bounds", to: window)), bounds.width > 0, bounds.height > 0,
           let frame = Geometry.rectNumbers(of: try runtime.send("frame", to: view)),
           frame.width > bounds.width || frame.height > bounds.height {
            try runtime.send("setFrame:", to: view, Geometry.rect(0, 0, bounds.width, bounds.height))
        }
        // Asking a table for its sections loads it the first time; the walk ends whatever
        // `subviews` answers, where a layout pass would follow a view that holds itself.
        if let table = runtime.class(named: "UITableView") {
            for candidate in try subtree(of: view) where candidate.isKind(of: table) { try runtime.send("numberOfSections", to: candidate) }
        }
        return view
    }

    /// What is on screen as a tree: the key window (depth 0), then the visible controller's
    /// view and everything in it, then its navigation bar with what it shows, then the edit
    /// menu when it shows; empty without a key window.
    public func screenTree() throws -> [ViewTreeEntry] {
        guard let window = try keyWindow() else { return [] }
        let windowEntry = try viewTree(of: window).first.map { [ViewTreeEntry(copying: $0, depth: 0)] } ?? []
        guard let root = try screenRoot() else { return windowEntry }
        let bar = try shownNavigationBar().map(viewTree(of:)) ?? []
        let menu = try shownEditMenu().map(viewTree(of:)) ?? []
        return windowEntry + (try viewTree(of: root) + bar + menu).map { ViewTreeEntry(copying: $0, depth: $0.depth + 1) }
    }

    /// `view` and every view inside it, depth first. A view met twice (a subclass whose
    /// `subviews` answers its own ancestors) is not followed again, so the walk always ends.
    func subtree(of view: Object) throws -> [Object] {
        try subtreeWithDepth(of: view).map(\.view)
    }

    private func subtreeWithDepth(of root: Object) throws -> [(view: Object, depth: Int)] {
        var result: [(view: Object, depth: Int)] = []
        var met = MetObjects()
        var pending: [(view: Object, depth: Int)] = [(root, 0)]
        while let (view, depth) = pending.popLast() {
            guard met.insert(view) else { continue }
            result.append((view, depth))
            if case .array(let subviews) = try runtime.send("subviews", to: view) {
                for case .object(let subview) in subviews.reversed() { pending.append((subview, depth + 1)) }
            }
        }
        return result
    }

    /// The view tree under `root`, depth first: each view with its depth below `root`,
    /// its accessibility label, identifier, value and traits, text and title, whether it is
    /// hidden or transparent, and its frame and bounds.
    public func viewTree(of root: Object) throws -> [ViewTreeEntry] {
        try subtreeWithDepth(of: root).map { view, depth in
            func string(_ property: String) throws -> String? {
                guard runtime.instancesRespond(view.isa, to: try runtime.selector(property)),
                      case .string(let value) = try runtime.send(property, to: view) else { return nil }
                return value
            }
            func rect(_ property: String) throws -> ViewTreeEntry.Rect? {
                guard let rect = Geometry.rectNumbers(of: try runtime.send(property, to: view)) else { return nil }
                return ViewTreeEntry.Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
            }
            let alpha = try runtime.send("alpha", to: view).numberValue
            let frame = try rect("frame")
            return ViewTreeEntry(
                view: view, depth: depth, accessibilityLabel: try string("accessibilityLabel"),
                accessibilityIdentifier: try string("accessibilityIdentifier"), accessibilityValue: try string("accessibilityValue"),
                traits: try runtime.send("accessibilityTraits", to: view).intValue ?? AccessibilityTrait.none,
                text: try string("text"), title: try string("title"), isHidden: try runtime.send("isHidden", to: view).isTruthy,
                isTransparent: alpha.map { $0 <= 0 } ?? false, frame: frame.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil },
                bounds: try rect("bounds"))
        }
    }
}
