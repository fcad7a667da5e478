/// The values of one object's instance variables, each under its ivar's ``Ivar/id``, in the
/// order first set; what an ``Object`` keeps behind its lock.
///
/// An object sets a handful of ivars, so a scan of a small array finds one sooner than
/// hashing would. The array is allocated when the first value is stored, with room for
/// every ivar the object's class and its superclasses declare, so an initializer setting
/// them one after another never grows it. It is memory of its own, one word in the
/// object, rather than an `Array` or a `ManagedBuffer`: only the lock's holder reaches it,
/// so nothing asks whether it is shared or retains it to read it, and an object going
/// away releases its values in a loop compiled for them rather than through the generic
/// array destroyer, which costs several calls a value.
///
/// Values every object an initializer makes starts with alike (a view's defaults) are
/// kept once, in ``SharedValues`` the storage refers to, and read after the object's own:
/// storing one of those ivars adds an own value that shadows the shared one.
struct IvarStorage: ~Copyable {
    /// A stored value: a weak ivar's object is held without keeping it alive.
    enum Slot {
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

    /// 24 bytes: the slot's 17, then the id narrowed into what would be padding after it.
    private struct Entry {
        var slot: Slot
        let id: Int32
    }

    /// The values of some ivars, each under its ivar's id, that many objects hold alike
    /// until they store their own: made once and shared by reference, so that making and
    /// releasing an object costs one reference for them rather than one a value.
    final class SharedValues: Sendable {
        private let ids: [Int32]
        private let values: [Value]

        /// `values[index]` as the value of each of `ivars`, none named twice; nil when a weak
        /// ivar would hold an object, as each object keeps its own weak reference.
        init?(_ ivars: UnsafeBufferPointer<Unmanaged<Ivar>>, values: [Value]) {
            precondition(ivars.count == values.count, "one value an ivar")
            var ids: [Int32] = []
            ids.reserveCapacity(ivars.count)
            for (ivar, value) in zip(ivars, values) {
                let isWeak = ivar._withUnsafeGuaranteedRef(\.isWeak)
                if isWeak, case .object = value { return nil }
                ids.append(IvarStorage.narrow(ivar._withUnsafeGuaranteedRef(\.id)))
            }
            self.ids = ids
            self.values = values
        }

        /// Whether these are the values of exactly `ivars`, in order.
        func hold(_ ivars: UnsafeBufferPointer<Unmanaged<Ivar>>) -> Bool {
            guard ivars.count == ids.count else { return false }
            for index in ids.indices where Int(ids[index]) != ivars[index]._withUnsafeGuaranteedRef(\.id) { return false }
            return true
        }

        fileprivate func value(for id: Int32) -> Value? {
            ids.firstIndex(of: id).map { values[$0] }
        }
    }

    /// What the memory starts with; the entries follow it, `count` of them initialized.
    private struct Header {
        var count: Int32
        var capacity: Int32
        /// Retained by the storage; nil when it shares none.
        var shared: Unmanaged<SharedValues>?
    }

    /// Nil until the first value is stored.
    private var memory: UnsafeMutableRawPointer?

    init() {}

    deinit {
        guard let memory else { return }
        let header = memory.assumingMemoryBound(to: Header.self).pointee
        let entries = Self.entries(in: memory)
        // One entry at a time, each destroyed by code compiled for an entry.
        for index in 0..<Int(header.count) { _ = (entries + index).move() }
        header.shared?.release()
        memory.deallocate()
    }

    /// The value stored for the ivar numbered `id`, or nil when none has been.
    func value(for id: Int) -> Value? {
        guard let memory else { return nil }
        let id = Self.narrow(id)
        let entries = Self.entries(in: memory)
        let header = memory.assumingMemoryBound(to: Header.self).pointee
        for index in 0..<Int(header.count) where entries[index].id == id {
            return entries[index].slot.value
        }
        return header.shared?._withUnsafeGuaranteedRef { $0.value(for: id) }
    }

