import Runtime

extension ClassLibrary {
    static let rectType = ObjCType.structure(name: "CGRect", encoding: "{CGRect={CGPoint=dd}{CGSize=dd}}")
    /// `CGRectZero`: a CGRect struct of zeros, `{{0, 0}, {0, 0}}`.
    static let zeroRect = rectType.zeroValue

    /// `UIView`: a frame and bounds that agree on the size, a center, subviews in order and
    /// a superview, visibility, the appearance properties apps set in `viewDidLoad`, tags,
    /// layout requests and the layout hooks. The model draws nothing, so what only drawing
    /// would show (colours, clipping, content mode) is kept and answered but has no effect.
    static func defineView(in runtime: Runtime, responder: Class, animations: ViewAnimations) throws -> Class {
        let initialize = try runtime.selector("init"), initWithFrame = try runtime.selector("initWithFrame:")
        let layoutSubviews = try runtime.selector("layoutSubviews"), layoutIfNeeded = try runtime.selector("layoutIfNeeded")
        let removeFromSuperview = try runtime.selector("removeFromSuperview"), insertAtIndex = try runtime.selector("insertSubview:atIndex:")
        let sizeThatFits = try runtime.selector("sizeThatFits:"), setFrame = try runtime.selector("setFrame:")
        let updateConstraintsIfNeeded = try runtime.selector("updateConstraintsIfNeeded")
        let tag = try runtime.selector("tag"), subviews = try runtime.selector("subviews"), superview = try runtime.selector("superview")
        let controllerView = IvarName("_view"), rootController = IvarName("_rootViewController")
        // Every view made sets these: found by name once, then remembered (see IvarDefaults).
        let defaults = viewDefaults()
        return try runtime.registerLazyClass(named: "UIView", superclass: responder) { c in
            try c.addProperty(Property(name: "frame", type: rectType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "bounds", type: rectType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "subviews", type: .object(className: "NSArray"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "superview", type: .object(className: "UIView"), attributes: [.readOnly, .weak]))
            try c.addProperty(Property(name: "accessibilityLabel", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "accessibilityIdentifier", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "accessibilityHint", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "accessibilityValue", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "accessibilityTraits", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "isAccessibilityElement", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "layoutMargins", type: Geometry.insetsType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "preservesSuperviewLayoutMargins", type: .bool, attributes: [.nonatomic]))
            try c.addIvar("_layer", type: .object(className: "CALayer"))
            try c.addProperty(Property(name: "hidden", type: .bool, attributes: [.nonatomic], getter: "isHidden"))
            try c.addProperty(Property(name: "alpha", type: .double, attributes: [.nonatomic]))
            // Inside an animation block, UIKit animates the layer's opacity to the new alpha.
            try c.addMethod("setAlpha:", types: "v@:d") { m in
                let before = try m.ivar("_alpha"), after = Value.double(try m.numberArgument(0))
                try m.setIvar("_alpha", after)
                try animations.changed("opacity", from: before, to: after, in: m)
                return .nil
            }
            try c.addProperty(Property(name: "backgroundColor", type: .object(className: "UIColor"), attributes: [.nonatomic, .copy]))
            try c.addProperty(Property(name: "tintColor", type: .object(className: "UIColor"), attributes: [.nonatomic, .strong]))
            try c.addProperty(Property(name: "tag", type: .integer(code: "q"), attributes: [.nonatomic]))
            try addGestureRecognizerHosting(to: &c)
            try addConstraintHosting(to: &c)
            try c.addProperty(Property(name: "userInteractionEnabled", type: .bool, attributes: [.nonatomic], getter: "isUserInteractionEnabled"))
            try c.addProperty(Property(name: "clipsToBounds", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "opaque", type: .bool, attributes: [.nonatomic], getter: "isOpaque"))
            try c.addProperty(Property(name: "contentMode", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "autoresizingMask", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "translatesAutoresizingMaskIntoConstraints", type: .bool, attributes: [.nonatomic]))
            try c.addIvar("_needsLayout", type: .bool)
            try c.addMethod("init", types: "@@:") { m in
                try m.send(initWithFrame, to: m.receiver, Arguments(zeroRect))
            }
            // A nib's view: UIKit's own initializer, past the code's `initWithFrame:`.
            try c.addMethod("initWithCoder:", types: "@@:@") { m in try m.sendToFramework(initWithFrame, Arguments(zeroRect)) }
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                let frame = try m.rectArgument(0)
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(m[0], Geometry.rect(0, 0, frame.width, frame.height), and: defaults, of: this)
                }
            }
            // A controller's view answers with the controller, as UIKit's responder chain runs;
            // any other view with its superview. The controller is found among those its window
            // shows (the root's, their children and what they present), asked only here: a link
            // kept on every view a controller hands out cost the super-call sweep 13%.
            try c.addMethod("nextResponder", types: "@@:") { m in
                let above = try m.send(superview, to: m.receiver)
                guard let window = try m.chain(from: m.receiver, following: "superview").last,
                      let root = m.runtime.ivarValue(rootController, of: window).object else { return above }
                var pending = [root], met = MetObjects()
                while let controller = pending.popLast(), met.insert(controller) {
                    if m.runtime.ivarValue(controllerView, of: controller).object === m.receiver { return .object(controller) }
                    pending += try m.runtime.ivarValue("_childViewControllers", of: controller).arrayElements.compactMap(\.object)
                    if let presented = try m.runtime.ivarValue("_presentedViewController", of: controller).object { pending.append(presented) }
                }
                return above
            }
            // Made on first use, as most views' layers are never asked for.
            try c.addMethod("layer", types: "@@:") { m in
                let existing = try m.ivar("_layer")
                if existing != .nil { return existing }
                let layer = try m.make("CALayer", initialize)
                try m.setIvar("_layer", layer)
                return layer
            }
            try defineGeometry(&c, setFrame: setFrame, sizeThatFits: sizeThatFits, runtime: runtime)
            // Layout and trait hooks a subclass overrides, calling super: UIView's do nothing
            // the model needs.
            for (name, types) in [("updateConstraints", "v@:"), ("traitCollectionDidChange:", "v@:@"), ("tintColorDidChange", "v@:")] {
                try c.addMethod(name, types: types) { _ in .nil }
            }
            // UIKit's own layout: the subviews constraints place get their frames.
            try c.addMethod("layoutSubviews", types: "v@:") { m in
                try AutoLayoutEngine.layOutSubviews(of: m.receiver, m)
                return .nil
            }
            // A layout requested is done at the next layoutIfNeeded, for the view and then each subview.
            try c.addMethod("setNeedsLayout", types: "v@:") { m in
                try m.setIvar("_needsLayout", true)
                return .nil
            }
            try c.addMethod("layoutIfNeeded", types: "v@:") { m in
                // Constraints are brought up to date before a layout, as UIKit's pass does.
                try m.send(updateConstraintsIfNeeded, to: m.receiver)
                if try m.ivar("_needsLayout").isTruthy {
                    try m.setIvar("_needsLayout", false)
                    try m.send(layoutSubviews, to: m.receiver)
                }
                for case .object(let subview) in try m.array("subviews", of: m.receiver) { try m.send(layoutIfNeeded, to: subview) }
                return .nil
            }
            // The model draws nothing, so a redraw requested has nothing to wait for: drawRect: is never due.
            try c.addMethod("setNeedsDisplay", types: "v@:") { _ in .nil }
            try defineHierarchy(&c, insertAtIndex: insertAtIndex, removeFromSuperview: removeFromSuperview)
            try c.addMethod("viewWithTag:", types: "@@:q") { m in
                let wanted = try m.integerArgument(0)
                // Depth first, the receiver first, as UIKit searches.
                var pending = [m.receiver]
                var met = MetObjects()
                while let view = pending.popLast(), met.insert(view) {
                    if try m.send(tag, to: view).intValue == wanted { return .object(view) }
                    pending += try m.send(subviews, to: view).arrayElements.compactMap(\.object).reversed()
                }
                return .nil
            }
            try c.addMethod("window", types: "@@:") { m in
                let window = try m.runtime.requireClass(named: "UIWindow")
                return try m.chain(from: m.receiver, following: "superview").first { $0.isKind(of: window) }.map(Value.object) ?? .nil
            }
        }
    }

    /// Frame, bounds and center, which UIKit keeps consistent: the bounds' size is the
    /// frame's, and the center is the frame's middle; and points and rects converted from
    /// one view's coordinates to another's.
    private static func defineGeometry(_ c: inout ClassBuilder, setFrame: Selector, sizeThatFits: Selector, runtime: Runtime) throws {
        try c.addMethod("setFrame:", types: "v@:\(rectType)") { m in
            let frame = m[0] == .nil ? (x: 0, y: 0, width: 0, height: 0) : try m.rectArgument(0)
            let bounds = Geometry.rectNumbers(of: try m.ivar("_bounds")) ?? (0, 0, 0, 0)
            if bounds.width != frame.width || bounds.height != frame.height { try m.setIvar("_needsLayout", true) }
            try m.setIvar("_frame", Geometry.rect(frame.x, frame.y, frame.width, frame.height))
            try m.setIvar("_bounds", Geometry.rect(bounds.x, bounds.y, frame.width, frame.height))
            return .nil
        }
        // New bounds keep the center where it is, as UIKit does.
        try c.addMethod("setBounds:", types: "v@:\(rectType)") { m in
            let bounds = m[0] == .nil ? (x: 0, y: 0, width: 0, height: 0) : try m.rectArgument(0)
            let frame = Geometry.rectNumbers(of: try m.ivar("_frame")) ?? (0, 0, 0, 0)
            let center = (x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
            try m.setIvar("_bounds", Geometry.rect(bounds.x, bounds.y, bounds.width, bounds.height))
            try m.setIvar("_frame", Geometry.rect(center.x - bounds.width / 2, center.y - bounds.height / 2, bounds.width, bounds.height))
            if frame.width != bounds.width || frame.height != bounds.height { try m.setIvar("_needsLayout", true) }
            return .nil
        }
        try c.addMethod("center", types: "\(Geometry.pointType)@:") { m in
            let frame = Geometry.rectNumbers(of: try m.ivar("_frame")) ?? (0, 0, 0, 0)
            return Geometry.point(frame.x + frame.width / 2, frame.y + frame.height / 2)
        }
        try c.addMethod("setCenter:", types: "v@:\(Geometry.pointType)") { m in
            guard let center = Geometry.numbers(of: m[0], count: 2) else { throw m.wrongArgument(0, expected: "a CGPoint such as CGPointMake(160, 240)") }
            let frame = Geometry.rectNumbers(of: try m.ivar("_frame")) ?? (0, 0, 0, 0)
            try m.setIvar("_frame", Geometry.rect(center[0] - frame.width / 2, center[1] - frame.height / 2, frame.width, frame.height))
            return .nil
        }
        // Coordinates from one view's to another's, through their superviews' frames and
        // bounds (so a scroll view's offset counts); nil is the window's, the root's.
        let (frameSelector, boundsSelector, superview) = (try runtime.selector("frame"), try runtime.selector("bounds"), try runtime.selector("superview"))
        @Sendable func offset(of view: Object?, _ m: borrowing Message) throws -> (x: Double, y: Double) {
            var (x, y) = (0.0, 0.0)
            var current = view
            while let node = current {
                let frame = Geometry.rectNumbers(of: try m.send(frameSelector, to: node)) ?? (0, 0, 0, 0)
                let bounds = Geometry.rectNumbers(of: try m.send(boundsSelector, to: node)) ?? (0, 0, 0, 0)
                x += frame.x - bounds.x
                y += frame.y - bounds.y
                current = try m.send(superview, to: node).object
            }
            return (x, y)
        }
        for (kind, type) in [("Point", Geometry.pointType), ("Rect", rectType)] {
            for direction in ["toView:", "fromView:"] {
                try c.addMethod("convert\(kind):\(direction)", types: "\(type)@:\(type)@") { m in
                    let other = try m.objectArgument(1)
                    let (mine, theirs) = (try offset(of: m.receiver, m), try offset(of: other, m))
                    let (dx, dy) = direction == "toView:" ? (mine.x - theirs.x, mine.y - theirs.y) : (theirs.x - mine.x, theirs.y - mine.y)
                    if kind == "Point" {
                        guard let point = Geometry.numbers(of: m[0], count: 2) else { throw m.wrongArgument(0, expected: "a CGPoint such as CGPointMake(10, 20)") }
                        return Geometry.point(point[0] + dx, point[1] + dy)
                    }
                    let rect = try m.rectArgument(0)
                    return Geometry.rect(rect.x + dx, rect.y + dy, rect.width, rect.height)
                }
            }
        }
        // UIView's own fitting size is the size it has; subclasses that know their content answer better.
        try c.addMethod("sizeThatFits:", types: "\(Geometry.sizeType)@:\(Geometry.sizeType)") { m in
            let bounds = Geometry.rectNumbers(of: try m.ivar("_bounds")) ?? (0, 0, 0, 0)
            return Geometry.size(bounds.width, bounds.height)
        }
        // The identity until set (the ivar starts all zeros, which no view is ever set to):
        // kept apart from the frame, which the model does not transform.
        try c.addIvar("_transform", type: Geometry.affineTransformType)
        try c.addMethod("transform", types: "\(Geometry.affineTransformType)@:") { m in
            guard case .structure(let stored) = try m.ivar("_transform"), stored.fields.contains(where: { $0.numberValue != 0 }) else {
                return Geometry.identityTransform
            }
            return .structure(stored)
        }
        try c.addMethod("setTransform:", types: "v@:\(Geometry.affineTransformType)") { m in
            guard case .structure = m[0] else { throw m.wrongArgument(0, expected: "a CGAffineTransform such as CGAffineTransformMakeScale(2, 2)") }
            try m.setIvar("_transform", m[0])
            return .nil
        }
        try c.addMethod("sizeToFit", types: "v@:") { m in
            let frame = Geometry.rectNumbers(of: try m.ivar("_frame")) ?? (0, 0, 0, 0)
            let fitting = Geometry.numbers(of: try m.send(sizeThatFits, to: m.receiver, Arguments(Geometry.size(frame.width, frame.height))), count: 2) ?? [frame.width, frame.height]
            try m.send(setFrame, to: m.receiver, Arguments(Geometry.rect(frame.x, frame.y, fitting[0], fitting[1])))
            return .nil
        }
    }

    /// Moves `subview` into the receiver's subviews at `index` (clamped to them).
    private static func insert(_ subview: Object, at index: Int, message m: borrowing Message, removeFromSuperview: Selector) throws {
        // A view below itself would make the hierarchy a cycle: UIKit raises, and so does the model.
        if try m.chain(from: m.receiver, following: "superview").contains(where: { $0 === subview }) {
            throw ClassLibraryError.invalidArgument(
                method: "-[UIView \(m.selector.name)]",
                reason: subview === m.receiver
                    ? "Can't add self as subview"
                    : "Can't add \(subview) as a subview of \(m.receiver): it contains \(m.receiver), so the hierarchy would be a cycle")
        }
        try m.send(removeFromSuperview, to: subview)
        var children = try m.array("subviews", of: m.receiver)
        children.insert(.object(subview), at: min(max(index, 0), children.count))
        try m.setIvar("_subviews", .array(children))
        try m.runtime.setIvar("_superview", of: subview, to: .object(m.receiver))
        try m.setIvar("_needsLayout", true)
    }

    /// Subviews in order, back to front: adding, inserting, reordering and removing.
    private static func defineHierarchy(_ c: inout ClassBuilder, insertAtIndex: Selector, removeFromSuperview: Selector) throws {
        try c.addMethod("addSubview:", types: "v@:@") { m in
            guard let subview = try m.objectArgument(0) else { return .nil }
            try insert(subview, at: Int.max, message: m, removeFromSuperview: removeFromSuperview)
            return .nil
        }
        // An index past the end adds at the end, as UIKit does.
        try c.addMethod("insertSubview:atIndex:", types: "v@:@q") { m in
            guard let subview = try m.objectArgument(0) else { return .nil }
            try insert(subview, at: try m.integerArgument(1), message: m, removeFromSuperview: removeFromSuperview)
            return .nil
        }
        for (name, toFront) in [("bringSubviewToFront:", true), ("sendSubviewToBack:", false)] {
            try c.addMethod(name, types: "v@:@") { m in
                guard let subview = try m.objectArgument(0) else { return .nil }
                var children = try m.array("subviews", of: m.receiver)
                // A view that is not a subview is left where it is, as UIKit leaves it.
                guard let index = children.firstIndex(where: { $0.object === subview }) else { return .nil }
                children.remove(at: index)
                if toFront { children.append(.object(subview)) } else { children.insert(.object(subview), at: 0) }
                try m.setIvar("_subviews", .array(children))
                return .nil
            }
        }
        try c.addMethod("removeFromSuperview", types: "v@:") { m in
            guard let parent = try m.object("superview", of: m.receiver) else { return .nil }
            let remaining = try m.array("subviews", of: parent).filter { $0.object !== m.receiver }
            try m.runtime.setIvar("_subviews", of: parent, to: .array(remaining))
            try m.runtime.setIvar("_superview", of: m.receiver, to: .nil)
            return .nil
        }
        try c.addMethod("isDescendantOfView:", types: "B@:@") { m in
            guard let ancestor = try m.objectArgument(0) else { return false }
            return .bool(try m.chain(from: m.receiver, following: "superview").contains { $0 === ancestor })
        }
    }
}

extension ClassLibrary {
    /// What `initWithFrame:` sets on every view: the frame and bounds (given), UIKit's
    /// default layout margins, no subviews, and UIKit's defaults: opaque, interactive, laid
    /// out by autoresizing, due a first layout. Made once per runtime, as its names
    /// remember that runtime's ivars.
    static func viewDefaults() -> IvarDefaults {
        IvarDefaults(given: ["_frame", "_bounds"], defaults: [
            "_layoutMargins": Geometry.insets(8, 8, 8, 8), "_subviews": .array([]), "_alpha": .double(1),
            "_userInteractionEnabled": true, "_opaque": true, "_translatesAutoresizingMaskIntoConstraints": true,
            "_needsLayout": true,
        ])
    }
}
