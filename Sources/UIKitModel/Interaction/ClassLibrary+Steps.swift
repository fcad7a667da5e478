import Runtime
import Synchronization

/// The steps of a UI test, each through the same API a finger would reach: taps send a
/// control's actions or select a table's row through its delegate, typing goes one
/// character at a time through the text field's delegate, switches and sliders send
/// value-changed. Each waits for its view first (``waitForView(_:tappable:timeout:)``).
extension ClassLibrary {
    /// Taps the view matching `query` once it can be touched: a cell (or a view in one that
    /// is no control) selects its row through the table's delegate, a switch toggles, a
    /// text field becomes first responder, a control sends its touch-up-inside actions.
    public func tap(_ query: ViewQuery, timeout: Double? = nil) throws {
        try touch(try waitForView(query, tappable: true, timeout: timeout))
    }

    /// What a touch does to `view`: its gesture recognizers, and those of the views it is
    /// inside, have it first (``recognizeTap(on:)``); unless one cancels it, the view's own
    /// handling follows.
    func touch(_ view: Object) throws {
        try hideEditMenu(touching: view)
        if try recognizeTap(on: view) { return }
        try touchWithoutRecognizers(view)
    }

    /// The view's own handling of a touch, once no recognizer has cancelled it.
    func touchWithoutRecognizers(_ view: Object) throws {
        if try touchOnMap(view) { return }
        if !isKind(view, of: "UIControl"), let (table, cell) = try tableAndCell(around: view),
           case .object(let path) = try runtime.send("indexPathForCell:", to: table, .object(cell)) {
            try selectRow(at: path, in: table)
        } else if isKind(view, of: "UISwitch") {
            try runtime.send("setOn:", to: view, .bool(try !runtime.send("isOn", to: view).isTruthy))
            try runtime.send("sendActionsForControlEvents:", to: view, .int(Self.valueChanged))
        } else if isKind(view, of: "UITextField") {
            try runtime.send("becomeFirstResponder", to: view)
        } else if isKind(view, of: "UIControl") {
            try runtime.send("sendActionsForControlEvents:", to: view, .int(Self.touchUpInside))
        }
    }

    /// A touch MapKit handles: on an annotation's view, which selects the annotation; on a
    /// callout accessory control of a selected one, which the map's delegate hears (and the
    /// control's own targets after). False for any other view.
    private func touchOnMap(_ view: Object) throws -> Bool {
        if isKind(view, of: "MKAnnotationView"), let map = try runtime.send("superview", to: view).object, isKind(map, of: "MKMapView") {
            try runtime.send("selectAnnotation:animated:", to: map, try runtime.ivarValue("_annotation", of: view), .bool(true))
            return true
        }
        guard isKind(view, of: "UIControl"), let pin = try runtime.send("superview", to: view).object, isKind(pin, of: "MKAnnotationView"),
              let map = try runtime.send("superview", to: pin).object, isKind(map, of: "MKMapView") else { return false }
        let tapped = try runtime.selector("mapView:annotationView:calloutAccessoryControlTapped:")
        if case .object(let delegate) = try runtime.ivarValue("_delegate", of: map), runtime.instancesRespond(delegate.isa, to: tapped) {
            try runtime.send(tapped, to: delegate, Arguments([.object(map), .object(pin), .object(view)]))
        }
        try runtime.send("sendActionsForControlEvents:", to: view, .int(Self.touchUpInside))
        return true
    }

    /// The table and the cell `view` is, or is inside.
    private func tableAndCell(around view: Object) throws -> (table: Object, cell: Object)? {
        var current: Object? = view
        var cell: Object?
        var met = MetObjects()
        while let candidate = current, met.insert(candidate) {
            if cell == nil, isKind(candidate, of: "UITableViewCell") { cell = candidate }
            if let cell, isKind(candidate, of: "UITableView") { return (candidate, cell) }
            current = try runtime.send("superview", to: candidate).object
        }
        return nil
    }

