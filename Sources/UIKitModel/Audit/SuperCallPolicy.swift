import Runtime

/// What a lifecycle method's override must do with `super`.
public enum SuperCallRequirement: String, Hashable, Sendable {
    /// Exactly one call to super.
    case required
    /// No call to super at all (`loadView` builds the view itself).
    case prohibited
    /// Any number of calls: the override is audited and its calls counted, but it keeps
    /// the rule whatever it does (to relax a default rule for one code base).
    case optional
}

/// Which selectors the super-call audit polices, and how, in the order audits run.
/// It is plain data: add, change or remove rules to fit a code base.
public struct SuperCallPolicy: Hashable, Sendable {
    public struct Rule: Hashable, Sendable {
        public var selector: String
        public var requirement: SuperCallRequirement
        /// The class whose subclasses the rule is for (`MMBaseViewController` for
        /// `-[MMBaseViewController configure]`), or nil for every class.
        public var baseClass: String?

        public init(_ selector: String, _ requirement: SuperCallRequirement, baseClass: String? = nil) {
            self.selector = selector
            self.requirement = requirement
            self.baseClass = baseClass
        }

        /// Whether the rule is for overrides in `cls`: every class for a rule of no base
        /// class, else the base class's subclasses (not the base class itself).
        public func applies(to cls: Class) -> Bool {
            guard let baseClass else { return true }
            return cls.lineage.dropFirst().contains { $0.name == baseClass }
        }
    }

    public var rules: [Rule]

    public init(rules: [Rule]) {
        self.rules = rules
    }

    /// UIKit's rules, at least those SwiftLint's `overridden_super_call` and
    /// `prohibited_super_call` list for UIKit: the appearance methods, `viewIsAppearing:`,
    /// `viewDidLoad`, `didReceiveMemoryWarning`, the containment callbacks, editing, state
    /// restoration, layout and constraint updates, trait and size changes, nib awakening
    /// and cell reuse and selection (a collection view cell's `setSelected:` and
    /// `setHighlighted:`, too) must call super exactly once, and so must a collection view
    /// layout's `invalidateLayout`, as UIKit documents; `loadView` must not call it.
    public static let uikit = SuperCallPolicy(rules: [
        Rule("loadView", .prohibited),
        Rule("viewDidLoad", .required),
        Rule("viewWillAppear:", .required),
        Rule("viewIsAppearing:", .required),
        Rule("viewDidAppear:", .required),
        Rule("viewWillDisappear:", .required),
        Rule("viewDidDisappear:", .required),
        Rule("didReceiveMemoryWarning", .required),
        Rule("willMoveToParentViewController:", .required),
        Rule("didMoveToParentViewController:", .required),
        Rule("setEditing:animated:", .required),
        Rule("encodeRestorableStateWithCoder:", .required),
        Rule("decodeRestorableStateWithCoder:", .required),
        Rule("updateViewConstraints", .required),
        Rule("viewWillTransitionToSize:withTransitionCoordinator:", .required),
        Rule("traitCollectionDidChange:", .required),
        Rule("awakeFromNib", .required),
        Rule("prepareForInterfaceBuilder", .required),
        Rule("layoutSubviews", .required),
        Rule("updateConstraints", .required),
        Rule("prepareForReuse", .required),
        Rule("setSelected:animated:", .required),
        Rule("setHighlighted:animated:", .required),
        // A collection view cell's selection hooks are its property setters.
        Rule("setSelected:", .required, baseClass: "UICollectionViewCell"),
        Rule("setHighlighted:", .required, baseClass: "UICollectionViewCell"),
        Rule("invalidateLayout", .required, baseClass: "UICollectionViewLayout"),
    ])

    /// The requirement for `selector` in every class, or nil when no rule of no base class polices it.
    public subscript(selector: String) -> SuperCallRequirement? {
        rules.first { $0.selector == selector && $0.baseClass == nil }?.requirement
    }

    /// The rule for `cls`'s override of `selector`: the one for its nearest base class
    /// that has one, else the one for every class; nil when it is not policed there.
    public func rule(for selector: String, in cls: Class) -> Rule? {
        // A sweep asks this for every override: one rule, the common case, is found
        // without making a list of candidates.
        var only: Rule?
        for rule in rules where rule.selector == selector && rule.applies(to: cls) {
            guard only == nil else { return nearestRule(for: selector, in: cls) }
            only = rule
        }
        return only
    }

    /// The rule among several that apply whose base class is nearest `cls`.
    private func nearestRule(for selector: String, in cls: Class) -> Rule? {
        let candidates = rules.filter { $0.selector == selector && $0.applies(to: cls) }
        let lineage = cls.lineage.map(\.name)
        return candidates.min { ($0.baseClass.flatMap(lineage.firstIndex) ?? .max) < ($1.baseClass.flatMap(lineage.firstIndex) ?? .max) }
    }

    /// Sets the requirement for `selector` (in the subclasses of `baseClass`, or in every
    /// class), adding a rule at the end when there is none.
    public mutating func set(_ requirement: SuperCallRequirement, for selector: String, baseClass: String? = nil) {
        if let index = rules.firstIndex(where: { $0.selector == selector && $0.baseClass == baseClass }) {
            rules[index].requirement = requirement
        } else {
            rules.append(Rule(selector, requirement, baseClass: baseClass))
        }
    }

    /// Stops policing `selector` (in the subclasses of `baseClass`, or its rule for every class).
    public mutating func remove(_ selector: String, baseClass: String? = nil) {
        rules.removeAll { $0.selector == selector && $0.baseClass == baseClass }
    }
}
