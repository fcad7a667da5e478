extension Runtime {
    /// Whether instances have gone whose `-dealloc` has not been sent yet (see
    /// ``sendPendingDeallocs()``). One atomic load: code runners ask it between statements.
    public var hasPendingDeallocs: Bool { token.deallocations.hasPending }

    /// Sends `-dealloc` for each instance gone since the last call whose class (or a
    /// superclass, a root class aside) implements it, in the order they went, and for those
    /// that go meanwhile (the instance variables of the ones done).
    ///
    /// An instance's own Swift object cannot run code once its last reference has gone, so
    /// the message goes to an object standing in for it: the same class, printed with the
    /// same number, holding its instance variables. Weak references to the instance are
    /// already nil, as they are in Objective-C while `-dealloc` runs. Call this where no
    /// lock is held, as code that runs Objective-C does between statements.
    ///
    /// - Throws: the first error a `-dealloc` threw, after sending every other.
    public func sendPendingDeallocs() throws {
        var firstError: (any Error)?
        // Bounded, so that a `-dealloc` making and dropping another such instance every time
        // cannot keep the caller here: what is left waits for the next call.
        var budget = Self.deallocsPerCall
        while budget > 0, token.deallocations.hasPending {
            let gone = token.deallocations.takeAll()
            budget -= gone.count
            for object in gone {
                do {
                    try send(wellKnown.dealloc, to: object)
                } catch {
                    if firstError == nil { firstError = error }
                }
            }
        }
        if let firstError { throw firstError }
    }

    /// The most `-dealloc`s one ``sendPendingDeallocs()`` sends, in batches as they went.
    static let deallocsPerCall = 100_000
}