    /// Selects a row as a touch does: the delegate may redirect or refuse it
    /// (`tableView:willSelectRowAtIndexPath:`), the row is selected, and the delegate hears
    /// `tableView:didSelectRowAtIndexPath:`.
    func selectRow(at path: Object, in table: Object) throws {
        let delegate = try runtime.send("delegate", to: table).object
        var chosen = Value.object(path)
        if try responds(delegate, to: "tableView:willSelectRowAtIndexPath:") {
            chosen = try runtime.send("tableView:willSelectRowAtIndexPath:", to: delegate, .object(table), chosen)
            guard chosen != .nil else { return }
        }
        try runtime.send("selectRowAtIndexPath:animated:scrollPosition:", to: table, chosen, false, .int(0))
        if try responds(delegate, to: "tableView:didSelectRowAtIndexPath:") {
            try runtime.send("tableView:didSelectRowAtIndexPath:", to: delegate, .object(table), chosen)
        }
        // A storyboard cell's segue runs after the delegate has heard of the selection.
        if case .object(let cell) = try runtime.send("cellForRowAtIndexPath:", to: table, chosen),
           case .object(let template) = try runtime.ivarValue("_segueTemplate", of: cell) {
            try runtime.send("_perform:", to: template, .object(cell))
        }
    }

    /// Whether `object` answers `selector`, asked with `respondsToSelector:` as UIKit asks a delegate.
    func responds(_ object: Object?, to selector: String) throws -> Bool {
        try Self.responds(object, to: selector, in: runtime)
    }

    /// Whether `object` answers `respondsToSelector:` with YES for `selector`.
    static func responds(_ object: Object?, to selector: String, in runtime: Runtime) throws -> Bool {
        guard let object else { return false }
        return try runtime.send("respondsToSelector:", to: object, .selector(runtime.selector(selector))).isTruthy
    }

    /// Sends `selector` to a delegate when it answers it (an optional protocol method); nil
    /// when there is none or it does not.
    static func tell(_ delegate: Object?, _ selector: String, _ arguments: [Value], in runtime: Runtime) throws -> Value? {
        guard try responds(delegate, to: selector, in: runtime) else { return nil }
        return try runtime.send(try runtime.selector(selector), to: delegate, Arguments(arguments))
    }

    // MARK: Text

    /// Types `text` after the text already in the view matching `query`, as a keyboard
    /// does: the view becomes first responder, then each character is offered to the
    /// delegate (`textField:shouldChangeCharactersInRange:replacementString:`) and, if it
    /// agrees, added, with `UIControlEventEditingChanged` sent and
    /// `UITextFieldTextDidChangeNotification` posted. As with KIF's typist, `"\b"` is the
    /// delete key and `"\n"` (or `"\r"`) the return key (``pressReturn(in:)``). Then the
    /// text must be `expected` (by default what was there followed by `text`), both compared
    /// without the line breaks and deletions at their ends, as KIF compares them.
    public func enterText(_ text: String, into query: ViewQuery, expected: String? = nil, timeout: Double? = nil) throws {
        let view = try textView(query, timeout: timeout)
        // Selected text (the edit menu's Select All) goes with the first key.
        var replacingSelection = (try? runtime.ivarValue("_selectsAll", of: view))?.isTruthy ?? false
        let before = replacingSelection ? "" : try currentText(of: view)
        let isMultiline = isKind(view, of: "UITextView")
        for character in text {
            let now = try currentText(of: view)
            if replacingSelection, character == "\u{8}" || !character.isNewline || isMultiline {
                replacingSelection = false
                let replacement = character == "\u{8}" ? "" : String(character)
                try Self.changeText(of: view, range: (0, now.utf16.count), to: replacement, giving: replacement, in: runtime)
                continue
            }
            switch character {
            case "\u{8}":
                guard let last = now.last else { continue }
                let shorter = String(now.dropLast())
                try Self.changeText(of: view, range: (shorter.utf16.count, String(last).utf16.count), to: "", giving: shorter, in: runtime)
            case _ where character.isNewline && !isMultiline:
                try pressReturn(in: view)
            default:
                try Self.changeText(of: view, range: (now.utf16.count, 0), to: String(character), giving: now + String(character), in: runtime)
            }
        }
        try check(view, holds: expected ?? Self.typed(text, after: before, isMultiline: isMultiline), query, trimmingKeys: true)
    }

