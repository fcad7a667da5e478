extension Runtime {
    /// Every mutation of a registered class still in effect, oldest first.
    public var ledger: [LedgerEntry] {
        registry.withLock { $0.ledger.entries }
    }

    /// Undoes the mutation `id`, putting back exactly what was there before it. Later
    /// mutations that touched the same methods, protocols or properties are undone first,
    /// newest first, since what they changed rests on it.
    ///
    /// - Returns: the entries undone, newest first.
    /// - Throws: ``RuntimeError/unknownLedgerEntry(_:existing:)`` when no entry has that number.
    @discardableResult
    public func undo(_ id: LedgerEntry.ID) throws(RuntimeError) -> [LedgerEntry] {
        try registry.withLock { registry throws(RuntimeError) in
            let taken = try registry.ledger.takeForUndo(id)
            registry.revert(taken)
            return taken
        }
    }

    /// Makes the mutation `id` part of the baseline: it stays in effect and leaves the
    /// ledger, so that no undo, not even ``undoAll()``, takes it back. A program's own
    /// definitions (its categories) are kept this way, apart from the changes made to it since.
    ///
    /// - Throws: ``RuntimeError/unknownLedgerEntry(_:existing:)`` when no entry has that number.
    public func keep(_ id: LedgerEntry.ID) throws(RuntimeError) {
        try registry.withLock { registry throws(RuntimeError) in try registry.ledger.keep(id) }
    }

    /// The newest entry's number, or 0 for an empty ledger: a mark to come back to with
    /// ``undo(after:)``.
    public var ledgerMark: LedgerEntry.ID {
        registry.withLock { $0.ledger.entries.last?.id ?? 0 }
    }

    /// Undoes every mutation recorded after `mark`, newest first, leaving the ledger as it
    /// was when the mark was taken. Nothing before the mark rests on what comes after it,
    /// so nothing before it is touched.
    ///
    /// - Returns: the entries undone, newest first.
    @discardableResult
    public func undo(after mark: LedgerEntry.ID) -> [LedgerEntry] {
        registry.withLock { registry in
            let taken = registry.ledger.takeAll(after: mark)
            registry.revert(taken)
            return taken
        }
    }

    /// Undoes every mutation in the ledger, newest first.
    ///
    /// - Returns: the entries undone, newest first.
    @discardableResult
    public func undoAll() -> [LedgerEntry] {
        registry.withLock { registry in
            let taken = registry.ledger.takeAll()
            registry.revert(taken)
            return taken
        }
    }
}

extension Registry {
    mutating func revert(_ entries: [LedgerEntry]) {
        for entry in entries {
            // By position: a `Change` is large, and copying each one out costs more than
            // the undo itself.
            entry.withChanges { changes in
                for index in changes.indices.reversed() { changes[index].revert(in: &self) }
            }
        }
    }
}
