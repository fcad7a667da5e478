extension Runtime {
    /// Every mutation of a registered class still in effect, oldest first.
    public var ledger: [LedgerEntry] {
        registry.withLock { $0.ledger.entries.array }
    }

    /// Undoes the mutation `id`, putting back exactly what was there before it. Later
    /// mutations that touched the same methods, protocols or properties are undone first,
    /// newest first, since what they changed rests on it.
    ///
    /// - Returns: the entries undone, newest first.
    /// - Throws: ``RuntimeError/unknownLedgerEntry(_:existing:)`` when no entry has that number.
    @discardableResult
    public func undo(_ id: LedgerEntry.ID) throws(RuntimeError) -> LedgerEntries {
        try registry.withLock { registry throws(RuntimeError) in
            let taken = try registry.ledger.takeForUndo(id)
            taken.revert(in: &registry)
            return taken
        }
    }

    /// Makes the mutation `id` part of the baseline: it stays in effect and leaves the
    /// ledger, so that no undo, not even ``undoAll()``, takes it back. A program's own
    /// definitions (its categories) are kept this way, apart from the changes made to it since.
    ///
    /// - Throws: ``RuntimeError/unknownLedgerEntry(_:existing:)`` when no entry has that number.
    public func keep(_ id: LedgerEntry.ID) throws(RuntimeError) {
        try registry.withLock { registry throws(RuntimeError) in
            registry.keptImplementations += try registry.ledger.keep(id)
        }
    }

    /// The newest entry's number, or 0 for an empty ledger: a mark to come back to with
    /// ``undo(after:)``.
    public var ledgerMark: LedgerEntry.ID {
        registry.withLock { $0.ledger.entries.lastID ?? 0 }
    }

    /// Undoes every mutation recorded after `mark`, newest first, leaving the ledger as it
    /// was when the mark was taken. Nothing before the mark rests on what comes after it,
    /// so nothing before it is touched.
    ///
    /// - Returns: the entries undone, newest first.
    @discardableResult
    public func undo(after mark: LedgerEntry.ID) -> LedgerEntries {
        registry.withLock { registry in
            let taken = registry.ledger.takeAll(after: mark)
            taken.revert(in: &registry)
            return taken
        }
    }

    /// Undoes every mutation in the ledger, newest first.
    ///
    /// - Returns: the entries undone, newest first.
    @discardableResult
    public func undoAll() -> LedgerEntries {
        registry.withLock { registry in
            let taken = registry.ledger.takeAll()
            taken.revert(in: &registry)
            return taken
        }
    }
}

extension LedgerEntry {
    /// Undoes the entry's changes, newest first. Called with the runtime lock held.
    /// Inlined into ``LedgerEntries/revert(in:)``: an undo of one swizzle is little more
    /// than the call frames around it.
    @inline(__always)
    func revert(in registry: inout Registry) {
        // Read in place, never written: another thread may be reading a copy of this entry
        // (its `kind`) at the same time, and the record is written only as it is made.
        withChanges { changes in
            for index in changes.indices.reversed() { Change.revert(at: changes.baseAddress.unsafelyUnwrapped + index, in: &registry) }
        }
    }
}
