import Runtime

/// Finding views as a UI test does: one finder for a ``ViewQuery``, the rules for whether
/// a view can be seen and touched, and the wait that looks again on the virtual clock.
extension ClassLibrary {
    /// What one look found: the view, or why there is none to use yet.
    public enum Sighting: Hashable, Sendable {
        case found(Object)
        case missing(UIAutomationError.Reason)
    }

    /// Looks once for a view matching `query` on screen (the visible controller's view and
    /// everything in it, then what its navigation bar shows: see `NavigationBarElements`;
    /// then the edit menu's items: see `EditMenuElements`). Of
    /// the views that match, the first that can be seen (and touched, when `tappable`) is
    /// found; otherwise the first one's obstruction is the reason.
    ///
    /// When `scrolling`, a view that lies outside the window only because a scroll view it
    /// is inside shows another part of its content is scrolled into view first
    /// (``scrollIntoView(_:)``), as KIF does before it uses a view.
    public func look(for query: ViewQuery, tappable: Bool = false, scrolling: Bool = false) throws -> Sighting {
        guard try keyWindow() != nil else { return .missing(.noKeyWindow) }
        guard let root = try screenRoot() else { return .missing(.notFound) }
        // Each view with the root it is judged under: the controller's view, or the bar.
        var onScreen = try subtree(of: root).map { (view: $0, root: root) }
        if let bar = try shownNavigationBar() { onScreen += try subtree(of: bar).dropFirst().map { (view: $0, root: bar) } }
        if let menu = try shownEditMenu() { onScreen += try subtree(of: menu).dropFirst().map { (view: $0, root: menu) } }
        let named = try onScreen.filter { try has(query.key, $0.view) }
        let matching = try named.filter { try hasValue(query.value, $0.view) && hasTraits(query.traits, $0.view) }
        guard let first = matching.first?.view else {
            guard let near = named.first?.view else { return .missing(.notFound) }
            if query.value != nil, try hasTraits(query.traits, near) {
                return .missing(.valueDiffers(actual: try string("accessibilityValue", of: near)))
            }
            return .missing(.traitsDiffer(actual: try traits(of: near)))
        }
        var firstProblem: UIAutomationError.Reason?
        for (view, root) in matching {
            if scrolling, try obstructionToSight(of: view, under: root) == .outsideWindow { try scrollIntoView(view) }
            if let obstruction = try obstructionToSight(of: view, under: root) {
                firstProblem = firstProblem ?? .notVisible(view, obstruction)
            } else if tappable, let obstruction = try obstructionToTouch(of: view, under: root) {
                firstProblem = firstProblem ?? .notTappable(view, obstruction)
            } else {
                return .found(view)
            }
        }
        return .missing(firstProblem ?? .notVisible(first, .outsideWindow))
    }

    /// Whether a view matching `query` can be seen now: one look, no waiting.
    public func isShowing(_ query: ViewQuery) throws -> Bool {
        if case .found = try look(for: query) { return true }
        return false
    }

    /// Waits for a visible view matching `query` (one that can also be touched when
    /// `tappable`), looking again as the virtual clock runs.
    ///
    /// - Parameter timeout: seconds; nil waits the default (``UIAutomationSettings/defaultTimeout``).
    /// - Throws: ``UIAutomationError`` saying why no view would do when the time is up.
    @discardableResult
    public func waitForView(_ query: ViewQuery, tappable: Bool = false, timeout: Double? = nil) throws -> Object {
        try waitUntil(query, timeout: timeout) {
            switch try look(for: query, tappable: tappable, scrolling: true) {
            case .found(let view): .done(view)
            case .missing(let reason): .notYet(reason)
            }
        }
    }

    /// Waits until no visible view matches `query`: hidden or transparent views, and views
    /// off screen, count as absent.
    public func waitForAbsence(of query: ViewQuery, timeout: Double? = nil) throws {
        try waitUntil(query, timeout: timeout) { () throws -> Attempt<Void> in
            if case .found(let view) = try look(for: query) { return .notYet(.stillPresent(view)) }
            return .done(())
        }
    }

    /// What a step tried, one look at a time: done with a result, or not yet, and why.
    public enum Attempt<Result> {
        case done(Result)
        case notYet(UIAutomationError.Reason)
    }

    /// Runs `attempt` until it is done, letting the virtual clock run a poll interval
    /// (0.1 s) between tries so that timers, delayed blocks and animations' completions
    /// fire, up to `timeout` seconds (nil: the default). Nothing sleeps. Without a key
    /// window it fails at once: nothing shown could change that.
    public func waitUntil<Result>(_ query: ViewQuery?, timeout: Double? = nil, _ attempt: () throws -> Attempt<Result>) throws -> Result {
        let limit = VirtualClock.nanoseconds(fromSeconds: timeout ?? automation.defaultTimeout)
        let start = clock.now
        try clock.runDue()
        while true {
            switch try attempt() {
            case .done(let result):
                return result
            case .notYet(let reason):
                let waited = clock.now - start
                if waited >= limit || reason == .noKeyWindow {
                    throw UIAutomationError(query: query, reason: reason, waited: waited, tree: try screenTree())
                }
                try clock.advance(by: min(UIAutomationSettings.pollInterval, limit - waited))
            }
        }
    }

