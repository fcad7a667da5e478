/// What ``Runtime/redefineClass(named:superclass:_:)`` did: changed the class in place, or
/// registered a new class under its name.
public struct ClassRedefinition: Sendable {
    /// Why a redefinition registered a new class rather than changing the one there was.
    public enum Reason: Hashable, Sendable {
        /// The superclass is another class: the old one's name, then the new one's (nil for
        /// a root class).
        case superclassChanged(from: String?, to: String?)
        /// The instance variables differ, by name, each list sorted: ivars the new definition
        /// adds, ivars it no longer has, and ivars whose type or weakness changed.
        case ivarsChanged(added: [String], removed: [String], retyped: [String])
    }

    /// The class now registered under the name.
    public let cls: Class
    /// The class the new one took the place of, when ``reasons`` say why; nil when the
    /// class was changed in place.
    public let replaced: Class?
    /// Why a new class was registered; empty when the class was changed in place.
    public let reasons: [Reason]
    /// Methods of the old definition that the new one gave new code, sorted (instance
    /// methods first).
    public let replacedMethods: [MethodReference]
    /// Methods the new definition has and the old one did not, sorted.
    public let addedMethods: [MethodReference]
    /// Methods of the old definition the new one no longer has, now gone from the class, sorted.
    public let removedMethods: [MethodReference]
    /// Methods of the new definition that a category's method of the same selector hides,
    /// as a category's method wins over its class's own; sorted.
    public let hiddenByCategories: [MethodReference]
    /// Changes the ledger held that the redefinition undid first, newest first: those that
    /// changed or copied a method it replaced, added or removed (or, for a new class,
    /// anything of the old one), and those resting on them. Undoing them later would have
    /// put old code back, or left it running unseen.
    public let undone: [LedgerEntry]

    /// Whether the class was changed in place, so its existing instances run the new code.
    public var isInPlace: Bool { replaced == nil }
}
