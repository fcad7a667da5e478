import Runtime
import Testing
import UIKitModel

/// The UI engine through its public API: a screen built in Swift, driven by query.
@Suite("UI automation engine")
struct UIAutomationTests {
    /// A screen: a field "Name" (whose delegate refuses digits), a button "Go", a label
    /// "Result", a switch "Loud", a slider "Volume", a hidden panel holding a button "Secret",
    /// and a table of three rows identified "Rows". What the controls send is logged.
    private final class Screen {
        let library: ClassLibrary
        let controller: Object
        let log = Log()
        let helper: Value

        init() throws {
            library = try ClassLibrary()
            let runtime = library.runtime
            let log = self.log
            let root = try runtime.requireClass(named: "NSObject")
            let source = try runtime.registerClass(named: "MMRows", superclass: root) { c in
                try c.addMethod("tableView:numberOfRowsInSection:", types: "q@:@q") { _ in 3 }
                try c.addMethod("tableView:cellForRowAtIndexPath:", types: "@@:@@") { m in
                    let cell = try m.send("new", to: m.runtime.requireClass(named: "UITableViewCell"))
                    let row = try m.send("row", to: m[1].object).intValue ?? 0
                    try m.send("setText:", to: try m.send("textLabel", to: cell.object).object, .string("Row \(row)"))
                    return cell
                }
                try c.addMethod("tableView:didSelectRowAtIndexPath:", types: "v@:@@") { m in
                    log.append("selected \(try m.send("row", to: m[1].object))")
                    return .nil
                }
                try c.addMethod("textField:shouldChangeCharactersInRange:replacementString:", types: "B@:@{_NSRange=QQ}@") { m in
                    guard case .string(let text) = m[2], case .structure(let range) = m[1] else { return true }
                    log.append("offered \(text) at \(range["location"]?.intValue ?? -1)")
                    return .bool(!text.contains(where: \.isNumber))
                }
                try c.addMethod("textFieldShouldReturn:", types: "B@:@") { _ in
                    log.append("should return")
                    return true
                }
                try c.addMethod("textView:shouldChangeTextInRange:replacementText:", types: "B@:@{_NSRange=QQ}@") { m in
                    guard case .string(let text) = m[2] else { return true }
                    log.append("view offered \(text.debugDescription)")
                    return true
                }
                try c.addMethod("textViewDidBeginEditing:", types: "v@:@") { _ in
                    log.append("view began")
                    return .nil
                }
                try c.addMethod("textViewDidChange:", types: "v@:@") { _ in
                    log.append("view changed")
                    return .nil
                }
                try c.addMethod("changed:", types: "v@:@") { m in
                    log.append("changed \(m[0].object?.isa.name ?? "nil")")
                    return .nil
                }
            }
            // Held here: delegates and data sources are weak.
            let helper = try runtime.send("new", to: source)
            self.helper = helper
            let viewController = try runtime.requireClass(named: "UIViewController")
            let screen = try runtime.registerClass(named: "MMScreen", superclass: viewController) { c in
                try c.addMethod("viewDidLoad", types: "v@:") { m in
                    try m.sendSuper()
                    try Screen.build(in: m.runtime, view: try m.send("view", to: m.receiver).object, helper: helper)
                    return .nil
                }
            }
            controller = try #require(try runtime.send("new", to: screen).object)
            try library.showInKeyWindow(controller)
        }

        private static func build(in runtime: Runtime, view: Object?, helper: Value) throws {
            func add(_ className: String, _ label: String?, to parent: Object? = nil) throws -> Object? {
                let made = try runtime.send("new", to: try runtime.requireClass(named: className)).object
                if let label { try runtime.send("setAccessibilityLabel:", to: made, .string(label)) }
                try runtime.send("addSubview:", to: parent ?? view, .object(made!))
                return made
            }
            let changed = Value.selector(try runtime.selector("changed:"))
            let field = try add("UITextField", "Name")
            try runtime.send("setDelegate:", to: field, helper)
            try runtime.send("addTarget:action:forControlEvents:", to: field, helper, changed, .int(1 << 17))
            let notes = try add("UITextView", "Notes")
            try runtime.send("setDelegate:", to: notes, helper)
            let go = try add("UIButton", nil)
            try runtime.send("setTitle:forState:", to: go, .string("Go"), .int(0))
            try runtime.send("addTarget:action:forControlEvents:", to: go, helper, changed, .int(1 << 6))
            let result = try add("UILabel", nil)
            try runtime.send("setText:", to: result, .string("Result"))
            for (className, label) in [("UISwitch", "Loud"), ("UISlider", "Volume")] {
                let control = try add(className, label)
                try runtime.send("addTarget:action:forControlEvents:", to: control, helper, changed, .int(1 << 12))
            }
            let panel = try add("UIView", nil)
            try runtime.send("setHidden:", to: panel, true)
            _ = try add("UIButton", "Secret", to: panel)
            let table = try add("UITableView", nil)
            try runtime.send("setAccessibilityIdentifier:", to: table, .string("Rows"))
            try runtime.send("setDataSource:", to: table, helper)
            try runtime.send("setDelegate:", to: table, helper)
            try runtime.send("reloadData", to: table)
        }