    /// A failure of a step that looked once (a view of the wrong kind, a table without the row).
    func failure(_ query: ViewQuery?, _ reason: UIAutomationError.Reason) throws -> UIAutomationError {
        UIAutomationError(query: query, reason: reason, waited: 0, tree: try screenTree())
    }

    // MARK: Matching

    private func has(_ key: ViewQuery.Key, _ view: Object) throws -> Bool {
        switch key {
        case .label(let label): try string("accessibilityLabel", of: view) == label
        case .identifier(let identifier): try string("accessibilityIdentifier", of: view) == identifier
        case .any: true
        case .firstResponder: try runtime.send("isFirstResponder", to: view).isTruthy
        }
    }

    private func hasValue(_ value: String?, _ view: Object) throws -> Bool {
        guard let value else { return true }
        return try string("accessibilityValue", of: view) == value
    }

    private func hasTraits(_ wanted: Int, _ view: Object) throws -> Bool {
        try wanted == 0 || traits(of: view) & wanted == wanted
    }

    func traits(of view: Object) throws -> Int {
        try runtime.send("accessibilityTraits", to: view).intValue ?? 0
    }

    /// A string property of `view`, nil when it has none or it is not a string.
    func string(_ property: String, of view: Object) throws -> String? {
        guard runtime.instancesRespond(view.isa, to: try runtime.selector(property)),
              case .string(let value) = try runtime.send(property, to: view) else { return nil }
        return value
    }

    func isKind(_ view: Object, of className: String) -> Bool {
        Self.isKind(view, of: className, in: runtime)
    }

    /// Whether `object` is an instance of the class named `className` or of a subclass.
    static func isKind(_ object: Object, of className: String, in runtime: Runtime) -> Bool {
        runtime.class(named: className).map { object.isKind(of: $0) } ?? false
    }

    // MARK: Visibility

    /// The views from `view` up to `root`, both included (or up to the top, when `view` is
    /// not inside `root`).
    private func chain(from view: Object, to root: Object) throws -> [Object] {
        var chain: [Object] = []
        var met = MetObjects()
        var current: Object? = view
        while let candidate = current, met.insert(candidate) {
            chain.append(candidate)
            if candidate === root { break }
            current = try runtime.send("superview", to: candidate).object
        }
        return chain
    }

    /// Why `view` cannot be seen: it or a view it is inside is hidden or at alpha 0, its
    /// frame lies outside the window, or a later sibling covers it. Nil when it can be seen.
    /// Frames count only where they are set (a view the code never sized is not judged by them).
    func obstructionToSight(of view: Object, under root: Object) throws -> UIAutomationError.Obstruction? {
        let chain = try chain(from: view, to: root)
        for candidate in chain {
            if try runtime.send("isHidden", to: candidate).isTruthy { return .hidden(candidate) }
            if let alpha = try runtime.send("alpha", to: candidate).numberValue, alpha <= 0 { return .transparent(candidate) }
        }
        if let frame = try frame(of: view, in: chain), let bounds = try windowBounds(root: root),
           frame.x >= bounds.x + bounds.width || frame.y >= bounds.y + bounds.height || frame.x + frame.width <= bounds.x || frame.y + frame.height <= bounds.y {
            return .outsideWindow
        }
        for (node, parent) in zip(chain, chain.dropFirst()) {
            guard let own = try rect(of: node) else { continue }
            let siblings = try runtime.send("subviews", to: parent).arrayElements.compactMap(\.object)
            guard let index = siblings.firstIndex(where: { $0 === node }) else { continue }
            for sibling in siblings[(index + 1)...] where try covers(sibling, own) { return .covered(by: sibling) }
        }
        return nil
    }

    /// Why `view`, which can be seen, cannot be touched: it or a view it is inside takes no
    /// touches, or it is a control that is not enabled. Nil when it can be tapped.
    func obstructionToTouch(of view: Object, under root: Object) throws -> UIAutomationError.Obstruction? {
        for candidate in try chain(from: view, to: root) where try !runtime.send("isUserInteractionEnabled", to: candidate).isTruthy {
            return .interactionDisabled(candidate)
        }
        if isKind(view, of: "UIControl"), try !runtime.send("isEnabled", to: view).isTruthy { return .notEnabled }
        return nil
    }

