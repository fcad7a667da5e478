/// One mutation of a registered class, as the ledger records it.
public struct LedgerEntry: Identifiable, Sendable, CustomStringConvertible {
    /// What kind of mutation it was.
    public enum Kind: Hashable, Sendable {
        case addMethod(MethodReference)
        /// Replaced the class's own implementation, or added the method when the class
        /// only inherited it.
        case replaceMethod(MethodReference)
        case setImplementation(MethodReference)
        case exchangeImplementations(MethodReference, MethodReference)
        case addCategory(name: String, className: String)
        case addProtocol(name: String, className: String)
        case addProperty(name: String, className: String)
    }

    /// What was done, in terms of the runtime's own objects; ``kind`` names it. Recording
    /// objects rather than names keeps a swizzle and its restore free of string work.
    ///
    /// The method operations name no method: the entry's last change holds it (both, for
    /// an exchange), and holding it here as well would cost a retain and a release of
    /// each method in every entry.
    enum Operation: @unchecked Sendable {
        case addMethod
        case replaceMethod
        case setImplementation
        case exchangeImplementations
        case addCategory(name: String, Class)
        case addProtocol(ObjCProtocol, Class)
        case addProperty(name: String, Class)
    }

    /// Everything the entry holds, in one allocation that its copies share: copying an
    /// entry (into the ledger, back to the caller, out again on undo) is one retain, not
    /// one for each object its operation and changes refer to. `nonisolated(unsafe)`
    /// because `ManagedBuffer` opts out of `Sendable`; a record is written once, as it is
    /// made under the runtime's lock, and only read after that.
    nonisolated(unsafe) let record: LedgerRecord

    /// The entry's number, counting from 1 in each runtime; never reused.
    public var id: Int { record.read(\.id) }
    var operation: Operation { record.read(\.operation) }
    /// Methods the entry added to a class that only inherited them, so the change stayed
    /// out of its superclass and siblings (the safe swizzle). Empty for most entries.
    var addedInherited: [Method] { record.read(\.addedInherited) }
    /// How many changes the entry made.
    var changeCount: Int { record.read(\.count) }

    /// Calls `body` with the entry's changes, in the order they were made, without
    /// copying them.
    func withChanges<Result>(_ body: (UnsafeBufferPointer<Change>) throws -> Result) rethrows -> Result {
        try record.withUnsafeMutablePointers { header, changes in
            try body(UnsafeBufferPointer(start: changes, count: header.pointee.count))
        }
    }

    /// What kind of mutation it was.
    public var kind: Kind {
        switch operation {
        case .addCategory(let name, let cls): return .addCategory(name: name, className: cls.name)
        case .addProtocol(let proto, let cls): return .addProtocol(name: proto.name, className: cls.name)
        case .addProperty(let name, let cls): return .addProperty(name: name, className: cls.name)
        case .addMethod, .replaceMethod, .setImplementation, .exchangeImplementations:
            // A method operation's methods are the ones its last change names: see ``Operation``.
            guard let (first, second) = withChanges({ $0.last?.changedMethods }) else {
                preconditionFailure("a method operation's entry records the change to its method last")
            }
            switch operation {
            case .addMethod: return .addMethod(first.reference)
            case .replaceMethod: return .replaceMethod(first.reference)
            case .setImplementation: return .setImplementation(first.reference)
            default: return .exchangeImplementations(first.reference, (second ?? first).reference)
            }
        }
    }

    /// Methods added to a class that only inherited them (the safe swizzle).
    public var addedInheritedMethods: [MethodReference] { addedInherited.map(\.reference) }

    /// `#2 exchange -[MMLogin viewDidLoad] with -[MMLogin probe_viewDidLoad]`, and which
    /// inherited methods the safe swizzle added.
    public var description: String {
        let summary = switch kind {
        case .addMethod(let method): "add \(method)"
        case .replaceMethod(let method): "replace \(method)"
        case .setImplementation(let method): "set implementation of \(method)"
        case .exchangeImplementations(let first, let second): "exchange \(first) with \(second)"
        case .addCategory(let name, let className): "category \(className) (\(name))"
        case .addProtocol(let name, let className): "adopt <\(name)> in \(className)"
        case .addProperty(let name, let className): "add property \(name) to \(className)"
        }
        guard !addedInheritedMethods.isEmpty else { return "#\(id) \(summary)" }
        return "#\(id) \(summary) (added inherited " + addedInheritedMethods.map(\.description).joined(separator: ", ") + ")"
    }

