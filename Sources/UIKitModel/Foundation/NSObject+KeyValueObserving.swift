import Runtime
import Synchronization

extension ClassLibrary {
    /// Key-value observing: `addObserver:forKeyPath:options:context:` registers an observer
    /// of a key path of an object, which `-observeValueForKeyPath:ofObject:change:context:`
    /// then hears each change through: when a synthesized setter of the path's first key
    /// runs (unless the class's `+automaticallyNotifiesObserversForKey:` says NO), and
    /// around `willChangeValueForKey:`/`didChangeValueForKey:`. The change dictionary holds
    /// the kind (`NSKeyValueChangeSetting`) and, as the options ask, the new value, the old
    /// one (NSNull for nil), a prior notification before the change, and an initial one
    /// at registration.
    ///
    /// As Foundation does, an observer is not retained; removing an observer that is not
    /// registered raises `NSRangeException`, and NSObject's own `observeValueForKeyPath:…`
    /// raises for a change nobody handles. Setters the code writes itself notify only
    /// through `willChange…`/`didChange…`: Foundation's replacement of an observed
    /// object's setters is not modelled.
    static func defineKeyValueObserving(in runtime: Runtime, root: Class) throws {
        let observations = KeyValueObservations()
        runtime.propertyChanges.setObserver { phase, key, object, runtime, depth in
            try observations.notify(phase, key, of: object, automatically: true, in: runtime, depth: depth)
        }
        try runtime.extendDefinition(of: root) { c in
            try c.addMethod("addObserver:forKeyPath:options:context:", types: "v@:@@Q^v") { m in
                guard let observer = try m.objectArgument(0) else { throw m.wrongArgument(0, expected: "an observer object") }
                let keyPath = try m.stringArgument(1)
                guard !keyPath.isEmpty else { throw m.wrongArgument(1, expected: "a key path such as @\"title\"") }
                let options = try m.integerArgument(2)
                let dropped = observations.add(
                    KeyValueObservations.Observation(observer: observer, keyPath: keyPath, options: options, context: m[3]), to: m.receiver)
                m.runtime.propertyChanges.count(1 - dropped)
                if options & KeyValueObservations.initial != 0 {
                    var change: [Value: Value] = [.string("kind"): .int(KeyValueObservations.setting)]
                    if options & KeyValueObservations.new != 0 {
                        change[.string("new")] = try observations.nullForNil(observations.current(keyPath, of: m.receiver, in: m.runtime, depth: m.depth + 1), in: m.runtime)
                    }
                    try observations.deliver(change, keyPath: keyPath, of: m.receiver, to: observer, context: m[3], in: m.runtime, depth: m.depth + 1)
                }
                return .nil
            }
            for (selector, types) in [("removeObserver:forKeyPath:", "v@:@@"), ("removeObserver:forKeyPath:context:", "v@:@@^v")] {
                try c.addMethod(selector, types: types) { m in
                    guard let observer = try m.objectArgument(0) else { return .nil }
                    let keyPath = try m.stringArgument(1)
                    // Not `count > 2 ? m[2] : nil`: `Value` is nil-literal-expressible, so that
                    // nil would be `Value.nil`, a context no observation without one matches.
                    let context: Value? = m.arguments.count > 2 ? .some(m[2]) : .none
                    guard observations.remove(observer, keyPath: keyPath, context: context, from: m.receiver) else {
                        // A `-dealloc` removing what its object registered: the registration
                        // went with the object, where Foundation would find and remove it.
                        if m.receiver.isDeallocating || observer.isDeallocating { return .nil }
                        throw try exception(
                            named: "NSRangeException",
                            reason: "Cannot remove an observer <\(observer.isa.name) 0x\(String(observer.serial, radix: 16))> for the key path \"\(keyPath)\" "
                                + "from <\(m.receiver.isa.name) 0x\(String(m.receiver.serial, radix: 16))> because it is not registered as an observer.",
                            in: m.runtime)
                    }
                    m.runtime.propertyChanges.count(-1)
                    return .nil
                }
            }
            try c.addMethod("willChangeValueForKey:", types: "v@:@") { m in
                try observations.notify(.willChange, try m.stringArgument(0), of: m.receiver, automatically: false, in: m.runtime, depth: m.depth + 1)
                return .nil
            }
            try c.addMethod("didChangeValueForKey:", types: "v@:@") { m in
                try observations.notify(.didChange, try m.stringArgument(0), of: m.receiver, automatically: false, in: m.runtime, depth: m.depth + 1)
                return .nil
            }
            // A to-many property's members inserted, removed or replaced at indexes (an
            // array's, an ordered set's), or an unordered set's changed by a set mutation.
            for (phase, prefix) in [(PropertyChanges.Phase.willChange, "will"), (.didChange, "did")] {
                try c.addMethod("\(prefix)Change:valuesAtIndexes:forKey:", types: "v@:Q@@") { m in
                    let kind = try m.integerArgument(0)
                    guard (KeyValueObservations.insertion...KeyValueObservations.replacement).contains(kind) else {
                        throw m.wrongArgument(0, expected: "NSKeyValueChangeInsertion, NSKeyValueChangeRemoval or NSKeyValueChangeReplacement")
                    }
                    let change = CollectionChange.indexed(kind: kind, indexes: m[1], positions: try indexSetArgument(m, 1))
                    try observations.notify(phase, try m.stringArgument(2), of: m.receiver, automatically: false, collection: change, in: m.runtime, depth: m.depth + 1)
                    return .nil
                }
                try c.addMethod("\(prefix)ChangeValueForKey:withSetMutation:usingObjects:", types: "v@:@Q@") { m in
                    let mutation = try m.integerArgument(1)
                    guard let kind = CollectionChange.SetMutation(rawValue: mutation) else {
                        throw m.wrongArgument(1, expected: "NSKeyValueUnionSetMutation, NSKeyValueMinusSetMutation, NSKeyValueIntersectSetMutation or NSKeyValueSetSetMutation")
                    }
                    let change = CollectionChange.setMutation(kind, objects: try SetMembers.setArgument(m, 2, acceptingNil: true))
                    try observations.notify(phase, try m.stringArgument(0), of: m.receiver, automatically: false, collection: change, in: m.runtime, depth: m.depth + 1)
                    return .nil
                }
            }
            try c.addClassMethod("automaticallyNotifiesObserversForKey:", types: "B@:@") { _ in true }
            try c.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v@:@@@^v") { m in
                let observed = m[1].object.map { "<\($0.isa.name): 0x\(String($0.serial, radix: 16))>" } ?? "nil"
                throw try exception(
                    named: "NSInternalInconsistencyException",
                    reason: "<\(m.receiver.isa.name): 0x\(String(m.receiver.serial, radix: 16))>: An -observeValueForKeyPath:ofObject:change:context: "
                        + "message was received but not handled.\nKey path: \((try? m.stringArgument(0)) ?? "nil")\nObserved object: \(observed)",
                    in: m.runtime)
            }
        }
    }
}

