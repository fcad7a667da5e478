/// An interned method name, such as `viewDidLoad` or `pushViewController:animated:`.
///
/// A runtime hands out exactly one `Selector` per name (see ``Runtime/selector(_:)``),
/// so selectors compare by identity, as they do in Objective-C.
public final class Selector: Hashable, Sendable, CustomStringConvertible {
    /// The selector's name, colons included.
    public let name: String
    /// How many arguments a message with this selector carries: the number of colons.
    public let argumentCount: Int
    /// Dense per-runtime number, the key of every method table and cache.
    let id: Int

    /// The number the selector reads as when a program casts it to an integer
    /// (`(uintptr_t)(void *)aSelector`, to hash it): its own in its runtime, and never 0,
    /// as no selector is NULL.
    public var serial: Int { id &+ 1 }

    init(name: String, id: Int) {
        self.name = name
        self.id = id
        self.argumentCount = name.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ":") ? 1 : 0) }
    }

    public static func == (lhs: Selector, rhs: Selector) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { name }

    /// Whether `name` is well formed: an identifier, or keyword parts that each end in a
    /// colon (`tableView:didSelectRowAtIndexPath:`; later parts may be empty, as in `max::`).
    package static func isValidName(_ name: String) -> Bool {
        // ASCII names, nearly all, in one pass over the bytes: every selector interned at
        // start-up is checked, and splitting each into parts cost a tenth of start-up.
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard let head = bytes.first, head != UInt8(ascii: ":") else { return false }
            var atPartStart = true
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: ":") {
                    atPartStart = true
                    continue
                }
                let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                if atPartStart && isDigit { return false }
                atPartStart = false
                guard isDigit || byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) else {
                    return false
                }
            }
            // With a colon, the name ends with one: `setTitle:`, not `setTitle:x`.
            return !bytes.contains(UInt8(ascii: ":")) || bytes.last == UInt8(ascii: ":")
        }
        if let ascii, let answer = ascii { return answer }
        var parts = name.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count > 1 {
            guard parts.removeLast().isEmpty else { return false }
        }
        guard let first = parts.first, !first.isEmpty else { return false }
        return parts.allSatisfy { $0.isEmpty || Registry.isIdentifier($0) }
    }
}
