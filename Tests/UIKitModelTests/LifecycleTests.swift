import Runtime
import Testing
import UIKitModel

@Suite("The view-controller lifecycle")
struct LifecycleTests {
    @Test func theViewLoadsLazilyOnce() throws {
        let stage = try Stage()
        let vc = try stage.new("MMLogged")
        #expect(try stage.runtime.send("isViewLoaded", to: vc) == false)
        let view = try stage.runtime.send("view", to: vc)
        #expect(view.object?.isa.name == "UIView")
        #expect(try stage.runtime.send("view", to: vc) == view)
        #expect(try stage.runtime.send("isViewLoaded", to: vc) == true)
        #expect(stage.log.take() == ["MMLogged viewDidLoad"])
    }

    @Test func appearingAndDisappearingSendTheCallbacksInUIKitsOrder() throws {
        let stage = try Stage()
        let vc = try stage.new("MMLogged")
        try stage.library.appear(vc, animated: true)
        #expect(stage.log.take() == [
            "MMLogged viewDidLoad", "MMLogged viewWillAppear: YES", "MMLogged viewIsAppearing: YES",
            "MMLogged viewWillLayoutSubviews", "MMLogged viewDidLayoutSubviews", "MMLogged viewDidAppear: YES",
        ])
        #expect(try stage.library.appearanceState(of: vc) == .appeared)
        try stage.library.disappear(vc)
        #expect(stage.log.take() == ["MMLogged viewWillDisappear: NO", "MMLogged viewDidDisappear: NO"])
        #expect(try stage.library.appearanceState(of: vc) == .disappeared)
    }

    @Test func eventsOutOfOrderAreReportedAsUnbalancedAndChangeNothing() throws {
        let stage = try Stage()
        let vc = try stage.new("MMLogged")
        let unbalanced = "Unbalanced calls to begin/end appearance transitions for <MMLogged: 0x1>."
        #expect(try stage.library.fire(.viewDidAppear, on: vc) == .unbalanced(unbalanced))
        #expect(try stage.library.appearanceState(of: vc) == .disappeared)
        #expect(try stage.library.fire(.viewWillAppear, on: vc, argument: true) == .delivered(.nil))
        #expect(try stage.library.fire(.viewWillAppear, on: vc) == .unbalanced(unbalanced)) // appearing twice
        #expect(try stage.library.fire(.viewIsAppearing, on: vc) == .delivered(.nil))
        #expect(try stage.library.fire(.viewDidAppear, on: vc) == .delivered(.nil))
        #expect(try stage.library.appearanceState(of: vc) == .appeared)
        #expect(try stage.library.fire(.viewDidDisappear, on: vc) == .unbalanced(unbalanced))
        #expect(stage.log.take() == ["MMLogged viewWillAppear: YES", "MMLogged viewIsAppearing: NO", "MMLogged viewDidAppear: NO"])
        #expect(stage.library.console.takeLines() == [unbalanced, unbalanced, unbalanced])
        // The same through the UIKit methods.
        try stage.runtime.send("endAppearanceTransition", to: vc)
        #expect(stage.library.console.takeLines() == [unbalanced])
        #expect(try stage.library.appearanceState(of: vc) == .appeared)
    }

    @Test func eventNamesAndErrors() throws {
        #expect(try LifecycleEvent(named: "viewWillAppear:") == .viewWillAppear)
        #expect(try LifecycleEvent(named: "viewDidLoad") == .viewDidLoad)
        #expect(throws: ClassLibraryError.self) { try LifecycleEvent(named: "viewDidExplode") }
        let stage = try Stage()
        let view = try stage.new("UIView")
        #expect(throws: ClassLibraryError.notAViewController("<UIView: 0x1>")) { try stage.library.fire(.viewDidLoad, on: view) }
    }

    @Test func pushAndPopSendBothControllersTheirCallbacks() throws {
        let stage = try Stage()
        let runtime = stage.runtime
        let first = try stage.new("MMLogged")
        let second = try stage.new("MMLogged")
        let nav = try #require(try runtime.send("alloc", to: runtime.requireClass(named: "UINavigationController")).object)
        try runtime.send("initWithRootViewController:", to: nav, .object(first))
        #expect(stage.log.take() == ["MMLogged willMoveToParentViewController: <UINavigationController: 0x3>",
                                     "MMLogged didMoveToParentViewController: <UINavigationController: 0x3>"])
        try stage.library.appear(nav)
        #expect(stage.log.take() == [
            "MMLogged viewDidLoad", "MMLogged viewWillAppear: NO", "MMLogged viewIsAppearing: NO",
            "MMLogged viewWillLayoutSubviews", "MMLogged viewDidLayoutSubviews", "MMLogged viewDidAppear: NO",
        ])
        try runtime.send("pushViewController:animated:", to: nav, .object(second), true)
        #expect(stage.log.take() == [
            "MMLogged willMoveToParentViewController: <UINavigationController: 0x3>",
            "MMLogged viewDidLoad",
            "MMLogged viewWillDisappear: YES",
            "MMLogged viewWillAppear: YES", "MMLogged viewIsAppearing: YES",
            "MMLogged viewWillLayoutSubviews", "MMLogged viewDidLayoutSubviews",
            "MMLogged viewDidDisappear: YES",
            "MMLogged viewDidAppear: YES",
            "MMLogged didMoveToParentViewController: <UINavigationController: 0x3>",
        ])
        #expect(try runtime.send("topViewController", to: nav) == .object(second))
        #expect(try runtime.send("navigationController", to: second) == .object(nav))
        #expect(try runtime.send("popViewControllerAnimated:", to: nav, false) == .object(second))
        #expect(stage.log.take() == [
            "MMLogged willMoveToParentViewController: nil",
            "MMLogged viewWillDisappear: NO",
            "MMLogged viewWillAppear: NO", "MMLogged viewIsAppearing: NO",
            "MMLogged viewWillLayoutSubviews", "MMLogged viewDidLayoutSubviews",
            "MMLogged viewDidDisappear: NO",
            "MMLogged viewDidAppear: NO",
            "MMLogged didMoveToParentViewController: nil",
        ])
        #expect(try runtime.send("navigationController", to: second) == .nil)
        #expect(try stage.library.appearanceState(of: second) == .disappeared)
        #expect(try runtime.send("popViewControllerAnimated:", to: nav, false) == .nil) // the root stays
        #expect(stage.library.console.lines.isEmpty)
    }

    @Test func presentationAndDismissalInterleaveTheTwoControllers() throws {
        let stage = try Stage()
        let runtime = stage.runtime
        try stage.defineLoggingController(named: "MMModal", superclass: "UIViewController")
        let presenter = try stage.new("MMLogged")
        let modal = try stage.new("MMModal")
        try stage.library.appear(presenter)
        _ = stage.log.take()
        let completions = Log()
        let completion = Block(parameterCount: 0) { _ in completions.append("done"); return .nil }
        try runtime.send("presentViewController:animated:completion:", to: presenter, .object(modal), true, .block(completion))
        #expect(stage.log.take() == [
            "MMModal viewDidLoad",
            "MMLogged viewWillDisappear: YES",
            "MMModal viewWillAppear: YES", "MMModal viewIsAppearing: YES",
            "MMModal viewWillLayoutSubviews", "MMModal viewDidLayoutSubviews",
            "MMLogged viewDidDisappear: YES",
            "MMModal viewDidAppear: YES",
        ])
        #expect(completions.take() == ["done"])
        #expect(try runtime.send("presentedViewController", to: presenter) == .object(modal))
        #expect(try runtime.send("presentingViewController", to: modal) == .object(presenter))
        try runtime.send("dismissViewControllerAnimated:completion:", to: modal, false, .nil)
        #expect(stage.log.take() == [
            "MMModal viewWillDisappear: NO",
            "MMLogged viewWillAppear: NO", "MMLogged viewIsAppearing: NO",
            "MMLogged viewWillLayoutSubviews", "MMLogged viewDidLayoutSubviews",
            "MMModal viewDidDisappear: NO",
            "MMLogged viewDidAppear: NO",
        ])
        #expect(try runtime.send("presentedViewController", to: presenter) == .nil)
    }

    @Test func presentingFromAControllerWhoseViewIsInNoWindowIsRefusedAsUIKitRefusesIt() throws {
        let stage = try Stage()
        let presenter = try stage.new("MMLogged")
        let modal = try stage.new("MMLogged")
        try stage.runtime.send("presentViewController:animated:completion:", to: presenter, .object(modal), false, .nil)
        #expect(stage.library.console.takeLines() == [
            "Attempt to present <MMLogged: 0x2> on <MMLogged: 0x1> whose view is not in the window hierarchy",
        ])
        #expect(try stage.runtime.send("presentedViewController", to: presenter) == .nil)
        // A view added to a window by hand is in the window hierarchy: its controller
        // presents, though it never appeared.
        let window = try stage.new("UIWindow")
        try stage.runtime.send("addSubview:", to: window, try stage.runtime.send("view", to: presenter))
        _ = stage.log.take()
        try stage.runtime.send("presentViewController:animated:completion:", to: presenter, .object(modal), false, .nil)
        #expect(stage.library.console.takeLines() == [])
        #expect(try stage.runtime.send("presentedViewController", to: presenter) == .object(modal))
        // The presented controller loads its view and appears; the presenter, never on
        // screen, has nothing to disappear.
        #expect(stage.log.take() == [
            "MMLogged viewDidLoad", "MMLogged viewWillAppear: NO", "MMLogged viewIsAppearing: NO",
            "MMLogged viewWillLayoutSubviews", "MMLogged viewDidLayoutSubviews", "MMLogged viewDidAppear: NO",
        ])
    }

    @Test func containmentSendsWillMoveOnAddAndDidMoveOnRemove() throws {
        let stage = try Stage()
        let runtime = stage.runtime
        let parent = try stage.new("UIViewController")
        let child = try stage.new("MMLogged")
        try runtime.send("addChildViewController:", to: parent, .object(child))
        try runtime.send("didMoveToParentViewController:", to: child, .object(parent))
        #expect(try runtime.send("childViewControllers", to: parent) == [.object(child)])
        #expect(try runtime.send("parentViewController", to: child) == .object(parent))
        // Children appear with their parent.
        try stage.library.appear(parent)
        try runtime.send("willMoveToParentViewController:", to: child, .nil)
        try runtime.send("removeFromParentViewController", to: child)
        #expect(stage.log.take() == [
            "MMLogged willMoveToParentViewController: <UIViewController: 0x1>",
            "MMLogged didMoveToParentViewController: <UIViewController: 0x1>",
            "MMLogged viewDidLoad", "MMLogged viewWillAppear: NO", "MMLogged viewIsAppearing: NO",
            "MMLogged viewWillLayoutSubviews", "MMLogged viewDidLayoutSubviews", "MMLogged viewDidAppear: NO",
            "MMLogged willMoveToParentViewController: nil",
            "MMLogged didMoveToParentViewController: nil",
        ])
        #expect(try runtime.send("childViewControllers", to: parent) == [])
        #expect(try runtime.send("parentViewController", to: child) == .nil)
    }

    @Test func aWindowShowsItsRootViewController() throws {
        let stage = try Stage()
        let runtime = stage.runtime
        let window = try stage.new("UIWindow")
        let root = try stage.new("MMLogged")
        try runtime.send("setRootViewController:", to: window, .object(root))
        try runtime.send("makeKeyAndVisible", to: window)
        #expect(try runtime.send("isKeyWindow", to: window) == true)
        #expect(try stage.library.appearanceState(of: root) == .appeared)
        let rootView = try runtime.send("view", to: root)
        #expect(try runtime.send("subviews", to: window) == [rootView])
        #expect(try runtime.send("superview", to: rootView.object) == .object(window))
    }
}
