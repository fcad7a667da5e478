import Runtime

extension ClassLibrary {
    /// `UIViewController`: the lazily loaded view, the appearance callbacks driven by
    /// begin/end appearance transitions, containment and presentation, and what apps set
    /// and read in `viewDidLoad`: the navigation item, the edit button, the tab bar item,
    /// the enclosing containers and the presentation and status-bar preferences.
    /// `initWithNibName:bundle:` is the designated initializer; `init` calls it with nil
    /// and nil, as UIKit's does, so a subclass's override of either runs.
    static func defineViewController(in runtime: Runtime, responder: Class, console: Console) throws -> Class {
        let initialize = try runtime.selector("init"), initWithNib = try runtime.selector("initWithNibName:bundle:")
        // Every controller made sets these: found by name once, then remembered (see IvarDefaults).
        let defaults = controllerDefaults()
        return try runtime.registerLazyClass(named: "UIViewController", superclass: responder) { c in
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy]))
            // The items its navigation controller's toolbar shows for it.
            try c.addProperty(Property(name: "toolbarItems", type: .object(className: "NSArray"), attributes: [.copy, .nonatomic]))
            try c.addMethod("setToolbarItems:animated:", types: "v@:@B") { m in try m.send("setToolbarItems:", to: m.receiver, m[0]) }
            try addLayoutSupport(to: &c)
            try c.addProperty(Property(name: "view", type: .object(className: "UIView"), attributes: [.strong]))
            try c.addProperty(Property(name: "parentViewController", type: .object(className: "UIViewController"), attributes: [.readOnly, .weak]))
            try c.addProperty(Property(name: "childViewControllers", type: .object(className: "NSArray"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "presentedViewController", type: .object(className: "UIViewController"), attributes: [.readOnly, .strong]))
            try c.addProperty(Property(name: "presentingViewController", type: .object(className: "UIViewController"), attributes: [.readOnly, .weak]))
            try c.addProperty(Property(name: "nibName", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "nibBundle", type: .object(className: "NSBundle"), attributes: [.readOnly, .strong]))
            try c.addIvar(appearanceIvar, type: .integer(code: "q"))
            try c.addIvar(animatedIvar, type: .bool)
            // The id of the storyboard scene the controller was made from, whose view it loads.
            try c.addIvar("_storyboardScene", type: .object(className: "NSString"))
            // The scene's segues other than relationships (`UIStoryboardSegueTemplate`s).
            try c.addIvar("_segueTemplates", type: .object(className: "NSArray"))

            try c.addMethod("init", types: "@@:") { m in
                try m.send(initWithNib, to: m.receiver, Arguments(.nil, .nil))
            }
            try c.addMethod("initWithNibName:bundle:", types: "@@:@@") { m in
                let nibName = try m.optionalStringArgument(0).map(Value.string) ?? .nil
                let bundle = try m.objectArgument(1).map(Value.object) ?? .nil
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(nibName, bundle, and: defaults, of: this)
                }
            }
            try c.addMethod("initWithCoder:", types: "@@:@") { m in try m.sendToFramework(initWithNib, Arguments(.nil, .nil)) }
            try defineViewLoading(&c, console: console)
            try defineAppearance(&c, console: console)
            try defineContainment(&c)
            try definePresentation(&c, console: console)
            try defineItems(&c)
            try definePreferences(&c)
        }
    }

    static let appearanceIvar = "_appearanceState"
    static let navigationOverrideIvar = "_navigationControllerForTesting"
    static let animatedIvar = "_appearanceAnimated"

    /// The selectors UIKit sends as a view controller's view loads, appears and disappears;
    /// their implementations here do nothing, as UIKit's do for a plain controller.
    package static let callbackSelectors: [(name: String, types: String)] = [
        ("viewDidLoad", "v@:"), ("viewWillAppear:", "v@:B"), ("viewIsAppearing:", "v@:B"),
        ("viewWillLayoutSubviews", "v@:"), ("viewDidLayoutSubviews", "v@:"), ("viewDidAppear:", "v@:B"),
        ("viewWillDisappear:", "v@:B"), ("viewDidDisappear:", "v@:B"), ("didReceiveMemoryWarning", "v@:"),
        ("willMoveToParentViewController:", "v@:@"), ("didMoveToParentViewController:", "v@:@"),
    ]

    /// Hooks a controller overrides, calling super, that do nothing the model needs: state
    /// restoration, constraint updates, trait and size changes.
    static let hookSelectors: [(name: String, types: String)] = [
        ("encodeRestorableStateWithCoder:", "v@:@"), ("decodeRestorableStateWithCoder:", "v@:@"), ("updateViewConstraints", "v@:"),
        ("traitCollectionDidChange:", "v@:@"), ("viewWillTransitionToSize:withTransitionCoordinator:", "v@:{CGSize=dd}@"),
    ]

    private static func defineViewLoading(_ c: inout ClassBuilder, console: Console) throws {
        let runtime = c.runtime
        let loadView = try runtime.selector("loadView"), viewDidLoad = try runtime.selector("viewDidLoad")
        let new = try runtime.selector("new")
        let viewIvar = IvarName("_view")
        let superview = try runtime.selector("superview")
        let interfaceViews = try InterfaceViewQuery(in: runtime), viewClass = ClassName("UIView")
        // A controller's next responder is its view's superview, else the controller that
        // presented it or contains it, as UIKit's responder chain runs.
        try c.addMethod("nextResponder", types: "@@:") { m in
            if case .object(let view) = m.runtime.ivarValue(viewIvar, of: m.receiver), let above = try m.send(superview, to: view).object {
                return .object(above)
            }
            return try m.ivar("_presentingViewController").object.map(Value.object) ?? m.ivar("_parentViewController")
        }
        // `view` loads the view the first time it is asked for: loadView, then viewDidLoad.
        try c.addMethod("view", types: "@@:") { m in
            if case .object(let view) = m.runtime.ivarValue(viewIvar, of: m.receiver) { return .object(view) }
            try m.send(loadView, to: m.receiver)
            let loaded = m.runtime.ivarValue(viewIvar, of: m.receiver)
            if loaded == .nil {
                console.log("\(m.receiver) loadView did not set a view: call [super loadView] or set self.view")
            }
            try m.send(viewDidLoad, to: m.receiver)
            return loaded
        }
        try c.addMethod("loadViewIfNeeded", types: "v@:") { m in
            if try m.runtime.ivarValue("_view", of: m.receiver) == .nil { _ = try m.send("view", to: m.receiver) }
            return .nil
        }
        try c.addMethod("isViewLoaded", types: "B@:") { m in
            .bool(try m.runtime.ivarValue("_view", of: m.receiver) != .nil)
        }
        try c.addMethod("loadView", types: "v@:") { m in
            // The view of the controller's storyboard scene or nib, else a plain view.
            if try m.loadsInterfaceView(interfaceViews) { return .nil }
            let view = try m.send(new, to: m.runtime.requireClass(viewClass))
            try m.runtime.setIvar(viewIvar, of: m.receiver, to: view)
            return .nil
        }
        try c.addMethod("shouldAutomaticallyForwardAppearanceMethods", types: "B@:") { _ in true }
        for (name, types) in callbackSelectors + hookSelectors {
            try c.addMethod(name, types: types) { _ in .nil }
        }
        // `setEditing:animated:` sets `editing`, as UIKit's does (the edit button reads it).
        try c.addProperty(Property(name: "editing", type: .bool, attributes: [.nonatomic], getter: "isEditing"))
        try c.addMethod("setEditing:animated:", types: "v@:BB") { m in
            try m.send("setEditing:", to: m.receiver, .bool(m[0].isTruthy))
            try updateEditButton(of: m.receiver, message: m)
            return .nil
        }
    }

    /// `beginAppearanceTransition:animated:` and `endAppearanceTransition` move through
    /// the appearance states, send the callbacks in UIKit's order and forward them to the
    /// children whose appearance the controller manages. An unbalanced call is logged as
    /// UIKit logs it and changes nothing.
    private static func defineAppearance(_ c: inout ClassBuilder, console: Console) throws {
        try c.addMethod("beginAppearanceTransition:animated:", types: "v@:BB") { m in
            let appearing = m[0].isTruthy
            let state = try Appearance.state(of: m.receiver, in: m.runtime)
            guard let next = state.beginning(appearing: appearing) else {
                console.log(AppearanceState.unbalancedMessage(for: m.receiver))
                return .nil
            }
            try Appearance.setState(next, animated: m[1].isTruthy, of: m.receiver, in: m.runtime)
            let animated = Value.bool(m[1].isTruthy)
            if appearing {
                try m.send("view", to: m.receiver)
                try m.send("viewWillAppear:", to: m.receiver, animated)
                try m.send("viewIsAppearing:", to: m.receiver, animated)
                try m.send("viewWillLayoutSubviews", to: m.receiver)
                try m.send("viewDidLayoutSubviews", to: m.receiver)
            } else {
                try m.send("viewWillDisappear:", to: m.receiver, animated)
            }
            for child in try Appearance.forwardedChildren(of: m.receiver, message: m) {
                try m.send("beginAppearanceTransition:animated:", to: child, m[0], m[1])
            }
            return .nil
        }
        try c.addMethod("endAppearanceTransition", types: "v@:") { m in
            let state = try Appearance.state(of: m.receiver, in: m.runtime)
            guard let next = state.ended else {
                console.log(AppearanceState.unbalancedMessage(for: m.receiver))
                return .nil
            }
            let animated = try m.runtime.ivarValue(animatedIvar, of: m.receiver)
            try Appearance.setState(next, animated: animated.isTruthy, of: m.receiver, in: m.runtime)
            try m.send(next == .appeared ? "viewDidAppear:" : "viewDidDisappear:", to: m.receiver, .bool(animated.isTruthy))
            for child in try Appearance.forwardedChildren(of: m.receiver, message: m) {
                try m.send("endAppearanceTransition", to: child)
            }
            return .nil
        }
    }

    /// Containment as UIKit does it: adding a child sends it willMove to the parent,
    /// removing it sends didMove to nil; the container sends the other two itself.
    private static func defineContainment(_ c: inout ClassBuilder) throws {
        try c.addMethod("addChildViewController:", types: "v@:@") { m in
            guard let child = try m.objectArgument(0) else { return .nil }
            if try m.chain(from: m.receiver, following: "parentViewController").contains(where: { $0 === child }) {
                throw ClassLibraryError.invalidArgument(
                    method: "-[UIViewController addChildViewController:]",
                    reason: child === m.receiver
                        ? "\(child) cannot be its own child view controller"
                        : "\(child) cannot be a child of \(m.receiver): it is already one of its parents, so containment would be a cycle")
            }
            if try m.object("parentViewController", of: child) != nil {
                try m.send("removeFromParentViewController", to: child)
            }
            try m.send("willMoveToParentViewController:", to: child, .object(m.receiver))
            try m.runtime.setIvar("_parentViewController", of: child, to: .object(m.receiver))
            let children = try m.array("childViewControllers", of: m.receiver)
            try m.runtime.setIvar("_childViewControllers", of: m.receiver, to: .array(children + [.object(child)]))
            return .nil
        }
        try c.addMethod("removeFromParentViewController", types: "v@:") { m in
            guard let parent = try m.object("parentViewController", of: m.receiver) else { return .nil }
            let remaining = try m.array("childViewControllers", of: parent).filter { $0.object !== m.receiver }
            try m.runtime.setIvar("_childViewControllers", of: parent, to: .array(remaining))
            try m.runtime.setIvar("_parentViewController", of: m.receiver, to: .nil)
            try m.send("didMoveToParentViewController:", to: m.receiver, .nil)
            return .nil
        }
        // The nearest navigation controller among the parents, unless a test has set one:
        // UIKit's is read-only, but a test wants to hand the controller a mock.
        try c.addIvar(navigationOverrideIvar, type: .object(className: "UINavigationController"))
        try c.addMethod("setNavigationController:", types: "v@:@") { m in
            try m.runtime.setIvar(navigationOverrideIvar, of: m.receiver, to: m[0])
            return .nil
        }
        try c.addMethod("navigationController", types: "@@:") { m in
            if case .object(let set) = try m.runtime.ivarValue(navigationOverrideIvar, of: m.receiver) { return .object(set) }
            return try nearestContainer("UINavigationController", of: m.receiver, message: m)
        }
        try c.addMethod("tabBarController", types: "@@:") { m in try nearestContainer("UITabBarController", of: m.receiver, message: m) }
        try c.addMethod("splitViewController", types: "@@:") { m in try nearestContainer("UISplitViewController", of: m.receiver, message: m) }
    }

    /// The nearest parent that is an instance of the class named `className`, or nil.
    private static func nearestContainer(_ className: String, of controller: Object, message m: borrowing Message) throws -> Value {
        guard let container = m.runtime.class(named: className) else { return .nil }
        var current = try m.object("parentViewController", of: controller)
        while let candidate = current {
            if candidate.isKind(of: container) { return .object(candidate) }
            current = try m.object("parentViewController", of: candidate)
        }
        return .nil
    }

    /// Refuses, as UIKit does, a presentation that would make the chain of presenters a
    /// cycle: a controller that is itself, or presents, the presenter or one of its presenters,
    /// one already presented, or one inside a container.
    private static func checkPresentable(_ presented: Object, by presenter: Object, message m: borrowing Message) throws {
        func refuse(_ reason: String) -> ClassLibraryError {
            .invalidArgument(method: "-[UIViewController presentViewController:animated:completion:]", reason: reason)
        }
        if try m.chain(from: presenter, following: "presentingViewController").contains(where: { $0 === presented }) {
            throw refuse("Application tried to present modally an active controller \(presented).")
        }
        if let presenting = try m.object("presentingViewController", of: presented) {
            throw refuse("Application tried to present modally a view controller \(presented) that is already being presented by \(presenting).")
        }
        if let parent = try m.object("parentViewController", of: presented) {
            throw refuse("Application tried to present modally a view controller \(presented) that has a parent view controller \(parent).")
        }
    }

    /// Whether `controller` has loaded its view and the view is in a window.
    private static func viewIsInWindow(_ controller: Object, message m: borrowing Message) throws -> Bool {
        guard case .object(let view) = try m.runtime.ivarValue("_view", of: controller) else { return false }
        return try m.send("window", to: view).object != nil
    }

    /// Modal presentation, full screen: the presenter disappears as the presented appears.
    private static func definePresentation(_ c: inout ClassBuilder, console: Console) throws {
        try c.addMethod("presentViewController:animated:completion:", types: "v@:@B@?") { m in
            guard let presented = try m.objectArgument(0) else { return .nil }
            try Self.checkPresentable(presented, by: m.receiver, message: m)
            if let current = try m.object("presentedViewController", of: m.receiver) {
                console.log("Attempt to present \(presented) on \(m.receiver) which is already presenting \(current)")
                return .nil
            }
            // UIKit asks whether the presenter's view is in a window: one added to a window
            // by hand presents too, though it never appeared, and so has nothing to disappear.
            let appeared = try Appearance.state(of: m.receiver, in: m.runtime) == .appeared
            guard try appeared || viewIsInWindow(m.receiver, message: m) else {
                console.log("Attempt to present \(presented) on \(m.receiver) whose view is not in the window hierarchy")
                return .nil
            }
            try m.runtime.setIvar("_presentedViewController", of: m.receiver, to: .object(presented))
            try m.runtime.setIvar("_presentingViewController", of: presented, to: .object(m.receiver))
            try m.send("view", to: presented)
            try Appearance.swap(out: appeared ? m.receiver : nil, in: presented, animated: m[1], message: m)
            if case .block(let completion) = m[2] { _ = try completion.call(Arguments(), nestedAt: m.depth + 1) }
            return .nil
        }
        // Sent to the presenter or to the presented controller: either way the presented one goes.
        try c.addMethod("dismissViewControllerAnimated:completion:", types: "v@:B@?") { m in
            let presenter: Object
            let presented: Object
            if let shown = try m.object("presentedViewController", of: m.receiver) {
                (presenter, presented) = (m.receiver, shown)
            } else if let shower = try m.object("presentingViewController", of: m.receiver) {
                (presenter, presented) = (shower, m.receiver)
            } else {
                return .nil
            }
            try Appearance.swap(out: presented, in: presenter, animated: m[0], message: m)
            try m.runtime.setIvar("_presentedViewController", of: presenter, to: .nil)
            try m.runtime.setIvar("_presentingViewController", of: presented, to: .nil)
            if case .block(let completion) = m[1] { _ = try completion.call(Arguments(), nestedAt: m.depth + 1) }
            return .nil
        }
    }
}

