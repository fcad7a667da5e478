/// Ledger entries an undo took back, newest first.
///
/// Most undos take one entry, the newest, and an array of one would be an allocation of
/// its own, dearer than the swizzle it undid; one entry is held inline.
public struct LedgerEntries: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        case one(LedgerEntry)
        case many([LedgerEntry])
    }

    private var storage: Storage

    /// No entries.
    init() { storage = .many([]) }

    init(_ entry: LedgerEntry) { storage = .one(entry) }

    init(_ entries: [LedgerEntry]) { storage = .many(entries) }

    mutating func append(_ entry: LedgerEntry) {
        switch storage {
        case .one(let first): storage = .many([first, entry])
        case .many(var entries):
            // Released first, so the append below finds its buffer uniquely referenced.
            storage = .many([])
            entries.append(entry)
            storage = .many(entries)
        }
    }

    /// Undoes each entry's changes, in order (newest entry first). Called with the
    /// runtime lock held. The entries are borrowed where they are: iterating would copy
    /// each one, a retain and a release.
    func revert(in registry: inout Registry) {
        switch storage {
        case .one(let entry): entry.revert(in: &registry)
        case .many(let entries): for entry in entries { entry.revert(in: &registry) }
        }
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .one: 1
        case .many(let entries): entries.count
        }
    }

    public subscript(position: Int) -> LedgerEntry {
        switch storage {
        case .one(let entry):
            precondition(position == 0, "index \(position) out of range for one ledger entry")
            return entry
        case .many(let entries): return entries[position]
        }
    }
}