    /// What typing `text` after `before` leaves when no delegate interferes: each `"\b"`
    /// takes the character before it; line breaks add nothing to a single-line field and
    /// themselves to a text view.
    static func typed(_ text: String, after before: String, isMultiline: Bool = false) -> String {
        var result = before
        for character in text {
            if character == "\u{8}" { _ = result.popLast() } else if isMultiline || !character.isNewline { result.append(character) }
        }
        return result
    }

    /// The return key in a text field: the delegate may refuse it (`textFieldShouldReturn:`);
    /// otherwise the field sends `UIControlEventEditingDidEndOnExit`, and one with an action
    /// for that event gives up first responder, as UIKit's does. A single-line field takes no
    /// line break.
    func pressReturn(in view: Object) throws {
        let delegate = try runtime.send("delegate", to: view).object
        if try responds(delegate, to: "textFieldShouldReturn:"),
           try !runtime.send("textFieldShouldReturn:", to: delegate, .object(view)).isTruthy { return }
        guard isKind(view, of: "UIControl") else { return }
        let registered = try runtime.send("allTargetActions", to: view).arrayElements.contains { entry in
            guard case .array(let registration) = entry, registration.count == 3 else { return false }
            return (registration[2].intValue ?? 0) & Self.editingDidEndOnExit != 0
        }
        try runtime.send("sendActionsForControlEvents:", to: view, .int(Self.editingDidEndOnExit))
        if registered { try runtime.send("resignFirstResponder", to: view) }
    }

    /// Deletes the text of the view matching `query` one character at a time from the
    /// end, each deletion through the delegate as a keyboard's delete key does; then the
    /// view must be empty.
    public func clearText(from query: ViewQuery, timeout: Double? = nil) throws {
        let view = try textView(query, timeout: timeout)
        var remaining = try currentText(of: view)
        while let last = remaining.last {
            let shorter = String(remaining.dropLast())
            try Self.changeText(of: view, range: (shorter.utf16.count, String(last).utf16.count), to: "", giving: shorter, in: runtime)
            let now = try currentText(of: view)
            // A delegate that refuses the deletion ends the clearing.
            if now == remaining { break }
            remaining = now
        }
        try check(view, holds: "", query)
    }

    /// Clears the view matching `query`, then types `text` into it.
    public func clearText(from query: ViewQuery, thenEnter text: String, expected: String? = nil, timeout: Double? = nil) throws {
        try clearText(from: query, timeout: timeout)
        try enterText(text, into: query, expected: expected ?? text, timeout: timeout)
    }

    /// The view matching `query`, which must take text; it becomes first responder.
    private func textView(_ query: ViewQuery, timeout: Double?) throws -> Object {
        let view = try waitForView(query, tappable: true, timeout: timeout)
        guard runtime.instancesRespond(view.isa, to: try runtime.selector("setText:")), runtime.instancesRespond(view.isa, to: try runtime.selector("text")) else {
            throw try failure(query, .wrongKind(view, expected: "UITextField or UITextView"))
        }
        try runtime.send("becomeFirstResponder", to: view)
        return view
    }

    private func currentText(of view: Object) throws -> String {
        if case .string(let text) = try runtime.send("text", to: view) { return text }
        return ""
    }


    private func check(_ view: Object, holds expected: String, _ query: ViewQuery, trimmingKeys: Bool = false) throws {
        func trimmed(_ text: String) -> String {
            guard trimmingKeys else { return text }
            let keys: (Character) -> Bool = { $0 == "\u{8}" || $0.isNewline }
            return String(text.drop(while: keys).reversed().drop(while: keys).reversed())
        }
        let actual = trimmed(try currentText(of: view)), wanted = trimmed(expected)
        guard actual == wanted else { throw try failure(query, .textDiffers(expected: wanted, actual: actual)) }
    }

    /// Waits until the first responder is a view matching `query`.
    @discardableResult
    public func waitForFirstResponder(_ query: ViewQuery, timeout: Double? = nil) throws -> Object {
        try waitUntil(query, timeout: timeout) {
            let first = try firstResponder()
            if case .found(let view) = try look(for: query), view === first { return .done(view) }
            return .notYet(.firstResponderDiffers(actual: first))
        }
    }

    /// The view on screen that is first responder, if any.
    public func firstResponder() throws -> Object? {
        guard let root = try screenRoot() else { return nil }
        return try subtree(of: root).first { try runtime.send("isFirstResponder", to: $0).isTruthy }
    }

