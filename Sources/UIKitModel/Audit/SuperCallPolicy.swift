/// What a lifecycle method's override must do with `super`.
public enum SuperCallRequirement: String, Hashable, Sendable {
    /// Exactly one call to super.
    case required
    /// No call to super at all (`loadView` builds the view itself).
    case prohibited
}

/// Which selectors the super-call audit polices, and how, in the order audits run.
/// It is plain data: add, change or remove rules to fit a code base.
public struct SuperCallPolicy: Hashable, Sendable {
    public struct Rule: Hashable, Sendable {
        public var selector: String
        public var requirement: SuperCallRequirement

        public init(_ selector: String, _ requirement: SuperCallRequirement) {
            self.selector = selector
            self.requirement = requirement
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
    /// and cell reuse and selection must call super exactly once; `loadView` must not call it.
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
    ])

    /// The requirement for `selector`, or nil when it is not policed.
    public subscript(selector: String) -> SuperCallRequirement? {
        rules.first { $0.selector == selector }?.requirement
    }

    /// Sets the requirement for `selector`, adding a rule at the end when there is none.
    public mutating func set(_ requirement: SuperCallRequirement, for selector: String) {
        if let index = rules.firstIndex(where: { $0.selector == selector }) {
            rules[index].requirement = requirement
        } else {
            rules.append(Rule(selector, requirement))
        }
    }

    /// Stops policing `selector`.
    public mutating func remove(_ selector: String) {
        rules.removeAll { $0.selector == selector }
    }
}
