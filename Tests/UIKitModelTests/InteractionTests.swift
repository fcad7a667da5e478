import Runtime
import Testing
import UIKitModel

@Suite("UI interaction by accessibility label")
struct InteractionTests {
    /// A form controller: a field labelled Name, a button labelled Go (hidden until asked),
    /// and a label labelled Result that the button fills in.
    private func form(_ library: ClassLibrary) throws -> Object {
        let runtime = library.runtime
        let viewController = try runtime.requireClass(named: "UIViewController")
        if let existing = runtime.class(named: "MMForm") { return try #require(try runtime.send("new", to: existing).object) }
        let cls = try runtime.registerClass(named: "MMForm", superclass: viewController) { c in
            try c.addMethod("viewDidLoad", types: "v@:") { m in
                try m.sendSuper()
                let view = try m.send("view", to: m.receiver).object
                for (className, label) in [("UITextField", "Name"), ("UIButton", "Go"), ("UILabel", "Result")] {
                    let made = try m.send("new", to: m.runtime.requireClass(named: className))
                    try m.send("setAccessibilityLabel:", to: made.object, .string(label))
                    try m.send("addSubview:", to: view, made)
                    if label == "Go" { try m.send("addTarget:action:forControlEvents:", to: made.object, .object(m.receiver), .selector(m.runtime.selector("go:")), .int(64)) }
                }
                return .nil
            }
            try c.addMethod("go:", types: "v@:@") { m in
                let subviews = try m.send("subviews", to: try m.send("view", to: m.receiver).object)
                guard case .array(let views) = subviews else { return .nil }
                let name = try m.send("text", to: views[0].object)
                try m.send("setText:", to: views[2].object, .string("got \(name)"))
                return .nil
            }
        }
        return try #require(try runtime.send("new", to: cls).object)
    }

    @Test func theDelegateIsChosenByNameWithATestingFallback() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let root = try runtime.requireClass(named: "NSObject")
        try runtime.registerClass(named: "MMAppDelegate", superclass: root)
        let app = try library.launchApplication(delegate: "MMAppDelegate", testingDelegate: "MMTestingAppDelegate")
        #expect(try runtime.send("delegate", to: app).object?.isa.name == "MMAppDelegate")
        let log = Log()
        try runtime.registerClass(named: "MMTestingAppDelegate", superclass: root) { c in
            try c.addMethod("application:didFinishLaunchingWithOptions:", types: "B@:@@") { m in
                log.append("launched with \(m[0])")
                return true
            }
        }
        let again = try library.launchApplication(delegate: "MMAppDelegate", testingDelegate: "MMTestingAppDelegate")
        #expect(again == app)
        #expect(try runtime.send("delegate", to: app).object?.isa.name == "MMTestingAppDelegate")
        #expect(log.take() == ["launched with \(app)"])
        #expect(throws: ClassLibraryError.self) { try library.launchApplication(delegate: "MMMissing") }
    }

    @Test func aKeyWindowPerTestAndViewsFoundByLabel() throws {
        let library = try ClassLibrary()
        #expect(throws: UIAutomationError.self) { try library.tap(.label("Go")) }
        let first = try form(library)
        let window = try library.showInKeyWindow(first)
        #expect(try library.keyWindow() == window)
        #expect(try library.appearanceState(of: first) == .appeared)
        try library.enterText("Ada", into: .label("Name"))
        try library.tap(.label("Go"))
        #expect(try library.runtime.send("text", to: try library.waitForView(.label("Result"))) == "got \"Ada\"")
        let tree = try library.viewTree(of: try #require(try library.runtime.send("view", to: first).object))
        #expect(tree.map { "\($0.depth) \($0.view) \($0.accessibilityLabel ?? "-") \($0.text ?? "-") \($0.isHidden)" } == [
            "0 <UIView: 0x4> - - false",
            "1 <UITextField: 0x5> Name Ada false",
            "1 <UIButton: 0x6> Go - false",
            "1 <UILabel: 0x7> Result got \"Ada\" false",
        ], "\(tree)")
        // A new window replaces the old one, whose controller disappears.
        let second = try form(library)
        let replacement = try library.showInKeyWindow(second)
        #expect(replacement != window)
        #expect(try library.keyWindow() == replacement)
        #expect(try library.appearanceState(of: first) == .disappeared)
        #expect(try library.runtime.send("text", to: try library.waitForView(.label("Name"))) == .nil)
    }

    /// A subclass of `superclass` whose `getter` answers a new instance of it every time, as
    /// a stand-in's does; every one made is kept, so no address is ever reused.
    private func endlessClass(
        _ name: String, of superclass: String, answering getter: String, in runtime: Runtime, kept: Keeper
    ) throws -> Class {
        try runtime.registerClass(named: name, superclass: runtime.requireClass(named: superclass)) { c in
            try c.addMethod(getter, types: "@@:") { message in
                let next = try message.send("new", to: message.receiver.isa)
                kept.keep(next)
                return next
            }
        }
    }

    /// A getter that answers a new controller every time (as a stand-in's does) never
    /// answers one met before: the walk must end all the same, without relying on a freed
    /// controller's address coming back (which it never does under AddressSanitizer).
    @Test(.timeLimit(.minutes(1))) func theWalkToTheVisibleControllerEndsWhenEveryAnswerIsNew() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let kept = Keeper()
        let endless = try endlessClass("MMEndlessPresenter", of: "UIViewController", answering: "presentedViewController", in: runtime, kept: kept)
        let root = try runtime.createInstance(of: endless)
        let visible = try library.visibleController(from: root)
        #expect(visible.isKind(of: endless) && visible !== root)
        #expect(kept.count <= 100, "\(kept.count) controllers made")
    }

    /// The same for a view's superviews: asking a view for its window walks them.
    @Test(.timeLimit(.minutes(1))) func theWalkUpSuperviewsEndsWhenEveryAnswerIsNew() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let kept = Keeper()
        let endless = try endlessClass("MMEndlessSuperview", of: "UIView", answering: "superview", in: runtime, kept: kept)
        let view = try #require(try runtime.send("new", to: endless).object)
        #expect(try runtime.send("window", to: view) == .nil)
        #expect(kept.count <= 10_000, "\(kept.count) views made")
    }

    @Test func theVisibleControllerFollowsNavigationAndPresentation() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let controller = try form(library)
        let nav = try #require(try runtime.send("alloc", to: runtime.requireClass(named: "UINavigationController")).object)
        try runtime.send("initWithRootViewController:", to: nav, .object(controller))
        try library.showInKeyWindow(nav)
        #expect(try library.visibleController(from: nav) == controller)
        try library.enterText("Grace", into: .label("Name"))
        let modal = try #require(try runtime.send("new", to: runtime.requireClass(named: "UIViewController")).object)
        try runtime.send("presentViewController:animated:completion:", to: controller, .object(modal), false, .nil)
        #expect(try library.visibleController(from: nav) == modal)
        #expect(try !library.isShowing(.label("Name")))
    }
}
