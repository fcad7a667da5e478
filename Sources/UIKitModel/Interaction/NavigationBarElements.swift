import Runtime

/// What a navigation bar shows, as views a UI test finds and taps by their labels: the back
/// button (the previous item's `backBarButtonItem` title, `backButtonTitle` or title, else
/// "Back"), the left bar button items, the title (the top item's `titleView`, else a label
/// of its title or its controller's, a header to accessibility), and the right bar button
/// items. A bar button item is
/// labelled by its accessibility label, its title, or the name VoiceOver gives its system
/// item ("Done", "Add"); one with a custom view is that view. Tapping the back button pops
/// the top controller; tapping an item sends its action to its target.
///
/// The views are made when a step looks at the screen and the bar shows something new,
/// and kept on the bar (`_shownElements`) while it shows the same, so looking again makes
/// nothing.
extension ClassLibrary {
    /// The navigation bar over the visible controller, holding its elements; nil when the
    /// visible controller is in no navigation controller, or its bar is hidden.
    func shownNavigationBar() throws -> Object? {
        guard let window = try keyWindow(), let root = try runtime.send("rootViewController", to: window).object else { return nil }
        let visible = try visibleController(from: root)
        guard let navigation = try runtime.send("navigationController", to: visible).object,
              try runtime.send("topViewController", to: navigation).object === visible,
              try !runtime.send("isNavigationBarHidden", to: navigation).isTruthy,
              let bar = try runtime.send("navigationBar", to: navigation).object else { return nil }
        try showElements(of: navigation, in: bar)
        return bar
    }

    /// One thing the bar shows, where, and what says whether it is the same as last time.
    private struct BarElement {
        enum Kind {
            case button(label: String, target: Value, action: Value, enabled: Bool)
            case title(String)
            case view(Object)
        }
        /// The back button and left items from the leading edge, the title in the middle,
        /// the right items from the trailing edge.
        enum Place { case leading, middle, trailing }
        let kind: Kind
        let place: Place
        let key: String
    }

    private func showElements(of navigation: Object, in bar: Object) throws {
        let elements = try barElements(of: navigation)
        let keys = Value.array(elements.map { .string($0.key) })
        guard try runtime.ivarValue("_shownElementKeys", of: bar) != keys else { return }
        for case .object(let old) in try runtime.ivarValue("_shownElements", of: bar).arrayContents ?? [] {
            try runtime.send("removeFromSuperview", to: old)
        }
        let window = try keyWindow()
        let barWidth = try window.flatMap { Geometry.rectNumbers(of: try runtime.send("bounds", to: $0)) }.map(\.width) ?? 375
        var views: [Value] = []
        var leading = 8.0, trailing = barWidth - 8
        for element in elements {
            let view: Object
            switch element.kind {
            case .button(let label, let target, let action, let enabled):
                guard let button = try Self.titledButton(.string(label), target: target, action: action, enabled: .bool(enabled), in: runtime) else { continue }
                view = button
            case .title(let text):
                guard let label = try runtime.send("new", to: runtime.requireClass(named: "UILabel")).object else { continue }
                try runtime.send("setText:", to: label, .string(text))
                // VoiceOver reads a bar's title as the screen's heading.
                try runtime.send("setAccessibilityTraits:", to: label, .int(AccessibilityTrait.header | AccessibilityTrait.staticText))
                view = label
            case .view(let custom):
                view = custom
            }
            // In the order the item lists them; a custom view keeps its own frame.
            let x: Double, width: Double
            switch element.place {
            case .middle: (x, width) = (barWidth / 2 - 80, 160)
            case .trailing:
                trailing -= 72
                (x, width) = (trailing, 72)
            case .leading:
                (x, width) = (leading, 96)
                leading += 96
            }
            if case .view = element.kind {} else { try runtime.send("setFrame:", to: view, Geometry.rect(x, 0, width, 44)) }
            try runtime.send("addSubview:", to: bar, .object(view))
            views.append(.object(view))
        }
        try runtime.setIvar("_shownElements", of: bar, to: .array(views))
        try runtime.setIvar("_shownElementKeys", of: bar, to: keys)
    }

