/// The ledger's entries, oldest first, in memory of their own.
///
/// An array would do, but each swizzle and each undo would ask it whether its buffer is
/// shared, and then reserve room through calls of its own: a third of what recording an
/// exchange costs besides the exchange itself. The ledger is one value that is never
/// copied (it lives in the registry, behind the runtime's lock), so its entries need no
/// such checks: appending is a compare and a store, taking the last a load.
struct LedgerEntryStack: ~Copyable {
    private var storage: UnsafeMutablePointer<LedgerEntry>
    private var capacity: Int
    /// How many entries there are.
    private(set) var count = 0

    init() {
        capacity = 16
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// The positions of the entries, oldest first.
    var indices: Range<Int> { 0..<count }

    /// The newest entry's number, or nil for none.
    var lastID: LedgerEntry.ID? {
        count == 0 ? nil : storage[count &- 1].id
    }

    /// The entry at `index`.
    subscript(index: Int) -> LedgerEntry {
        precondition(index >= 0 && index < count, "ledger entry \(index) out of range for \(count)")
        return storage[index]
    }

    /// The entries, oldest first, as an array of their own.
    var array: [LedgerEntry] {
        Array(UnsafeBufferPointer(start: storage, count: count))
    }

    /// The position of the newest entry that `matches` picks.
    func lastIndex(where matches: (LedgerEntry) throws -> Bool) rethrows -> Int? {
        var index = count
        while index > 0 {
            index -= 1
            if try matches(storage[index]) { return index }
        }
        return nil
    }

    @inline(__always)
    mutating func append(_ entry: consuming LedgerEntry) {
        if count == capacity { grow() }
        (storage + count).initialize(to: entry)
        count &+= 1
    }

    /// Takes the newest entry out; there must be one.
    @inline(__always)
    mutating func removeLast() -> LedgerEntry {
        precondition(count > 0, "no ledger entry to take")
        count &-= 1
        return (storage + count).move()
    }

    /// Takes the entry at `index` out, moving the newer ones down.
    @discardableResult
    mutating func remove(at index: Int) -> LedgerEntry {
        precondition(index >= 0 && index < count, "ledger entry \(index) out of range for \(count)")
        let entry = (storage + index).move()
        (storage + index).moveInitialize(from: storage + index + 1, count: count - index - 1)
        count -= 1
        return entry
    }

    /// Twice the room, out of line: it happens once per doubling of the ledger.
    @inline(never)
    private mutating func grow() {
        let grown = UnsafeMutablePointer<LedgerEntry>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = grown
        capacity *= 2
    }
}
