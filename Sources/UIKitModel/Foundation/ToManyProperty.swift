import Runtime

/// A to-many property of an object, as key-value coding changes it through the proxy
/// `mutableArrayValueForKey:` (or `mutableOrderedSetValueForKey:`, `mutableSetValueForKey:`)
/// answers: its members are read with `valueForKey:`, and a change is made, as Foundation
/// makes it, through the first of
/// - the indexed accessors (`insertObject:in<Key>AtIndex:` or `insert<Key>:atIndexes:` with
///   `removeObjectFrom<Key>AtIndex:` or `remove<Key>AtIndexes:`; `add<Key>Object:` or
///   `add<Key>:` with `remove<Key>Object:` or `remove<Key>:` for a set), when the class
///   has an adding and a removing one;
/// - the setter, given the whole new collection;
/// - the ivar `_<key>` or `<key>`: a mutable collection in it is changed in place, and
///   anything else replaced by a mutable collection of the new members;
/// - `setValue:forUndefinedKey:`, which raises `NSUnknownKeyException`.
///
/// Observers of the key hear each change as what it is (an insertion, removal or
/// replacement at indexes, or a set mutation) unless the class turns automatic
/// notification of the key off, in which case its accessors tell them.
struct ToManyProperty {
    /// What kind of collection the property holds.
    enum Kind: String, CaseIterable, Sendable {
        case array = "Array", orderedSet = "OrderedSet", set = "Set"

        /// The mutable Foundation class of the kind, which the proxy is a subclass of.
        var mutableClassName: String { "NSMutable" + rawValue }
        /// The proxy's class.
        var proxyClassName: String { "NSKeyValueMutable" + rawValue }
        var isOrdered: Bool { self != .set }
    }

    let owner: Object
    let key: String
    let kind: Kind

    private var capitalizedKey: String { key.prefix(1).uppercased() + key.dropFirst() }

    /// The property's members now.
    func members(_ m: borrowing Message) throws -> [Value] {
        let value = try m.send(try m.runtime.selector("valueForKey:"), to: owner, Arguments(.string(key)))
        return try CollectionChange.elements(of: value, in: m.runtime)
    }

    /// Makes the property's members `new`, changing what differs from what it holds now.
    func change(to new: [Value], _ m: borrowing Message) throws {
        let old = try members(m)
        guard old != new else { return }
        if kind.isOrdered {
            var removed: [Int] = [], inserted: [Int] = []
            for step in new.difference(from: old) {
                switch step {
                case .remove(let offset, _, _): removed.append(offset)
                case .insert(let offset, _, _): inserted.append(offset)
                }
            }
            removed.sort()
            inserted.sort()
            if removed == inserted {
                try make(.indexed(kind: KeyValueObservations.replacement, indexes: try ClassLibrary.makeIndexSet(removed, m), positions: removed), new, m)
                return
            }
            if !removed.isEmpty {
                let remaining = old.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
                try make(.indexed(kind: KeyValueObservations.removal, indexes: try ClassLibrary.makeIndexSet(removed, m), positions: removed), remaining, m)
            }
            if !inserted.isEmpty {
                try make(.indexed(kind: KeyValueObservations.insertion, indexes: try ClassLibrary.makeIndexSet(inserted, m), positions: inserted), new, m)
            }
        } else {
            let added = try Self.members(new, missingFrom: old, m), removed = try Self.members(old, missingFrom: new, m)
            let mutation: CollectionChange = switch (added.isEmpty, removed.isEmpty) {
            case (false, true): .setMutation(.union, objects: added)
            case (true, false): .setMutation(.minus, objects: removed)
            default: .setMutation(.set, objects: new)
            }
            try make(mutation, new, m)
        }
    }

    /// Makes one change, which leaves the property holding `result`, telling observers
    /// around it unless the class tells them itself.
    private func make(_ change: CollectionChange, _ result: [Value], _ m: borrowing Message) throws {
        let notifies = try m.send(
            try m.runtime.selector("automaticallyNotifiesObserversForKey:"), to: owner.isa, Arguments(.string(key))).isTruthy
        func announce(_ phase: String) throws {
            guard notifies else { return }
            switch change {
            case .indexed(let kind, let indexes, _):
                _ = try m.send(try m.runtime.selector(phase + "Change:valuesAtIndexes:forKey:"), to: owner, Arguments([.int(kind), indexes, .string(key)]))
            case .setMutation(let mutation, let objects):
                let set = try m.send("setWithArray:", to: try m.runtime.requireClass(named: "NSSet"), .array(objects))
                _ = try m.send(
                    try m.runtime.selector(phase + "ChangeValueForKey:withSetMutation:usingObjects:"), to: owner,
                    Arguments([.string(key), .int(mutation.rawValue), set]))
            }
        }
        try announce("will")
        if try !changeThroughAccessors(change, result, m) { try store(result, m) }
        try announce("did")
    }

