import Synchronization

/// An ivar name that code looks up again and again (a class library's `_frame`, set by
/// every view's initializer), remembering the ivar it last found: a lookup from a class
/// that declares no ivars of its own below that ivar's class is then a walk of a few
/// unretained class links, with no lock taken, no name hashed and nothing retained.
///
/// The answer is always the one ``Runtime/ivar(named:in:)`` gives: the remembered ivar is
/// used only when nothing in any class has changed since it was found (the ivar
/// generation is the same) and the class asked about reaches the ivar's class through
/// classes that are realized and declare no ivars, so none of them can hide it. Anything
/// else (a subclass declaring an ivar of the same name, a category adding ivars, a class
/// of another runtime) takes the lookup by name, and its answer is remembered instead.
public final class IvarName: Sendable, CustomStringConvertible {
    public let name: String
    /// Every ivar the name has remembered, held so that one a reader took unretained is
    /// never freed under it (an undo can take an ivar out of its class): as many as there
    /// have been ivars of this name, a handful at most.
    /// A `Locked`, not a `Mutex`: ThreadSanitizer cannot see how a `Mutex` orders its holders on Linux.
    private let kept = Locked<[Ivar]>([])
    /// The ivar last found (unretained: `kept` holds it) and the ivar generation it was
    /// found at, published as a sequence lock: `sequence` is odd while `remember` writes
    /// them, and a reader that sees it change meanwhile takes the lookup by name instead.
    private let sequence = Atomic<Int>(0)
    private let foundGeneration = Atomic<Int>(-1)
    private let foundIvar = Atomic<Unmanaged<Ivar>?>(nil)

    public init(_ name: String) { self.name = name }

    public var description: String { name }

    /// The remembered ivar, unretained, when it is still `cls`'s ivar of this name.
    fileprivate func remembered(for cls: Class, generation: Int) -> Unmanaged<Ivar>? {
        guard let ivar = remembered(at: generation), Self.owner(of: ivar, isReachedFrom: .passUnretained(cls)) else { return nil }
        return ivar
    }

    /// The ivar remembered at `generation`, unretained, whichever class it was found in;
    /// nil when another generation's is remembered, or none.
    func remembered(at generation: Int) -> Unmanaged<Ivar>? {
        let before = sequence.load(ordering: .acquiring)
        let foundAt = foundGeneration.load(ordering: .relaxed)
        let found = foundIvar.load(ordering: .relaxed)
        atomicMemoryFence(ordering: .acquiring)
        guard before & 1 == 0, sequence.load(ordering: .relaxed) == before, foundAt == generation else { return nil }
        return found
    }

    /// Whether `cls` reaches the class that declared `ivar` through realized classes that
    /// declare no ivars, so that none of them can hide it: then a lookup of its name from
    /// `cls` finds `ivar`, if `ivar` was found by that name at the current generation.
    static func owner(of ivar: Unmanaged<Ivar>, isReachedFrom cls: Unmanaged<Class>) -> Bool {
        // An ivar's owner is a `let`, and the ivar holds it: neither is retained here.
        let target = ivar._withUnsafeGuaranteedRef { $0.owner.map { Unmanaged.passUnretained($0).toOpaque() } }
        var current: Unmanaged<Class>? = cls
        while let candidate = current {
            if candidate.toOpaque() == target { return true }
            // A class not yet realized may declare anything; one that declares ivars may
            // declare this name. Either way the name decides.
            let (passable, next) = candidate._withUnsafeGuaranteedRef { ($0.isRealized && !$0.declaresIvars, $0.unmanagedSuperclass) }
            guard passable else { return false }
            current = next
        }
        return false
    }

    fileprivate func remember(_ ivar: Ivar, generation: Int) {
        kept.withLock { kept in
            if !kept.contains(where: { $0 === ivar }) { kept.append(ivar) }
            // A sequence lock's writer: odd, the pair, even again.
            let start = sequence.load(ordering: .relaxed)
            sequence.store(start &+ 1, ordering: .relaxed)
            atomicMemoryFence(ordering: .releasing)
            foundGeneration.store(generation, ordering: .relaxed)
            foundIvar.store(.passUnretained(ivar), ordering: .relaxed)
            sequence.store(start &+ 2, ordering: .releasing)
        }
    }
}

extension Runtime {
    /// The ivar named `name` that `cls` declares or inherits: the same answer as
    /// ``ivar(named:in:)``, found without a lock when `name` remembers it (see ``IvarName``).
    public func ivar(_ name: IvarName, in cls: Class) -> Ivar? {
        withIvar(name, in: cls) { $0 }
    }

    /// The value of `object`'s ivar named `name`, as ``Object/value(of:)`` reads the ivar
    /// ``ivar(_:in:)`` finds in its class; nil when there is none.
    public func value(of name: IvarName, in object: Object) -> Value? {
        withIvar(name, in: object.unmanagedIsa) { ivar in
            // Found in the object's class, so the object's: no ownership to ask.
            object.storedValue(of: ivar) ?? ivar.type.zeroValue
        }
    }

    /// Stores `value` in `object`'s ivar named `name`, as ``Object/setValue(_:of:)`` stores
    /// the ivar ``ivar(_:in:)`` finds in its class; false, storing nothing, when there is none.
    @discardableResult
    public func setValue(_ value: Value, of name: IvarName, in object: Object) -> Bool {
        withIvar(name, in: object.unmanagedIsa) { ivar in object.store(value, of: ivar, known: true) } ?? false
    }

    private func withIvar<Result>(_ name: IvarName, in cls: Class, _ body: (Ivar) -> Result) -> Result? {
        withIvar(name, in: .passUnretained(cls), body)
    }

    /// `body` applied to the ivar `name` finds in `cls`, or nil when there is none. What the
    /// ivar name remembers is used unretained, as `name` keeps it alive.
    func withIvar<Result>(_ name: IvarName, in cls: Unmanaged<Class>, _ body: (Ivar) -> Result) -> Result? {
        cls._withUnsafeGuaranteedRef { cls in
            guard owns(cls) else { return nil }
            // Read first: a change made while the lookup below runs leaves what it finds
            // remembered at an older generation, so it is not trusted afterwards.
            let generation = Class.ivarGeneration.load(ordering: .acquiring)
            if let remembered = name.remembered(for: cls, generation: generation) {
                return remembered._withUnsafeGuaranteedRef(body)
            }
            guard let ivar = ivar(named: name.name, in: cls) else { return nil }
            name.remember(ivar, generation: generation)
            return body(ivar)
        }
    }
}
