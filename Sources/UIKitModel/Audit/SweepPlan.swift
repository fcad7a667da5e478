import Runtime

/// What a sweep works out once rather than for every class: which of a class's own methods
/// it audits, in policy order, and by which requirement.
struct SweepPlan {
    /// A policed selector the sweep audits.
    struct Entry {
        let name: String
        /// The requirement in every class, when one rule of no base class is the selector's
        /// only rule; nil when it depends on the class (``SuperCallPolicy/rule(for:in:)``).
        let requirement: SuperCallRequirement?
        /// Whether loading the view is the event (`loadView`, `viewDidLoad`).
        let loadsView: Bool
    }

    private let entries: [Entry]
    /// Each selector met so far (a runtime keeps its selectors while it lives): its
    /// entry's position, or nil when it is not audited. Ten thousand classes override the
    /// same few selectors, so a selector's name is matched once, not once a class; the
    /// first few met are found by a scan of `recent`, which costs less than hashing.
    private var positions: [ObjectIdentifier: Int?] = [:]
    private var recent: [(selector: ObjectIdentifier, position: Int?)] = []
    private static let recentCount = 16

    /// A plan for `audited`, policed selectors in policy order.
    init(auditing audited: [String], policy: SuperCallPolicy) {
        entries = audited.map { name in
            let rules = policy.rules.filter { $0.selector == name }
            let uniform = rules.count == 1 && rules[0].baseClass == nil ? rules[0].requirement : nil
            return Entry(name: name, requirement: uniform, loadsView: SuperCallAudit.loadsView(name))
        }
    }

    /// The requirement in `cls` of the selector at `position` (as ``audited(among:)`` gives
    /// it), or nil when the policy does not police it there.
    func requirement(at position: Int, in cls: Class, by policy: SuperCallPolicy) -> SuperCallRequirement? {
        // Read in place: an entry copied out would retain its name.
        if let requirement = entries[position].requirement { return requirement }
        return policy.rule(for: entries[position].name, in: cls)?.requirement
    }

    /// Whether loading the view is the event for the selector at `position`.
    func loadsView(at position: Int) -> Bool { entries[position].loadsView }

    /// The selectors of `own` (a class's own, see ``Runtime/selectors(of:)``) the sweep
    /// audits, each with its entry's position, in policy order.
    mutating func audited(among own: [Selector]) -> [(position: Int, selector: Selector)] {
        var found: [(position: Int, selector: Selector)] = []
        found.reserveCapacity(own.count)
        for selector in own {
            if let position = position(of: selector) { found.append((position, selector)) }
        }
        found.sort { $0.position < $1.position }
        return found
    }

    private mutating func position(of selector: Selector) -> Int? {
        let key = ObjectIdentifier(selector)
        for met in recent where met.selector == key { return met.position }
        if let known = positions[key] { return known }
        let name = selector.name
        let position = entries.firstIndex { $0.name == name }
        if recent.count < Self.recentCount { recent.append((key, position)) } else { positions[key] = position }
        return position
    }
}
