import Runtime

extension ClassLibrary {
    static let rectType = ObjCType.structure(name: "CGRect", encoding: "{CGRect={CGPoint=dd}{CGSize=dd}}")
    /// `CGRectZero`: a CGRect struct of zeros, `{{0, 0}, {0, 0}}`.
    static let zeroRect = rectType.zeroValue

    /// `UIResponder` and the views: `UIView`, `UILabel`, `UIButton`, `UITextField`, `UIWindow`.
    static func defineViews(in runtime: Runtime, root: Class) throws -> (responder: Class, view: Class) {
        let responder = try runtime.registerClass(named: "UIResponder", superclass: root) { c in
            try c.addMethod("nextResponder", types: "@@:") { _ in .nil }
        }
        let initialize = try runtime.selector("init"), initWithFrame = try runtime.selector("initWithFrame:")
        let view = try runtime.registerClass(named: "UIView", superclass: responder) { c in
            try c.addProperty(Property(name: "frame", type: rectType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "subviews", type: .object(className: "NSArray"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "superview", type: .object(className: "UIView"), attributes: [.readOnly, .weak]))
            try c.addProperty(Property(name: "accessibilityLabel", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "hidden", type: .bool, attributes: [.nonatomic], getter: "isHidden"))
            try c.addProperty(Property(name: "alpha", type: .double, attributes: [.nonatomic]))
            try c.addMethod("init", types: "@@:") { m in
                try m.send(initWithFrame, to: m.receiver, Arguments(zeroRect))
            }
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                let this = try m.sendSuper(initialize).object
                try m.runtime.setIvar("_frame", of: this, to: m[0])
                try m.runtime.setIvar("_subviews", of: this, to: [])
                try m.runtime.setIvar("_alpha", of: this, to: .double(1))
                return this.map(Value.object) ?? .nil
            }
            try c.addMethod("nextResponder", types: "@@:") { m in try m.send("superview", to: m.receiver) }
            // Layout and trait hooks a subclass overrides, calling super: UIView's do nothing
            // the model needs.
            for (name, types) in [("layoutSubviews", "v@:"), ("updateConstraints", "v@:"), ("traitCollectionDidChange:", "v@:@")] {
                try c.addMethod(name, types: types) { _ in .nil }
            }
            try c.addMethod("addSubview:", types: "v@:@") { m in
                guard let subview = try m.objectArgument(0) else { return .nil }
                // A view below itself would make the hierarchy a cycle: UIKit raises, and so does the model.
                if try m.chain(from: m.receiver, following: "superview").contains(where: { $0 === subview }) {
                    throw ClassLibraryError.invalidArgument(
                        method: "-[UIView addSubview:]",
                        reason: subview === m.receiver
                            ? "Can't add self as subview"
                            : "Can't add \(subview) as a subview of \(m.receiver): it contains \(m.receiver), so the hierarchy would be a cycle")
                }
                try m.send("removeFromSuperview", to: subview)
                try m.runtime.setIvar("_subviews", of: m.receiver, to: .array(try m.array("subviews", of: m.receiver) + [.object(subview)]))
                try m.runtime.setIvar("_superview", of: subview, to: .object(m.receiver))
                return .nil
            }
            try c.addMethod("removeFromSuperview", types: "v@:") { m in
                guard let parent = try m.object("superview", of: m.receiver) else { return .nil }
                let remaining = try m.array("subviews", of: parent).filter { $0.object !== m.receiver }
                try m.runtime.setIvar("_subviews", of: parent, to: .array(remaining))
                try m.runtime.setIvar("_superview", of: m.receiver, to: .nil)
                return .nil
            }
        }
        try runtime.registerClass(named: "UILabel", superclass: view) { c in
            try c.addProperty(Property(name: "text", type: .object(className: "NSString"), attributes: [.copy]))
        }
        try defineButton(in: runtime, view: view)
        try runtime.registerClass(named: "UITextField", superclass: view) { c in
            try c.addProperty(Property(name: "text", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "placeholder", type: .object(className: "NSString"), attributes: [.copy]))
        }
        return (responder, view)
    }

