/// A class's own methods: one contiguous array of (selector id, method) kept sorted by
/// id, searched by bisection. A class has few methods, and a short array costs a fraction
/// of a hash table's memory and is found as fast; a class of thousands still finds one in
/// a dozen steps.
///
/// Shaped like the `[Int: Method]` it replaced (a subscript by selector id, iteration as
/// (id, method) pairs), so that the code reading it reads the same.
struct MethodList: Sequence {
    struct Entry {
        let id: Int
        let method: Method
    }

    private var entries: [Entry] = []

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    /// The slots the array has room for, for ``Runtime/memory``.
    var capacity: Int { entries.capacity }
    /// The methods, in selector id order.
    var values: [Method] { entries.map(\.method) }

    /// Where `id` is, or would go.
    private func position(of id: Int) -> (index: Int, found: Bool) {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = entries[middle].id
            if candidate == id { return (middle, true) }
            if candidate < id { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    /// The method for selector id `id`; setting nil removes it.
    subscript(id: Int) -> Method? {
        get {
            let (index, found) = position(of: id)
            return found ? entries[index].method : nil
        }
        set {
            let (index, found) = position(of: id)
            switch (found, newValue) {
            case (true, let method?): entries[index] = Entry(id: id, method: method)
            case (true, nil): entries.remove(at: index)
            case (false, let method?): entries.insert(Entry(id: id, method: method), at: index)
            case (false, nil): break
            }
        }
    }

    mutating func removeAll() { entries.removeAll() }

    /// Room for `count` more, as a definition about to install that many reserves.
    mutating func reserve(_ count: Int) { entries.reserveCapacity(entries.count + count) }

    func makeIterator() -> some IteratorProtocol<(Int, Method)> {
        entries.lazy.map { ($0.id, $0.method) }.makeIterator()
    }
}
