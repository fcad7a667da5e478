import Runtime

/// The edit menu as a UI test sees it: while the shared `UIMenuController` is visible and
/// its target view is on screen, a row of buttons, one for each item the responder
/// chain from the target view can perform (the standard edit actions in iOS's order, then
/// the menu's custom items), each labelled by its title. Tapping one performs it through
/// the menu (`_performMenuItem:`); tapping anything else hides the menu, as UIKit does.
///
/// As with the navigation bar's elements, the buttons are made when a look finds the menu
/// showing something new, and kept while it shows the same, so looking again makes nothing.
extension ClassLibrary {
    /// The view holding the shown menu's buttons; nil when no menu shows anything.
    func shownEditMenu() throws -> Object? {
        guard let menu = editMenu.existing, try runtime.send("isMenuVisible", to: menu).isTruthy,
              let target = try runtime.ivarValue("_targetView", of: menu).object, let window = try keyWindow(),
              let root = try screenRoot(), try subtree(of: root).contains(where: { $0 === target }) else { return nil }
        let items = try editMenuItems(of: menu, from: target)
        guard !items.isEmpty else { return nil }
        let keys = Value.array(items.map { .string("\($0.title) \($0.action.name)") })
        if try runtime.ivarValue("_shownKeys", of: menu) == keys, case .object(let shown) = try runtime.ivarValue("_menuView", of: menu) {
            return shown
        }
        let bounds = Geometry.rectNumbers(of: try runtime.send("bounds", to: window)) ?? (0, 0, 375, 667)
        guard let container = try runtime.send("alloc", to: runtime.requireClass(named: "UIView")).object,
              let row = try runtime.send("initWithFrame:", to: container, Geometry.rect(0, 0, bounds.width, bounds.height)).object else { return nil }
        let width = 88.0
        var x = max(0, (bounds.width - width * Double(items.count)) / 2)
        var buttons: [Value] = []
        let perform = try runtime.selector("_performMenuItem:")
        for item in items {
            guard let button = try Self.titledButton(.string(item.title), target: .object(menu), action: .selector(perform), in: runtime) else { continue }
            try runtime.send("setFrame:", to: button, Geometry.rect(x, 20, width, 36))
            try runtime.send("addSubview:", to: row, .object(button))
            buttons.append(.object(button))
            x += width
        }
        try runtime.setIvar("_shownElements", of: menu, to: .array(buttons))
        try runtime.setIvar("_shownActions", of: menu, to: .array(items.map { .selector($0.action) }))
        try runtime.setIvar("_shownKeys", of: menu, to: keys)
        try runtime.setIvar("_menuView", of: menu, to: .object(row))
        return row
    }

    /// What the menu offers from `target`: each standard edit action, then each custom
    /// item, that a responder up the chain from `target` can perform, with the menu as sender.
    private func editMenuItems(of menu: Object, from target: Object) throws -> [(title: String, action: Selector)] {
        var candidates: [(title: String, action: Selector)] = []
        for (title, action) in Self.standardEditActions { candidates.append((title, try runtime.selector(action))) }
        for case .object(let item) in try runtime.send("menuItems", to: menu).arrayElements {
            guard case .string(let title) = try runtime.send("title", to: item), case .selector(let action) = try runtime.send("action", to: item) else { continue }
            candidates.append((title, action))
        }
        return try candidates.filter { candidate in
            try runtime.send("targetForAction:withSender:", to: target, .selector(candidate.action), .object(menu)).object != nil
        }
    }

    /// Shows the edit menu over an editable text field or text view a long press found
    /// without a recognizer to take it, as iOS does: the view becomes first responder and
    /// the menu offers what can be done with its text. False for any other view.
    func showEditMenu(forLongPressOn view: Object) throws -> Bool {
        let editable: Bool
        if isKind(view, of: "UITextField") {
            editable = try runtime.send("isEnabled", to: view).isTruthy
        } else if isKind(view, of: "UITextView") {
            editable = try runtime.send("isEditable", to: view).isTruthy || runtime.send("isSelectable", to: view).isTruthy
        } else {
            editable = false
        }
        guard editable else { return false }
        try runtime.send("becomeFirstResponder", to: view)
        let menu = try runtime.send("sharedMenuController", to: runtime.requireClass(named: "UIMenuController")).object
        try runtime.send("setTargetRect:inView:", to: menu, try runtime.send("bounds", to: view), .object(view))
        try runtime.send("setMenuVisible:animated:", to: menu, .bool(true), .bool(true))
        return true
    }

    /// Hides the edit menu when a touch lands anywhere but on one of its buttons.
    func hideEditMenu(touching view: Object) throws {
        guard let menu = editMenu.existing, try runtime.send("isMenuVisible", to: menu).isTruthy,
              try !runtime.ivarValue("_shownElements", of: menu).arrayElements.contains(.object(view)) else { return }
        try runtime.send("setMenuVisible:animated:", to: menu, .bool(false), .bool(true))
    }
}
