import Runtime
import Testing
import UIKitModel

@Suite("The class library")
struct ClassLibraryTests {
    @Test func aSessionRuntimeHasEveryClassAndABareOneHasNone() throws {
        let library = try ClassLibrary()
        #expect(library.runtime.classes.map(\.name) == ClassLibrary.classNames)
        #expect(library.runtime.ledger.isEmpty)
        #expect(Runtime().classes.isEmpty)
        let hierarchy = try library.runtime.requireClass(named: "UITableViewController").lineage.map(\.name)
        #expect(hierarchy == ["UITableViewController", "UIViewController", "UIResponder", "NSObject"])
        #expect(throws: RuntimeError.duplicateClass("CAAnimation")) { try ClassLibrary(installingInto: library.runtime) }
    }

    @Test func nsObjectAnswersAboutItself() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let view = try runtime.requireClass(named: "UIView")
        let label = try runtime.requireClass(named: "UILabel")
        let object = try #require(try runtime.send("new", to: label).object)
        #expect(try runtime.send("class", to: object) == .object(label))
        #expect(try runtime.send("class", to: label) == .object(label))
        #expect(try runtime.send("superclass", to: object) == .object(view))
        #expect(try runtime.send("superclass", to: label) == .object(view))
        #expect(try runtime.send("self", to: object) == .object(object))
        #expect(try runtime.send("self", to: label) == .object(label))
        #expect(try runtime.send("description", to: object) == "<UILabel: 0x1>")
        #expect(try runtime.send("description", to: label) == "UILabel")
        #expect(try runtime.send("isKindOfClass:", to: object, .object(view)) == true)
        #expect(try runtime.send("isMemberOfClass:", to: object, .object(view)) == false)
        #expect(try runtime.send("respondsToSelector:", to: object, .selector(runtime.selector("setText:"))) == true)
        #expect(try runtime.send("respondsToSelector:", to: object, .selector(runtime.selector("viewDidLoad"))) == false)
        #expect(try runtime.send("instancesRespondToSelector:", to: label, .selector(runtime.selector("text"))) == true)
        #expect(try runtime.send("isEqual:", to: object, .object(object)) == true)
        let nsObject = try #require(runtime.protocol(named: "NSObject"))
        #expect(try runtime.send("conformsToProtocol:", to: object, .protocol(nsObject)) == true)
        #expect(try runtime.send("conformsToProtocol:", to: label, .protocol(nsObject)) == true)
        try runtime.send("performSelector:withObject:", to: object, .selector(runtime.selector("setText:")), "Hello")
        #expect(try runtime.send("performSelector:", to: object, .selector(runtime.selector("text"))) == "Hello")
        let error = #expect(throws: ClassLibraryError.self) { try runtime.send("performSelector:", to: object, 3) }
        #expect(error?.description == "-[UILabel performSelector:] expects a selector such as @selector(viewDidLoad), but got an integer")
        // Unknown selectors go through NSObject's resolution and forwarding, which decline;
        // with stand-ins off, nothing answers them.
        library.standIns.isEnabled = false
        #expect(throws: RuntimeError.self) { try runtime.send("bogus", to: object) }
    }

    @Test func viewsFormAHierarchy() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let parent = try #require(try runtime.send("new", to: runtime.requireClass(named: "UIView")).object)
        let other = try #require(try runtime.send("new", to: runtime.requireClass(named: "UIView")).object)
        let field = try #require(try runtime.send("new", to: runtime.requireClass(named: "UITextField")).object)
        #expect(try runtime.send("frame", to: parent).description == "{{0, 0}, {0, 0}}")
        try runtime.send("setAccessibilityLabel:", to: field, "Name")
        try runtime.send("setPlaceholder:", to: field, "Your name")
        try runtime.send("addSubview:", to: parent, .object(field))
        #expect(try runtime.send("subviews", to: parent) == [.object(field)])
        #expect(try runtime.send("nextResponder", to: field) == .object(parent))
        try runtime.send("addSubview:", to: other, .object(field)) // moves it
        #expect(try runtime.send("subviews", to: parent) == [])
        #expect(try runtime.send("superview", to: field) == .object(other))
        try runtime.send("removeFromSuperview", to: field)
        #expect(try runtime.send("subviews", to: other) == [] && (try runtime.send("superview", to: field)) == .nil)
        try runtime.send("setHidden:", to: field, true)
        #expect(try runtime.send("isHidden", to: field) == true)
        #expect(try runtime.send("accessibilityLabel", to: field) == "Name")
    }

    @Test func buttonsSendTheirActionsToTheirTargets() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let log = Log()
        let controller = try runtime.registerClass(named: "MMForm", superclass: runtime.requireClass(named: "UIViewController")) { c in
            try c.addMethod("submit:", types: "v@:@") { m in log.append("submit from \(m[0])"); return .nil }
            try c.addMethod("reset", types: "v@:") { _ in log.append("reset"); return .nil }
        }
        let form = try #require(try runtime.send("new", to: controller).object)
        let button = try #require(try runtime.send("new", to: runtime.requireClass(named: "UIButton")).object)
        let touchUpInside = Value.int(1 << 6)
        try runtime.send("addTarget:action:forControlEvents:", to: button, .object(form), .selector(runtime.selector("submit:")), touchUpInside)
        try runtime.send("addTarget:action:forControlEvents:", to: button, .object(form), .selector(runtime.selector("reset")), .int(1 << 12))
        try runtime.send("sendActionsForControlEvents:", to: button, touchUpInside)
        #expect(log.take() == ["submit from <UIButton: 0x2>"])
        try runtime.send("sendActionsForControlEvents:", to: button, .int((1 << 6) | (1 << 12)))
        #expect(log.take() == ["submit from <UIButton: 0x2>", "reset"])
    }

    @Test func theApplicationIsSharedAndHasADelegate() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let application = try runtime.requireClass(named: "UIApplication")
        let shared = try runtime.send("sharedApplication", to: application)
        #expect(shared.object?.isMember(of: application) == true)
        #expect(try runtime.send("sharedApplication", to: application) == shared)
        let delegateProtocol = try #require(runtime.protocol(named: "UIApplicationDelegate"))
        let delegateClass = try runtime.registerClass(named: "MMAppDelegate", superclass: runtime.requireClass(named: "NSObject")) {
            $0.adopt(delegateProtocol)
        }
        let delegate = try runtime.send("new", to: delegateClass)
        try runtime.send("setDelegate:", to: shared.object, delegate)
        #expect(try runtime.send("delegate", to: shared.object) == delegate)
        #expect(try runtime.send("conformsToProtocol:", to: delegate.object, .protocol(delegateProtocol)) == true)
        #expect(try runtime.send("keyWindow", to: shared.object) == .nil)
        // Each runtime has its own.
        let other = try ClassLibrary()
        let otherShared = try other.runtime.send("sharedApplication", to: other.runtime.requireClass(named: "UIApplication"))
        #expect(otherShared != shared)
    }

    @Test func theApplicationOpensURLsWithASchemeAndFontsHaveUIKitsSizes() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let shared = try runtime.send("sharedApplication", to: runtime.requireClass(named: "UIApplication"))
        let url = try runtime.send("URLWithString:", to: runtime.requireClass(named: "NSURL"), "fb://profile")
        let bare = try runtime.send("URLWithString:", to: runtime.requireClass(named: "NSURL"), "profile")
        #expect(try runtime.send("canOpenURL:", to: shared.object, url) == true)
        #expect(try runtime.send("openURL:", to: shared.object, bare) == false)
        #expect(try runtime.send("applicationState", to: shared.object) == 0)
        let font = try runtime.requireClass(named: "UIFont")
        #expect(try ["labelFontSize", "buttonFontSize", "smallSystemFontSize", "systemFontSize"].map { try runtime.send($0, to: font) } == [17.0, 18.0, 12.0, 14.0])
    }

    @Test func aLoadViewThatSetsNoViewIsReported() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let cls = try runtime.registerClass(named: "MMEmpty", superclass: runtime.requireClass(named: "UIViewController")) { c in
            try c.addMethod("loadView", types: "v@:") { _ in .nil }
        }
        let vc = try runtime.send("new", to: cls)
        #expect(try runtime.send("view", to: vc.object) == .nil)
        #expect(library.console.takeLines() == ["<MMEmpty: 0x1> loadView did not set a view: call [super loadView] or set self.view"])
    }

    @Test func aTableViewControllersViewIsItsTableView() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let vc = try runtime.send("new", to: runtime.requireClass(named: "UITableViewController"))
        let view = try runtime.send("view", to: vc.object)
        #expect(view.object?.isa.name == "UITableView")
        #expect(try runtime.send("tableView", to: vc.object) == view)
    }
}
