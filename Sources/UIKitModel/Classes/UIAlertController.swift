import Runtime

extension ClassLibrary {
    /// `UIAlertController`: a controller with a title, a message, a style (action sheet 0,
    /// alert 1), its actions and, for an alert, text fields. It is presented with the
    /// presentation every controller has. As UIKit does, it raises for a second cancel
    /// action and for a text field on an action sheet; each text field is made here and
    /// handed to the configuration block, if any, before it is added.
    static func defineAlertController(in runtime: Runtime, viewController: Class) throws {
        let initWithNib = try runtime.selector("initWithNibName:bundle:"), style = try runtime.selector("style")
        let initialize = try runtime.selector("init")
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
