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
    @usableFromInline let storedIsa: Unmanaged<Class>?
    /// The number the object prints as; instances and classes are numbered separately.
    public let serial: Int
    /// The instance variables set so far, with their ``Ivar/id``s, in the order first set; a
    /// per-object lock keeps concurrent property access from different threads memory-safe.
    /// An object sets a handful of ivars, so a scan of a small array finds one sooner than
    /// hashing would, and costs one allocation rather than a table's.
    private let ivars = Mutex<[StoredIvar]>([])

    private struct StoredIvar: Sendable {
        let id: Int
        var slot: Slot
    }

    private enum Slot: Sendable {
        case strong(Value)
        case weak(WeakReference)
    }

    private final class WeakReference: @unchecked Sendable {
        weak var object: Object?
        init(_ object: Object) { self.object = object }
    }

    init(isa: Class?, serial: Int) {
        self.storedIsa = isa.map(Unmanaged.passRetained)
        self.serial = serial
    }

    deinit {
        storedIsa?.release()
    }

    /// The object's class, unretained.
    @inlinable @inline(__always)
    final var unmanagedIsa: Unmanaged<Class> {
        storedIsa ?? .passUnretained(unsafeDowncast(self, to: Class.self))
    }

    /// The class of the object: where a message to it starts looking for a method.
    public var isa: Class { unmanagedIsa.takeUnretainedValue() }

    /// The value of an instance variable, or its type's zero value when never set.
    ///
    /// - Throws: ``RuntimeError/foreignIvar(_:of:object:)`` when the ivar belongs to a
    ///   class this object is not an instance of.
    public func value(of ivar: Ivar) throws(RuntimeError) -> Value {
        try checkOwnership(of: ivar)
        let id = ivar.id
        let slot = ivars.withLock { stored in stored.first { $0.id == id }?.slot }
        switch slot {
        case nil: return ivar.type.zeroValue
        case .strong(let value)?: return value
        case .weak(let reference)?: return reference.object.map(Value.object) ?? .nil
        }
    }

    /// Stores an instance variable. A weak ivar holds an object without keeping it alive.
    public func setValue(_ value: Value, of ivar: Ivar) throws(RuntimeError) {
        try checkOwnership(of: ivar)
        let slot: Slot = if ivar.isWeak, case .object(let object) = value {
            .weak(WeakReference(object))
        } else {
            .strong(value)
        }
        let id = ivar.id
        ivars.withLock { stored in
            if let index = stored.firstIndex(where: { $0.id == id }) {
                stored[index].slot = slot
            } else {
                // An object that sets one ivar mostly sets several as it is initialized
                // (a controller six, a view nine): room for them at once spares growing.
                if stored.isEmpty { stored.reserveCapacity(8) }
                stored.append(StoredIvar(id: id, slot: slot))
            }
        }
    }

    /// Drops every ivar value: how a runtime going away breaks cycles through a class
    /// object's own storage (a class holding its shared instance).
    func removeAllIvarValues() {
        ivars.withLock { $0.removeAll() }
    }

    private func checkOwnership(of ivar: Ivar) throws(RuntimeError) {
        guard let owner = ivar.owner, unmanagedIsa._withUnsafeGuaranteedRef({ $0.isSubclass(of: owner) }) else {
            throw .foreignIvar(ivar.name, of: ivar.owner?.name ?? "a discarded class", object: description)
        }
    }

    public static func == (lhs: Object, rhs: Object) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `<ClassName: 0x1>`
    public var description: String { "<\(isa.name): 0x\(String(serial, radix: 16))>" }
}
