import Runtime

extension ClassLibrary {
    /// The navigation item, the edit button and the tab bar item: each made on first use,
    /// titled after the controller's title and kept titled after it, as UIKit does. The
    /// edit button reads Edit or Done as the controller is editing; tapping it (sending its
    /// action to its target) toggles editing with `setEditing:animated:`, through UIKit's
    /// own action, `_toggleEditing:`.
    static func defineItems(_ c: inout ClassBuilder) throws {
        let runtime = c.runtime
        let initialize = try runtime.selector("init"), setTitle = try runtime.selector("setTitle:")
        let title = try runtime.selector("title"), isEditing = try runtime.selector("isEditing")
        let setEditing = try runtime.selector("setEditing:animated:"), toggle = try runtime.selector("_toggleEditing:")
        let initWithTitleStyle = try runtime.selector("initWithTitle:style:target:action:")
        let initWithTitleImage = try runtime.selector("initWithTitle:image:tag:")
        try c.addProperty(Property(name: "navigationItem", type: .object(className: "UINavigationItem"), attributes: [.readOnly, .strong]))
        try c.addProperty(Property(name: "editButtonItem", type: .object(className: "UIBarButtonItem"), attributes: [.readOnly, .strong]))
        try c.addProperty(Property(name: "tabBarItem", type: .object(className: "UITabBarItem"), attributes: [.strong]))
        try c.addMethod("setTitle:", types: "v@:@\"NSString\"") { m in
            try m.setIvar("_title", m[0])
            for item in ["_navigationItem", "_tabBarItem"] {
                if case .object(let made) = try m.ivar(item) { try m.send(setTitle, to: made, Arguments(m[0])) }
            }
            return .nil
        }
        try c.addMethod("navigationItem", types: "@@:") { m in
            if case .object(let item) = try m.ivar("_navigationItem") { return .object(item) }
            let item = try m.make("UINavigationItem", initialize)
            try m.send(setTitle, to: item.object, Arguments(try m.send(title, to: m.receiver)))
            try m.setIvar("_navigationItem", item)
            return item
        }
        try c.addMethod("tabBarItem", types: "@@:") { m in
            if case .object(let item) = try m.ivar("_tabBarItem") { return .object(item) }
            let item = try m.make("UITabBarItem", initWithTitleImage, Arguments([try m.send(title, to: m.receiver), .nil, .int(0)]))
            try m.setIvar("_tabBarItem", item)
            return item
        }
        try c.addMethod("editButtonItem", types: "@@:") { m in
            if case .object(let item) = try m.ivar("_editButtonItem") { return .object(item) }
            let item = try m.make("UIBarButtonItem", initWithTitleStyle, Arguments([.string("Edit"), .int(0), .object(m.receiver), .selector(toggle)]))
            try m.setIvar("_editButtonItem", item)
            try updateEditButton(of: m.receiver, message: m)
            return item
        }
        try c.addMethod("_toggleEditing:", types: "v@:@") { m in
            let editing = try m.send(isEditing, to: m.receiver).isTruthy
            try m.send(setEditing, to: m.receiver, Arguments(.bool(!editing), true))
            return .nil
        }
    }

    /// Titles the edit button, once made, after the controller's editing: Done
    /// (`UIBarButtonItemStyleDone`) while editing, Edit (plain) otherwise.
    static func updateEditButton(of controller: Object, message m: borrowing Message) throws {
        guard case .object(let item) = try m.runtime.ivarValue("_editButtonItem", of: controller) else { return }
        let editing = try m.send("isEditing", to: controller).isTruthy
        try m.send("setTitle:", to: item, .string(editing ? "Done" : "Edit"))
        try m.send("setStyle:", to: item, .int(editing ? 2 : 0))
    }

