import Runtime

extension ClassLibrary {
    /// The anchors a view or a layout guide has, by getter: `leadingAnchor` and the rest.
    static let anchorGetters: [(getter: String, attribute: LayoutAttribute)] = [
        ("leadingAnchor", .leading), ("trailingAnchor", .trailing), ("leftAnchor", .left), ("rightAnchor", .right),
        ("topAnchor", .top), ("bottomAnchor", .bottom), ("widthAnchor", .width), ("heightAnchor", .height),
        ("centerXAnchor", .centerX), ("centerYAnchor", .centerY), ("firstBaselineAnchor", .firstBaseline),
        ("lastBaselineAnchor", .lastBaseline),
    ]

    /// `NSLayoutAnchor` and its kinds (`NSLayoutXAxisAnchor`, `NSLayoutYAxisAnchor`,
    /// `NSLayoutDimension`): an item and one of its attributes, which makes inactive
    /// constraints to another anchor (`constraintEqualToAnchor:constant:`) or, for a
    /// dimension, to a constant (`constraintEqualToConstant:`) or a multiple of another
    /// dimension.
    static func defineLayoutAnchors(in runtime: Runtime, root: Class) throws {
        let anchor = try runtime.registerLazyClass(named: "NSLayoutAnchor", superclass: root) { c in
            try c.addIvar("_item", type: .object(className: nil), isWeak: true)
            try c.addIvar("_attribute", type: .integer(code: "q"))
            for (relation, name) in [(LayoutRelation.equal, "Equal"), (.greaterThanOrEqual, "GreaterThanOrEqual"), (.lessThanOrEqual, "LessThanOrEqual")] {
                try c.addMethod("constraint\(name)ToAnchor:", types: "@@:@") { m in
                    try constraint(from: m, relation: relation, to: try anchorArgument(m, 0), constant: 0)
                }
                try c.addMethod("constraint\(name)ToAnchor:constant:", types: "@@:@d") { m in
                    try constraint(from: m, relation: relation, to: try anchorArgument(m, 0), constant: try m.numberArgument(1))
                }
            }
            try c.addMethod("description", types: "@@:") { m in
                .string("<\(m.receiver.isa.name): 0x\(String(m.receiver.serial, radix: 16)) \"\(itemText(try m.ivar("_item"), attribute: try m.ivar("_attribute")))\">")
            }
        }
        try runtime.registerLazyClass(named: "NSLayoutXAxisAnchor", superclass: anchor) { _ in }
        try runtime.registerLazyClass(named: "NSLayoutYAxisAnchor", superclass: anchor) { _ in }
        try runtime.registerLazyClass(named: "NSLayoutDimension", superclass: anchor) { c in
            for (relation, name) in [(LayoutRelation.equal, "Equal"), (.greaterThanOrEqual, "GreaterThanOrEqual"), (.lessThanOrEqual, "LessThanOrEqual")] {
                try c.addMethod("constraint\(name)ToConstant:", types: "@@:d") { m in
                    try constraint(from: m, relation: relation, to: nil, constant: try m.numberArgument(0))
                }
                try c.addMethod("constraint\(name)ToAnchor:multiplier:", types: "@@:@d") { m in
                    try constraint(from: m, relation: relation, to: try anchorArgument(m, 0), multiplier: try m.numberArgument(1), constant: 0)
                }
                try c.addMethod("constraint\(name)ToAnchor:multiplier:constant:", types: "@@:@dd") { m in
                    try constraint(
                        from: m, relation: relation, to: try anchorArgument(m, 0), multiplier: try m.numberArgument(1), constant: try m.numberArgument(2))
                }
            }
        }
    }