/// Who observes which key paths of which objects, and the old values a change in progress
/// captured. Each object's observations live while it does and go with it; observers are
/// held weakly, as Foundation does not retain them.
final class KeyValueObservations: Sendable {
    /// `NSKeyValueObservingOptions` and `NSKeyValueChange`'s kinds.
    static let new = 1, old = 2, initial = 4, prior = 8
    static let setting = 1, insertion = 2, removal = 3, replacement = 4

    struct Observation: @unchecked Sendable {
        // @unchecked: the observer is a weak reference, read and written under the table's lock.
        weak var observer: Object?
        let keyPath: String
        let options: Int
        let context: Value

        init(observer: Object, keyPath: String, options: Int, context: Value) {
            self.observer = observer
            self.keyPath = keyPath
            self.options = options
            self.context = context
        }

        /// Whether a change of `key` changes what this observes: its path or the path's first key.
        func follows(_ key: String) -> Bool {
            keyPath == key || keyPath.hasPrefix(key + ".")
        }
    }

    private final class Entry: @unchecked Sendable {
        // @unchecked: only read and written under the table's lock.
        weak var object: Object?
        var observations: [Observation] = []
        /// For each key changing, the old values the observations asked for, innermost change last.
        var pendingOld: [String: [[Value]]] = [:]
        init(_ object: Object) { self.object = object }
    }

