extension Runtime {
    /// What the runtime holds now, by its own count (see ``RuntimeMemory``).
    public var memory: RuntimeMemory {
        registry.withLock { registry in
            var memory = RuntimeMemory()
            for cls in registry.classes + registry.replacedClasses {
                for each in [cls, cls.isa] {
                    memory.classes += 1
                    memory.methods += each.methodTable.count
                    memory.cacheSlots += each.cacheTable?.capacity ?? 0
                }
            }
            memory.implementations = registry.implementations.count
            memory.retiredMethods = registry.retiredMethods.count
            memory.cacheSlots += registry.retiredCaches.reduce(0) { $0 + $1.capacity }
            memory.ledgerEntries = registry.ledger.entries.count
            memory.ledgerChanges = registry.ledger.entries.reduce(0) { $0 + $1.changes.count }
            return memory
        }
    }
}