    // MARK: Controls

    /// Turns the switch matching `query` on or off; one that changes sends value-changed.
    public func setSwitch(_ query: ViewQuery, on: Bool, timeout: Double? = nil) throws {
        let view = try waitForView(query, tappable: true, timeout: timeout)
        guard isKind(view, of: "UISwitch") else { throw try failure(query, .wrongKind(view, expected: "UISwitch")) }
        guard try runtime.send("isOn", to: view).isTruthy != on else { return }
        try runtime.send("setOn:", to: view, .bool(on))
        try runtime.send("sendActionsForControlEvents:", to: view, .int(Self.valueChanged))
    }

    /// Moves the slider matching `query` to `value`; one that changes sends value-changed.
    public func setSlider(_ query: ViewQuery, to value: Double, timeout: Double? = nil) throws {
        let view = try waitForView(query, tappable: true, timeout: timeout)
        guard isKind(view, of: "UISlider") else { throw try failure(query, .wrongKind(view, expected: "UISlider")) }
        let before = try runtime.send("value", to: view)
        try runtime.send("setValue:", to: view, .double(value))
        if try runtime.send("value", to: view) != before {
            try runtime.send("sendActionsForControlEvents:", to: view, .int(Self.valueChanged))
        }
    }

    // MARK: Tables, scrolling and swipes

    /// Taps the row at `row` of `section` in the table matching `query` (KIF finds it by
    /// accessibility identifier): the row is scrolled into view, and selected through the
    /// table's delegate.
    public func tapRow(_ row: Int, section: Int, inTable query: ViewQuery, timeout: Double? = nil) throws {
        let table = try waitForView(query, timeout: timeout)
        let path = try position(row, section, in: table, .table, query)
        try runtime.send("scrollToRowAtIndexPath:atScrollPosition:animated:", to: table, .object(path), .int(0), false)
        try selectRow(at: path, in: table)
    }

    /// Drags the scroll view matching `query` (or the scroll view it is inside) by fractions
    /// of its size, as a finger does: a positive fraction moves the content right or down,
    /// so the offset goes the other way. The offset stays within the content; a change
    /// tells the delegate `scrollViewDidScroll:`.
    public func scroll(_ query: ViewQuery, byFractionOfSizeHorizontal horizontal: Double, vertical: Double, timeout: Double? = nil) throws {
        let view = try waitForView(query, timeout: timeout)
        var current: Object? = view
        while let candidate = current, !isKind(candidate, of: "UIScrollView") { current = try runtime.send("superview", to: candidate).object }
        guard let scrollView = current else { throw try failure(query, .wrongKind(view, expected: "UIScrollView")) }
        let bounds = Geometry.rectNumbers(of: try runtime.send("bounds", to: scrollView)) ?? (0, 0, 0, 0)
        let content = Geometry.numbers(of: try runtime.send("contentSize", to: scrollView), count: 2) ?? [0, 0]
        func clamped(_ offset: Double, content: Double, visible: Double) -> Double { min(max(offset, 0), max(0, content - visible)) }
        let x = clamped(bounds.x - horizontal * bounds.width, content: content[0], visible: bounds.width)
        let y = clamped(bounds.y - vertical * bounds.height, content: content[1], visible: bounds.height)
        try runtime.send("setContentOffset:", to: scrollView, Geometry.point(x, y))
    }

    /// Pulls the scroll view matching `query` (or the one it is inside) down past its
    /// refresh control, as a finger does: the control begins refreshing and sends its
    /// value-changed actions. A scroll view without a refresh control fails the step.
    public func pullToRefresh(_ query: ViewQuery, timeout: Double? = nil) throws {
        try pullToRefresh(view: try waitForView(query, timeout: timeout), query)
    }

    /// Pulls `view` (or the scroll view it is inside) down to refresh, as ``pullToRefresh(_:timeout:)`` does.
    public func pullToRefresh(view: Object, _ query: ViewQuery? = nil) throws {
        var current: Object? = view
        while let candidate = current, !isKind(candidate, of: "UIScrollView") { current = try runtime.send("superview", to: candidate).object }
        guard let scrollView = current else { throw try failure(query, .wrongKind(view, expected: "UIScrollView")) }
        guard let control = try runtime.send("refreshControl", to: scrollView).object else { throw try failure(query, .noRefreshControl(scrollView)) }
        try runtime.send("beginRefreshing", to: control)
        try runtime.send("sendActionsForControlEvents:", to: control, .int(1 << 12))
    }

