import Runtime

/// What a class defined again says it did, as the shell prints it:
///
///     redefined MMFoo: 1 method replaced, 1 added, 1 removed
///     MMFoo's superclass changed (NSObject → UIViewController): existing instances keep the old class
struct RedefinitionReport {
    let name: String
    let redefinition: ClassRedefinition
    /// The methods of the old definition and of the new, to count as replaced only those
    /// whose code reads differently.
    let oldMethods: [MethodDefinition]
    let newMethods: [MethodDefinition]
    /// Undone changes that were made again on the new code (mocks' forwarding), which need no note.
    var madeAgain: Set<LedgerEntry.ID> = []

    /// The line that says what became of the class.
    var summary: [String] {
        guard redefinition.isInPlace else {
            let reasons = redefinition.reasons.enumerated().map { index, reason in (index == 0 ? "\(name)'s " : "its ") + Self.describe(reason) }
            return [reasons.joined(separator: " and ") + ": existing instances keep the old class"]
        }
        let counts = [(changedMethods.count, "replaced"), (redefinition.addedMethods.count, "added"), (redefinition.removedMethods.count, "removed")]
            .filter { $0.0 > 0 }
        let said = counts.enumerated().map { index, count in
            index == 0 ? "\(count.0) method\(count.0 == 1 ? "" : "s") \(count.1)" : "\(count.0) \(count.1)"
        }
        return ["redefined \(name): " + (said.isEmpty ? "no method changed" : said.joined(separator: ", "))]
    }

    /// What else a user needs to know: changes the ledger held that were undone, and new
    /// methods a category hides.
    var notes: [String] {
        let subject = redefinition.isInPlace ? "the code \(name)'s new definition replaces" : "the old \(name)"
        let undone = redefinition.undone.reversed().filter { !madeAgain.contains($0.id) }.map { entry in
            "note: undid \(entry), a change to \(subject); make it again to apply it to the new code"
        }
        let hidden = redefinition.hiddenByCategories.map { method in
            "note: \(method) of the new definition is hidden by a category's, which wins over the class's own"
        }
        return undone + hidden
    }

    /// What was defined again on the class made anew: its categories and subclasses.
    func remade(categories: [String], subclasses: [String]) -> [String] {
        var lines: [String] = []
        if !categories.isEmpty { lines.append("note: the new \(name) has its categories again: " + categories.joined(separator: ", ")) }
        if !subclasses.isEmpty { lines.append("note: defined again on the new \(name): " + subclasses.joined(separator: ", ")) }
        return lines
    }

    /// The methods replaced whose code changed: the new definition's own methods that the
    /// old one had written otherwise, and accessors of properties declared otherwise.
    private var changedMethods: [MethodReference] {
        func code(_ methods: [MethodDefinition]) -> [MethodKey: Int] {
            Dictionary(methods.map { (MethodKey($0.signature), $0.fingerprint) }) { first, _ in first }
        }
        let old = code(oldMethods)
        let new = code(newMethods)
        return redefinition.replacedMethods.filter { reference in
            let key = MethodKey(reference)
            return old[key] == nil || old[key] != new[key]
        }
    }

    private struct MethodKey: Hashable {
        let selector: String
        let isClassMethod: Bool

        init(_ signature: MethodSignature) {
            (selector, isClassMethod) = (signature.selector, signature.isClassMethod)
        }

        init(_ reference: MethodReference) {
            (selector, isClassMethod) = (reference.selector, reference.isClassMethod)
        }
    }

    /// `superclass changed (NSObject → UIViewController)`,
    /// `instance variables changed (added _count; removed _name)`
    private static func describe(_ reason: ClassRedefinition.Reason) -> String {
        switch reason {
        case .superclassChanged(let from, let to):
            return "superclass changed (\(from ?? "none") → \(to ?? "none"))"
        case .ivarsChanged(let added, let removed, let retyped):
            let parts = [("added", added), ("removed", removed), ("retyped", retyped)].filter { !$0.1.isEmpty }
                .map { "\($0.0) " + $0.1.joined(separator: ", ") }
            return "instance variables changed (" + parts.joined(separator: "; ") + ")"
        }
    }
}
