extension Runtime {
    /// What the runtime holds now, by its own count (see ``RuntimeMemory``).
    public var memory: RuntimeMemory {
        registry.withLock { registry in
            var memory = RuntimeMemory()
            for cls in registry.classes + registry.replacedClasses {
                for each in [cls, cls.isa] {
                    // Read as stored: counting must not realize a class.
                    let footprint = each.storedFootprint
                    memory.classes += 1
                    memory.methods += each.storedMethodCount
                    memory.methodListSlots += footprint.methodSlots
                    memory.madeMethods += footprint.madeMethods
                    memory.sideRecords += footprint.hasSideRecord ? 1 : 0
                    memory.cacheSlots += each.cacheTable?.capacity ?? 0
                }
            }
            memory.unrealizedClasses = registry.unrealizedCount
            memory.retiredMethods = registry.retiredMethods.count
            // Each made method holds its implementation; retired ones wait for a reclaim,
            // and those kept changes replaced stay with the runtime.
            memory.implementations = memory.madeMethods + memory.retiredMethods + registry.retiredImplementations.count
                + registry.keptImplementations.count
            memory.cacheSlots += registry.retiredCaches.reduce(0) { $0 + $1.capacity }
            memory.ledgerEntries = registry.ledger.entries.count
            memory.ledgerChanges = registry.ledger.entries.indices.reduce(0) { $0 + registry.ledger.entries[$1].changeCount }
            if let spare = registry.ledger.spare {
                memory.ledgerEntriesKeptForReuse = 1
                memory.ledgerChanges += spare.read(\.count)
            }
            return memory
        }
    }
}