    /// Swipes the view matching `query`, once it can be seen: the first swipe recognizer
    /// for that direction on it or a view it is inside recognizes, and the swipe is recorded
    /// (``UIAutomationSettings/swipes``).
    public func swipe(_ query: ViewQuery, _ direction: SwipeDirection, timeout: Double? = nil) throws {
        try swipe(view: try waitForView(query, timeout: timeout), direction)
    }

    /// Swipes `view` itself, as ``swipe(_:_:timeout:)`` does once it has found the view.
    public func swipe(view: Object, _ direction: SwipeDirection) throws {
        automation.record(UIAutomationSettings.Swipe(view: view, direction: direction))
        try recognizeSwipe(on: view, direction)
    }

    // MARK: Time, alerts and notifications

    /// Lets the virtual clock run `seconds`, firing what falls due.
    public func waitForTimeInterval(_ seconds: Double) throws {
        try clock.advance(by: VirtualClock.nanoseconds(fromSeconds: seconds))
    }

    /// Taps the presented alert's preferred action, else its first default-style one, else
    /// its first: its handler runs and the alert is dismissed.
    ///
    /// - Returns: false when no alert is presented.
    @discardableResult
    public func acknowledgeAlert() throws -> Bool {
        guard let window = try keyWindow(), let root = try runtime.send("rootViewController", to: window).object else { return false }
        let alert = try visibleController(from: root)
        guard isKind(alert, of: "UIAlertController") else { return false }
        let actions = try runtime.send("actions", to: alert).arrayElements.compactMap(\.object)
        let preferred = try runtime.send("preferredAction", to: alert).object
        let chosen = try preferred ?? actions.first { try runtime.send("style", to: $0).intValue == 0 } ?? actions.first
        let presenter = try runtime.send("presentingViewController", to: alert).object
        try runtime.send("dismissViewControllerAnimated:completion:", to: presenter ?? alert, false, .nil)
        if let chosen, case .block(let handler) = try runtime.send("handler", to: chosen) {
            _ = try handler.call(Arguments(.object(chosen)))
        }
        return true
    }

    /// Waits for a notification named `name` (from `object`, when given) to be posted,
    /// letting the clock run; answers the notification.
    @discardableResult
    public func waitForNotification(named name: String, object: Object? = nil, timeout: Double? = nil) throws -> Object {
        let center = try runtime.send("defaultCenter", to: runtime.requireClass(named: "NSNotificationCenter")).object
        let heard = Heard()
        let observer = Block(parameterCount: 1) { arguments in
            heard.notification = arguments.count > 0 ? arguments[0].object : nil
            return .nil
        }
        let token = try runtime.send("addObserverForName:object:queue:usingBlock:", to: center, .string(name), object.map(Value.object) ?? .nil, .nil, .block(observer))
        defer { _ = try? runtime.send("removeObserver:", to: center, token) }
        return try waitUntil(nil, timeout: timeout) {
            if let notification = heard.notification { return .done(notification) }
            return .notYet(.notPosted(notification: name))
        }
    }

    /// Posts `UIApplicationDidReceiveMemoryWarningNotification` and tells the visible
    /// controller `didReceiveMemoryWarning`, as a memory warning does.
    public func simulateMemoryWarning() throws {
        let center = try runtime.send("defaultCenter", to: runtime.requireClass(named: "NSNotificationCenter")).object
        try runtime.send("postNotificationName:object:", to: center, .string("UIApplicationDidReceiveMemoryWarningNotification"), .object(try sharedApplication()))
        if let window = try keyWindow(), let root = try runtime.send("rootViewController", to: window).object {
            try runtime.send("didReceiveMemoryWarning", to: try visibleController(from: root))
        }
    }
}

/// The notification a wait heard, set by the observer block.
private final class Heard: Sendable {
    private let state = Mutex<Object?>(nil)

    var notification: Object? {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}