        func view(_ query: ViewQuery) throws -> Object { try library.waitForView(query, timeout: 0) }
        func send(_ selector: String, to query: ViewQuery) throws -> Value { try library.runtime.send(selector, to: try view(query)) }
    }

    private func failure(_ body: () throws -> Void) -> UIAutomationError? {
        do { try body() } catch let error as UIAutomationError { return error } catch { Issue.record("unexpected \(error)") }
        return nil
    }

    @Test func uiKitsDefaultsNameViewsByWhatTheyShow() throws {
        let screen = try Screen()
        let library = screen.library
        #expect(try library.isShowing(.label("Go", traits: AccessibilityTrait.button)))
        #expect(try library.isShowing(.label("Result", traits: AccessibilityTrait.staticText)))
        #expect(try library.isShowing(.label("Loud", value: "0")))
        #expect(try library.isShowing(.label("Volume", value: "0%", traits: AccessibilityTrait.adjustable)))
        #expect(try library.isShowing(.label("Row 1")))
        #expect(try library.isShowing(.identifier("Rows")))
        #expect(try !library.isShowing(.label("Go", traits: AccessibilityTrait.staticText)))
    }

    @Test func typingGoesThroughTheDelegateOneCharacterAtATime() throws {
        let screen = try Screen()
        try screen.library.enterText("Ad", into: .label("Name"))
        #expect(screen.log.take() == ["offered A at 0", "changed UITextField", "offered d at 1", "changed UITextField"])
        #expect(try screen.send("text", to: .label("Name")) == "Ad")
        #expect(try screen.library.firstResponder() == screen.view(.label("Name")))
        // The delegate refuses digits: the text is not what was typed, and the step says so.
        let refused = failure { try screen.library.enterText("a1", into: .label("Name")) }
        #expect(refused?.reason == .textDiffers(expected: "Ada1", actual: "Ada"))
        try screen.library.enterText("x", into: .label("Name"), expected: "Adax")
        try screen.library.clearText(from: .label("Name"), thenEnter: "Grace")
        #expect(try screen.send("text", to: .label("Name")) == "Grace")
        try screen.library.clearText(from: .label("Name"))
        #expect(try screen.send("text", to: .label("Name")) == "")
        #expect(failure { try screen.library.enterText("x", into: .label("Go")) }?.reason == .wrongKind(try screen.view(.label("Go")), expected: "UITextField or UITextView"))
    }

