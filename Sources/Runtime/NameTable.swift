/// What a ``NameTable`` holds: an object that carries its own name.
protocol Named: AnyObject {
    var name: String { get }
}

extension Class: Named {}
extension Selector: Named {}

/// Registered classes, or interned selectors, by name: an open-addressing table of (hash
/// of the name, object), as objc4 keeps its named-class and selector tables.
///
/// A `[String: Class]` cost half of registering a class, and a `[String: Selector]` most
/// of a send by name: it hashes each name with `String`'s normalization checks, compares
/// the new name with every name on its probe path (it keeps no hashes), and hashes every
/// name again each time it grows. Here a name is hashed once, eight bytes at a time, a
/// probe compares stored hashes and only a matching one compares names, and growing moves
/// the slots as they are. The name itself is the object's, so a slot is two words.
///
/// The objects are held unretained: the registry's lists (`classes`, and `replacedClasses`
/// for one a redefinition took the name from; `selectorsByID`) hold every object the
/// table names, so the table's own copies cost no reference counting as it grows.
///
/// Guarded by the runtime's lock, as the rest of the registry is.
struct NameTable<Entry: Named>: ~Copyable {
    private struct Slot {
        /// The name's hash, 0 when the slot is empty.
        var hash: UInt64
        var entry: Unmanaged<Entry>?
    }

    /// A power-of-two count of slots.
    private var slots: UnsafeMutableBufferPointer<Slot>
    private(set) var count = 0

    init() {
        slots = Self.emptySlots(16)
    }

    deinit {
        slots.deallocate()
    }

    private static func emptySlots(_ count: Int) -> UnsafeMutableBufferPointer<Slot> {
        let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: count)
        slots.initialize(repeating: Slot(hash: 0, entry: nil))
        return slots
    }

    /// The object named `name`, or nil.
    subscript(name: String) -> Entry? {
        let (index, found) = slot(of: name, hashed: Self.hash(name))
        return found ? slots[index].entry?.takeUnretainedValue() : nil
    }

    /// Puts `entry` under its name, unless an object other than `replaced` has the name:
    /// that object is returned and the table is left as it was.
    mutating func insert(_ entry: Entry, replacing replaced: Entry? = nil) -> Entry? {
        let hash = Self.hash(entry.name)
        var (index, found) = slot(of: entry.name, hashed: hash)
        if found {
            guard let existing = slots[index].entry, existing.toOpaque() == replaced.map({ Unmanaged.passUnretained($0).toOpaque() })
            else { return slots[index].entry?.takeUnretainedValue() }
            slots[index].entry = .passUnretained(entry)
            return nil
        }
        // Grown at three quarters full, so that a probe soon meets an empty slot.
        if (count + 1) * 4 > slots.count * 3 {
            grow()
            index = slot(of: entry.name, hashed: hash).index
        }
        slots[index] = Slot(hash: hash, entry: .passUnretained(entry))
        count += 1
        return nil
    }

    /// Where `name` is, or the empty slot where it would go.
    private func slot(of name: String, hashed hash: UInt64) -> (index: Int, found: Bool) {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[index].hash
            if stored == 0 { return (index, false) }
            if stored == hash, slots[index].entry?._withUnsafeGuaranteedRef({ $0.name == name }) == true { return (index, true) }
            index = (index &+ 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Self.emptySlots(old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.hash != 0 {
            var index = Int(truncatingIfNeeded: slot.hash) & mask
            while slots[index].hash != 0 { index = (index &+ 1) & mask }
            slots[index] = slot
        }
        old.deallocate()
    }

    /// The name's UTF-8 bytes folded eight at a time (the length mixed in) by a wide
    /// multiply, its bits then mixed, as fast hashes of short keys do: a byte at a time
    /// cost more than the rest of the insertion. Never 0, which marks an empty slot.
    private static func hash(_ name: String) -> UInt64 {
        func fold(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            let count = bytes.count
            let raw = UnsafeRawBufferPointer(bytes)
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(count)
            guard count >= 8 else {
                var word: UInt64 = 0
                for index in 0..<count { word |= UInt64(raw[index]) << (8 &* index) }
                return mix(hash ^ word)
            }
            var offset = 0
            while offset &+ 8 < count {
                hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset &+= 8
            }
            // The last eight bytes, overlapping the word before when the count is not a
            // multiple of eight.
            return mix(hash ^ raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        }
        var hash = name.utf8.withContiguousStorageIfAvailable(fold) ?? Array(name.utf8).withUnsafeBufferPointer(fold)
        hash ^= hash >> 32
        hash &*= 0x9e37_79b9_7f4a_7c15
        hash ^= hash >> 29
        return hash == 0 ? 1 : hash
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0x9e37_79b9_7f4a_7c15)
        return product.high ^ product.low
    }
}
