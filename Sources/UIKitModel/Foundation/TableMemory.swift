import Runtime

/// How `NSHashTable` and `NSMapTable` hold what they hold, from their `NSPointerFunctions`
/// options: weakly (`…WeakMemory`, and the zeroing form it replaced) or strongly, matched by
/// identity (`…ObjectPointerPersonality`, `…OpaquePersonality`) or by `-isEqual:`.
///
/// A weakly held object is kept in an entry, an instance of a private class with one weak
/// ivar, in the table's array ivar: reading through it gives nil once the object has gone,
/// and the table leaves it out from then on.
struct TableMemory: Sendable {
    let isWeak: Bool
    let byIdentity: Bool

    /// `NSPointerFunctionsWeakMemory` (`NSHashTableWeakMemory`, `NSMapTableWeakMemory`).
    static let weakMemory = 5

    /// The memory `options` ask for, as a table keeps them in its ivar.
    init(options: Int) {
        let memory = options & 0xFF, personality = options & 0xFF00
        // The zeroing weak memory (1) is the weak memory's older name.
        isWeak = memory == Self.weakMemory || memory == 1
        byIdentity = personality == 256 || personality == 512
    }

    init(options: Value) { self.init(options: options.intValue ?? 0) }

    static let entryClassName = "_NSWeakTableEntry"
    /// The entry's one ivar, read for every entry a table holds each time it is asked.
    private static let entryObject = IvarName("_object")

    /// The private class of weak entries, one weak ivar `_object`.
    static func defineEntry(in runtime: Runtime, root: Class) throws {
        try runtime.registerLazyClass(named: entryClassName, superclass: root) { c in
            try c.addIvar("_object", type: .object(className: nil), isWeak: true)
        }
    }

    /// `value` as the table keeps it: an object in an entry when held weakly.
    func kept(_ value: Value, in runtime: Runtime) throws -> Value {
        guard isWeak, case .object = value else { return value }
        let entry = try runtime.createInstance(of: runtime.requireClass(named: Self.entryClassName))
        try runtime.setIvar("_object", of: entry, to: value)
        return .object(entry)
    }

    /// What a kept value holds: its object, or nil when an entry's object has gone.
    static func held(_ kept: Value, in runtime: Runtime) throws -> Value? {
        guard case .object(let entry) = kept, entry.isa.name == entryClassName else { return kept }
        let object = runtime.ivarValue(entryObject, of: entry)
        // Not `object == .nil ? nil : object`: `Value` is nil-literal-expressible, so that
        // nil would be `Value.nil`, an entry still there.
        guard object != .nil else { return .none }
        return object
    }

    /// Where `wanted` is among `candidates`: the same object when matched by identity, else
    /// the first with its `-hash` that `-isEqual:` it, as NSSet finds a member.
    func firstIndex(of wanted: Value, in candidates: [Value], _ m: borrowing Message) throws -> Int? {
        guard byIdentity, case .object(let object) = wanted else {
            return try SetMembers.index(of: wanted, in: candidates, m)
        }
        return candidates.firstIndex { $0.object === object }
    }
}