    /// What the entry changed.
    var keys: Set<LedgerKey> {
        withChanges { changes in
            var keys: Set<LedgerKey> = []
            for change in changes {
                let (first, second) = change.keys
                keys.insert(first)
                if let second { keys.insert(second) }
            }
            return keys
        }
    }
    /// What the entry changed or depends on.
    var keysTouchedOrRead: Set<LedgerKey> { keys.union(withChanges { $0.compactMap(\.readKey) }) }
}

/// A ledger entry's storage: its number, operation and inherited methods, with its
/// changes in the same allocation.
final class LedgerRecord: ManagedBuffer<LedgerRecord.Header, Change> {
    struct Header {
        /// Written again when the record is (``rewrite(id:operation:change:)``).
        var id: Int
        let operation: LedgerEntry.Operation
        let addedInherited: [Method]
        /// How many changes follow.
        let count: Int
    }

    /// A record of `changes`, which it holds from now on: with the references a change
    /// names unretained (an exchange's methods), taken here and given back as it goes.
    static func make(
        id: Int, operation: LedgerEntry.Operation, addedInherited: [Method], changes: UnsafeBufferPointer<Change>
    ) -> LedgerRecord {
        let buffer = create(minimumCapacity: changes.count) { _ in
            Header(id: id, operation: operation, addedInherited: addedInherited, count: changes.count)
        }
        let record = unsafeDowncast(buffer, to: LedgerRecord.self)
        let stored = record.changes
        for (index, change) in changes.enumerated() {
            change.retainUnmanagedReferences()
            (stored + index).initialize(to: change)
        }
        return record
    }

    /// Where the changes are; valid while the record lives.
    private var changes: UnsafeMutablePointer<Change> { withUnsafeMutablePointerToElements { $0 } }

    /// Writes the entry `id` of one change over what the record held. Only for a record
    /// that nothing else refers to (``Ledger/spare``) and that has held a change, so that
    /// it has room for one.
    /// Inlined, and its other case out of line, so that the commonest rewrite costs its
    /// caller no call frame.
    @inline(__always)
    func rewrite(id: Int, operation: LedgerEntry.Operation, change: consuming Change) {
        // The same two methods exchanged again (a test's stub, made and undone over and
        // over): the record holds them already, its operation is the same and its one change
        // is plain words, so the new entry's number and the change are all there is to write.
        if read(\.count) == 1 && changes.pointee.namesTheSameMethods(as: change) {
            withUnsafeMutablePointerToHeader { $0.pointee.id = id }
            // Written over, not assigned: the old change is plain words, with nothing to destroy.
            changes.initialize(to: change)
            return
        }
        replace(id: id, operation: operation, change: change)
    }

    /// ``rewrite(id:operation:change:)`` of a change that differs from the one held.
    @inline(never)
    private func replace(id: Int, operation: LedgerEntry.Operation, change: consuming Change) {
        change.retainUnmanagedReferences()
        releaseChanges()
        withUnsafeMutablePointerToHeader { $0.pointee = Header(id: id, operation: operation, addedInherited: [], count: 1) }
        changes.initialize(to: change)
    }

    /// Gives back what the changes hold and leaves them uninitialized.
    private func releaseChanges() {
        // One at a time: `deinitialize(count:)` with a count known only at run time goes
        // through the generic array destroyer, several times dearer than the two changes
        // of an exchange.
        let changes = changes
        for index in 0..<read(\.count) {
            changes[index].releaseUnmanagedReferences()
            (changes + index).deinitialize(count: 1)
        }
    }

    /// One field of the header, read through its pointer: `header` is a `var`, which
    /// would cost a run-time exclusivity check on every read, and copying the whole header
    /// out would retain what it refers to.
    @inline(__always)
    func read<Field>(_ field: KeyPath<Header, Field>) -> Field {
        withUnsafeMutablePointerToHeader { $0.pointee[keyPath: field] }
    }

    deinit {
        releaseChanges()
    }
}

/// Every mutation since the runtime was made or last restored, oldest first.
struct Ledger: ~Copyable {
    private(set) var entries = LedgerEntryStack()
    private var nextID = 1
    /// The record of the entry taken out last, written over by the next entry of one change
    /// if by then nothing else refers to it (the caller has let its copies go): a swizzle
    /// made and undone again and again (a test's stub, the audit's probe on every check)
    /// then allocates and frees nothing. ``Runtime/reclaimRetired()`` lets it go.
    private(set) var spare: LedgerRecord?

    mutating func record(_ operation: LedgerEntry.Operation, _ changes: [Change], addedInherited: [Method] = []) -> LedgerEntry {
        changes.withUnsafeBufferPointer { changes in
            append(LedgerRecord.make(id: nextID, operation: operation, addedInherited: addedInherited, changes: changes))
        }
    }

