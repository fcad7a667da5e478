import Runtime

extension ClassLibrary {
    static let rectType = ObjCType.structure(name: "CGRect", encoding: "{CGRect={CGPoint=dd}{CGSize=dd}}")
    /// `CGRectZero`: a CGRect struct of zeros, `{{0, 0}, {0, 0}}`.
    static let zeroRect = rectType.zeroValue

    /// `UIView`: a frame, subviews and a superview, visibility, and the layout hooks.
    static func defineView(in runtime: Runtime, responder: Class) throws -> Class {
        let initialize = try runtime.selector("init"), initWithFrame = try runtime.selector("initWithFrame:")
        return try runtime.registerClass(named: "UIView", superclass: responder) { c in
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
    }
}
