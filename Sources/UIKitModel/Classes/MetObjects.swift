import Runtime

/// The objects a walk through the object graph has met (a view's superviews, a tree of
/// subviews, a chain of presenters): what ends a walk that would go round in circles, and
/// what bounds one that would never end.
///
/// The objects are kept, not only their identities: one that only the walk refers to is
/// freed as the walk moves on, and its address may come back as the next one's, which
/// would end the walk early, or, where addresses never come back (under AddressSanitizer),
/// not at all. And a getter that answers a new object every time (a stand-in's) never
/// answers one met before, so a walk meets at most `limit` objects.
struct MetObjects {
    private var identities: Set<ObjectIdentifier> = []
    private var kept: [Object] = []
    /// How many objects the walk may meet: far beyond any real app's trees and chains.
    let limit: Int

    init(limit: Int = 10_000) {
        self.limit = limit
    }

    /// Whether `object` is new to the walk, which has now met it; false when it was met
    /// before or the walk has met as many objects as it may.
    mutating func insert(_ object: Object) -> Bool {
        guard kept.count < limit, identities.insert(ObjectIdentifier(object)).inserted else { return false }
        kept.append(object)
        return true
    }
}
