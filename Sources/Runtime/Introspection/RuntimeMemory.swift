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
    /// Implementations the runtime keeps alive (every one it made, as a send in flight
    /// may still be running one that a change has since replaced).
    public var implementations = 0
    /// Methods taken out of method lists and kept for sends in flight.
    public var retiredMethods = 0
    /// Slots of lookup caches, in service and retired.
    public var cacheSlots = 0
    /// Changes recorded in the ledger's entries.
    public var ledgerChanges = 0
    /// Entries in the ledger.
    public var ledgerEntries = 0

    /// The retained memory these counts stand for, in bytes.
    public var bytes: Int {
        classes * Self.classBytes + (methods + retiredMethods) * Self.methodBytes
            + implementations * Self.implementationBytes + cacheSlots * MemoryLayout<Int>.stride
            + ledgerEntries * Self.ledgerEntryBytes + ledgerChanges * MemoryLayout<Change>.stride
    }

    public var description: String {
        "\(classes) classes, \(methods) methods (\(retiredMethods) retired), \(implementations) implementations, "
            + "\(cacheSlots) cache slots, \(ledgerEntries) ledger entries (\(ledgerChanges) changes): \(bytes) bytes"
    }

    // An object's header (16 bytes) and its stored fields, rounded up to the allocator's
    // 16-byte granule; a class's method table and lists are counted by their contents.
    static let classBytes = 256
    static let methodBytes = 112
    static let implementationBytes = 48
    static let ledgerEntryBytes = 64
}