    /// Stores `value` as `ivar`'s value, returning what it held for the caller to release
    /// once the lock is given back (nil when it held nothing). An ivar holding nothing yet
    /// is stored only if `admits()`, the first of all making room for `capacity()` ivars;
    /// `admitted` is false, and nothing stored, when it does not admit it.
    mutating func store(
        _ value: consuming Value, of ivar: Ivar, admitting admits: () -> Bool, capacity: () -> Int
    ) -> (admitted: Bool, replaced: Slot?) {
        let id = Self.narrow(ivar.id)
        var count = 0
        if let memory {
            let entries = Self.entries(in: memory)
            count = Int(memory.assumingMemoryBound(to: Header.self).pointee.count)
            for index in 0..<count where entries[index].id == id {
                let replaced = (entries + index).move()
                (entries + index).initialize(to: Entry(slot: Slot(value, for: ivar), id: id))
                return (true, replaced.slot)
            }
        }
        guard admits() else { return (false, nil) }
        let memory = room(for: count, capacity)
        Self.entries(in: memory).advanced(by: count).initialize(to: Entry(slot: Slot(value, for: ivar), id: id))
        memory.assumingMemoryBound(to: Header.self).pointee.count += 1
        return (true, nil)
    }

    /// Storage holding `value(index)` as the value of each of `ivars` (none named twice),
    /// and sharing `shared` after them, with room for `capacity` ivars or as many as these:
    /// what an object's first values are put in before its lock is taken (see ``adopt(_:)``).
    init(
        _ ivars: UnsafeBufferPointer<Unmanaged<Ivar>>, values value: (Int) -> Value, sharing shared: SharedValues? = nil,
        capacity: Int
    ) {
        let made = Self.allocate(capacity: max(capacity, ivars.count, 1))
        made.assumingMemoryBound(to: Header.self).pointee.shared = shared.map(Unmanaged.passRetained)
        let entries = Self.entries(in: made)
        for index in ivars.indices {
            ivars[index]._withUnsafeGuaranteedRef { ivar in
                (entries + index).initialize(to: Entry(slot: Slot(value(index), for: ivar), id: Self.narrow(ivar.id)))
            }
        }
        made.assumingMemoryBound(to: Header.self).pointee.count = Self.narrow(ivars.count)
        memory = made
    }

    /// Takes `other`'s values when this holds none, as an initializer finds its object;
    /// false, changing neither, when it holds any.
    mutating func adopt(_ other: inout IvarStorage) -> Bool {
        guard memory == nil else { return false }
        swap(&memory, &other.memory)
        return true
    }

    /// Everything stored, leaving this storage empty: what an instance that has gone hands
    /// to the object that receives its `-dealloc`.
    mutating func take() -> IvarStorage {
        var taken = IvarStorage()
        swap(&memory, &taken.memory)
        return taken
    }

    /// The memory, with room for an entry after the `count` it holds: made for
    /// `capacity()` ivars at the first store, twice as large when ivars added since fill it.
    private mutating func room(for count: Int, _ capacity: () -> Int) -> UnsafeMutableRawPointer {
        guard let current = memory else {
            let made = Self.allocate(capacity: max(capacity(), 1))
            memory = made
            return made
        }
        guard count == Int(current.assumingMemoryBound(to: Header.self).pointee.capacity) else { return current }
        let grown = Self.allocate(capacity: count * 2)
        Self.entries(in: grown).moveInitialize(from: Self.entries(in: current), count: count)
        grown.assumingMemoryBound(to: Header.self).pointee.count = Int32(count)
        // The reference moves with the values.
        grown.assumingMemoryBound(to: Header.self).pointee.shared = current.assumingMemoryBound(to: Header.self).pointee.shared
        current.deallocate()
        memory = grown
        return grown
    }

    /// Drops every value.
    mutating func removeAll() {
        self = IvarStorage()
    }

    private static func allocate(capacity: Int) -> UnsafeMutableRawPointer {
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Header>.stride + capacity * MemoryLayout<Entry>.stride, alignment: MemoryLayout<Entry>.alignment)
        memory.initializeMemory(as: Header.self, to: Header(count: 0, capacity: narrow(capacity), shared: nil))
        (memory + MemoryLayout<Header>.stride).bindMemory(to: Entry.self, capacity: capacity)
        return memory
    }

    private static func entries(in memory: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Entry> {
        (memory + MemoryLayout<Header>.stride).assumingMemoryBound(to: Entry.self)
    }

    fileprivate static func narrow(_ number: Int) -> Int32 {
        // Ivar ids count the ivars declared in one runtime, and an object holds fewer.
        guard let narrowed = Int32(exactly: number) else { preconditionFailure("ivar number \(number) exceeds an object's storage's range") }
        return narrowed
    }
}
