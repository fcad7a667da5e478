/// The registered classes by name: an open-addressing table of (hash of the name, class),
/// as objc4 keeps its named-class table.
///
/// A `[String: Class]` cost half of registering a class: it hashes each name with
/// `String`'s normalization checks, compares the new name with every name on its probe
/// path (it keeps no hashes), and hashes every name again each time it grows. Here a name
/// is hashed once (FNV-1a over its UTF-8 bytes), a probe compares stored hashes and only a
/// matching one compares names, and growing moves the stored hashes. The name itself is
/// the class's, so a slot is two words.
///
/// Guarded by the runtime's lock, as the rest of the registry is.
struct ClassTable {
    /// Each slot's hash, 0 when the slot is empty; a power-of-two count.
    private var hashes: [UInt64] = Array(repeating: 0, count: 16)
    private var classes: [Class?] = Array(repeating: nil, count: 16)
    private(set) var count = 0

    /// The class named `name`, or nil.
    subscript(name: String) -> Class? {
        let (index, found) = slot(of: name, hashed: Self.hash(name))
        return found ? classes[index] : nil
    }

    /// Puts `cls` under its name, unless a class other than `replaced` has the name: that
    /// class is returned and the table is left as it was.
    mutating func insert(_ cls: Class, replacing replaced: Class?) -> Class? {
        let hash = Self.hash(cls.name)
        var (index, found) = slot(of: cls.name, hashed: hash)
        if found {
            guard let existing = classes[index], existing === replaced else { return classes[index] }
            classes[index] = cls
            return nil
        }
        // Grown at three quarters full, so that a probe soon meets an empty slot.
        if (count + 1) * 4 > hashes.count * 3 {
            grow()
            index = slot(of: cls.name, hashed: hash).index
        }
        hashes[index] = hash
        classes[index] = cls
        count += 1
        return nil
    }

    /// Where `name` is, or the empty slot where it would go.
    private func slot(of name: String, hashed hash: UInt64) -> (index: Int, found: Bool) {
        let mask = hashes.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = hashes[index]
            if stored == 0 { return (index, false) }
            if stored == hash, classes[index]?.name == name { return (index, true) }
            index = (index + 1) & mask
        }
    }

    private mutating func grow() {
        let oldHashes = hashes, oldClasses = classes
        hashes = Array(repeating: 0, count: oldHashes.count * 2)
        classes = Array(repeating: nil, count: oldHashes.count * 2)
        let mask = hashes.count - 1
        for (hash, cls) in zip(oldHashes, oldClasses) where hash != 0 {
            var index = Int(truncatingIfNeeded: hash) & mask
            while hashes[index] != 0 { index = (index + 1) & mask }
            hashes[index] = hash
            classes[index] = cls
        }
    }

    /// FNV-1a over the name's UTF-8 bytes, its bits then mixed (FNV's low bits, which pick
    /// the slot, depend only on the bytes' low bits); never 0, which marks an empty slot.
    private static func hash(_ name: String) -> UInt64 {
        func fold(_ bytes: some Sequence<UInt8>) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            return hash
        }
        var hash = name.utf8.withContiguousStorageIfAvailable(fold) ?? fold(name.utf8)
        hash ^= hash >> 32
        hash &*= 0x9e37_79b9_7f4a_7c15
        hash ^= hash >> 29
        return hash == 0 ? 1 : hash
    }
}
