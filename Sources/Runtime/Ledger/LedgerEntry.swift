/// One mutation of a registered class, as the ledger records it.
public struct LedgerEntry: Identifiable, Sendable, CustomStringConvertible {
    /// What kind of mutation it was.
    public enum Kind: Hashable, Sendable {
        case addMethod(MethodReference)
        /// Replaced the class's own implementation, or added the method when the class
        /// only inherited it.
        case replaceMethod(MethodReference)
        case setImplementation(MethodReference)
        case exchangeImplementations(MethodReference, MethodReference)
        case addCategory(name: String, className: String)
        case addProtocol(name: String, className: String)
        case addProperty(name: String, className: String)
    }

    /// What was done, in terms of the runtime's own objects; ``kind`` names it. Recording
    /// objects rather than names keeps a swizzle and its restore free of string work.
    enum Operation: @unchecked Sendable {
        case addMethod(Method)
        case replaceMethod(Method)
        case setImplementation(Method)
        case exchangeImplementations(Method, Method)
        case addCategory(name: String, Class)
        case addProtocol(ObjCProtocol, Class)
        case addProperty(name: String, Class)

        var kind: Kind {
            switch self {
            case .addMethod(let method): .addMethod(method.reference)
            case .replaceMethod(let method): .replaceMethod(method.reference)
            case .setImplementation(let method): .setImplementation(method.reference)
            case .exchangeImplementations(let first, let second): .exchangeImplementations(first.reference, second.reference)
            case .addCategory(let name, let cls): .addCategory(name: name, className: cls.name)
            case .addProtocol(let proto, let cls): .addProtocol(name: proto.name, className: cls.name)
            case .addProperty(let name, let cls): .addProperty(name: name, className: cls.name)
            }
        }
    }

    /// The entry's number, counting from 1 in each runtime; never reused.
    public let id: Int
    let operation: Operation
    /// Methods the entry added to a class that only inherited them, so the change stayed
    /// out of its superclass and siblings (the safe swizzle). Empty for most entries.
    let addedInherited: [Method]
    let changes: [Change]

    /// What kind of mutation it was.
    public var kind: Kind { operation.kind }

    /// Methods added to a class that only inherited them (the safe swizzle).
    public var addedInheritedMethods: [MethodReference] { addedInherited.map(\.reference) }

    /// `#2 exchange -[MMLogin viewDidLoad] with -[MMLogin probe_viewDidLoad]`, and which
    /// inherited methods the safe swizzle added.
    public var description: String {
        let summary = switch kind {
        case .addMethod(let method): "add \(method)"
        case .replaceMethod(let method): "replace \(method)"
        case .setImplementation(let method): "set implementation of \(method)"
        case .exchangeImplementations(let first, let second): "exchange \(first) with \(second)"
        case .addCategory(let name, let className): "category \(className) (\(name))"
        case .addProtocol(let name, let className): "adopt <\(name)> in \(className)"
        case .addProperty(let name, let className): "add property \(name) to \(className)"
        }
        guard !addedInheritedMethods.isEmpty else { return "#\(id) \(summary)" }
        return "#\(id) \(summary) (added inherited " + addedInheritedMethods.map(\.description).joined(separator: ", ") + ")"
    }

    /// What the entry changed.
    var keys: Set<LedgerKey> { Set(changes.map(\.key)) }
    /// What the entry changed or depends on.
    var keysTouchedOrRead: Set<LedgerKey> { keys.union(changes.compactMap(\.readKey)) }
}

/// Every mutation since the runtime was made or last restored, oldest first.
struct Ledger {
    private(set) var entries: [LedgerEntry] = []
    private var nextID = 1

    mutating func record(_ operation: LedgerEntry.Operation, _ changes: [Change], addedInherited: [Method] = []) -> LedgerEntry {
        let entry = LedgerEntry(id: nextID, operation: operation, addedInherited: addedInherited, changes: changes)
        nextID += 1
        entries.append(entry)
        return entry
    }

    /// The entry `id` and every later entry that changed or depends on something it, or
    /// one of those, changed: they have to be undone with it, newest first, to put back what was there.
    /// Removes them from the ledger and returns them newest first.
    mutating func takeForUndo(_ id: Int) throws(RuntimeError) -> [LedgerEntry] {
        guard let start = entries.lastIndex(where: { $0.id == id }) else {
            throw .unknownLedgerEntry(id, existing: entries.map(\.id))
        }
        // The newest entry, the usual case, has nothing resting on it.
        if start == entries.count - 1 { return [entries.removeLast()] }
        var touched = entries[start].keys
        var chosen = [start]
        for index in entries.indices.dropFirst(start + 1) where !entries[index].keysTouchedOrRead.isDisjoint(with: touched) {
            chosen.append(index)
            touched.formUnion(entries[index].keys)
        }
        let taken = chosen.reversed().map { entries[$0] }
        for index in chosen.reversed() { entries.remove(at: index) }
        return taken
    }

    /// Every entry that changed or depends on something `isAffected` picks, and every later
    /// entry that changed or depends on something one of those changed: what has to be
    /// undone before what `isAffected` picks is changed another way. Removes them from the
    /// ledger and returns them newest first; empty when nothing is affected.
    mutating func takeForUndo(touching isAffected: (LedgerKey) -> Bool) -> [LedgerEntry] {
        var touched: Set<LedgerKey> = []
        var chosen: [Int] = []
        for index in entries.indices {
            let keys = entries[index].keysTouchedOrRead
            guard keys.contains(where: isAffected) || !keys.isDisjoint(with: touched) else { continue }
            chosen.append(index)
            touched.formUnion(entries[index].keys)
        }
        let taken = chosen.reversed().map { entries[$0] }
        for index in chosen.reversed() { entries.remove(at: index) }
        return taken
    }

    /// Removes the entry `id` without undoing it: what it changed stays, as a baseline.
    mutating func keep(_ id: Int) throws(RuntimeError) {
        guard let index = entries.lastIndex(where: { $0.id == id }) else {
            throw .unknownLedgerEntry(id, existing: entries.map(\.id))
        }
        entries.remove(at: index)
    }

    mutating func takeAll(after mark: Int = 0) -> [LedgerEntry] {
        let start = entries.firstIndex { $0.id > mark } ?? entries.endIndex
        defer { entries.removeSubrange(start...) }
        return entries[start...].reversed()
    }
}
