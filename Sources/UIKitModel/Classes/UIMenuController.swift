import Runtime

extension ClassLibrary {
    /// The edit menu's standard items, in the order iOS shows them: each title with the
    /// action it sends up the responder chain.
    static let standardEditActions: [(title: String, action: String)] = [
        ("Cut", "cut:"), ("Copy", "copy:"), ("Paste", "paste:"), ("Select", "select:"), ("Select All", "selectAll:"),
    ]

    /// `UIMenuController` (the edit menu) and `UIMenuItem` (a custom item in it). The shared
    /// menu keeps its items, its target rectangle and view, and whether it is visible,
    /// posting UIKit's will- and did-show and -hide notifications as that changes. What it
    /// shows is worked out when a UI test looks (see `EditMenuElements`): the standard edit
    /// actions, then the custom items, each the responder chain from the target view can
    /// perform. Tapping one hides the menu and sends its action up that chain; selecting
    /// shows the menu again, for what to do with the selection.
    static func defineMenuController(in runtime: Runtime, root: Class, shared: SharedInstance) throws {
        let targetForAction = try runtime.selector("targetForAction:withSender:")
        @Sendable @discardableResult func setVisible(_ visible: Bool, _ m: borrowing Message) throws -> Value {
            guard try m.ivar("_menuVisible").isTruthy != visible else { return .nil }
            let center = try m.send("defaultCenter", to: m.runtime.requireClass(named: "NSNotificationCenter")).object
            let phase = visible ? "Show" : "Hide"
            try m.send("postNotificationName:object:", to: center, .string("UIMenuControllerWill\(phase)MenuNotification"), .nil)
            try m.setIvar("_menuVisible", .bool(visible))
            try m.send("postNotificationName:object:", to: center, .string("UIMenuControllerDid\(phase)MenuNotification"), .nil)
            return .nil
        }
        @Sendable func target(_ view: Value, rect: Value, _ m: borrowing Message) throws {
            try m.setIvar("_targetView", view)
            try m.setIvar("_targetRect", rect)
        }
        try runtime.registerLazyClass(named: "UIMenuController", superclass: root) { c in
            try c.addProperty(Property(name: "menuItems", type: .object(className: "NSArray"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "arrowDirection", type: .integer(code: "q"), attributes: [.nonatomic]))
            // Its setters below, written here, win over the synthesized one: they notify.
            try c.addProperty(Property(name: "menuVisible", type: .bool, attributes: [.nonatomic], getter: "isMenuVisible"))
            try c.addIvar("_targetView", type: .object(className: "UIView"), isWeak: true)
            try c.addIvar("_targetRect", type: rectType)
            // What the menu shows now: the view holding its buttons, the buttons, the action of
            // each, and what says whether the menu still shows the same.
            try c.addIvar("_menuView", type: .object(className: "UIView"))
            try c.addIvar("_shownElements", type: .object(className: "NSArray"))
            try c.addIvar("_shownActions", type: .object(className: "NSArray"))
            try c.addIvar("_shownKeys", type: .object(className: "NSArray"))
            try c.addClassMethod("sharedMenuController", types: "@@:") { m in
                try shared.object { try m.send("new", to: m.receiver).object }.map(Value.object) ?? .nil
            }
            try c.addMethod("setMenuVisible:", types: "v@:B") { m in try setVisible(m[0].isTruthy, m) }
            try c.addMethod("setMenuVisible:animated:", types: "v@:BB") { m in try setVisible(m[0].isTruthy, m) }
            try c.addMethod("setTargetRect:inView:", types: "v@:{CGRect={CGPoint=dd}{CGSize=dd}}@") { m in
                try target(m[1], rect: m[0], m)
                return .nil
            }
            try c.addMethod("showMenuFromView:rect:", types: "v@:@{CGRect={CGPoint=dd}{CGSize=dd}}") { m in
                try target(m[0], rect: m[1], m)
                return try setVisible(true, m)
            }
            try c.addMethod("hideMenu", types: "v@:") { m in try setVisible(false, m) }
            try c.addMethod("hideMenuFromView:", types: "v@:@") { m in try setVisible(false, m) }
            try c.addMethod("update", types: "v@:") { _ in .nil }
            try c.addMethod("menuFrame", types: "{CGRect={CGPoint=dd}{CGSize=dd}}@:") { m in
                let rect = try m.ivar("_targetRect")
                return rect == .nil ? Geometry.rect(0, 0, 0, 0) : rect
            }
            // The target of a shown item's button: hides the menu, then sends the item's
            // action to the first responder up the chain from the target view that can
            // perform it, with the menu as the sender.
            try c.addMethod("_performMenuItem:", types: "v@:@") { m in
                let buttons = try m.ivar("_shownElements").arrayContents ?? [], actions = try m.ivar("_shownActions").arrayContents ?? []
                guard let index = buttons.firstIndex(of: m[0]), index < actions.count, case .selector(let action) = actions[index] else { return .nil }
                let view = try m.ivar("_targetView")
                try setVisible(false, m)
                guard let responder = try m.send(targetForAction, to: view.object, Arguments(.selector(action), .object(m.receiver))).object else { return .nil }
                try m.send(action, to: responder, action.argumentCount == 0 ? Arguments() : Arguments(.object(m.receiver)))
                if action.name == "selectAll:" || action.name == "select:" { try setVisible(true, m) }
                return .nil
            }
        }
        try runtime.registerLazyClass(named: "UIMenuItem", superclass: root) { c in
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "action", type: .selector, attributes: [.nonatomic]))
            try c.addMethod("initWithTitle:action:", types: "@@:@:") { m in
                try m.setIvar("_title", m[0])
                try m.setIvar("_action", m[1])
                return .object(m.receiver)
            }
        }
    }
}
