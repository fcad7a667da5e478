import Runtime

extension ClassLibrary {
    /// `UIAlertController`: a controller with a title, a message, a style (action sheet 0,
    /// alert 1), its actions and, for an alert, text fields. It is presented with the
    /// presentation every controller has. As UIKit does, it raises for a second cancel
    /// action and for a text field on an action sheet; each text field is made here and
    /// handed to the configuration block, if any, before it is added. When it appears, its
    /// view shows its title, message, text fields and a button for each action, which a UI
    /// test finds and taps by its title: the alert is dismissed, then the action's handler
    /// runs, as UIKit runs it.
    static func defineAlertController(in runtime: Runtime, viewController: Class) throws {
        let initWithNib = try runtime.selector("initWithNibName:bundle:"), style = try runtime.selector("style")
        let initialize = try runtime.selector("init"), viewWillAppear = try runtime.selector("viewWillAppear:")
        try runtime.registerLazyClass(named: "UIAlertController", superclass: viewController) { c in
            try c.addProperty(Property(name: "message", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "preferredStyle", type: .integer(code: "q"), attributes: [.readOnly, .nonatomic]))
            try c.addProperty(Property(name: "actions", type: .object(className: "NSArray"), attributes: [.readOnly, .nonatomic]))
            try c.addProperty(Property(name: "textFields", type: .object(className: "NSArray"), attributes: [.readOnly, .nonatomic]))
            try c.addProperty(Property(name: "preferredAction", type: .object(className: "UIAlertAction"), attributes: [.strong, .nonatomic]))
            try c.addClassMethod("alertControllerWithTitle:message:preferredStyle:", types: "@@:@@q") { m in
                let title = try m.optionalStringArgument(0).map(Value.string) ?? .nil, message = try m.optionalStringArgument(1).map(Value.string) ?? .nil
                let preferred = try m.integerArgument(2)
                guard preferred == 0 || preferred == 1 else {
                    throw m.wrongArgument(2, expected: "UIAlertControllerStyleActionSheet (0) or UIAlertControllerStyleAlert (1)")
                }
                let alert = try m.allocInit(initWithNib, Arguments(.nil, .nil))
                try m.runtime.setIvars(of: alert.object ?? m.receiver, ["_title": title, "_message": message, "_preferredStyle": .int(preferred)])
                return alert
            }
            try c.addMethod("initWithNibName:bundle:", types: "@@:@@") { m in
                try m.initializingSuper(initWithNib, Arguments(m[0], m[1])) { this in try m.runtime.setIvar("_actions", of: this, to: []) }
            }
            try c.addMethod("addAction:", types: "v@:@") { m in
                let actionClass = try m.runtime.requireClass(named: "UIAlertAction")
                guard let action = try m.objectArgument(0), action.isKind(of: actionClass) else { throw m.wrongArgument(0, expected: "a UIAlertAction") }
                let actions = try m.ivar("_actions").arrayElements
                // UIAlertActionStyleCancel is 1.
                if try m.send(style, to: action).intValue == 1,
                   try actions.contains(where: { try m.send(style, to: $0.object).intValue == 1 }) {
                    throw ClassLibraryError.invalidArgument(
                        method: m.methodName, reason: "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
                }
                try m.setIvar("_actions", .array(actions + [.object(action)]))
                return .nil
            }
            try c.addIvar("_shownElements", type: .object(className: "NSArray"))
            try c.addMethod("viewWillAppear:", types: "v@:B") { m in
                try m.sendSuper(viewWillAppear, Arguments(m[0]))
                try showElements(of: m)
                return .nil
            }
            // The action of an action's button: its tag is the action's place in `actions`.
            try c.addMethod("_tapActionButton:", types: "v@:@") { m in
                let index = try m.send("tag", to: try m.objectArgument(0)).intValue ?? -1
                let actions = try m.ivar("_actions").arrayElements
                guard actions.indices.contains(index), case .object(let action) = actions[index],
                      try m.send("isEnabled", to: action).isTruthy else { return .nil }
                let presenter = try m.send("presentingViewController", to: m.receiver).object
                try m.send("dismissViewControllerAnimated:completion:", to: presenter ?? m.receiver, false, .nil)
                if case .block(let handler) = try m.send("handler", to: action) { _ = try handler.call(Arguments(.object(action)), nestedAt: m.depth + 1) }
                return .nil
            }
            try c.addMethod("addTextFieldWithConfigurationHandler:", types: "v@:@?") { m in
                guard try m.ivar("_preferredStyle").intValue == 1 else {
                    throw ClassLibraryError.invalidArgument(
                        method: m.methodName, reason: "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
                }
                let configure = try m.blockArgument(0)
                let field = try m.make("UITextField", initialize)
                _ = try configure?.call(Arguments(field), nestedAt: m.depth + 1)
                try m.setIvar("_textFields", .array(try m.ivar("_textFields").arrayElements + [field]))
                return .nil
            }
        }
    }

    /// What an alert's view shows, made again each time it appears: its title and message as
    /// labels, its text fields, and a button for each action, one under another.
    private static func showElements(of m: borrowing Message) throws {
        guard case .object(let view) = try m.send("view", to: m.receiver) else { return }
        for case .object(let old) in try m.ivar("_shownElements").arrayElements { try m.send("removeFromSuperview", to: old) }
        var shown: [Value] = []
        var top = 200.0
        func place(_ element: Value, height: Double = 44) throws {
            try m.send("setFrame:", to: element.object, Geometry.rect(52, top, 270, height))
            try m.send("addSubview:", to: view, element)
            shown.append(element)
            top += height
        }
        for text in [try m.ivar("_title"), try m.ivar("_message")] where text.text?.isEmpty == false {
            let label = try m.make("UILabel", m.runtime.selector("init"))
            try m.send("setText:", to: label.object, text)
            try place(label, height: 22)
        }
        for field in try m.ivar("_textFields").arrayElements { try place(field, height: 30) }
        for (index, element) in try m.ivar("_actions").arrayElements.enumerated() {
            guard case .object(let action) = element,
                  let button = try m.send("buttonWithType:", to: try m.runtime.requireClass(named: "UIButton"), .int(0)).object else { continue }
            try m.send("setTitle:forState:", to: button, try m.send("title", to: action), .int(0))
            try m.send("setTag:", to: button, .int(index))
            try m.send("setEnabled:", to: button, try m.send("isEnabled", to: action))
            try m.send("addTarget:action:forControlEvents:", to: button, .object(m.receiver), .selector(try m.runtime.selector("_tapActionButton:")), .int(touchUpInside))
            try m.runtime.setIvar("_button", of: action, to: .object(button))
            try place(.object(button))
        }
        try m.setIvar("_shownElements", .array(shown))
    }

    /// `UIAlertAction`: a button of an alert: a title, a style (default 0, cancel 1,
    /// destructive 2), whether it is enabled, and the handler block, kept in `handler` so
    /// that a test can run what tapping it would.
    static func defineAlertAction(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "UIAlertAction", superclass: root) { c in
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "style", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "enabled", type: .bool, attributes: [.nonatomic], getter: "isEnabled"))
            try c.addProperty(Property(name: "handler", type: .block, attributes: [.readOnly, .copy]))
            // The button the alert shows for it, enabled as the action is.
            try c.addIvar("_button", type: .object(className: "UIButton"), isWeak: true)
            try c.addMethod("setEnabled:", types: "v@:B") { m in
                try m.setIvar("_enabled", .bool(m[0].isTruthy))
                if case .object(let button) = try m.ivar("_button") { try m.send("setEnabled:", to: button, .bool(m[0].isTruthy)) }
                return .nil
            }
            try c.addClassMethod("actionWithTitle:style:handler:", types: "@@:@q@?") { m in
                let title = try m.optionalStringArgument(0).map(Value.string) ?? .nil, style = try m.integerArgument(1)
                guard (0...2).contains(style) else { throw m.wrongArgument(1, expected: "a UIAlertActionStyle: default (0), cancel (1) or destructive (2)") }
                let handler = try m.blockArgument(2).map(Value.block) ?? .nil
                let action = try m.allocInit(initialize)
                try m.runtime.setIvars(of: action.object ?? m.receiver, ["_title": title, "_style": .int(style), "_enabled": true, "_handler": handler])
                return action
            }
        }
    }
}