    /// The preferences a controller sets or a subclass overrides: layout under bars,
    /// presentation, status bar and orientation, and segues: `performSegueWithIdentifier:sender:`
    /// performs the storyboard scene's segue of that identifier, and raises as UIKit does
    /// when there is none.
    static func definePreferences(_ c: inout ClassBuilder) throws {
        try c.addProperty(Property(name: "edgesForExtendedLayout", type: .integer(code: "Q"), attributes: [.nonatomic]))
        try c.addProperty(Property(name: "modalPresentationStyle", type: .integer(code: "q"), attributes: [.nonatomic]))
        try c.addProperty(Property(name: "modalTransitionStyle", type: .integer(code: "q"), attributes: [.nonatomic]))
        try c.addProperty(Property(name: "transitioningDelegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
        for name in ["extendedLayoutIncludesOpaqueBars", "automaticallyAdjustsScrollViewInsets", "definesPresentationContext",
                     "providesPresentationContextTransitionStyle", "hidesBottomBarWhenPushed", "modalPresentationCapturesStatusBarAppearance"] {
            try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic]))
        }
        try c.addProperty(Property(name: "modalInPresentation", type: .bool, attributes: [.nonatomic], getter: "isModalInPresentation"))
        try c.addProperty(Property(name: "preferredContentSize", type: Geometry.sizeType, attributes: [.nonatomic]))
        try c.addProperty(Property(name: "restorationIdentifier", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
        try c.addProperty(Property(name: "storyboard", type: .object(className: "UIStoryboard"), attributes: [.readOnly, .strong]))
        // iOS 7's search controller, which older storyboards connect as an outlet through KVC.
        try c.addProperty(Property(name: "searchDisplayController", type: .object(className: "UISearchDisplayController"), attributes: [.readOnly, .strong]))
        // UIStatusBarStyleDefault, shown, fading; every orientation but upside down
        // (UIInterfaceOrientationMaskAllButUpsideDown) on the model's iPhone, portrait first.
        try c.addMethod("preferredStatusBarStyle", types: "q@:") { _ in .int(0) }
        try c.addMethod("prefersStatusBarHidden", types: "B@:") { _ in false }
        try c.addMethod("preferredStatusBarUpdateAnimation", types: "q@:") { _ in .int(1) }
        try c.addMethod("supportedInterfaceOrientations", types: "Q@:") { _ in .int(26) }
        try c.addMethod("shouldAutorotate", types: "B@:") { _ in true }
        try c.addMethod("preferredInterfaceOrientationForPresentation", types: "q@:") { _ in .int(1) }
        // UIKit asks the preferences above again; the model has no status bar to restyle,
        // and asks them whenever they are read.
        try c.addMethod("setNeedsStatusBarAppearanceUpdate", types: "v@:") { _ in .nil }
        try c.addMethod("shouldPerformSegueWithIdentifier:sender:", types: "B@:@@") { _ in true }
        try c.addMethod("prepareForSegue:sender:", types: "v@:@@") { _ in .nil }
        try c.addMethod("performSegueWithIdentifier:sender:", types: "v@:@@") { m in
            let identifier = try m.optionalStringArgument(0) ?? "(null)"
            if try performSegue(withIdentifier: identifier, sender: m[1], m) { return .nil }
            throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "Receiver (\(m.receiver)) has no segue with identifier '\(identifier)'")
        }
    }
}

extension ClassLibrary {
    /// What `initWithNibName:bundle:` sets on every controller: the nib's name and bundle
    /// (given), no children, and UIKit's defaults for the layout and presentation
    /// preferences: extend under every bar (`UIRectEdgeAll`), adjust scroll view insets, and
    /// present full screen, which is how the model presents (UIKit's automatic style would
    /// be a sheet). Made once per runtime, as its names remember that runtime's ivars.
    static func controllerDefaults() -> IvarDefaults {
        IvarDefaults(given: ["_nibName", "_nibBundle"], defaults: [
            "_childViewControllers": .array([]), "_edgesForExtendedLayout": .int(15),
            "_automaticallyAdjustsScrollViewInsets": true, "_modalPresentationStyle": .int(0),
        ])
    }
}