/// The appearance bookkeeping the view controller methods share.
enum Appearance {
    static func state(of controller: Object, in runtime: Runtime) throws -> AppearanceState {
        AppearanceState(rawValue: try runtime.ivarValue(ClassLibrary.appearanceIvar, of: controller).intValue ?? 0) ?? .disappeared
    }

    static func setState(_ state: AppearanceState, animated: Bool, of controller: Object, in runtime: Runtime) throws {
        try runtime.setIvar(ClassLibrary.appearanceIvar, of: controller, to: .int(state.rawValue))
        try runtime.setIvar(ClassLibrary.animatedIvar, of: controller, to: .bool(animated))
    }

    /// The children a controller forwards its appearance to: none when it does not forward
    /// automatically, the top one for a navigation controller, the selected one for a tab
    /// bar controller, otherwise all of them.
    static func forwardedChildren(of controller: Object, message m: borrowing Message) throws -> [Object] {
        guard try m.send("shouldAutomaticallyForwardAppearanceMethods", to: controller).isTruthy else { return [] }
        if let navigation = m.runtime.class(named: "UINavigationController"), controller.isKind(of: navigation) {
            return try m.object("topViewController", of: controller).map { [$0] } ?? []
        }
        if let tabs = m.runtime.class(named: "UITabBarController"), controller.isKind(of: tabs) {
            return try m.object("selectedViewController", of: controller).map { [$0] } ?? []
        }
        return try m.array("childViewControllers", of: controller).compactMap(\.object)
    }

    /// One controller disappears as another appears, callbacks interleaved as UIKit
    /// interleaves them: will-disappear, will-appear (and is-appearing, layout),
    /// did-disappear, did-appear.
    static func swap(out leaving: Object?, in arriving: Object, animated: Value, message m: borrowing Message) throws {
        if let leaving { try m.send("beginAppearanceTransition:animated:", to: leaving, false, animated) }
        try m.send("beginAppearanceTransition:animated:", to: arriving, true, animated)
        if let leaving { try m.send("endAppearanceTransition", to: leaving) }
        try m.send("endAppearanceTransition", to: arriving)
    }
}