    /// What the bar shows for the navigation controller's stack, leading to trailing.
    private func barElements(of navigation: Object) throws -> [BarElement] {
        let controllers = try runtime.send("viewControllers", to: navigation).arrayContents?.compactMap(\.object) ?? []
        guard let top = controllers.last, let item = try runtime.send("navigationItem", to: top).object else { return [] }
        var elements: [BarElement] = []
        let left = try runtime.send("leftBarButtonItems", to: item).arrayContents?.compactMap(\.object) ?? []
        let supplements = try runtime.send("leftItemsSupplementBackButton", to: item).isTruthy
        if controllers.count > 1, try !runtime.send("hidesBackButton", to: item).isTruthy, left.isEmpty || supplements {
            let label = try backTitle(of: controllers[controllers.count - 2])
            elements.append(BarElement(
                kind: .button(label: label, target: .object(navigation), action: .selector(try runtime.selector("popViewControllerAnimated:")), enabled: true),
                place: .leading, key: "back \(label) \(navigation.serial)"))
        }
        for barItem in left { elements.append(try element(of: barItem, at: .leading)) }
        if case .object(let titleView) = try runtime.send("titleView", to: item) {
            elements.append(BarElement(kind: .view(titleView), place: .middle, key: "title view \(titleView.serial)"))
        } else if let title = try text(try runtime.send("title", to: item)) ?? text(try runtime.send("title", to: top)) {
            elements.append(BarElement(kind: .title(title), place: .middle, key: "title \(title)"))
        }
        let right = try runtime.send("rightBarButtonItems", to: item).arrayContents?.compactMap(\.object) ?? []
        for barItem in right { elements.append(try element(of: barItem, at: .trailing)) }
        return elements
    }

    /// A bar button item as the bar shows it: its custom view, or a button.
    private func element(of item: Object, at place: BarElement.Place) throws -> BarElement {
        if case .object(let custom) = try runtime.send("customView", to: item) {
            return BarElement(kind: .view(custom), place: place, key: "\(place) view \(custom.serial)")
        }
        let system = try runtime.ivarValue("_systemItem", of: item)
        let label = try text(try runtime.send("accessibilityLabel", to: item)) ?? text(try runtime.send("title", to: item))
            ?? system.intValue.flatMap { Self.systemItemLabels[$0] } ?? ""
        let target = try runtime.send("target", to: item), action = try runtime.send("action", to: item)
        let enabled = try runtime.send("isEnabled", to: item).isTruthy
        return BarElement(
            kind: .button(label: label, target: target, action: action, enabled: enabled), place: place,
            key: "\(place) \(item.serial) \(label) \(enabled) \(target.object?.serial ?? 0) \(action)")
    }

    /// The back button's title for going back to `controller`.
    private func backTitle(of controller: Object) throws -> String {
        guard let item = try runtime.send("navigationItem", to: controller).object else { return "Back" }
        if case .object(let back) = try runtime.send("backBarButtonItem", to: item), let title = try text(try runtime.send("title", to: back)) {
            return title
        }
        return try text(try runtime.send("backButtonTitle", to: item)) ?? text(try runtime.send("title", to: item))
            ?? text(try runtime.send("title", to: controller)) ?? "Back"
    }

    private func text(_ value: Value) throws -> String? {
        if case .string(let text) = value, !text.isEmpty { return text }
        return nil
    }

    /// What VoiceOver calls each `UIBarButtonSystemItem`, by its value; the spaces have no name.
    static let systemItemLabels: [Int: String] = [
        0: "Done", 1: "Cancel", 2: "Edit", 3: "Save", 4: "Add", 7: "Compose", 8: "Reply", 9: "Share", 10: "Organize",
        11: "Bookmarks", 12: "Search", 13: "Refresh", 14: "Stop", 15: "Camera", 16: "Delete", 17: "Play", 18: "Pause",
        19: "Rewind", 20: "Fast Forward", 21: "Undo", 22: "Redo", 23: "Page Curl", 24: "Close",
    ]
}
