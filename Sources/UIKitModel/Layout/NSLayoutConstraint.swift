import Runtime

extension ClassLibrary {
    /// `NSLayoutConstraint`: `first.attribute relation second.attribute × multiplier +
    /// constant` at a priority, made by `constraintWithItem:…`, by the visual format
    /// (`constraintsWithVisualFormat:options:metrics:views:`, see ``VisualFormat``) or by
    /// anchors, and inactive until activated. Activating one adds it to the nearest view
    /// both its items are in (raising `NSGenericException`, as UIKit does, when there is
    /// none); `addConstraint:` adds it to the view it is sent to. The items are held weakly,
    /// as UIKit holds them, so a view and its constraints make no cycle.
    ///
    /// The model keeps, lists, compares and prints constraints; it does not solve them.
    /// Frames are what code sets, so a test of the constraints a view has passes, and one
    /// of the frames Auto Layout would compute does not.
    static func defineLayoutConstraint(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), setActive = try runtime.selector("setActive:")
        try runtime.registerLazyClass(named: "NSLayoutConstraint", superclass: root) { c in
            try c.addProperty(Property(name: "firstItem", type: .object(className: nil), attributes: [.readOnly, .weak]))
            try c.addProperty(Property(name: "secondItem", type: .object(className: nil), attributes: [.readOnly, .weak]))
            try c.addProperty(Property(name: "firstAttribute", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "secondAttribute", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "relation", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "multiplier", type: .double, attributes: [.readOnly]))
            try c.addProperty(Property(name: "constant", type: .double, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "priority", type: .float, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "identifier", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "shouldBeArchived", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "active", type: .bool, attributes: [.nonatomic], getter: "isActive"))
            // The view that holds the constraint while it is active.
            try c.addIvar("_container", type: .object(className: "UIView"), isWeak: true)
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_multiplier": .double(1), "_priority": .double(LayoutEquation.required)])
                }
            }
            try c.addClassMethod("constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:", types: "@@:@qq@qdd") { m in
                guard let first = try m.objectArgument(0) else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "Constraint items must each be a view or layout guide.")
                }
                let firstAttribute = try layoutAttribute(m, 1), secondAttribute = try layoutAttribute(m, 4)
                let second = try m.objectArgument(3)
                if second == nil, secondAttribute != .notAnAttribute {
                    throw ClassLibraryError.invalidArgument(
                        method: m.methodName,
                        reason: "A constraint cannot be made between a leading/trailing/size attribute and a nil second item. Use NSLayoutAttributeNotAnAttribute for the second attribute.")
                }
                guard let relation = LayoutRelation(rawValue: try m.integerArgument(2)) else {
                    throw m.wrongArgument(2, expected: "an NSLayoutRelation: NSLayoutRelationLessThanOrEqual (-1), Equal (0) or GreaterThanOrEqual (1)")
                }
                let equation = LayoutEquation(
                    first: first, firstAttribute: firstAttribute, relation: relation, second: second, secondAttribute: secondAttribute,
                    multiplier: try m.numberArgument(5), constant: try m.numberArgument(6))
                return .object(try makeConstraint(equation, m))
            }
            try c.addClassMethod("constraintsWithVisualFormat:options:metrics:views:", types: "@@:@Q@@") { m in
                let format = try m.stringArgument(0), options = try m.integerArgument(1)
                // NULL is nil, written 0 as often as nil.
                let metrics = try m[2] == .nil || m[2] == .int(0) ? [:] : m.dictionaryArgument(2)
                let views = try m.dictionaryArgument(3)
                var namedViews: [String: Object] = [:], namedMetrics: [String: Double] = [:]
                for (key, value) in views {
                    guard case .string(let name) = key, let view = value.object else {
                        throw m.wrongArgument(3, expected: "a dictionary of views by name, as NSDictionaryOfVariableBindings makes")
                    }
                    namedViews[name] = view
                }
                for (key, value) in metrics {
                    guard case .string(let name) = key, let number = value.numberValue else {
                        throw m.wrongArgument(2, expected: "a dictionary of numbers by name, or nil")
                    }
                    namedMetrics[name] = number
                }
                var reader = VisualFormat(format, views: namedViews, metrics: namedMetrics)
                let equations: [LayoutEquation]
                do {
                    equations = try reader.equations(options: options) { view in try m.object("superview", of: view) }
                } catch let failure as VisualFormat.Failure {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: VisualFormat.message(for: failure, in: format))
                }
                return .array(try equations.map { .object(try makeConstraint($0, m)) })
            }
            for (name, active) in [("activateConstraints:", true), ("deactivateConstraints:", false)] {
                // A nil array holds no constraints, as UIKit's loop over it finds none.
                try c.addClassMethod(name, types: "v@:@") { m in
                    for constraint in m[0] == .nil ? [] : try m.arrayArgument(0) {
                        guard let object = constraint.object else { throw m.wrongArgument(0, expected: "an array of NSLayoutConstraints") }
                        try m.send(setActive, to: object, Arguments(.bool(active)))
                    }
                    return .nil
                }
            }
            // A new constant moves what the constraint places at the next layout.
            try c.addMethod("setConstant:", types: "v@:d") { m in
                try m.setIvar("_constant", .double(try m.numberArgument(0)))
                if try m.ivar("_active").isTruthy { try needsLayout(for: m.receiver, m) }
                return .nil
            }
            try c.addMethod("setActive:", types: "v@:B") { m in
                if m[0].isTruthy { try activate(m.receiver, m) } else { try deactivate(m.receiver, m) }
                return .nil
            }
            try c.addMethod("firstAnchor", types: "@@:") { m in
                try anchor(for: m.ivar("_firstItem"), LayoutAttribute(rawValue: try m.ivar("_firstAttribute").intValue ?? 0) ?? .notAnAttribute, m)
            }
            try c.addMethod("secondAnchor", types: "@@:") { m in
                try anchor(for: m.ivar("_secondItem"), LayoutAttribute(rawValue: try m.ivar("_secondAttribute").intValue ?? 0) ?? .notAnAttribute, m)
            }
            try c.addMethod("description", types: "@@:") { m in
                let identifier = try m.ivar("_identifier")
                let name = if case .string(let text) = identifier { " '\(text)'" } else { "" }
                return .string("<\(m.receiver.isa.name): 0x\(String(m.receiver.serial, radix: 16))\(name) \(try equationText(m))>")
            }
        }
    }

    /// A new constraint saying `equation`: an instance of the receiver when a class is
    /// asked (`[MMConstraint constraintWithItem:…]`), else an `NSLayoutConstraint`.
    static func makeConstraint(_ equation: LayoutEquation, _ m: borrowing Message) throws -> Object {
        let made = try m.receiver is Class ? m.allocInit(try m.runtime.selector("init")) : m.make("NSLayoutConstraint", try m.runtime.selector("init"))
        guard let constraint = made.object else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "init returned nil") }
        try m.runtime.setIvars(of: constraint, [
            "_firstItem": .object(equation.first), "_firstAttribute": .int(equation.firstAttribute.rawValue),
            "_relation": .int(equation.relation.rawValue), "_secondItem": equation.second.map(Value.object) ?? .nil,
            "_secondAttribute": .int(equation.secondAttribute.rawValue), "_multiplier": .double(equation.multiplier),
            "_constant": .double(equation.constant), "_priority": .double(equation.priority),
        ])
        return constraint
    }

    /// Argument `index` as an `NSLayoutAttribute`.
    private static func layoutAttribute(_ m: borrowing Message, _ index: Int) throws -> LayoutAttribute {
        guard let attribute = LayoutAttribute(rawValue: try m.integerArgument(index)) else {
            throw m.wrongArgument(index, expected: "an NSLayoutAttribute such as NSLayoutAttributeLeading or NSLayoutAttributeWidth")
        }
        return attribute
    }

    /// Adds `constraint` to the nearest view its items share, as `active = YES` does.
    private static func activate(_ constraint: Object, _ m: borrowing Message) throws {
        let runtime = m.runtime
        guard try !runtime.ivarValue("_active", of: constraint).isTruthy else { return }
        let first = try runtime.ivarValue("_firstItem", of: constraint).object, second = try runtime.ivarValue("_secondItem", of: constraint).object
        let firstChain = try first.map { try viewChain(of: $0, m) } ?? []
        let host: Object?
        if let second {
            let secondChain = try viewChain(of: second, m)
            host = secondChain.first { candidate in firstChain.contains { $0 === candidate } }
        } else {
            host = firstChain.first
        }
        guard let host else {
            let ends = try [("_firstItem", "_firstAttribute"), ("_secondItem", "_secondAttribute")].map { item, attribute in
                try itemText(runtime.ivarValue(item, of: constraint), attribute: runtime.ivarValue(attribute, of: constraint))
            }
            throw try exception(
                named: "NSGenericException",
                reason: "Unable to activate constraint with anchors \(ends[0]) and \(ends[1]) because they have no common ancestor.  "
                    + "Does the constraint or its anchors reference items in different view hierarchies?  That's illegal.",
                in: runtime)
        }
        try add(constraint, to: host, m)
    }

    /// Takes `constraint` out of the view holding it, as `active = NO` does.
    private static func deactivate(_ constraint: Object, _ m: borrowing Message) throws {
        guard let container = try m.runtime.ivarValue("_container", of: constraint).object else {
            try m.runtime.setIvar("_active", of: constraint, to: false)
            return
        }
        try remove(constraint, from: container, m)
    }

    /// The view a constraint's item stands for: a view itself, a layout guide the view that
    /// owns it (nil while none does).
    static func layoutView(of item: Object, in runtime: Runtime) throws -> Object? {
        guard let guide = runtime.class(named: "UILayoutGuide"), item.isKind(of: guide) else { return item }
        return try runtime.ivarValue("_owningView", of: item).object
    }

    /// Whether `view` keeps the frame its code gives it (`translatesAutoresizingMaskIntoConstraints`),
    /// rather than taking the one its constraints solve to.
    static func keepsItsFrame(_ view: Object, in runtime: Runtime) throws -> Bool {
        try runtime.ivarValue("_translatesAutoresizingMaskIntoConstraints", of: view).isTruthy
    }

    /// `item`'s view (a layout guide's owning view) and the views above it, nearest first.
    private static func viewChain(of item: Object, _ m: borrowing Message) throws -> [Object] {
        guard let view = try layoutView(of: item, in: m.runtime), let viewClass = m.runtime.class(named: "UIView"), view.isKind(of: viewClass) else {
            return []
        }
        return try m.chain(from: view, following: "superview")
    }

    /// Puts `constraint` in `view`'s constraints, active, taking it from any view holding it.
    static func add(_ constraint: Object, to view: Object, _ m: borrowing Message) throws {
        let runtime = m.runtime
        if let previous = try runtime.ivarValue("_container", of: constraint).object {
            guard previous !== view else { return }
            try remove(constraint, from: previous, m)
        }
        let held = try runtime.ivarValue("_constraints", of: view).arrayElements
        try runtime.setIvar("_constraints", of: view, to: .array(held + [.object(constraint)]))
        try runtime.setIvars(of: constraint, ["_active": true, "_container": .object(view)])
        try needsLayout(for: constraint, m)
    }

    /// Asks the views whose subviews `constraint` may place to lay them out again.
    static func needsLayout(for constraint: Object, _ m: borrowing Message) throws {
        let runtime = m.runtime
        for name in ["_container", "_firstItem", "_secondItem"] {
            // A layout guide is laid out with the view that owns it.
            guard let named = try runtime.ivarValue(name, of: constraint).object, let item = try layoutView(of: named, in: runtime) else { continue }
            guard runtime.ivar(named: "_needsLayout", in: item.isa) != nil else { continue }
            for view in [item] + [try m.object("superview", of: item)].compactMap({ $0 }) {
                try runtime.setIvar("_needsLayout", of: view, to: true)
            }
        }
    }

    /// Takes `constraint` out of `view`'s constraints, leaving it inactive.
    static func remove(_ constraint: Object, from view: Object, _ m: borrowing Message) throws {
        let runtime = m.runtime
        let held = try runtime.ivarValue("_constraints", of: view).arrayElements
        guard held.contains(where: { $0.object === constraint }) else { return }
        try runtime.setIvar("_constraints", of: view, to: .array(held.filter { $0.object !== constraint }))
        try needsLayout(for: constraint, m)
        try runtime.setIvars(of: constraint, ["_active": false, "_container": .nil])
    }

    /// `UILabel:0x3.leading == 2*UIView:0x2.width + 20 @750`, as UIKit prints a constraint.
    private static func equationText(_ m: borrowing Message) throws -> String {
        var text = itemText(try m.ivar("_firstItem"), attribute: try m.ivar("_firstAttribute"))
        let relation = LayoutRelation(rawValue: try m.ivar("_relation").intValue ?? 0) ?? .equal
        text += " \(relation.symbol) "
        let constant = try m.ivar("_constant").numberValue ?? 0, multiplier = try m.ivar("_multiplier").numberValue ?? 1
        let second = try m.ivar("_secondItem")
        if second == .nil {
            text += layoutNumber(constant)
        } else {
            if multiplier != 1 { text += "\(layoutNumber(multiplier))*" }
            text += itemText(second, attribute: try m.ivar("_secondAttribute"))
            if constant != 0 { text += constant < 0 ? " - \(layoutNumber(-constant))" : " + \(layoutNumber(constant))" }
        }
        let priority = try m.ivar("_priority").numberValue ?? LayoutEquation.required
        if priority != LayoutEquation.required { text += " @\(layoutNumber(priority))" }
        return text
    }

    /// `UIView:0x2.leading`: an item and one of its attributes.
    static func itemText(_ item: Value, attribute: Value) -> String {
        let name = LayoutAttribute(rawValue: attribute.intValue ?? 0)?.name ?? "notAnAttribute"
        guard let object = item.object else { return "nil.\(name)" }
        return "\(object.isa.name):0x\(String(object.serial, radix: 16)).\(name)"
    }

    /// A number as a constraint's description writes it: `20`, `0.5`.
    static func layoutNumber(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }
}