    private let table = Mutex<[ObjectIdentifier: Entry]>([:])

    /// A key of an object.
    private struct PendingKey: Hashable {
        let object: ObjectIdentifier
        let key: String
    }

    /// The collection changes under way, innermost last: the members each touched, as
    /// found before it.
    private let changesUnderWay = Mutex<[PendingKey: [CollectionChange.Members]]>([:])

    /// Adds `observation` of `object`; answers how many observations of objects gone it
    /// dropped on the way (now and then, so the table cannot grow without end).
    func add(_ observation: Observation, to object: Object) -> Int {
        table.withLock { table in
            var dropped = 0
            if table.count >= 64, table.count.isMultiple(of: 64) {
                for (id, entry) in table where entry.object == nil {
                    dropped += entry.observations.count
                    table[id] = nil
                }
            }
            let id = ObjectIdentifier(object)
            // An entry whose object is gone belongs to an object that had this address before.
            let entry = table[id].flatMap { $0.object === object ? $0 : nil } ?? Entry(object)
            entry.observations.append(observation)
            table[id] = entry
            return dropped
        }
    }

    /// Removes the latest matching observation; false when there is none.
    func remove(_ observer: Object, keyPath: String, context: Value?, from object: Object) -> Bool {
        table.withLock { table in
            let id = ObjectIdentifier(object)
            guard let entry = table[id], entry.object === object,
                  let index = entry.observations.lastIndex(where: { $0.observer === observer && $0.keyPath == keyPath && (context == nil || $0.context == context) }) else {
                return false
            }
            entry.observations.remove(at: index)
            if entry.observations.isEmpty { table[id] = nil }
            return true
        }
    }

    private func observations(of object: Object, following key: String) -> [Observation] {
        table.withLock { table in
            guard let entry = table[ObjectIdentifier(object)], entry.object === object else { return [] }
            return entry.observations.filter { $0.follows(key) && $0.observer != nil }
        }
    }

