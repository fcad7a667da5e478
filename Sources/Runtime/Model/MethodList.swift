/// A class's own methods: one contiguous array of entries kept sorted by selector id,
/// searched by bisection. A class has few methods, and a short array costs a fraction of a
/// hash table's memory and is found as fast; a class of thousands still finds one in a
/// dozen steps.
///
/// An entry holds a method as its definition described it (types, code, origin: 40 bytes)
/// until something needs the ``Method`` object: a send that caches it, introspection, a
/// change. Most methods of a class library never run, and a method object with its
/// implementation costs three times the entry, as objc4 keeps method lists as arrays of
/// small structs and makes nothing per method until it is used.
///
/// Guarded by the runtime's lock, as the class's other mutable fields are.
struct MethodList {
    /// How an entry holds its method.
    enum Slot {
        /// As the definition gave it; made into a ``Method`` when first needed.
        case described(types: TypeEncoding, body: Implementation.Body, origin: Method.Origin)
        case made(Method)
    }

    struct Entry {
        /// The selector's id, narrowed so that it shares a word with ``isVariadic``.
        let id: Int32
        let isVariadic: Bool
        var slot: Slot

        var made: Method? {
            if case .made(let method) = slot { method } else { nil }
        }
    }

    private var entries: [Entry] = []

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    /// The slots the array has room for, for ``Runtime/memory``.
    var capacity: Int { entries.capacity }
    /// How many entries hold a made ``Method``, for ``Runtime/memory``.
    var madeCount: Int { entries.count { $0.made != nil } }

    /// Where `id` is, or would go.
    private func position(of id: Int) -> (index: Int, found: Bool) {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = Int(entries[middle].id)
            if candidate == id { return (middle, true) }
            if candidate < id { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    /// Whether the list holds a method for selector id `id`, made or not.
    func contains(_ id: Int) -> Bool { position(of: id).found }

    /// The method object for `id` if one has been made, without making one: enough to ask
    /// whether the list still holds a particular method.
    func madeMethod(for id: Int) -> Method? {
        let (index, found) = position(of: id)
        return found ? entries[index].made : nil
    }

    /// The method for `id`, made with `make` from its description the first time.
    mutating func method(for id: Int, making make: (Int, Entry) -> Method) -> Method? {
        let (index, found) = position(of: id)
        return found ? method(at: index, making: make) : nil
    }

    /// The selector id of every method, in order, through `transform`: nothing made.
    func mapIDs<T>(_ transform: (Int) -> T) -> [T] {
        entries.map { transform(Int($0.id)) }
    }

    /// Every method, in selector id order, made with `make` where not made yet.
    mutating func methods(making make: (Int, Entry) -> Method) -> [Method] {
        entries.indices.map { method(at: $0, making: make) }
    }

    private mutating func method(at index: Int, making make: (Int, Entry) -> Method) -> Method {
        // Read in place: a copy of the entry would retain its description to find it made.
        if case .made(let made) = entries[index].slot { return made }
        let entry = entries[index]
        let method = make(Int(entry.id), entry)
        entries[index].slot = .made(method)
        return method
    }

    /// Puts `method` in for its selector, in place of what was there; nil removes it.
    mutating func set(_ method: Method?, for id: Int) {
        let (index, found) = position(of: id)
        switch (found, method) {
        case (true, let method?): entries[index].slot = .made(method)
        case (true, nil): entries.remove(at: index)
        case (false, let method?): entries.insert(Entry(id: Self.narrow(id), isVariadic: method.isVariadic, slot: .made(method)), at: index)
        case (false, nil): break
        }
    }

    /// Puts in a method as its definition describes it, in place of what was there.
    mutating func describe(_ definition: MethodDefinition) {
        let id = definition.selector.id
        let entry = Entry(
            id: Self.narrow(id), isVariadic: definition.isVariadic,
            slot: .described(types: definition.types, body: definition.body, origin: definition.origin))
        let (index, found) = position(of: id)
        if found { entries[index] = entry } else { entries.insert(entry, at: index) }
    }

    mutating func removeAll() { entries.removeAll() }

    /// Room for `count` more, as a definition about to install that many reserves.
    mutating func reserve(_ count: Int) { entries.reserveCapacity(entries.count + count) }

    private static func narrow(_ id: Int) -> Int32 {
        // Selector ids count the names interned in one runtime.
        guard let narrowed = Int32(exactly: id) else { preconditionFailure("selector id \(id) exceeds a method list's range") }
        return narrowed
    }
}
