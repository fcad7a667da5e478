import Runtime
import Testing
import UIKitModel

/// Stand-ins: what answers for the framework API the model lacks, and what never does.
@Suite("Stand-ins")
struct StandInTests {
    @Test func aFrameworkClassTheModelLacksIsMadeAsASubclassFittingItsName() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        #expect(try runtime.getClass(named: "WKWebView")?.superclass?.name == "UIView")
        #expect(try runtime.getClass(named: "UIVisualEffectView")?.superclass?.name == "UIView")
        #expect(try runtime.getClass(named: "MFMailComposeViewController")?.superclass?.name == "UIViewController")
        #expect(try runtime.getClass(named: "CMMotionManager")?.superclass?.name == "NSObject")
        // Only a framework's spelling makes one, and never a typo of a class there is.
        #expect(try runtime.getClass(named: "JSQMessagesViewController") == nil)
        #expect(try runtime.getClass(named: "UIVew") == nil)
        #expect(runtime.class(named: "UIVew") == nil)
        #expect(library.standIns.uses.map(\.subject) == [
            .class(name: "WKWebView", superclass: "UIView"), .class(name: "UIVisualEffectView", superclass: "UIView"),
            .class(name: "MFMailComposeViewController", superclass: "UIViewController"),
            .class(name: "CMMotionManager", superclass: "NSObject"),
        ])
        library.standIns.isEnabled = false
        #expect(try runtime.getClass(named: "SCNView") == nil)
    }

    @Test func aMessageTheFrameworkWouldAnswerGetsTheZeroItsNameSuggests() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let view = try #require(try runtime.send("new", to: runtime.requireClass(named: "UIView")).object)
        #expect(try runtime.send("setSemanticContentAttribute:", to: view, .nil) == .nil)
        #expect(try runtime.send("isFocused", to: view) == false)
        #expect(try runtime.send("gestureRecognizerCount", to: view) == 0)
        #expect(try runtime.send("cornerRadius", to: view) == .double(0))
        // An initializer returns the receiver; a class's factory, an instance of it.
        #expect(try runtime.send("initWithPreferences:", to: view, .nil).object === view)
        let webView = try #require(try runtime.getClass(named: "WKWebView"))
        #expect(try runtime.send("webViewWithStyle:", to: webView).object?.isa === webView)
        // Anything else that returns an object returns a stand-in object.
        let focus = try #require(try runtime.send("focusGuide", to: view).object)
        #expect(StandIns.isStandInObject(focus))
        #expect(try runtime.send("owningView", to: focus).object.map(StandIns.isStandInObject) == true)
        // A selector some class declares answers the zero of the declared type.
        #expect(try runtime.send("isViewLoaded", to: view) == false)
        #expect(library.standIns.uses.filter { if case .method = $0.subject { true } else { false } }.count == 9)
        #expect(library.standIns.uses.first == StandInUse(subject: .method(MethodReference(className: "UIView", selector: "setSemanticContentAttribute:")), count: 1))
        #expect(library.standIns.totalCount == 10)
    }

    @Test func whatObjcWouldRaiseForStillRaises() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let controller = try runtime.requireClass(named: "UIViewController")
        let instance = try #require(try runtime.send("new", to: controller).object)
        // A typo of a method the receiver has.
        #expect(throws: RuntimeError.self) { try runtime.send("viewDidLoadd", to: instance) }
        // A method of a subclass, not of the receiver's class.
        #expect(throws: RuntimeError.self) { try runtime.send("pushViewController:animated:", to: instance, .nil, false) }
        #expect(throws: RuntimeError.self) { try runtime.send(runtime.selector("addObject:"), toValue: .array([1]), Arguments(2), nestedAt: 0) }
        // A user class of NSObject alone is strict; a subclass of a framework class is not,
        // unless a user class implements the selector.
        let model = try runtime.registerClass(named: "MMModel", superclass: runtime.requireClass(named: "NSObject"))
        #expect(throws: RuntimeError.self) { try runtime.send("refresh", to: try runtime.send("new", to: model).object) }
        let screen = try runtime.registerClass(named: "MMScreen", superclass: controller)
        let shown = try #require(try runtime.send("new", to: screen).object)
        #expect(try runtime.send("transitionCoordinator", to: shown).object.map(StandIns.isStandInObject) == true)
        #expect(library.standIns.uses.map(\.subject) == [.method(MethodReference(className: "UIViewController", selector: "transitionCoordinator"))])
        library.standIns.noteUserSelectors(["reloadFeed"])
        #expect(throws: RuntimeError.self) { try runtime.send("reloadFeed", to: shown) }
        library.standIns.isEnabled = false
        #expect(throws: RuntimeError.self) { try runtime.send("transitionCoordinator", to: shown) }
    }

    @Test func usesAreCountedInTheOrderFirstMetAndRecentOnesAreTakenApart() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let view = try #require(try runtime.send("new", to: runtime.requireClass(named: "UIView")).object)
        for _ in 0..<3 { try runtime.send("setNeedsFocusUpdate", to: view) }
        #expect(library.standIns.takeRecentUses().map(\.count) == [3])
        #expect(library.standIns.takeRecentUses().isEmpty)
        try runtime.send("setNeedsFocusUpdate", to: view)
        #expect(library.standIns.uses.map(\.count) == [4])
        #expect(library.standIns.standInConstant(named: "NSFontAttributeName", isTypo: { false }) == "NSFontAttributeName")
        #expect(library.standIns.standInConstant(named: "UIViewAutoresizingFlexibleWidth", isTypo: { false }) == 0)
        #expect(library.standIns.standInConstant(named: "UIViewAutoresizingFlexibleWidht", isTypo: { true }) == nil)
        #expect(library.standIns.standInConstant(named: "kMyConstant", isTypo: { false }) == nil)
        library.standIns.clearUses()
        #expect(library.standIns.uses.isEmpty)
    }
}

/// What real apps taught the stand-ins.
@Suite("Stand-ins on real code")
struct StandInRegressionTests {
    /// A subclass overriding `initWithEffect:` calls super into a stand-in
    /// `UIVisualEffectView`: the send through super is answered, though the subclass has the
    /// method (found auditing ResearchKit, where it raised 78 times).
    @Test func aSuperSendIntoAStandInClassIsAnswered() throws {
        let library = try ClassLibrary()
        let runtime = library.runtime
        let effectView = try #require(try runtime.getClass(named: "UIVisualEffectView"))
        let blur = try runtime.registerClass(named: "MMBlurView", superclass: effectView) { c in
            try c.addMethod("initWithEffect:", types: "@@:@") { m in try m.sendSuper() }
        }
        library.standIns.noteUserSelectors(["initWithEffect:"])
        let allocated = try runtime.send("alloc", to: blur).object
        #expect(try runtime.send("initWithEffect:", to: allocated, .nil).object === allocated)
        // A user subclass overriding it does not make it a subclass's method: the framework
        // class answers it too, as UIKit's does.
        let plain = try runtime.send("alloc", to: effectView).object
        #expect(try runtime.send("initWithEffect:", to: plain, .nil).object === plain)
    }

    /// `systemGray3Color` is one edit from `systemGrayColor`, but a numbered family, not a typo.
    @Test func aNumberedSelectorIsNotATypo() throws {
        let library = try ClassLibrary()
        let color = try library.runtime.requireClass(named: "UIColor")
        #expect(try library.runtime.send("systemGray3Color", to: color).object?.isa === color)
    }
}
