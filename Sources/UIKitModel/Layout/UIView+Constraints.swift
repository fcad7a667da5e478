import Runtime

extension ClassLibrary {
    /// `UIView`'s side of Auto Layout: the constraints it holds (`addConstraint:`,
    /// `removeConstraints:`, `constraints`), its anchors, its layout guides (its own, and
    /// the margins, safe-area and readable-content guides, made when first asked for),
    /// content hugging and compression resistance by axis (UIKit's 250 and 750 until set),
    /// no intrinsic size, and the constraint-update pass: `setNeedsUpdateConstraints`
    /// makes the next `updateConstraintsIfNeeded` or `layoutIfNeeded` send `updateConstraints`.
    static func addConstraintHosting(to c: inout ClassBuilder) throws {
        let updateConstraints = try c.runtime.selector("updateConstraints")
        try c.addIvar("_constraints", type: .object(className: "NSArray"))
        try c.addIvar("_layoutGuides", type: .object(className: "NSArray"))
        try c.addIvar("_needsUpdateConstraints", type: .bool)
        try c.addIvar("_contentHugging", type: .object(className: "NSArray"))
        try c.addIvar("_compressionResistance", type: .object(className: "NSArray"))
        try c.addMethod("constraints", types: "@@:") { m in .array(try m.ivar("_constraints").arrayElements) }
        try c.addMethod("addConstraint:", types: "v@:@") { m in
            if let constraint = try constraintArgument(m, 0) { try add(constraint, to: m.receiver, m) }
            return .nil
        }
        try c.addMethod("addConstraints:", types: "v@:@") { m in
            for constraint in try constraintsArgument(m, 0) { try add(constraint, to: m.receiver, m) }
            return .nil
        }
        try c.addMethod("removeConstraint:", types: "v@:@") { m in
            if let constraint = try constraintArgument(m, 0) { try remove(constraint, from: m.receiver, m) }
            return .nil
        }
        try c.addMethod("removeConstraints:", types: "v@:@") { m in
            for constraint in try constraintsArgument(m, 0) { try remove(constraint, from: m.receiver, m) }
            return .nil
        }
        try addAnchors(to: &c)

        try c.addMethod("layoutGuides", types: "@@:") { m in .array(try m.ivar("_layoutGuides").arrayElements) }
        try c.addMethod("addLayoutGuide:", types: "v@:@") { m in
            guard let guide = try m.objectArgument(0), let guideClass = m.runtime.class(named: "UILayoutGuide"), guide.isKind(of: guideClass) else {
                throw m.wrongArgument(0, expected: "a UILayoutGuide")
            }
            if let owner = try m.runtime.ivarValue("_owningView", of: guide).object, owner !== m.receiver {
                try m.send("removeLayoutGuide:", to: owner, .object(guide))
            }
            let guides = try m.ivar("_layoutGuides").arrayElements
            if !guides.contains(where: { $0.object === guide }) { try m.setIvar("_layoutGuides", .array(guides + [.object(guide)])) }
            try m.runtime.setIvar("_owningView", of: guide, to: .object(m.receiver))
            return .nil
        }
        try c.addMethod("removeLayoutGuide:", types: "v@:@") { m in
            guard let guide = try m.objectArgument(0) else { return .nil }
            let guides = try m.ivar("_layoutGuides").arrayElements
            guard guides.contains(where: { $0.object === guide }) else { return .nil }
            try m.setIvar("_layoutGuides", .array(guides.filter { $0.object !== guide }))
            try m.runtime.setIvar("_owningView", of: guide, to: .nil)
            return .nil
        }
        for (getter, identifier) in [("layoutMarginsGuide", "UIViewLayoutMarginsGuide"), ("safeAreaLayoutGuide", "UIViewSafeAreaLayoutGuide"),
                                     ("readableContentGuide", "UIViewReadableContentGuide")] {
            let ivar = "_\(getter)"
            try c.addIvar(ivar, type: .object(className: "UILayoutGuide"))
            try c.addMethod(getter, types: "@@:") { m in
                let existing = try m.ivar(ivar)
                if existing != .nil { return existing }
                let guide = try m.make("UILayoutGuide", try m.runtime.selector("init"))
                guard let made = guide.object else { return .nil }
                try m.runtime.setIvars(of: made, ["_identifier": .string(identifier), "_owningView": .object(m.receiver)])
                try m.setIvar(ivar, guide)
                return guide
            }
        }
        // The model puts no bars over a view.
        try c.addMethod("safeAreaInsets", types: "\(Geometry.insetsType)@:") { _ in Geometry.insets(0, 0, 0, 0) }

        for (name, ivar, standard) in [("ContentHuggingPriority", "_contentHugging", 250.0), ("ContentCompressionResistancePriority", "_compressionResistance", 750.0)] {
            try c.addMethod("set\(name):forAxis:", types: "v@:fq") { m in
                let priority = try m.numberArgument(0), axis = try axisArgument(m, 1)
                var priorities = try m.ivar(ivar).arrayElements
                if priorities.count != 2 { priorities = [.double(standard), .double(standard)] }
                priorities[axis] = .double(priority)
                try m.setIvar(ivar, .array(priorities))
                return .nil
            }
            try c.addMethod("\(name.prefix(1).lowercased())\(name.dropFirst())ForAxis:", types: "f@:q") { m in
                let axis = try axisArgument(m, 0), priorities = try m.ivar(ivar).arrayElements
                return priorities.count == 2 ? priorities[axis] : .double(standard)
            }
        }
        // UIViewNoIntrinsicMetric (-1) both ways: a plain view has no size of its own.
        try c.addMethod("intrinsicContentSize", types: "{CGSize=dd}@:") { _ in Geometry.size(-1, -1) }
        try c.addMethod("invalidateIntrinsicContentSize", types: "v@:") { _ in .nil }
        try c.addClassMethod("requiresConstraintBasedLayout", types: "B@:") { _ in false }
        try c.addMethod("setNeedsUpdateConstraints", types: "v@:") { m in
            try m.setIvar("_needsUpdateConstraints", true)
            return .nil
        }
        try c.addMethod("needsUpdateConstraints", types: "B@:") { m in try m.ivar("_needsUpdateConstraints") }
        try c.addMethod("updateConstraintsIfNeeded", types: "v@:") { m in
            guard try m.ivar("_needsUpdateConstraints").isTruthy else { return .nil }
            try m.setIvar("_needsUpdateConstraints", false)
            try m.send(updateConstraints, to: m.receiver)
            return .nil
        }
    }

