import Synchronization

/// An ivar name that code looks up again and again (a class library's `_frame`, set by
/// every view's initializer), remembering the ivar it last found: a lookup from a class
/// that declares no ivars of its own below that ivar's class is then a walk of a few
/// unretained class links, with no lock taken and no name hashed.
///
/// The answer is always the one ``Runtime/ivar(named:in:)`` gives: the remembered ivar is
/// used only when nothing in any class has changed since it was found (the ivar
/// generation is the same) and the class asked about reaches the ivar's class through
/// classes that are realized and declare no ivars, so none of them can hide it. Anything
/// else (a subclass declaring an ivar of the same name, a category adding ivars, a class
/// of another runtime) takes the lookup by name, and its answer is remembered instead.
public final class IvarName: Sendable, CustomStringConvertible {
    public let name: String
    /// The ivar last found and the ivar generation it was found at.
    private let found = Mutex<(generation: Int, ivar: Ivar)?>(nil)

    public init(_ name: String) { self.name = name }

    public var description: String { name }

    /// The remembered ivar, when it is still `cls`'s ivar of this name.
    fileprivate func remembered(for cls: Class, generation: Int) -> Ivar? {
        guard let (foundAt, ivar) = found.withLock({ $0 }), foundAt == generation, let owner = ivar.owner else { return nil }
        let target = Unmanaged.passUnretained(owner).toOpaque()
        var current: Unmanaged<Class>? = .passUnretained(cls)
        while let candidate = current {
            if candidate.toOpaque() == target { return ivar }
            // A class not yet realized may declare anything; one that declares ivars may
            // declare this name. Either way the name decides.
            let (passable, next) = candidate._withUnsafeGuaranteedRef {
                ($0.isRealized && !$0.declaresIvars.load(ordering: .acquiring), $0.unmanagedSuperclass)
            }
            guard passable else { return nil }
            current = next
        }
        return nil
    }

    fileprivate func remember(_ ivar: Ivar, generation: Int) {
        found.withLock { $0 = (generation, ivar) }
    }
}

extension Runtime {
    /// The ivar named `name` that `cls` declares or inherits: the same answer as
    /// ``ivar(named:in:)``, found without a lock when `name` remembers it (see ``IvarName``).
    public func ivar(_ name: IvarName, in cls: Class) -> Ivar? {
        guard owns(cls) else { return nil }
        // Read first: a change made while the lookup below runs leaves what it finds
        // remembered at an older generation, so it is not trusted afterwards.
        let generation = Class.ivarGeneration.load(ordering: .acquiring)
        if let ivar = name.remembered(for: cls, generation: generation) { return ivar }
        guard let ivar = ivar(named: name.name, in: cls) else { return nil }
        name.remember(ivar, generation: generation)
        return ivar
    }
}
