import Runtime
import Testing
import UIKitModel

@Suite("View controller API")
struct ControllerAPITests {
    @Test func initCallsTheDesignatedInitializer() throws {
        let stage = try Stage()
        let runtime = stage.runtime
        let log = stage.log
        let cls = try runtime.registerClass(named: "MMNibbed", superclass: runtime.requireClass(named: "UIViewController")) { c in
            try c.addMethod("initWithNibName:bundle:", types: "@@:@@") { m in
                log.append("initWithNibName \(m[0]) \(m[1])")
                return try m.sendSuper()
            }
        }
        let controller = try #require(try runtime.send("new", to: cls).object)
        #expect(log.take() == ["initWithNibName nil nil"])
        #expect(try runtime.send("nibName", to: controller) == .nil)
        #expect(try runtime.send("childViewControllers", to: controller) == [])
        let named = try runtime.send("initWithNibName:bundle:", to: try runtime.send("alloc", to: cls).object, "Main", .nil)
        #expect(try runtime.send("nibName", to: named.object) == "Main")
        #expect(try runtime.send("storyboard", to: controller) == .nil)
        #expect(try runtime.send("supportedInterfaceOrientations", to: controller) == 26)
        #expect(try runtime.send("edgesForExtendedLayout", to: controller) == 15)
        #expect(try runtime.send("automaticallyAdjustsScrollViewInsets", to: controller) == true)
        let error = #expect(throws: ClassLibraryError.self) { try runtime.send("performSegueWithIdentifier:sender:", to: controller, "show", .nil) }
        #expect(error?.description.contains("has no segue with identifier 'show'") == true)
    }

    @Test func theNavigationItemAndEditButtonFollowTheController() throws {
        let stage = try Stage()
        let runtime = stage.runtime
        let controller = try stage.new("MMLogged")
        try runtime.send("setTitle:", to: controller, "Inbox")
        let item = try #require(try runtime.send("navigationItem", to: controller).object)
        #expect(try runtime.send("navigationItem", to: controller) == .object(item))
        #expect(try runtime.send("title", to: item) == "Inbox")
        try runtime.send("setTitle:", to: controller, "Mail")
        #expect(try runtime.send("title", to: item) == "Mail")
        #expect(try runtime.send("title", to: try runtime.send("tabBarItem", to: controller).object) == "Mail")

        let edit = try #require(try runtime.send("editButtonItem", to: controller).object)
        #expect(try runtime.send("title", to: edit) == "Edit")
        #expect(try runtime.send("target", to: edit) == .object(controller))
        try runtime.send("setRightBarButtonItem:", to: item, .object(edit))
        #expect(try runtime.send("rightBarButtonItems", to: item) == [.object(edit)])
        // Tapping it sends its action to its target: editing toggles, and the title follows.
        guard case .selector(let action) = try runtime.send("action", to: edit) else { Issue.record("no action"); return }
        try runtime.send(action, to: controller, Arguments(.object(edit)))
        #expect(try runtime.send("isEditing", to: controller) == true)
        #expect(try runtime.send("title", to: edit) == "Done")
        #expect(try runtime.send("style", to: edit) == 2)
        try runtime.send("setEditing:animated:", to: controller, false, false)
        #expect(try runtime.send("title", to: edit) == "Edit")
    }