    /// Before a change of `key`: captures the old values asked for and sends prior
    /// notifications; after it, sends each observer its change. `automatically` when a
    /// setter made the change, which the class may turn off for the key. A `collection`
    /// change (members inserted, removed or replaced) is what observers of the key itself
    /// hear, with its kind, its indexes and the members it touched; observers of a longer
    /// path through the key hear it as a setting. While one is under way, plain
    /// notifications of the same key of the same object (a setter the change goes
    /// through) are not heard: the change is told once, as what it is.
    func notify(
        _ phase: PropertyChanges.Phase, _ key: String, of object: Object, automatically: Bool,
        collection: CollectionChange? = nil, in runtime: Runtime, depth: Int
    ) throws {
        let id = PendingKey(object: ObjectIdentifier(object), key: key)
        if collection == nil, changesUnderWay.withLock({ $0[id] != nil }) { return }
        let watching = observations(of: object, following: key)
        if collection == nil, watching.isEmpty { return }
        if automatically {
            let allowed = try runtime.send(
                runtime.selector("automaticallyNotifiesObserversForKey:"), to: object.isa, Arguments(.string(key)), nestedAt: depth)
            guard allowed.isTruthy else { return }
        }
        switch phase {
        case .willChange:
            let members = try collection.map { change in try change.members(before: current(key, of: object, in: runtime, depth: depth), in: runtime, depth: depth) }
            let old = try watching.map { observation in
                if let members, observation.keyPath == key { return Value.array(members.removed) }
                return observation.options & (Self.old | Self.prior) != 0 ? try current(observation.keyPath, of: object, in: runtime, depth: depth) : .nil
            }
            if let members { changesUnderWay.withLock { $0[id, default: []].append(members) } }
            table.withLock { table in table[ObjectIdentifier(object)]?.pendingOld[key, default: []].append(old) }
            for (observation, value) in zip(watching, old) where observation.options & Self.prior != 0 {
                var change: [Value: Value] = [.string("notificationIsPrior"): true]
                if let collection, let members, observation.keyPath == key {
                    change.merge(try collection.description(members, removed: observation.options & Self.old != 0, added: false, in: runtime, depth: depth)) { $1 }
                } else {
                    change[.string("kind")] = .int(Self.setting)
                    if observation.options & Self.old != 0 { change[.string("old")] = try nullForNil(value, in: runtime) }
                }
                try deliver(change, observation, of: object, in: runtime, depth: depth)
            }
        case .didChange:
            let old = table.withLock { table -> [Value]? in
                guard let entry = table[ObjectIdentifier(object)] else { return nil }
                return entry.pendingOld[key]?.popLast()
            }
            var members: CollectionChange.Members?
            if collection != nil {
                members = changesUnderWay.withLock { changes in
                    defer { if changes[id]?.isEmpty ?? false { changes[id] = nil } }
                    return changes[id]?.popLast()
                }
            }
            if let collection, let before = members, watching.contains(where: { $0.keyPath == key }) {
                members?.added = try collection.added(before, after: current(key, of: object, in: runtime, depth: depth), in: runtime, depth: depth)
            }
            for (index, observation) in watching.enumerated() {
                var change: [Value: Value]
                if let collection, let members, observation.keyPath == key {
                    change = try collection.description(
                        members, removed: observation.options & Self.old != 0, added: observation.options & Self.new != 0, in: runtime, depth: depth)
                } else {
                    change = [.string("kind"): .int(Self.setting)]
                    if observation.options & Self.new != 0 {
                        change[.string("new")] = try nullForNil(current(observation.keyPath, of: object, in: runtime, depth: depth), in: runtime)
                    }
                    if observation.options & Self.old != 0 {
                        change[.string("old")] = try nullForNil(old.flatMap { index < $0.count ? $0[index] : nil } ?? .nil, in: runtime)
                    }
                }
                try deliver(change, observation, of: object, in: runtime, depth: depth)
            }
        }
    }

    /// The value at `keyPath` of `object` now.
    func current(_ keyPath: String, of object: Object, in runtime: Runtime, depth: Int) throws -> Value {
        try runtime.send(runtime.selector("valueForKeyPath:"), to: object, Arguments(.string(keyPath)), nestedAt: depth)
    }

    func nullForNil(_ value: Value, in runtime: Runtime) throws -> Value {
        guard value == .nil else { return value }
        return try runtime.send(runtime.selector("null"), to: runtime.requireClass(named: "NSNull"), Arguments(), nestedAt: 0)
    }

    private func deliver(_ change: [Value: Value], _ observation: Observation, of object: Object, in runtime: Runtime, depth: Int) throws {
        guard let observer = observation.observer else { return }
        try deliver(change, keyPath: observation.keyPath, of: object, to: observer, context: observation.context, in: runtime, depth: depth)
    }

    /// Sends `observeValueForKeyPath:ofObject:change:context:` to `observer`.
    func deliver(_ change: [Value: Value], keyPath: String, of object: Object, to observer: Object, context: Value, in runtime: Runtime, depth: Int) throws {
        try runtime.send(
            runtime.selector("observeValueForKeyPath:ofObject:change:context:"), to: observer,
            Arguments([.string(keyPath), .object(object), .dictionary(change), context]), nestedAt: depth)
    }
}
