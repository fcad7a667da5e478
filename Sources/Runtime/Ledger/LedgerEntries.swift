/// Ledger entries an undo took back, newest first.
///
/// Most undos take one entry, the newest, and an array of one would be an allocation of
/// its own, dearer than the swizzle it undid; the first entry is held inline.
public struct LedgerEntries: RandomAccessCollection, Sendable {
    private var first: LedgerEntry?
    /// Nil for one entry or none: an undo of one entry then touches no array, not even the
    /// empty one's reference count.
    private var rest: [LedgerEntry]?

    /// No entries.
    init() {}

    init(_ entry: LedgerEntry) { first = entry }

    init(_ entries: [LedgerEntry]) {
        first = entries.first
        if entries.count > 1 { rest = Array(entries.dropFirst()) }
    }

    mutating func append(_ entry: LedgerEntry) {
        if first == nil {
            first = entry
        } else if rest == nil {
            rest = [entry]
        } else {
            // In place: the array is unwrapped where it is stored, not copied out.
            rest!.append(entry)
        }
    }

    /// Undoes each entry's changes, in order (newest entry first). Called with the
    /// runtime lock held. The entries are borrowed where they are: binding one to a name
    /// would copy it, a retain and a release.
    func revert(in registry: inout Registry) {
        first?.revert(in: &registry)
        guard let rest else { return }
        for index in rest.indices { rest[index].revert(in: &registry) }
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int { first == nil ? 0 : 1 + (rest?.count ?? 0) }

    public subscript(position: Int) -> LedgerEntry {
        precondition(position >= 0 && position < endIndex, "index \(position) out of range for \(endIndex) ledger entries")
        return position == 0 ? first.unsafelyUnwrapped : rest.unsafelyUnwrapped[position - 1]
    }
}
