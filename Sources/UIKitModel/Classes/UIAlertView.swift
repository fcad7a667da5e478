import Runtime

extension ClassLibrary {
    /// `UIAlertView` and `UIActionSheet`, which older apps still show, as UIKit has shown them
    /// since iOS 8: through a `UIAlertController` presented over the key window's top-most
    /// controller, a button (an action) for each of the view's buttons, so that a UI test finds
    /// and taps them by title as it taps any alert's.
    ///
    /// A view keeps its titles and indexes; `show` (an action sheet's `showInView:` and kin)
    /// tells the delegate `willPresent…` and `didPresent…` and presents; tapping a button tells
    /// it `…clickedButtonAtIndex:`, then `…willDismissWithButtonIndex:` and
    /// `…didDismissWithButtonIndex:`, while `dismissWithClickedButtonIndex:animated:` tells it
    /// only the last two, as UIKit does. With no key window to show in, the view is visible all
    /// the same and its delegate told, and no button can be tapped.
    static func defineLegacyAlerts(in runtime: Runtime, view: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:")
        /// The ivars both keep: the titles, the special indexes, the delegate, and the
        /// controller showing the view while it is visible.
        @Sendable func addCommon(to c: inout ClassBuilder) throws {
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "cancelButtonIndex", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addIvar("_buttonTitles", type: .object(className: "NSArray"))
            try c.addIvar("_shownBy", type: .object(className: "UIAlertController"))
            try c.addMethod("addButtonWithTitle:", types: "q@:@") { m in
                let titles = try m.ivar("_buttonTitles").arrayElements
                try m.setIvar("_buttonTitles", .array(titles + [.string(try m.optionalStringArgument(0) ?? "")]))
                return .int(titles.count)
            }
            try c.addMethod("numberOfButtons", types: "q@:") { m in .int(try m.ivar("_buttonTitles").arrayElements.count) }
            try c.addMethod("buttonTitleAtIndex:", types: "@@:q") { m in
                let titles = try m.ivar("_buttonTitles").arrayElements, index = try m.integerArgument(0)
                return titles.indices.contains(index) ? titles[index] : .nil
            }
            try c.addMethod("isVisible", types: "B@:") { m in .bool(try m.ivar("_shownBy") != .nil) }
            try c.addMethod("visible", types: "B@:") { m in .bool(try m.ivar("_shownBy") != .nil) }
            try c.addMethod("dismissWithClickedButtonIndex:animated:", types: "v@:qB") { m in
                try dismissLegacyAlert(m.receiver, buttonIndex: try m.integerArgument(0), clicked: false, in: m.runtime, depth: m.depth)
                return .nil
            }
        }
        try runtime.registerLazyClass(named: "UIAlertView", superclass: view) { c in
            try addCommon(to: &c)
            try c.addProperty(Property(name: "message", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "alertViewStyle", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addIvar("_textFields", type: .object(className: "NSArray"))
            try c.addMethod("initWithTitle:message:delegate:cancelButtonTitle:otherButtonTitles:", types: "@@:@@@@@", variadic: true) { m in
                let (title, message, delegate) = (m[0], m[1], m[2])
                let cancel = try m.optionalStringArgument(3)
                let others = Array(m.arguments.dropFirst(4)).prefix { $0 != .nil }
                let titles = (cancel.map { [Value.string($0)] } ?? []) + others
                return try m.initializingSuper(initWithFrame, Arguments(Geometry.rect(0, 0, 0, 0))) { this in
                    try m.runtime.setIvars(of: this, [
                        "_title": title, "_message": message, "_buttonTitles": .array(titles), "_cancelButtonIndex": .int(cancel == nil ? -1 : 0),
                    ])
                    try m.runtime.setIvar("_delegate", of: this, to: delegate)
                }
            }
            try c.addMethod("initWithFrame:", types: "@@:{CGRect={CGPoint=dd}{CGSize=dd}}") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    try m.runtime.setIvars(of: this, ["_buttonTitles": .array([]), "_cancelButtonIndex": -1])
                }
            }
            try c.addMethod("firstOtherButtonIndex", types: "q@:") { m in
                let count = try m.ivar("_buttonTitles").arrayElements.count, cancel = try m.ivar("_cancelButtonIndex").intValue ?? -1
                let first = cancel == 0 ? 1 : 0
                return .int(first < count ? first : -1)
            }
            // The text fields of a style that has them: secure (1), plain text (2), login and
            // password (3), made the first time they are asked for.
            try c.addMethod("textFieldAtIndex:", types: "@@:q") { m in
                let style = try m.ivar("_alertViewStyle").intValue ?? 0, index = try m.integerArgument(0)
                let count = style == 3 ? 2 : style == 0 ? 0 : 1
                guard index >= 0, index < count else {
                    throw ClassLibraryError.outOfRange(method: m.methodName, reason: "textFieldIndex (\(index)) is outside of the bounds of the array of text fields")
                }
                var fields = try m.ivar("_textFields").arrayElements
                while fields.count < count {
                    let field = try m.make("UITextField", m.runtime.selector("init"))
                    if style == 1 || (style == 3 && fields.count == 1) { try m.send("setSecureTextEntry:", to: field.object, true) }
                    fields.append(field)
                }
                try m.setIvar("_textFields", .array(fields))
                return fields[index]
            }
            try c.addMethod("show", types: "v@:") { m in
                try showLegacyAlert(m.receiver, sheet: false, in: m.runtime, depth: m.depth)
                return .nil
            }
        }
        try runtime.registerLazyClass(named: "UIActionSheet", superclass: view) { c in
            try addCommon(to: &c)
            try c.addProperty(Property(name: "destructiveButtonIndex", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "actionSheetStyle", type: .integer(code: "q"), attributes: [.nonatomic]))
            // The destructive button first, then the others, then cancel, as UIKit orders them.
            try c.addMethod("initWithTitle:delegate:cancelButtonTitle:destructiveButtonTitle:otherButtonTitles:", types: "@@:@@@@@", variadic: true) { m in
                let (title, delegate) = (m[0], m[1])
                let cancel = try m.optionalStringArgument(2), destructive = try m.optionalStringArgument(3)
                let others = Array(m.arguments.dropFirst(4)).prefix { $0 != .nil }
                let titles = (destructive.map { [Value.string($0)] } ?? []) + others + (cancel.map { [Value.string($0)] } ?? [])
                return try m.initializingSuper(initWithFrame, Arguments(Geometry.rect(0, 0, 0, 0))) { this in
                    try m.runtime.setIvars(of: this, [
                        "_title": title, "_buttonTitles": .array(titles), "_cancelButtonIndex": .int(cancel == nil ? -1 : titles.count - 1),
                        "_destructiveButtonIndex": .int(destructive == nil ? -1 : 0),
                    ])
                    try m.runtime.setIvar("_delegate", of: this, to: delegate)
                }
            }
            try c.addMethod("initWithFrame:", types: "@@:{CGRect={CGPoint=dd}{CGSize=dd}}") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    try m.runtime.setIvars(of: this, ["_buttonTitles": .array([]), "_cancelButtonIndex": -1, "_destructiveButtonIndex": -1])
                }
            }
            try c.addMethod("firstOtherButtonIndex", types: "q@:") { m in
                let count = try m.ivar("_buttonTitles").arrayElements.count
                let special = [try m.ivar("_cancelButtonIndex").intValue ?? -1, try m.ivar("_destructiveButtonIndex").intValue ?? -1]
                return .int((0..<count).first { !special.contains($0) } ?? -1)
            }
            for (name, types) in [
                ("showInView:", "v@:@"), ("showFromToolbar:", "v@:@"), ("showFromTabBar:", "v@:@"),
                ("showFromBarButtonItem:animated:", "v@:@B"), ("showFromRect:inView:animated:", "v@:{CGRect={CGPoint=dd}{CGSize=dd}}@B"),
            ] {
                try c.addMethod(name, types: types) { m in
                    try showLegacyAlert(m.receiver, sheet: true, in: m.runtime, depth: m.depth)
                    return .nil
                }
            }
        }
    }

    /// The delegate's selector for an alert view's or an action sheet's event (`clicked`,
    /// `willPresent`, `didPresent`, `willDismiss`, `didDismiss`, `cancel`).
    private static func legacyDelegateSelector(_ event: String, sheet: Bool) -> String {
        let (noun, subject) = sheet ? ("ActionSheet", "actionSheet") : ("AlertView", "alertView")
        return switch event {
        case "clicked": "\(subject):clickedButtonAtIndex:"
        case "willPresent": "willPresent\(noun):"
        case "didPresent": "didPresent\(noun):"
        case "willDismiss": "\(subject):willDismissWithButtonIndex:"
        case "didDismiss": "\(subject):didDismissWithButtonIndex:"
        default: "\(subject)Cancel:"
        }
    }

    /// Tells the view's delegate `event`, if it answers it, with the view and `index` when
    /// the selector takes one.
    private static func tellDelegate(of alert: Object, _ event: String, index: Int? = nil, in runtime: Runtime, depth: Int) throws {
        let sheet = try alert.isKind(of: runtime.requireClass(named: "UIActionSheet"))
        guard let delegate = try runtime.ivarValue("_delegate", of: alert).object else { return }
        let selector = try runtime.selector(legacyDelegateSelector(event, sheet: sheet))
        // Asked as UIKit asks, so a delegate that answers respondsToSelector: itself is heard.
        guard try runtime.send(runtime.selector("respondsToSelector:"), to: delegate, Arguments(.selector(selector)), nestedAt: depth + 1).isTruthy else { return }
        _ = try runtime.send(selector, to: delegate, Arguments([.object(alert)] + (index.map { [Value.int($0)] } ?? [])), nestedAt: depth + 1)
    }

    /// Shows `alert` through an alert controller presented over the key window's top-most
    /// controller, telling its delegate before and after.
    private static func showLegacyAlert(_ alert: Object, sheet: Bool, in runtime: Runtime, depth: Int) throws {
        guard try runtime.ivarValue("_shownBy", of: alert) == .nil else { return }
        try tellDelegate(of: alert, "willPresent", in: runtime, depth: depth)
        func send(_ name: String, to receiver: Object?, _ arguments: Value...) throws -> Value {
            try runtime.send(runtime.selector(name), to: receiver, Arguments(arguments), nestedAt: depth + 1)
        }
        let title = try runtime.ivarValue("_title", of: alert)
        let message = sheet ? Value.nil : try runtime.ivarValue("_message", of: alert)
        let controller = try send("alertControllerWithTitle:message:preferredStyle:", to: runtime.requireClass(named: "UIAlertController"), title, message, .int(sheet ? 0 : 1))
        let cancel = try runtime.ivarValue("_cancelButtonIndex", of: alert).intValue ?? -1
        let destructive = sheet ? try runtime.ivarValue("_destructiveButtonIndex", of: alert).intValue ?? -1 : -1
        let reference = RuntimeReference(runtime)
        for (index, buttonTitle) in try runtime.ivarValue("_buttonTitles", of: alert).arrayElements.enumerated() {
            let handler = Block(parameterCount: 1) { _, depth in
                guard let runtime = reference.runtime else { return .nil }
                try tellDelegate(of: alert, "clicked", index: index, in: runtime, depth: depth)
                try dismissLegacyAlert(alert, buttonIndex: index, clicked: true, in: runtime, depth: depth)
                return .nil
            }
            let style = index == cancel ? 1 : index == destructive ? 2 : 0
            let action = try send("actionWithTitle:style:handler:", to: runtime.requireClass(named: "UIAlertAction"), buttonTitle, .int(style), .block(handler))
            // UIAlertController takes one cancel action; a second cancel index cannot happen here.
            _ = try send("addAction:", to: controller.object, action)
        }
        // The alert's own text fields (those textFieldAtIndex: made) are the ones it shows.
        if !sheet, case .object(let shown) = controller {
            let style = try runtime.ivarValue("_alertViewStyle", of: alert).intValue ?? 0
            for index in 0..<(style == 3 ? 2 : style == 0 ? 0 : 1) { _ = try send("textFieldAtIndex:", to: alert, .int(index)) }
            try runtime.setIvar("_textFields", of: shown, to: try runtime.ivarValue("_textFields", of: alert))
        }
        try runtime.setIvar("_shownBy", of: alert, to: controller)
        if let presenter = try topPresenter(in: runtime, depth: depth) {
            _ = try send("presentViewController:animated:completion:", to: presenter, controller, false, .nil)
        }
        try tellDelegate(of: alert, "didPresent", in: runtime, depth: depth)
    }

    /// Hides `alert`, telling its delegate it will and did dismiss with `buttonIndex`. A tap
    /// has dismissed the controller already; a dismissal by code dismisses it here.
    private static func dismissLegacyAlert(_ alert: Object, buttonIndex: Int, clicked: Bool, in runtime: Runtime, depth: Int) throws {
        guard case .object(let controller) = try runtime.ivarValue("_shownBy", of: alert) else { return }
        try tellDelegate(of: alert, "willDismiss", index: buttonIndex, in: runtime, depth: depth)
        try runtime.setIvar("_shownBy", of: alert, to: .nil)
        if !clicked, let presenter = try runtime.send(runtime.selector("presentingViewController"), to: controller).object {
            _ = try runtime.send(runtime.selector("dismissViewControllerAnimated:completion:"), to: presenter, Arguments([false, .nil]), nestedAt: depth + 1)
        }
        try tellDelegate(of: alert, "didDismiss", index: buttonIndex, in: runtime, depth: depth)
    }

    /// The controller an alert is presented over: the key window's root controller, or the
    /// one it presents, and so on up; nil with no key window or no root.
    private static func topPresenter(in runtime: Runtime, depth: Int) throws -> Object? {
        let application = try runtime.send(runtime.selector("sharedApplication"), to: runtime.requireClass(named: "UIApplication"))
        let window = try runtime.send(runtime.selector("keyWindow"), to: application.object)
        guard var top = try runtime.send(runtime.selector("rootViewController"), to: window.object).object else { return nil }
        while let presented = try runtime.send(runtime.selector("presentedViewController"), to: top).object { top = presented }
        return top
    }
}