    /// `UILayoutGuide`: a rectangle a view owns for constraints to refer to, with the
    /// anchors a view has; `_UILayoutGuide`, what a controller's `topLayoutGuide` and
    /// `bottomLayoutGuide` answer, adds `length` (0: the model has no bars over a view).
    static func defineLayoutGuide(in runtime: Runtime, root: Class) throws {
        let guide = try runtime.registerLazyClass(named: "UILayoutGuide", superclass: root) { c in
            try c.addProperty(Property(name: "owningView", type: .object(className: "UIView"), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "identifier", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try addAnchors(to: &c)
            // The owning view's bounds, the margins taken off for its margins guide.
            try c.addMethod("layoutFrame", types: "\(rectType)@:") { m in
                guard let owner = try m.ivar("_owningView").object else { return zeroRect }
                let bounds = try m.send("bounds", to: owner)
                guard case .string("UIViewLayoutMarginsGuide") = try m.ivar("_identifier") else { return bounds }
                guard let rect = Geometry.numbers(of: bounds, count: 4), let margins = Geometry.numbers(of: try m.send("layoutMargins", to: owner), count: 4) else {
                    return bounds
                }
                // UIEdgeInsets are top, left, bottom, right.
                return Geometry.rect(rect[0] + margins[1], rect[1] + margins[0], rect[2] - margins[1] - margins[3], rect[3] - margins[0] - margins[2])
            }
        }
        try runtime.registerLazyClass(named: "_UILayoutGuide", superclass: guide) { c in
            try c.addMethod("length", types: "d@:") { _ in .double(0) }
        }
    }

    /// A view's or a guide's anchors, each a new anchor object as the getter is sent.
    static func addAnchors(to c: inout ClassBuilder) throws {
        for (getter, attribute) in anchorGetters {
            try c.addMethod(getter, types: "@@:") { m in try anchor(for: .object(m.receiver), attribute, m) }
        }
    }

    /// An anchor for `item`'s `attribute`, of the kind the attribute is; nil for no item.
    static func anchor(for item: Value, _ attribute: LayoutAttribute, _ m: borrowing Message) throws -> Value {
        guard item != .nil, attribute != .notAnAttribute else { return .nil }
        let kind = switch attribute {
        case .width, .height: "NSLayoutDimension"
        case _ where attribute.isHorizontal: "NSLayoutXAxisAnchor"
        default: "NSLayoutYAxisAnchor"
        }
        let made = try m.runtime.createInstance(of: m.runtime.requireClass(named: kind))
        try m.runtime.setIvars(of: made, ["_item": item, "_attribute": .int(attribute.rawValue)])
        return .object(made)
    }

    /// Argument `index` as an anchor: its item and attribute.
    private static func anchorArgument(_ m: borrowing Message, _ index: Int) throws -> (item: Object, attribute: LayoutAttribute) {
        guard let anchor = try m.objectArgument(index), let anchorClass = m.runtime.class(named: "NSLayoutAnchor"), anchor.isKind(of: anchorClass),
              let item = try m.runtime.ivarValue("_item", of: anchor).object,
              let attribute = LayoutAttribute(rawValue: try m.runtime.ivarValue("_attribute", of: anchor).intValue ?? 0) else {
            throw m.wrongArgument(index, expected: "an anchor of a view or a layout guide, as view.leadingAnchor")
        }
        return (item, attribute)
    }

    /// A new, inactive constraint from the receiving anchor to `other` (nil: to the constant alone).
    private static func constraint(
        from m: borrowing Message, relation: LayoutRelation, to other: (item: Object, attribute: LayoutAttribute)?,
        multiplier: Double = 1, constant: Double
    ) throws -> Value {
        guard let item = try m.ivar("_item").object, let attribute = LayoutAttribute(rawValue: try m.ivar("_attribute").intValue ?? 0) else {
            return .nil
        }
        let equation = LayoutEquation(
            first: item, firstAttribute: attribute, relation: relation, second: other?.item, secondAttribute: other?.attribute ?? .notAnAttribute,
            multiplier: multiplier, constant: constant)
        return .object(try makeConstraint(equation, m))
    }
}
