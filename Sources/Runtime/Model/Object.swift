import Synchronization

/// An object in a runtime: an instance of a class, or a class itself.
///
/// Objects print as `<ClassName: 0x1>`, where the number comes from a per-runtime
/// sequence, so the same session prints the same text on every run.
public class Object: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The object's class, for sends: one reference, taken by hand in `init` and given back
    /// in `deinit`, so that reading it costs no reference counting and no second field
    /// holds it (every instance and class has one). Nil for a root metaclass, which is its
    /// own class: a reference to itself would keep it alive forever.
    ///
    /// Atomic because `object_setClass` changes it (see ``Runtime/changeClass(of:to:)``)
    /// while other threads may be sending to the object; a relaxed load is the plain load
    /// it was before. A send that read the class just before the change goes on with it
    /// safely: every class outlives its runtime's sends (the registry holds it).
    @usableFromInline let storedIsa: Atomic<Unmanaged<Class>?>
    /// The number the object prints as; instances and classes are numbered separately.
    public let serial: Int
    /// Taken around every access to `ivars`, so that threads setting and reading one
    /// object's properties stay memory-safe. A ``LockWord`` rather than a `Mutex`, whose
    /// hand-over ThreadSanitizer cannot see on Linux.
    private let lock = LockWord()
    /// The instance variables set so far, touched only by the holder of `lock`, which
    /// already makes every access exclusive: hence no run-time exclusivity check.
    @exclusivity(unchecked) private var ivars = IvarStorage()

    init(isa: Class?, serial: Int) {
        self.storedIsa = Atomic(isa.map(Unmanaged.passRetained))
        self.serial = serial
    }

    deinit {
        // The class's flag first, two loads, as nearly every class has none; then only plain
        // instances: a class goes with its runtime, a value box is the library's, and a
        // successor has had its `-dealloc`.
        let isa = storedIsa.load(ordering: .relaxed)
        if let isa, isa._withUnsafeGuaranteedRef(\.instancesTakeDealloc), type(of: self) == Object.self {
            queueSuccessor(of: isa.takeUnretainedValue())
        }
        isa?.release()
    }

    /// Queues the object that will receive this one's `-dealloc`: its class, its number
    /// and its instance variables (see ``DeallocationQueue``).
    @inline(never)
    private func queueSuccessor(of isa: Class) {
        let queue = isa.owner.deallocations
        guard queue.accepts else { return }
        let successor = DeallocatingObject(isa: isa, serial: serial)
        // Nothing else can reach an object whose deinit runs: its storage moves unlocked.
        var values = ivars.take()
        _ = successor.withIvars { $0.adopt(&values) }
        queue.append(successor)
    }

    /// Whether this object receives `-dealloc` for an instance that has gone (see
    /// ``Runtime/sendPendingDeallocs()``): it holds the instance's class, number and
    /// instance variables, but tables that held the instance itself no longer find it.
    public final var isDeallocating: Bool { self is DeallocatingObject }

    /// The object's class, unretained.
    @inlinable @inline(__always)
    final var unmanagedIsa: Unmanaged<Class> {
        storedIsa.load(ordering: .relaxed) ?? .passUnretained(unsafeDowncast(self, to: Class.self))
    }

    /// Makes `cls` the object's class, returning the class it had (see
    /// ``Runtime/changeClass(of:to:)``, which checks that the change may be made).
    final func exchangeIsa(for cls: Class) -> Class {
        let previous = storedIsa.exchange(.passRetained(cls), ordering: .acquiringAndReleasing)
        // The object held the previous class; the registry still does.
        return previous!.takeRetainedValue()
    }

    /// The class of the object: where a message to it starts looking for a method.
    public var isa: Class { unmanagedIsa.takeUnretainedValue() }

    /// The value of an instance variable, or its type's zero value when never set.
    ///
    /// - Throws: ``RuntimeError/foreignIvar(_:of:object:)`` when the ivar belongs to a
    ///   class this object is not an instance of.
    public func value(of ivar: Ivar) throws(RuntimeError) -> Value {
        if let value = storedValue(of: ivar) { return value }
        guard isInstance(ofOwnerOf: ivar) else { throw foreignIvar(ivar) }
        return ivar.type.zeroValue
    }

    /// Stores an instance variable. A weak ivar holds an object without keeping it alive.
    ///
    /// - Throws: ``RuntimeError/foreignIvar(_:of:object:)`` when the ivar belongs to a
    ///   class this object is not an instance of.
    public func setValue(_ value: Value, of ivar: Ivar) throws(RuntimeError) {
        guard store(value, of: ivar, known: false) else { throw foreignIvar(ivar) }
    }

    /// What `ivar` holds, or nil when nothing has been stored: ``value(of:)`` without its
    /// zero value, for an ivar known to be the object's.
    func storedValue(of ivar: Ivar) -> Value? {
        let id = ivar.id
        return withIvars { $0.value(for: id) }
    }

    /// Stores `value` as `ivar`'s, as ``setValue(_:of:)`` does: `known` when the ivar was
    /// found in the object's class, so it is the object's; otherwise false, storing
    /// nothing, when it is not.
    func store(_ value: Value, of ivar: Ivar, known: Bool) -> Bool {
        // An ivar already holding a value is the object's: only the first store asks. What
        // it held is released after the lock, with `stored`.
        let stored = withIvars { storage in
            storage.store(
                value, of: ivar, admitting: { known || isInstance(ofOwnerOf: ivar) },
                capacity: { unmanagedIsa._withUnsafeGuaranteedRef(\.lineageIvarCount) })
        }
        return stored.admitted
    }

    /// Stores `value(index)` as the value of each of `fields`, ivars found in the object's
    /// class and none twice, as ``store(_:of:known:)`` stores each: all at once when the
    /// object holds no values yet, as its initializer finds it, else one by one.
    func store(_ fields: UnsafeBufferPointer<Unmanaged<Ivar>>, values value: (Int) -> Value) {
        guard !store(fields, values: value, sharing: nil) else { return }
        for index in fields.indices {
            _ = fields[index]._withUnsafeGuaranteedRef { store(value(index), of: $0, known: true) }
        }
    }

    /// Stores `value(index)` as the value of each of `fields`, and `shared`'s values after
    /// them, when the object holds no values yet, as its initializer finds it; false,
    /// storing nothing, when it holds any.
    func store(
        _ fields: UnsafeBufferPointer<Unmanaged<Ivar>>, values value: (Int) -> Value, sharing shared: IvarStorage.SharedValues?
    ) -> Bool {
        // Made and filled before the lock is taken, which then only has to hand it over.
        var made = IvarStorage(fields, values: value, sharing: shared, capacity: unmanagedIsa._withUnsafeGuaranteedRef(\.lineageIvarCount))
        return withIvars { $0.adopt(&made) }
    }

    /// Drops every ivar value: how a runtime going away breaks cycles through a class
    /// object's own storage (a class holding its shared instance).
    func removeAllIvarValues() {
        withIvars { $0.removeAll() }
    }

    /// Runs `body` with the ivars, holding the object's lock. Nothing under it takes the
    /// lock again: values an ivar gave up are released after it.
    @inline(__always)
    private func withIvars<Result: ~Copyable>(_ body: (inout IvarStorage) -> Result) -> Result {
        lock.acquire(as: 1)
        defer { lock.release() }
        return body(&ivars)
    }

    /// Whether the class that declared `ivar` is this object's class or a superclass of it.
    private func isInstance(ofOwnerOf ivar: Ivar) -> Bool {
        guard let owner = ivar.owner else { return false }
        return unmanagedIsa._withUnsafeGuaranteedRef { $0.isSubclass(of: owner) }
    }

    private func foreignIvar(_ ivar: Ivar) -> RuntimeError {
        .foreignIvar(ivar.name, of: ivar.owner?.name ?? "a discarded class", object: description)
    }

    public static func == (lhs: Object, rhs: Object) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `<ClassName: 0x1>`
    public var description: String { "<\(isa.name): 0x\(String(serial, radix: 16))>" }
}
