import Synchronization

/// A class name that code looks up again and again (a class library's `UIView`, made by
/// every controller's `-loadView`), remembering the class it found: a lookup is then a
/// flag read, with no lock taken and no name hashed.
///
/// The answer is always the one ``Runtime/class(named:)`` gives. Names are never taken out
/// of a runtime's table: a name leaves its class only when a redefinition registers another
/// class under it (see ``Runtime/redefineClass(named:superclass:_:)``), which marks the class
/// it replaced, and a marked class, or one of another runtime, is looked up by name again.
/// Made once per runtime, as what it remembers is that runtime's class.
public final class ClassName: Sendable, CustomStringConvertible {
    public let name: String
    /// Every class the name has remembered, held so that one a reader took unretained is
    /// never freed under it (a replaced class without instances would be): as many as
    /// there have been redefinitions of the class, a handful at most.
    /// A `Locked`, not a `Mutex`: ThreadSanitizer cannot see how a `Mutex` orders its holders on Linux.
    private let kept = Locked<[Class]>([])
    /// The class last found, unretained (`kept` holds it), published after `kept` holds it.
    private let found = Atomic<Unmanaged<Class>?>(nil)

    public init(_ name: String) { self.name = name }

    public var description: String { name }

    /// The remembered class, unretained, while it is still `runtime`'s class of this name.
    fileprivate func remembered(in runtime: Runtime) -> Class? {
        guard let found = found.load(ordering: .acquiring),
              found._withUnsafeGuaranteedRef({ !$0.isReplaced && runtime.owns($0) }) else { return nil }
        return found.takeUnretainedValue()
    }

    fileprivate func remember(_ cls: Class) {
        kept.withLock { kept in
            if !kept.contains(where: { $0 === cls }) { kept.append(cls) }
            found.store(.passUnretained(cls), ordering: .releasing)
        }
    }
}

extension Runtime {
    /// The class registered under `name`: the same answer as ``class(named:)``, found
    /// without a lock when `name` remembers it (see ``ClassName``).
    public func `class`(_ name: ClassName) -> Class? {
        if let remembered = name.remembered(in: self) { return remembered }
        guard let found = self.class(named: name.name) else { return nil }
        name.remember(found)
        return found
    }

    /// ``class(_:)``, throwing ``RuntimeError/unknownClass(_:)`` when no class has the name.
    public func requireClass(_ name: ClassName) throws(RuntimeError) -> Class {
        guard let found = self.class(name) else { throw .unknownClass(name.name) }
        return found
    }
}
