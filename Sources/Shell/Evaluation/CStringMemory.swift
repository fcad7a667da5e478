import Runtime
import Synchronization

/// The memory C strings become when code does pointer arithmetic on them, one runtime's.
///
/// A string literal, or what a runtime function returns as a `const char *`
/// (`property_getAttributes`), is a string value until code walks it (`name + 1`,
/// `strchr(name, ',')`); then it becomes characters in memory. The same text always
/// becomes the same memory, so two pointers walked from one string compare and subtract
/// as pointers into one C string do.
final class CStringMemory: Sendable {
    private let table = Mutex(Table())

    private struct Table: ~Copyable {
        var memory: [String: Reference] = [:]
        /// The texts in the order they were made, for letting the oldest go.
        var order: [String] = []
    }

    /// Texts kept at once: far more than code walks at the same time. Past this, the
    /// oldest half are let go (pointers already made keep their memory).
    static let capacity = 4096

    /// The memory holding `text`'s characters and its NUL.
    func memory(of text: String) -> Reference {
        table.withLock { table in
            if let known = table.memory[text] { return known }
            if table.memory.count >= Self.capacity {
                for old in table.order.prefix(Self.capacity / 2) { table.memory[old] = nil }
                table.order.removeFirst(Self.capacity / 2)
            }
            let made = Reference.copy(ofCString: text)
            table.memory[text] = made
            table.order.append(text)
            return made
        }
    }
}