    /// A text view takes line breaks as text, through its own delegate methods.
    @Test func typingIntoATextViewGoesThroughItsDelegate() throws {
        let screen = try Screen()
        try screen.library.enterText("a\nb", into: .label("Notes"))
        #expect(screen.log.take() == [
            "view began", "view offered \"a\"", "view changed", "view offered \"\\n\"", "view changed", "view offered \"b\"", "view changed",
        ])
        #expect(try screen.send("text", to: .label("Notes")) == "a\nb")
        #expect(try screen.library.firstResponder() == screen.view(.label("Notes")))
    }

    @Test func backspaceAndReturnArePressedAsKeysNotTyped() throws {
        let screen = try Screen()
        let runtime = screen.library.runtime
        let field = try screen.view(.label("Name"))
        try runtime.send("addTarget:action:forControlEvents:", to: field, screen.helper, .selector(try runtime.selector("changed:")), .int(1 << 19))
        try screen.library.enterText("Az\u{8}d\n", into: .label("Name"))
        #expect(screen.log.take() == [
            "offered A at 0", "changed UITextField", "offered z at 1", "changed UITextField", "offered  at 1", "changed UITextField",
            "offered d at 1", "changed UITextField", "should return", "changed UITextField",
        ])
        #expect(try runtime.send("text", to: field) == "Ad")
        // An action for the return key's event: the field gives up the keyboard.
        #expect(try screen.library.firstResponder() == nil)
        // What is expected is compared without the keys at its ends, as KIF compares it.
        try screen.library.enterText("a\n", into: .label("Name"), expected: "Ada\n")
        #expect(failure { try screen.library.enterText("\u{8}\u{8}", into: .label("Name"), expected: "\nAd") }?.reason == .textDiffers(expected: "Ad", actual: "A"))
    }

    @Test func tapsSendActionsToggleSwitchesAndSelectRows() throws {
        let screen = try Screen()
        let library = screen.library
        _ = screen.log.take()
        try library.tap(.label("Go"))
        try library.tap(.label("Loud"))
        #expect(try screen.send("isOn", to: .label("Loud")) == true)
        try library.setSwitch(.label("Loud"), on: true)
        try library.setSwitch(.label("Loud"), on: false)
        try library.setSlider(.label("Volume"), to: 0.5)
        #expect(try library.isShowing(.label("Volume", value: "50%")))
        try library.tap(.label("Row 2"))
        try library.tapRow(0, section: 0, inTable: .identifier("Rows"))
        #expect(screen.log.take() == ["changed UIButton", "changed UISwitch", "changed UISwitch", "changed UISlider", "selected 2", "selected 0"])
        #expect(failure { try library.tapRow(5, section: 0, inTable: .identifier("Rows")) }?.reason == .noSuchRow(section: 0, row: 5, rowCounts: [3]))
        #expect(failure { try library.setSwitch(.label("Go"), on: true) }?.reason == .wrongKind(try screen.view(.label("Go")), expected: "UISwitch"))
        #expect(failure { try library.setSlider(.label("Go"), to: 1) }?.reason == .wrongKind(try screen.view(.label("Go")), expected: "UISlider"))
    }

    @Test func waitsRunTheVirtualClockAndFailWithWhatWasOnScreen() throws {
        let screen = try Screen()
        let library = screen.library
        let result = try screen.view(.label("Result"))
        // Shown after 2 s: the wait ends then, on the clock, polling every 0.1 s.
        try library.runtime.send("setHidden:", to: result, true)
        library.clock.schedule(after: 2_000_000_000, kind: .block) { try library.runtime.send("setHidden:", to: result, false) }
        let start = library.clock.now
        try library.waitForView(.label("Result"))
        #expect(library.clock.now - start == 2_000_000_000)
        library.clock.schedule(after: 1_000_000_000, kind: .block) { try library.runtime.send("removeFromSuperview", to: result) }
        try library.waitForAbsence(of: .label("Result"))
        let missing = failure { try library.waitForView(.label("Farewell"), timeout: 3) }
        #expect(missing?.reason == .notFound)
        #expect(missing?.waited == 3_000_000_000)
        #expect(missing?.tree.first?.view == (try library.keyWindow()))
        #expect(missing?.labelsOnScreen.contains("Go") == true)
        let present = failure { try library.waitForAbsence(of: .label("Go"), timeout: 0.5) }
        #expect(present?.reason == .stillPresent(try screen.view(.label("Go"))))
        library.automation.defaultTimeout = 1
        #expect(failure { try library.waitForView(.label("Farewell")) }?.waited == 1_000_000_000)
        try library.waitForTimeInterval(0.25)
        #expect(library.clock.now - start == 2_000_000_000 + 1_000_000_000 + 3_000_000_000 + 500_000_000 + 1_000_000_000 + 250_000_000)
    }

    @Test func hiddenTransparentOffWindowCoveredAndUntouchableViewsAreExplained() throws {
        let screen = try Screen()
        let library = screen.library
        let runtime = library.runtime
        let secret = failure { try library.waitForView(.label("Secret"), timeout: 0) }
        guard case .notVisible(_, .hidden(let panel))? = secret?.reason else { Issue.record("\(String(describing: secret))"); return }
        guard case .array(let inside) = try runtime.send("subviews", to: panel), let button = inside.first?.object else { Issue.record("no button"); return }
        #expect(secret?.reason == .notVisible(button, .hidden(panel)))
        try runtime.send("setHidden:", to: panel, false)
        try runtime.send("setAlpha:", to: panel, .double(0))
        #expect(failure { try library.waitForView(.label("Secret"), timeout: 0) }?.reason == .notVisible(button, .transparent(panel)))
        try runtime.send("setAlpha:", to: panel, .double(1))
        // Frames count once they are set: outside the window, or under an opaque sibling.
        let window = try #require(try library.keyWindow())
        try runtime.send("setFrame:", to: window, rect(0, 0, 320, 480))
        try runtime.send("setFrame:", to: button, rect(400, 10, 50, 30))
        #expect(failure { try library.waitForView(.label("Secret"), timeout: 0) }?.reason == .notVisible(button, .outsideWindow))
        try runtime.send("setFrame:", to: button, rect(10, 10, 50, 30))
        try runtime.send("setFrame:", to: panel, rect(0, 0, 100, 100))
        let cover = try #require(try runtime.send("new", to: runtime.requireClass(named: "UIView")).object)
        try runtime.send("setFrame:", to: cover, rect(0, 0, 200, 200))
        try runtime.send("setBackgroundColor:", to: cover, try runtime.send("whiteColor", to: runtime.requireClass(named: "UIColor")))
        try runtime.send("addSubview:", to: try runtime.send("view", to: screen.controller).object, .object(cover))
        #expect(failure { try library.waitForView(.label("Secret"), timeout: 0) }?.reason == .notVisible(button, .covered(by: cover)))
        try runtime.send("removeFromSuperview", to: cover)
        try library.waitForView(.label("Secret"), tappable: true, timeout: 0)
        // Seen but not touched: a control not enabled, a view taking no touches.
        try runtime.send("setEnabled:", to: button, false)
        #expect(failure { try library.tap(.label("Secret"), timeout: 0) }?.reason == .notTappable(button, .notEnabled))
        #expect(try library.isShowing(.label("Secret")))
        try runtime.send("setUserInteractionEnabled:", to: panel, false)
        #expect(failure { try library.tap(.label("Result"), timeout: 0) }?.reason == .notTappable(try screen.view(.label("Result")), .interactionDisabled(try screen.view(.label("Result")))))
        // Value and traits that differ are told apart from a missing view.
        #expect(failure { try library.waitForView(.label("Loud", value: "1"), timeout: 0) }?.reason == .valueDiffers(actual: "0"))
        #expect(failure { try library.waitForView(.label("Go", traits: AccessibilityTrait.header), timeout: 0) }?.reason == .traitsDiffer(actual: AccessibilityTrait.button))
    }

    @Test func withoutAKeyWindowStepsFailAtOnce() throws {
        let library = try ClassLibrary()
        let error = failure { try library.tap(.label("Go")) }
        #expect(error?.reason == .noKeyWindow)
        #expect(error?.waited == 0)
        #expect(try !library.isShowing(.label("Go")))
    }

    @Test func scrollingSwipingAlertsAndNotifications() throws {
        let screen = try Screen()
        let library = screen.library
        let runtime = library.runtime
        let table = try screen.view(.identifier("Rows"))
        try runtime.send("setFrame:", to: table, rect(0, 0, 320, 60))
        try library.scroll(.identifier("Rows"), byFractionOfSizeHorizontal: 0, vertical: -0.5)
        #expect(try runtime.send("contentOffset", to: table) == point(0, 30))
        try library.scroll(.identifier("Rows"), byFractionOfSizeHorizontal: 0, vertical: -10)
        #expect(try runtime.send("contentOffset", to: table) == point(0, 132 - 60))
        #expect(failure { try library.scroll(.label("Go"), byFractionOfSizeHorizontal: 0, vertical: 1) }?.reason == .wrongKind(try screen.view(.label("Go")), expected: "UIScrollView"))
        try library.swipe(.label("Row 1"), .left)
        #expect(library.automation.swipes.map(\.direction) == [.left])

        #expect(try !library.acknowledgeAlert())
        let alertClass = try runtime.requireClass(named: "UIAlertController"), actionClass = try runtime.requireClass(named: "UIAlertAction")
        let alert = try runtime.send("alertControllerWithTitle:message:preferredStyle:", to: alertClass, .string("Allow?"), .nil, .int(1))
        let log = screen.log
        for (title, style) in [("Cancel", 1), ("OK", 0)] {
            let handler = Block(parameterCount: 1) { _ in log.append("tapped \(title)"); return .nil }
            try runtime.send("addAction:", to: alert.object, try runtime.send("actionWithTitle:style:handler:", to: actionClass, .string(title), .int(style), .block(handler)))
        }
        try runtime.send("presentViewController:animated:completion:", to: screen.controller, alert, false, .nil)
        _ = log.take()
        #expect(try library.acknowledgeAlert())
        #expect(log.take() == ["tapped OK"])

        library.clock.schedule(after: 500_000_000, kind: .block) {
            let center = try runtime.send("defaultCenter", to: runtime.requireClass(named: "NSNotificationCenter")).object
            try runtime.send("postNotificationName:object:", to: center, .string("MMDone"), .nil)
        }
        let note = try library.waitForNotification(named: "MMDone")
        #expect(try runtime.send("name", to: note) == "MMDone")
        #expect(failure { try library.waitForNotification(named: "MMNever", timeout: 1) }?.reason == .notPosted(notification: "MMNever"))
    }

    private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Value {
        .structure(StructValue(name: "CGRect", fieldNames: ["origin", "size"], fields: [point(x, y), .structure(StructValue(name: "CGSize", fieldNames: ["width", "height"], fields: [.double(width), .double(height)]))]))
    }

    private func point(_ x: Double, _ y: Double) -> Value {
        .structure(StructValue(name: "CGPoint", fieldNames: ["x", "y"], fields: [.double(x), .double(y)]))
    }
}