    /// `UIButton` with a title and target–action: each registration is `@[target, action,
    /// events]`, and `sendActionsForControlEvents:` sends every action whose events overlap.
    private static func defineButton(in runtime: Runtime, view: Class) throws {
        try runtime.registerClass(named: "UIButton", superclass: view) { c in
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "allTargetActions", type: .object(className: "NSArray"), attributes: [.readOnly]))
            try c.addMethod("addTarget:action:forControlEvents:", types: "v@:@:Q") { m in
                _ = try m.selectorArgument(1)
                let registration = Value.array([m[0], m[1], .int(m[2].intValue ?? 0)])
                let existing = try m.array("allTargetActions", of: m.receiver)
                try m.runtime.setIvar("_allTargetActions", of: m.receiver, to: .array(existing + [registration]))
                return .nil
            }
            try c.addMethod("sendActionsForControlEvents:", types: "v@:Q") { m in
                let events = m[0].intValue ?? 0
                // A subclass may answer allTargetActions itself: take only well-formed registrations.
                for case .array(let registration) in try m.array("allTargetActions", of: m.receiver)
                where registration.count == 3 && (registration[2].intValue ?? 0) & events != 0 {
                    guard case .selector(let action) = registration[1] else { continue }
                    // An action takes the sender when its name ends in a colon, as UIKit's do.
                    let arguments = action.argumentCount == 0 ? Arguments() : Arguments(.object(m.receiver))
                    try m.send(action, to: registration[0].object, arguments)
                }
                return .nil
            }
        }
    }

    /// `UIWindow`: a view that shows a root view controller.
    static func defineWindow(in runtime: Runtime, view: Class) throws {
        try runtime.registerClass(named: "UIWindow", superclass: view) { c in
            try c.addProperty(Property(name: "rootViewController", type: .object(className: "UIViewController"), attributes: [.strong]))
            try c.addProperty(Property(name: "keyWindow", type: .bool, attributes: [.readOnly], getter: "isKeyWindow"))
            try c.addMethod("setRootViewController:", types: "v@:@") { m in
                if let old = try m.object("rootViewController", of: m.receiver) {
                    if try m.send("isViewLoaded", to: old).isTruthy { try m.send("removeFromSuperview", to: try m.object("view", of: old)) }
                }
                try m.runtime.setIvar("_rootViewController", of: m.receiver, to: m[0])
                return .nil
            }
            // Shows the window, as UIKit does: it joins the application's windows and becomes
            // the key window (the previous one resigns), and the root view controller's view
            // loads, joins the window and appears, unless it is already showing.
            try c.addMethod("makeKeyAndVisible", types: "v@:") { m in
                let application = try m.send("sharedApplication", to: m.runtime.requireClass(named: "UIApplication")).object
                let windows = try m.array("windows", of: application)
                for case .object(let other) in windows where other !== m.receiver {
                    try m.runtime.setIvar("_keyWindow", of: other, to: false)
                }
                if !windows.contains(where: { $0.object === m.receiver }) {
                    try m.runtime.setIvar("_windows", of: application, to: .array(windows + [.object(m.receiver)]))
                }
                try m.runtime.setIvar("_keyWindow", of: m.receiver, to: true)
                try m.send("setHidden:", to: m.receiver, false)
                guard let root = try m.object("rootViewController", of: m.receiver) else { return .nil }
                let rootView = try m.send("view", to: root)
                if try m.object("superview", of: rootView.object) !== m.receiver { try m.send("addSubview:", to: m.receiver, rootView) }
                if try Appearance.state(of: root, in: m.runtime) == .disappeared {
                    try m.send("beginAppearanceTransition:animated:", to: root, true, false)
                    try m.send("endAppearanceTransition", to: root)
                }
                return .nil
            }
        }
    }
}

extension Runtime {
    /// Stores an ivar found by name on the object's class, bypassing the setter, as an
    /// implementation writes its own `_ivar`. Nil objects are ignored, as messages to nil are.
    func setIvar(_ name: String, of object: Object?, to value: Value) throws {
        guard let object else { return }
        guard let ivar = ivar(named: name, in: object.isa) else {
            throw ClassLibraryError.wrongArgument(method: "ivar \(name)", expected: "an object whose class declares it", got: object.description)
        }
        try object.setValue(value, of: ivar)
    }

    /// Reads an ivar found by name, or nil when the object or the ivar is missing.
    func ivarValue(_ name: String, of object: Object?) throws -> Value {
        guard let object, let ivar = ivar(named: name, in: object.isa) else { return .nil }
        return try object.value(of: ivar)
    }
}
