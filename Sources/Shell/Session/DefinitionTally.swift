/// What definitions did while a `source` ran, for the line that sums up a reload.
struct DefinitionTally {
    /// What became of a class: the strongest outcome counts when it is defined more than
    /// once (a subclass defined again because its superclass was).
    enum Outcome: Int, Comparable {
        case unchanged, added, redefined

        static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private(set) var classes: [String: Outcome] = [:]
    private(set) var categoriesRedefined = 0

    mutating func note(_ className: String, _ outcome: Outcome) {
        classes[className] = max(classes[className] ?? outcome, outcome)
    }

    mutating func noteCategoryRedefined() {
        categoriesRedefined += 1
    }

    func count(_ outcome: Outcome) -> Int { classes.values.count { $0 == outcome } }

    /// `1 class redefined, 2 added, 3 unchanged`, and `1 category redefined` when one was;
    /// `no classes` when it defined none.
    var summary: String {
        let parts = [(count(.redefined), "redefined"), (count(.added), "added"), (count(.unchanged), "unchanged")].filter { $0.0 > 0 }
        var text = parts.enumerated().map { index, part in
            index == 0 ? "\(part.0) class\(part.0 == 1 ? "" : "es") \(part.1)" : "\(part.0) \(part.1)"
        }.joined(separator: ", ")
        if text.isEmpty { text = "no classes" }
        if categoriesRedefined > 0 { text += "; \(categoriesRedefined) categor\(categoriesRedefined == 1 ? "y" : "ies") redefined" }
        return text
    }
}