    @Test func barButtonItemsHoldWhatTheyWereMadeWith() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let target = try #require(try runtime.send("new", to: runtime.requireClass(named: "NSObject")).object)
        let cls = try runtime.requireClass(named: "UIBarButtonItem")
        let save = try runtime.send("initWithTitle:style:target:action:", to: try runtime.send("alloc", to: cls).object, "Save", 2, .object(target), .selector(runtime.selector("save:")))
        #expect(try runtime.send("title", to: save.object) == "Save")
        #expect(try runtime.send("action", to: save.object) == .selector(try runtime.selector("save:")))
        #expect(try runtime.send("isEnabled", to: save.object) == true)
        let add = try runtime.send("initWithBarButtonSystemItem:target:action:", to: try runtime.send("alloc", to: cls).object, 4, .nil, .nil)
        #expect(try runtime.send("systemItem", to: add.object) == 4)
        let view = try runtime.send("new", to: runtime.requireClass(named: "UIView"))
        let custom = try runtime.send("initWithCustomView:", to: try runtime.send("alloc", to: cls).object, view)
        #expect(try runtime.send("customView", to: custom.object) == view)
        let tab = try runtime.send("initWithTitle:image:tag:", to: try runtime.send("alloc", to: runtime.requireClass(named: "UITabBarItem")).object, "Home", .nil, 3)
        try runtime.send("setBadgeValue:", to: tab.object, "2")
        #expect(try runtime.send("tag", to: tab.object) == 3 && (try runtime.send("badgeValue", to: tab.object)) == "2")
    }

    @Test func aTabBarControllerForwardsAppearanceToTheSelectedTabOnly() throws {
        let stage = try Stage()
        let runtime = stage.runtime
        let (first, second) = (try stage.new("MMLogged"), try stage.new("MMLogged"))
        let tabs = try stage.new("UITabBarController")
        try runtime.send("setViewControllers:", to: tabs, [.object(first), .object(second)])
        #expect(try runtime.send("selectedIndex", to: tabs) == 0)
        #expect(try runtime.send("selectedViewController", to: tabs) == .object(first))
        #expect(try runtime.send("tabBarController", to: second) == .object(tabs))
        _ = stage.log.take()
        try stage.library.showInKeyWindow(tabs)
        let shown = stage.log.take()
        #expect(shown.contains("MMLogged viewDidAppear: NO"))
        #expect(try stage.library.appearanceState(of: first) == .appeared)
        #expect(try stage.library.appearanceState(of: second) == .disappeared)
        try runtime.send("setSelectedIndex:", to: tabs, 1)
        #expect(try stage.library.appearanceState(of: first) == .disappeared)
        #expect(try stage.library.appearanceState(of: second) == .appeared)
        #expect(throws: ClassLibraryError.self) { try runtime.send("setSelectedIndex:", to: tabs, 5) }
        let items = try runtime.send("items", to: try runtime.send("tabBar", to: tabs).object)
        #expect(items.description.contains("UITabBarItem"))
    }

    @Test func navigationStacksPopAndReplace() throws {
        let stage = try Stage()
        let runtime = stage.runtime
        let (root, middle, top) = (try stage.new("MMLogged"), try stage.new("MMLogged"), try stage.new("MMLogged"))
        let nav = try #require(try runtime.send("initWithRootViewController:", to: try runtime.send("alloc", to: runtime.requireClass(named: "UINavigationController")).object, .object(root)).object)
        try stage.library.showInKeyWindow(nav)
        try runtime.send("pushViewController:animated:", to: nav, .object(middle), false)
        try runtime.send("pushViewController:animated:", to: nav, .object(top), false)
        #expect(try runtime.send("visibleViewController", to: nav) == .object(top))
        let popped = try runtime.send("popToRootViewControllerAnimated:", to: nav, false)
        #expect(popped == [.object(middle), .object(top)])
        #expect(try stage.library.appearanceState(of: root) == .appeared)
        #expect(try stage.library.appearanceState(of: top) == .disappeared)
        try runtime.send("setViewControllers:animated:", to: nav, [.object(middle), .object(top)], false)
        #expect(try runtime.send("viewControllers", to: nav) == [.object(middle), .object(top)])
        #expect(try stage.library.appearanceState(of: top) == .appeared)
        #expect(try stage.library.appearanceState(of: root) == .disappeared)
        #expect(try runtime.send("parentViewController", to: root) == .nil)
        #expect(throws: ClassLibraryError.self) { try runtime.send("popToViewController:animated:", to: nav, .object(root), false) }
        let bar = try #require(try runtime.send("navigationBar", to: nav).object)
        try runtime.send("setNavigationBarHidden:animated:", to: nav, true, false)
        #expect(try runtime.send("isHidden", to: bar) == true && (try runtime.send("isNavigationBarHidden", to: nav)) == true)
    }

    @Test func alertsHoldTheirActionsAndTextFields() throws {
        let stage = try Stage()
        let runtime = stage.runtime
        let log = stage.log
        let alertClass = try runtime.requireClass(named: "UIAlertController")
        let alert = try #require(try runtime.send("alertControllerWithTitle:message:preferredStyle:", to: alertClass, "Delete?", "Gone for good", 1).object)
        #expect(try runtime.send("title", to: alert) == "Delete?")
        #expect(try runtime.send("message", to: alert) == "Gone for good")
        #expect(try runtime.send("preferredStyle", to: alert) == 1)
        let handler = Block(parameterCount: 1) { arguments in
            log.append("handled \(arguments[0])")
            return .nil
        }
        let actionClass = try runtime.requireClass(named: "UIAlertAction")
        let delete = try runtime.send("actionWithTitle:style:handler:", to: actionClass, "Delete", 2, .block(handler))
        let cancel = try runtime.send("actionWithTitle:style:handler:", to: actionClass, "Cancel", 1, .nil)
        try runtime.send("addAction:", to: alert, delete)
        try runtime.send("addAction:", to: alert, cancel)
        #expect(try runtime.send("actions", to: alert) == [delete, cancel])
        #expect(throws: ClassLibraryError.self) {
            try runtime.send("addAction:", to: alert, try runtime.send("actionWithTitle:style:handler:", to: actionClass, "No", 1, .nil))
        }
        guard case .block(let kept) = try runtime.send("handler", to: delete.object) else { Issue.record("no handler"); return }
        _ = try kept.call(Arguments(delete))
        #expect(log.take() == ["handled \(delete)"])
        let configure = Block(parameterCount: 1) { arguments in
            try runtime.send("setPlaceholder:", to: arguments[0].object, "Reason")
            return .nil
        }
        try runtime.send("addTextFieldWithConfigurationHandler:", to: alert, .block(configure))
        let fields = try runtime.send("textFields", to: alert)
        guard case .array(let made) = fields, made.count == 1 else { Issue.record("no text field"); return }
        #expect(try runtime.send("placeholder", to: made[0].object) == "Reason")
        // Presented with the presentation every controller has.
        let presenter = try stage.new("MMLogged")
        try stage.library.showInKeyWindow(presenter)
        try runtime.send("presentViewController:animated:completion:", to: presenter, .object(alert), true, .nil)
        #expect(try runtime.send("presentedViewController", to: presenter) == .object(alert))
        let sheet = try runtime.send("alertControllerWithTitle:message:preferredStyle:", to: alertClass, .nil, .nil, 0)
        #expect(throws: ClassLibraryError.self) { try runtime.send("addTextFieldWithConfigurationHandler:", to: sheet.object, .nil) }
    }

    @Test func splitViewControllersHoldPrimaryAndDetail() throws {
        let stage = try Stage()
        let runtime = stage.runtime
        let (primary, detail, other) = (try stage.new("MMLogged"), try stage.new("MMLogged"), try stage.new("MMLogged"))
        let split = try stage.new("UISplitViewController")
        try runtime.send("setViewControllers:", to: split, [.object(primary), .object(detail)])
        #expect(try runtime.send("splitViewController", to: detail) == .object(split))
        try stage.library.showInKeyWindow(split)
        #expect(try stage.library.appearanceState(of: detail) == .appeared)
        try runtime.send("showDetailViewController:sender:", to: split, .object(other), .nil)
        #expect(try runtime.send("viewControllers", to: split) == [.object(primary), .object(other)])
        #expect(try stage.library.appearanceState(of: detail) == .disappeared)
        #expect(try stage.library.appearanceState(of: other) == .appeared)
    }
}