    /// Records an operation of one change, written straight into the entry's storage: an
    /// exchange, the commonest entry, allocates nothing else.
    mutating func record(_ operation: LedgerEntry.Operation, _ change: consuming Change) -> LedgerEntry {
        // Unique under the lock: no other thread holds it, and none can come to.
        if spare != nil, isKnownUniquelyReferenced(&spare!), let record = spare.take() {
            record.rewrite(id: nextID, operation: operation, change: change)
            return append(record)
        }
        return append(Self.newRecord(id: nextID, operation, change))
    }

    /// A record of one change, out of line: the pointer it takes to the change would cost
    /// every record a stack check.
    @inline(never)
    private static func newRecord(id: Int, _ operation: LedgerEntry.Operation, _ change: consuming Change) -> LedgerRecord {
        withUnsafePointer(to: change) { change in
            LedgerRecord.make(id: id, operation: operation, addedInherited: [], changes: UnsafeBufferPointer(start: change, count: 1))
        }
    }

    private mutating func append(_ record: consuming LedgerRecord) -> LedgerEntry {
        nextID += 1
        let entry = LedgerEntry(record: record)
        // One reference for the ledger and the one passed in for the caller.
        entries.append(copy entry)
        return entry
    }

    /// The entry `id` and every later entry that changed or depends on something it, or
    /// one of those, changed: they have to be undone with it, newest first, to put back what was there.
    /// Removes them from the ledger and returns them newest first.
    mutating func takeForUndo(_ id: Int) throws(RuntimeError) -> LedgerEntries {
        // The newest entry, the usual case, has nothing resting on it.
        if entries.lastID == id { return LedgerEntries(keptAsSpare(entries.removeLast())) }
        return try takeForUndo(restingOn: id)
    }

    /// ``takeForUndo(_:)`` of an entry that is not the newest, out of line: its sets and
    /// arrays would make every undo set up room for them.
    @inline(never)
    private mutating func takeForUndo(restingOn id: Int) throws(RuntimeError) -> LedgerEntries {
        guard let start = entries.lastIndex(where: { $0.id == id }) else {
            throw .unknownLedgerEntry(id, existing: entries.array.map(\.id))
        }
        var touched = entries[start].keys
        var chosen = [start]
        for index in (start + 1)..<entries.count where !entries[index].keysTouchedOrRead.isDisjoint(with: touched) {
            chosen.append(index)
            touched.formUnion(entries[index].keys)
        }
        let taken = chosen.reversed().map { entries[$0] }
        for index in chosen.reversed() { entries.remove(at: index) }
        return LedgerEntries(taken)
    }

    /// Every entry that changed or depends on something `isAffected` picks, and every later
    /// entry that changed or depends on something one of those changed: what has to be
    /// undone before what `isAffected` picks is changed another way. Removes them from the
    /// ledger and returns them newest first; empty when nothing is affected.
    mutating func takeForUndo(touching isAffected: (LedgerKey) -> Bool) -> LedgerEntries {
        var touched: Set<LedgerKey> = []
        var chosen: [Int] = []
        for index in entries.indices {
            let keys = entries[index].keysTouchedOrRead
            guard keys.contains(where: isAffected) || !keys.isDisjoint(with: touched) else { continue }
            chosen.append(index)
            touched.formUnion(entries[index].keys)
        }
        let taken = chosen.reversed().map { entries[$0] }
        for index in chosen.reversed() { entries.remove(at: index) }
        return LedgerEntries(taken)
    }

    /// Removes the entry `id` without undoing it: what it changed stays, as a baseline.
    /// Returns the implementations it took out of methods, which an older entry may still
    /// put back (see ``Change/Exchange``).
    mutating func keep(_ id: Int) throws(RuntimeError) -> [Implementation] {
        guard let index = entries.lastIndex(where: { $0.id == id }) else {
            throw .unknownLedgerEntry(id, existing: entries.array.map(\.id))
        }
        return entries.remove(at: index).withChanges { changes in
            changes.compactMap { change in
                if case .setImplementation(_, let previous) = change { previous } else { nil }
            }
        }
    }

    mutating func takeAll(after mark: Int = 0) -> LedgerEntries {
        // From the end, as numbers only grow: the entries after a mark are the last few,
        // moved out one by one, newest first (no copy, no generic range replacement).
        var taken = LedgerEntries()
        while let id = entries.lastID, id > mark {
            taken.append(keptAsSpare(entries.removeLast()))
        }
        return taken
    }

    /// `entry`, whose record becomes the ``spare`` when it has room for a change.
    private mutating func keptAsSpare(_ entry: LedgerEntry) -> LedgerEntry {
        if entry.changeCount > 0 { spare = entry.record }
        return entry
    }

    /// Lets the spare record go, for the caller to release outside the lock.
    mutating func takeSpare() -> LedgerRecord? { spare.take() }
}
