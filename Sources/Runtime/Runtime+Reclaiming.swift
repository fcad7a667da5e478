extension Runtime {
    /// Frees what changes took out of service: methods removed from method lists, lookup
    /// caches replaced by larger ones, and implementations a change replaced, unless
    /// something else (a ledger entry, a caller) still holds them; and the record of the
    /// entry undone last, which the ledger keeps to write the next entry into.
    ///
    /// A send reads a class's cache, its methods and their implementations without a lock
    /// or a reference count, so what a change retires stays allocated while a send might
    /// still be using it. The runtime cannot see when no send is (announcing each one
    /// would slow every send), so its owner says so, as read-copy-update's quiescent
    /// states do: call this only where no send to this runtime is running on any thread,
    /// this one included, such as between a shell's statements or between tests.
    /// Until it is called, what changes retire accumulates (``memory`` counts it).
    public func reclaimRetired() {
        // Taken out under the lock and released after it (as the `_` drops them), so that
        // deinitializers (an implementation's captures) never run with the lock held.
        _ = registry.withLock { registry in
            (registry.retiredMethods.take(), registry.retiredCaches.take(), registry.retiredImplementations.take(),
             registry.ledger.takeSpare())
        }
    }
}

extension Array {
    /// The elements, leaving the array empty.
    fileprivate mutating func take() -> [Element] {
        var taken: [Element] = []
        swap(&self, &taken)
        return taken
    }
}