    /// A controller's `topLayoutGuide` and `bottomLayoutGuide`: guides of its view, made
    /// when first asked for (loading the view), each with a length of 0. As UIKit places
    /// them, the view holds two constraints for each: its height (the length) and its edge
    /// against the view's (`vc.view.constraints` counts them).
    static func addLayoutSupport(to c: inout ClassBuilder) throws {
        let view = try c.runtime.selector("view")
        let make = try c.runtime.selector("constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:")
        let add = try c.runtime.selector("addConstraints:")
        for getter in ["topLayoutGuide", "bottomLayoutGuide"] {
            let edge = Value.int((getter == "topLayoutGuide" ? LayoutAttribute.top : .bottom).rawValue)
            let ivar = "_\(getter)"
            try c.addIvar(ivar, type: .object(className: "UILayoutGuide"))
            try c.addMethod(getter, types: "@@:") { m in
                let existing = try m.ivar(ivar)
                if existing != .nil { return existing }
                let owner = try m.send(view, to: m.receiver)
                let guide = try m.make("_UILayoutGuide", try m.runtime.selector("init"))
                if let made = guide.object {
                    try m.runtime.setIvars(of: made, ["_identifier": .string(getter), "_owningView": owner])
                }
                try m.setIvar(ivar, guide)
                let constraintClass = Value.object(try m.runtime.requireClass(named: "NSLayoutConstraint"))
                let equal = Value.int(0), height = Value.int(LayoutAttribute.height.rawValue), none = Value.int(LayoutAttribute.notAnAttribute.rawValue)
                let length = try m.runtime.send(make, toValue: constraintClass, Arguments([guide, height, equal, .nil, none, 1.0, 0.0]), nestedAt: m.depth + 1)
                let placed = try m.runtime.send(make, toValue: constraintClass, Arguments([guide, edge, equal, owner, edge, 1.0, 0.0]), nestedAt: m.depth + 1)
                _ = try m.runtime.send(add, toValue: owner, Arguments(.array([length, placed])), nestedAt: m.depth + 1)
                return guide
            }
        }
    }

    /// Argument `index` as a constraint, or nil.
    private static func constraintArgument(_ m: borrowing Message, _ index: Int) throws -> Object? {
        guard let object = try m.objectArgument(index) else { return nil }
        guard let constraintClass = m.runtime.class(named: "NSLayoutConstraint"), object.isKind(of: constraintClass) else {
            throw m.wrongArgument(index, expected: "an NSLayoutConstraint")
        }
        return object
    }

    /// Argument `index` as an array of constraints.
    private static func constraintsArgument(_ m: borrowing Message, _ index: Int) throws -> [Object] {
        guard m[index] != .nil else { return [] }
        let constraintClass = m.runtime.class(named: "NSLayoutConstraint")
        return try m.arrayArgument(index).map { element in
            guard let object = element.object, let constraintClass, object.isKind(of: constraintClass) else {
                throw m.wrongArgument(index, expected: "an array of NSLayoutConstraints")
            }
            return object
        }
    }

    /// Argument `index` as a `UILayoutConstraintAxis`: 0 horizontal, 1 vertical.
    private static func axisArgument(_ m: borrowing Message, _ index: Int) throws -> Int {
        let axis = try m.integerArgument(index)
        guard axis == 0 || axis == 1 else {
            throw m.wrongArgument(index, expected: "UILayoutConstraintAxisHorizontal (0) or UILayoutConstraintAxisVertical (1)")
        }
        return axis
    }
}
