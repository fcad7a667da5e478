/// What a runtime holds, by its own count: the objects it keeps for its classes, its
/// caches and its ledger, and what it keeps alive after taking it out of service.
///
/// ``bytes`` weighs each count by the size of one such object (its stored fields and
/// the allocator's header; cache tables by their slots), so it moves as the runtime's
/// retained memory moves, independently of the allocator and of anything else in the
/// process: what a test of a leak compares.
public struct RuntimeMemory: Equatable, Sendable, CustomStringConvertible {
    /// Classes and metaclasses, including those a redefinition replaced.
    public var classes = 0
    /// Methods in method lists.
    public var methods = 0
    /// Methods in method lists made into ``Method`` objects, with their implementations:
    /// a method stays a compact entry of its list until something sends it, asks for it or
    /// changes it.
    public var madeMethods = 0
    /// Slots of method lists (a list grows in steps, so it has room for more than it holds).
    public var methodListSlots = 0
    /// Classes and metaclasses with a side record (protocols, properties, ivars, a
    /// definition, or a builder waiting).
    public var sideRecords = 0
    /// Classes registered lazily that nothing has used yet, which hold only their builder.
    public var unrealizedClasses = 0
    /// Implementations the runtime keeps alive: one for each made method, in lists or
    /// retired, and those changes replaced, kept until ``Runtime/reclaimRetired()`` as a send in
    /// flight may still be running one; and those kept changes replaced, which an older
    /// exchange may still put back.
    public var implementations = 0
    /// Methods taken out of method lists and kept for sends in flight until
    /// ``Runtime/reclaimRetired()``.
    public var retiredMethods = 0
    /// Slots of lookup caches, in service and retired.
    public var cacheSlots = 0
    /// Changes recorded in the ledger's entries.
    public var ledgerChanges = 0
    /// Entries in the ledger.
    public var ledgerEntries = 0
    /// Records of entries taken out of the ledger that it keeps to write the next entry
    /// into (one at most), until ``Runtime/reclaimRetired()``.
    public var ledgerEntriesKeptForReuse = 0

    /// The retained memory these counts stand for, in bytes.
    public var bytes: Int {
        classes * Self.classBytes + methodListSlots * Self.methodListSlotBytes + sideRecords * Self.sideRecordBytes
            + unrealizedClasses * Self.lazyDefinitionBytes + (madeMethods + retiredMethods) * Self.methodBytes
            + implementations * Self.implementationBytes + cacheSlots * MemoryLayout<Int>.stride
            + (ledgerEntries + ledgerEntriesKeptForReuse) * Self.ledgerEntryBytes + ledgerChanges * MemoryLayout<Change>.stride
    }

    public var description: String {
        "\(classes) classes (\(unrealizedClasses) unrealized, \(sideRecords) side records), \(methods) methods in \(methodListSlots) slots (\(madeMethods) made, \(retiredMethods) retired), \(implementations) implementations, "
            + "\(cacheSlots) cache slots, \(ledgerEntries) ledger entries (\(ledgerChanges) changes, \(ledgerEntriesKeptForReuse) kept for reuse): \(bytes) bytes"
    }

    // An object's header (16 bytes) and its stored fields, with the allocator's own 8-byte
    // header, rounded up to its 16-byte granule: what `malloc_usable_size` reports plus 8
    // (MemoryTests checks a class of ten methods against it). A method list by its slots,
    // each holding a method as described until it is made.
    static let classBytes = 144
    static let methodListSlotBytes = MemoryLayout<MethodList.Entry>.stride
    static let sideRecordBytes = 112
    static let lazyDefinitionBytes = 48
    static let methodBytes = 80
    static let implementationBytes = 48
    static let ledgerEntryBytes = 64
}
