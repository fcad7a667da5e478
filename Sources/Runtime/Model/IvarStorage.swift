/// The values of one object's instance variables, each under its ivar's ``Ivar/id``, in the
/// order first set; what an ``Object`` keeps behind its lock.
///
/// An object sets a handful of ivars, so a scan of a small array finds one sooner than
/// hashing would. The array is allocated when the first value is stored, with room for
/// every ivar the object's class and its superclasses declare, so an initializer setting
/// them one after another never grows it.
struct IvarStorage: Sendable {
    /// 24 bytes: the slot's 17, then the id narrowed into what would be padding after it.
    private struct Entry: Sendable {
        var slot: Slot
        let id: Int32
    }

    /// A stored value: a weak ivar's object is held without keeping it alive.
    enum Slot: Sendable {
        case strong(Value)
        case weak(WeakReference)

        /// `value` as `ivar` stores it.
        init(_ value: Value, for ivar: Ivar) {
            self = if ivar.isWeak, case .object(let object) = value { .weak(WeakReference(object)) } else { .strong(value) }
        }

        /// The value stored; nil once a weak ivar's object has gone.
        var value: Value {
            switch self {
            case .strong(let value): value
            case .weak(let reference): reference.object.map(Value.object) ?? .nil
            }
        }
    }

    /// A weak ivar's object. A class rather than a `weak` field in ``Slot``, which an enum
    /// cannot have; only weak ivars (a delegate, a superview) pay for the allocation.
    final class WeakReference: @unchecked Sendable {
        // @unchecked: `object` is only read and written under the owning object's lock.
        weak var object: Object?
        init(_ object: Object) { self.object = object }
    }

    private var entries: ContiguousArray<Entry> = []

    /// The value stored for the ivar numbered `id`, or nil when none has been.
    func value(for id: Int) -> Value? {
        let id = Self.narrow(id)
        for entry in entries where entry.id == id { return entry.slot.value }
        return nil
    }

    /// Stores `slot` as the value of the ivar numbered `id`, leaving in `slot` what it
    /// held (for the caller to release once the lock is given back). An ivar holding
    /// nothing yet is stored only if `admits()`, the first of all making room for
    /// `capacity()` ivars; false, storing nothing, when it does not admit it.
    mutating func store(_ id: Int, _ slot: inout Slot, admitting admits: () -> Bool, capacity: () -> Int) -> Bool {
        let id = Self.narrow(id)
        if let index = entries.firstIndex(where: { $0.id == id }) {
            swap(&entries[index].slot, &slot)
            return true
        }
        guard admits() else { return false }
        if entries.capacity == 0 { entries.reserveCapacity(max(capacity(), 1)) }
        var stored = Slot.strong(.nil)
        swap(&stored, &slot)
        entries.append(Entry(slot: stored, id: id))
        return true
    }

    /// Drops every value.
    mutating func removeAll() {
        entries = []
    }

    private static func narrow(_ id: Int) -> Int32 {
        // Ivar ids count the ivars declared in one runtime.
        guard let narrowed = Int32(exactly: id) else { preconditionFailure("ivar id \(id) exceeds an object's storage's range") }
        return narrowed
    }
}
