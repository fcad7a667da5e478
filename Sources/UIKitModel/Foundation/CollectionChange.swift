import Runtime

/// A change to the members of a to-many property, as key-value observing announces it:
/// members of an array or an ordered set inserted, removed or replaced at indexes
/// (`willChange:valuesAtIndexes:forKey:`), or an unordered set's changed by a set mutation
/// (`willChangeValueForKey:withSetMutation:usingObjects:`).
enum CollectionChange {
    /// `NSKeyValueChangeInsertion`, `…Removal` or `…Replacement` (`kind`) at `indexes`, the
    /// `NSIndexSet` given, whose indexes are `positions`.
    case indexed(kind: Int, indexes: Value, positions: [Int])
    /// A set mutation with the objects given.
    case setMutation(SetMutation, objects: [Value])

    /// `NSKeyValueSetMutationKind`.
    enum SetMutation: Int {
        case union = 1, minus, intersect, set
    }

    /// The members a change removes (or replaces) and adds.
    struct Members {
        var removed: [Value]
        var added: [Value]
    }

    /// What the change takes away, read from the property's value `before` it; a set
    /// mutation's additions too, which are the objects given that were not members yet.
    func members(before: Value, in runtime: Runtime, depth: Int) throws -> Members {
        let all = try Self.elements(of: before, in: runtime)
        switch self {
        case .indexed(let kind, _, let positions):
            guard kind != KeyValueObservations.insertion else { return Members(removed: [], added: []) }
            return Members(removed: positions.compactMap { all.indices.contains($0) ? all[$0] : nil }, added: [])
        case .setMutation(let mutation, let objects):
            func isMember(_ value: Value, of members: [Value]) throws -> Bool {
                try members.contains { try runtime.isEqual($0, value, nestedAt: depth) }
            }
            var new: [Value] = []
            for object in objects where try !isMember(object, of: all) && !isMember(object, of: new) { new.append(object) }
            switch mutation {
            case .union: return Members(removed: [], added: new)
            case .minus: return Members(removed: try all.filter { try isMember($0, of: objects) }, added: [])
            case .intersect: return Members(removed: try all.filter { try !isMember($0, of: objects) }, added: [])
            case .set: return Members(removed: try all.filter { try !isMember($0, of: objects) }, added: new)
            }
        }
    }

    /// What the change put in, read from the property's value `after` it (an indexed
    /// change's members at its indexes), or as found before it (a set mutation's).
    func added(_ members: Members, after: Value, in runtime: Runtime, depth: Int) throws -> [Value] {
        guard case .indexed(let kind, _, let positions) = self else { return members.added }
        guard kind != KeyValueObservations.removal else { return [] }
        let all = try Self.elements(of: after, in: runtime)
        return positions.compactMap { all.indices.contains($0) ? all[$0] : nil }
    }

    /// The change dictionary's kind, indexes and, as asked, the members removed (`old`)
    /// and added (`new`): arrays for an indexed change, sets for a set mutation, as
    /// Foundation gives them.
    func description(_ members: Members, removed: Bool, added: Bool, in runtime: Runtime, depth: Int) throws -> [Value: Value] {
        switch self {
        case .indexed(let kind, let indexes, _):
            var change: [Value: Value] = [.string("kind"): .int(kind), .string("indexes"): indexes]
            if removed, kind != KeyValueObservations.insertion { change[.string("old")] = .array(members.removed) }
            if added, kind != KeyValueObservations.removal { change[.string("new")] = .array(members.added) }
            return change
        case .setMutation(let mutation, _):
            let kind = switch mutation {
            case .union: KeyValueObservations.insertion
            case .minus, .intersect: KeyValueObservations.removal
            case .set: KeyValueObservations.replacement
            }
            var change: [Value: Value] = [.string("kind"): .int(kind)]
            let set = try runtime.requireClass(named: "NSSet"), setWithArray = try runtime.selector("setWithArray:")
            if removed, kind != KeyValueObservations.insertion {
                change[.string("old")] = try runtime.send(setWithArray, to: set, Arguments(.array(members.removed)), nestedAt: depth)
            }
            if added, kind != KeyValueObservations.removal {
                change[.string("new")] = try runtime.send(setWithArray, to: set, Arguments(.array(members.added)), nestedAt: depth)
            }
            return change
        }
    }

    /// The members of a to-many property's value: an array's elements (a mutable one's as
    /// it holds them now), a set's or an ordered set's members; none for nil.
    static func elements(of value: Value, in runtime: Runtime) throws -> [Value] {
        if let elements = value.arrayContents { return elements }
        guard let object = value.object,
              ["NSSet", "NSOrderedSet"].contains(where: { runtime.class(named: $0).map(object.isKind) ?? false }) else { return [] }
        return try runtime.ivarValue("_objects", of: object).arrayElements
    }
}