    /// Makes `change`, which leaves the property holding `result`, with the class's own
    /// accessors; false when it has no adding and removing pair of them.
    private func changeThroughAccessors(_ change: CollectionChange, _ result: [Value], _ m: borrowing Message) throws -> Bool {
        let key = capitalizedKey
        func named(_ name: String) throws -> Selector? {
            let selector = try m.runtime.selector(name)
            return m.runtime.instancesRespond(owner.isa, to: selector) ? selector : nil
        }
        func send(_ selector: Selector, _ arguments: [Value]) throws { _ = try m.send(selector, to: owner, Arguments(arguments)) }
        switch change {
        case .indexed(let kind, let indexes, let positions):
            let insertAll = try named("insert\(key):atIndexes:"), insertOne = try named("insertObject:in\(key)AtIndex:")
            let removeAll = try named("remove\(key)AtIndexes:"), removeOne = try named("removeObjectFrom\(key)AtIndex:")
            guard insertAll != nil || insertOne != nil, removeAll != nil || removeOne != nil else { return false }
            // What goes in, at indexes of the result (a removal's are of the members before it).
            let inserted = kind == KeyValueObservations.removal ? [] : positions.compactMap { result.indices.contains($0) ? result[$0] : nil }
            if kind == KeyValueObservations.replacement {
                if let replaceAll = try named("replace\(key)AtIndexes:with\(key):") { try send(replaceAll, [indexes, .array(inserted)]); return true }
                if let replaceOne = try named("replaceObjectIn\(key)AtIndex:withObject:") {
                    for (position, object) in zip(positions, inserted) { try send(replaceOne, [.int(position), object]) }
                    return true
                }
            }
            if kind != KeyValueObservations.insertion {
                if let removeAll { try send(removeAll, [indexes]) } else if let removeOne { for position in positions.reversed() { try send(removeOne, [.int(position)]) } }
            }
            if kind != KeyValueObservations.removal {
                if let insertAll { try send(insertAll, [.array(inserted), indexes]) } else if let insertOne {
                    for (position, object) in zip(positions, inserted) { try send(insertOne, [object, .int(position)]) }
                }
            }
        case .setMutation:
            let addAll = try named("add\(key):"), addOne = try named("add\(key)Object:")
            let removeAll = try named("remove\(key):"), removeOne = try named("remove\(key)Object:")
            guard addAll != nil || addOne != nil, removeAll != nil || removeOne != nil else { return false }
            let old = try members(m)
            let removed = try Self.members(old, missingFrom: result, m), added = try Self.members(result, missingFrom: old, m)
            func set(_ members: [Value]) throws -> Value { try m.send("setWithArray:", to: try m.runtime.requireClass(named: "NSSet"), .array(members)) }
            if !removed.isEmpty {
                if let removeAll { try send(removeAll, [try set(removed)]) } else if let removeOne { for object in removed { try send(removeOne, [object]) } }
            }
            if !added.isEmpty {
                if let addAll { try send(addAll, [try set(added)]) } else if let addOne { for object in added { try send(addOne, [object]) } }
            }
        }
        return true
    }

    /// Stores the whole collection: through the setter, else in the ivar.
    private func store(_ members: [Value], _ m: borrowing Message) throws {
        let setter = try m.runtime.selector("set\(capitalizedKey):")
        if m.runtime.instancesRespond(owner.isa, to: setter) {
            _ = try m.send(setter, to: owner, Arguments(try immutable(members, m)))
            return
        }
        for name in ["_" + key, key] {
            guard let ivar = m.runtime.ivar(named: name, in: owner.isa) else { continue }
            let held = try owner.value(of: ivar)
            if let holder = held.object as? ValueHolder, kind == .array {
                holder.value = .array(members)
            } else if let object = held.object, let mutable = m.runtime.class(named: kind.mutableClassName), object.isKind(of: mutable) {
                try m.runtime.setIvar("_objects", of: object, to: .array(members))
            } else {
                try owner.setValue(try self.mutable(members, m), of: ivar)
            }
            return
        }
        _ = try m.send(try m.runtime.selector("setValue:forUndefinedKey:"), to: owner, Arguments(try immutable(members, m), .string(key)))
    }

    /// The members of `members` that `others` has none equal to.
    private static func members(_ members: [Value], missingFrom others: [Value], _ m: borrowing Message) throws -> [Value] {
        try members.filter { member in try !others.contains { try m.runtime.isEqual($0, member, nestedAt: m.depth + 1) } }
    }

    /// An immutable collection of the kind holding `members`.
    private func immutable(_ members: [Value], _ m: borrowing Message) throws -> Value {
        switch kind {
        case .array: .array(members)
        case .orderedSet: try m.send("orderedSetWithArray:", to: try m.runtime.requireClass(named: "NSOrderedSet"), .array(members))
        case .set: try m.send("setWithArray:", to: try m.runtime.requireClass(named: "NSSet"), .array(members))
        }
    }

    /// A mutable collection of the kind holding `members`.
    private func mutable(_ members: [Value], _ m: borrowing Message) throws -> Value {
        let cls = try m.runtime.requireClass(named: kind.mutableClassName)
        return kind == .array
            ? try m.send("arrayWithArray:", to: cls, .array(members))
            : try m.send(kind == .set ? "setWithArray:" : "orderedSetWithArray:", to: cls, .array(members))
    }
}
