import Synchronization

/// One generation of a class's method cache: an open-addressing table from selector to
/// the method lookup found, read without a lock by every send.
///
/// Why this is safe without a lock on the read side:
/// - each slot is one atomic word, so a reader sees a whole method or an empty slot;
/// - writers hold the runtime lock, so fills and flushes never interleave;
/// - methods and tables that leave service are retired, kept alive until the owner says
///   no send is running (``Runtime/reclaimRetired()``), so a reader that loaded one a
///   moment ago never touches freed memory.
/// A flush empties slots in place; a reader racing it either finds the method it would
/// have found before the mutation or misses and takes the locked slow path.
@usableFromInline final class CacheTable: @unchecked Sendable {
    /// One allocation: the mask, then the slots. Readers get this pointer straight from
    /// the class, so a lookup is a load of the mask and a load of a slot.
    let buffer: UnsafeMutableRawPointer
    private(set) var count = 0
    let capacity: Int

    @usableFromInline static var slotsOffset: Int { MemoryLayout<Int>.stride }

    init(capacity: Int) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "capacity must be a power of two")
        self.capacity = capacity
        buffer = .allocate(
            byteCount: Self.slotsOffset + capacity * MemoryLayout<Atomic<UInt>>.stride,
            alignment: Swift.max(MemoryLayout<Int>.alignment, MemoryLayout<Atomic<UInt>>.alignment))
        buffer.storeBytes(of: capacity - 1, as: Int.self)
        let slots = Self.slots(in: buffer)
        for index in 0..<capacity {
            (slots + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        Self.slots(in: buffer).deinitialize(count: capacity)
        buffer.deallocate()
    }

    @inlinable @inline(__always)
    static func slots(in buffer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Atomic<UInt>> {
        (buffer + slotsOffset).assumingMemoryBound(to: Atomic<UInt>.self)
    }

    /// Where a selector's probe starts. Hashing the selector's address rather than its id
    /// saves a load from the selector on every send, as objc's caches do.
    @inlinable @inline(__always)
    static func slotIndex(of selector: Selector, mask: Int) -> Int {
        Int(bitPattern: UInt(bitPattern: ObjectIdentifier(selector)) >> 4) & mask
    }

    /// Whether one more entry would push the table past three quarters full.
    var isFull: Bool { (count + 1) * 4 > capacity * 3 }

    /// The method cached for `selector` in the table at `buffer`, read without a lock.
    @inlinable @inline(__always)
    static func method(for selector: Selector, in buffer: UnsafeMutableRawPointer) -> Unmanaged<Method>? {
        let mask = buffer.load(as: Int.self)
        let slots = slots(in: buffer)
        var index = slotIndex(of: selector, mask: mask)
        while true {
            let bits = slots[index].load(ordering: .acquiring)
            if bits == 0 { return nil }
            let method = Unmanaged<Method>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
            if method._withUnsafeGuaranteedRef({ $0.selector === selector }) { return method }
            index = (index &+ 1) & mask
        }
    }

    /// Called with the runtime lock held, on a table with room (`!isFull`).
    func insert(_ method: Method) {
        let slots = Self.slots(in: buffer)
        var index = Self.slotIndex(of: method.selector, mask: capacity - 1)
        while slots[index].load(ordering: .relaxed) != 0 {
            index = (index + 1) & (capacity - 1)
        }
        slots[index].store(UInt(bitPattern: Unmanaged.passUnretained(method).toOpaque()), ordering: .releasing)
        count += 1
    }

    /// Called with the runtime lock held.
    func removeAll() {
        let slots = Self.slots(in: buffer)
        for index in 0..<capacity {
            slots[index].store(0, ordering: .releasing)
        }
        count = 0
    }

    /// The methods held, for rehashing into a larger table.
    var methods: [Method] {
        let slots = Self.slots(in: buffer)
        return (0..<capacity).compactMap { index in
            let bits = slots[index].load(ordering: .relaxed)
            return bits == 0 ? nil : Unmanaged<Method>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
        }
    }
}

extension Class {
    /// The method a send to this class found last time, without taking a lock.
    @inlinable @inline(__always)
    func cachedMethod(for selector: Selector) -> Unmanaged<Method>? {
        guard let buffer = cache.load(ordering: .acquiring) else { return nil }
        return CacheTable.method(for: selector, in: buffer)
    }

    /// Remembers a lookup result. Called with the runtime lock held; a table that has to
    /// grow is replaced, and the old one goes to `retired` so racing readers stay safe.
    func remember(_ method: Method, retiring retired: inout [CacheTable]) {
        if let table = cacheTable, !table.isFull {
            table.insert(method)
            return
        }
        // Sixteen slots to start: an object's first lifecycle sends a view controller some
        // nine selectors (alloc, init, view, loadView, viewDidLoad, the appearance events),
        // which would fill a table of eight and have it made again at once.
        let grown = CacheTable(capacity: max(16, (cacheTable?.capacity ?? 8) * 2))
        for old in cacheTable?.methods ?? [] {
            grown.insert(old)
        }
        grown.insert(method)
        if let old = cacheTable {
            // Emptied, so a reader still probing it misses and takes the locked path
            // rather than trusting entries no later flush will reach.
            old.removeAll()
            retired.append(old)
        }
        cacheTable = grown
        cache.store(grown.buffer, ordering: .releasing)
    }

    /// Forgets every lookup result. Called with the runtime lock held.
    func flushCache() {
        cacheTable?.removeAll()
    }
}