    /// Whether `sibling` hides a view whose frame is `rect`: shown, fully opaque with an
    /// opaque background colour, and its frame holds the whole of `rect`.
    private func covers(_ sibling: Object, _ rect: (x: Double, y: Double, width: Double, height: Double)) throws -> Bool {
        guard try !runtime.send("isHidden", to: sibling).isTruthy, (try runtime.send("alpha", to: sibling).numberValue ?? 1) >= 1,
              try runtime.send("isOpaque", to: sibling).isTruthy,
              let color = try runtime.send("backgroundColor", to: sibling).object,
              (try runtime.ivarValue("_alpha", of: color).numberValue ?? 1) >= 1,
              let frame = try self.rect(of: sibling) else { return false }
        return frame.x <= rect.x && frame.y <= rect.y && frame.x + frame.width >= rect.x + rect.width && frame.y + frame.height >= rect.y + rect.height
    }

    /// A view's frame, when it has a size.
    private func rect(of view: Object) throws -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let frame = Geometry.rectNumbers(of: try runtime.send("frame", to: view)), frame.width > 0, frame.height > 0 else { return nil }
        return frame
    }

    /// `view`'s frame in the coordinates of the chain's last view (the screen's root),
    /// each superview's bounds origin (a scroll view's offset) taken off.
    private func frame(of view: Object, in chain: [Object]) throws -> (x: Double, y: Double, width: Double, height: Double)? {
        guard var frame = try rect(of: view) else { return nil }
        // Every view between the view and the root adds its origin; every superview takes off its bounds' origin.
        for node in chain.dropFirst().dropLast() {
            let origin = Geometry.rectNumbers(of: try runtime.send("frame", to: node)) ?? (0, 0, 0, 0)
            frame.x += origin.x
            frame.y += origin.y
        }
        for parent in chain.dropFirst() {
            let bounds = Geometry.rectNumbers(of: try runtime.send("bounds", to: parent)) ?? (0, 0, 0, 0)
            frame.x -= bounds.x
            frame.y -= bounds.y
        }
        return frame
    }

    /// Scrolls each scroll view `view` is inside, nearest first, by as little as brings the
    /// view's frame within its bounds (and no further than its content reaches, when it has
    /// a content size), as `scrollRectToVisible:animated:` does; a move tells the delegate
    /// `scrollViewDidScroll:`. Views without a size are left where they are.
    func scrollIntoView(_ view: Object) throws {
        guard var frame = try rect(of: view) else { return }
        var current = try runtime.send("superview", to: view).object
        var met = MetObjects()
        _ = met.insert(view)
        while let container = current, met.insert(container) {
            if isKind(container, of: "UIScrollView") { try scroll(container, toShow: frame) }
            // Into the coordinates of the next view up: this one's origin added, its offset taken off.
            let bounds = Geometry.rectNumbers(of: try runtime.send("bounds", to: container)) ?? (0, 0, 0, 0)
            let origin = Geometry.rectNumbers(of: try runtime.send("frame", to: container)) ?? (0, 0, 0, 0)
            frame.x += origin.x - bounds.x
            frame.y += origin.y - bounds.y
            current = try runtime.send("superview", to: container).object
        }
    }

    /// Moves `scrollView`'s offset so that `frame` (in its content's coordinates) lies within its bounds.
    func scroll(_ scrollView: Object, toShow frame: (x: Double, y: Double, width: Double, height: Double)) throws {
        guard let bounds = Geometry.rectNumbers(of: try runtime.send("bounds", to: scrollView)), bounds.width > 0, bounds.height > 0 else { return }
        let content = Geometry.numbers(of: try runtime.send("contentSize", to: scrollView), count: 2) ?? [0, 0]
        func offset(_ now: Double, _ start: Double, _ length: Double, visible: Double, content: Double) -> Double {
            var moved = now
            if start < now { moved = start } else if start + length > now + visible { moved = min(start, start + length - visible) }
            return content > 0 ? min(max(moved, 0), max(content - visible, 0)) : moved
        }
        let x = offset(bounds.x, frame.x, frame.width, visible: bounds.width, content: content[0])
        let y = offset(bounds.y, frame.y, frame.height, visible: bounds.height, content: content[1])
        if x != bounds.x || y != bounds.y { try runtime.send("setContentOffset:", to: scrollView, Geometry.point(x, y)) }
    }

    /// The bounds a view must overlap to be seen: the key window's, else the screen
    /// root's, when they have a size.
    private func windowBounds(root: Object) throws -> (x: Double, y: Double, width: Double, height: Double)? {
        for view in [try keyWindow(), root].compactMap({ $0 }) {
            if let bounds = Geometry.rectNumbers(of: try runtime.send("bounds", to: view)), bounds.width > 0, bounds.height > 0 {
                return (0, 0, bounds.width, bounds.height)
            }
        }
        return nil
    }
}
