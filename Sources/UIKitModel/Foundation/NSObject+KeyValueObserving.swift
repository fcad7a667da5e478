import Runtime
import Synchronization

extension ClassLibrary {
    /// Key-value observing: `addObserver:forKeyPath:options:context:` registers an observer
    /// of a key path of an object, which `-observeValueForKeyPath:ofObject:change:context:`
    /// then hears each change through: when a synthesized setter of any key along the path
    /// runs on the object the path reaches there (unless its class's
    /// `+automaticallyNotifiesObserversForKey:` says NO), and around
    /// `willChangeValueForKey:`/`didChangeValueForKey:` and their to-many forms. The change
    /// dictionary holds the kind (`NSKeyValueChangeSetting`, or a to-many change's) and, as
    /// the options ask, the new value, the old one (NSNull for nil), a prior notification
    /// before the change, and an initial one at registration.
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
        init(_ object: Object) { self.object = object }
        /// How many of its observations are of paths of more than one key.
        var pathCount: Int { observations.count { $0.keyPath.contains(".") } }
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

    /// The changes under way, innermost last: the observations each concerns and the old
    /// values they asked for, found before it.
    private let pendingChanges = Mutex<[PendingKey: [(watchers: [Watcher], old: [Value])]]>([:])

    /// How many observations of key paths of more than one key were added and not removed
    /// (those of objects gone are counted until their table entry is dropped): while there
    /// are none, a change looks no further than the changed object's own observations.
    private let pathObservations = Atomic<Int>(0)

    /// Adds `observation` of `object`; answers how many observations of objects gone it
    /// dropped on the way (now and then, so the table cannot grow without end).
    func add(_ observation: Observation, to object: Object) -> Int {
        table.withLock { table in
            var dropped = 0
            if table.count >= 64, table.count.isMultiple(of: 64) {
                for (id, entry) in table where entry.object == nil {
                    dropped += entry.observations.count
                    pathObservations.subtract(entry.pathCount, ordering: .relaxed)
                    table[id] = nil
                }
            }
            let id = ObjectIdentifier(object)
            // An entry whose object is gone belongs to an object that had this address before.
            if let stale = table[id], stale.object !== object { pathObservations.subtract(stale.pathCount, ordering: .relaxed) }
            let entry = table[id].flatMap { $0.object === object ? $0 : nil } ?? Entry(object)
            entry.observations.append(observation)
            if observation.keyPath.contains(".") { pathObservations.add(1, ordering: .relaxed) }
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
            if entry.observations.remove(at: index).keyPath.contains(".") { pathObservations.subtract(1, ordering: .relaxed) }
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

    /// An observation that a change of a key of an object concerns: one of the object
    /// itself whose path starts with the key, or one of another object whose longer path
    /// reaches the object and reads the key of it next (`subject.kvc` of a test case
    /// reaches its subject, whose `kvc` changes). `endsThere` when the key is the path's last.
    private struct Watcher {
        let root: Object
        let observation: Observation
        let endsThere: Bool
    }

    /// Before a change of `key`: captures the old values asked for and sends prior
    /// notifications; after it, sends each observer its change. `automatically` when a
    /// setter made the change, which the class may turn off for the key. A `collection`
    /// change (members inserted, removed or replaced) is what observers of a path ending
    /// at the key hear, with its kind, its indexes and the members it touched; observers
    /// of a longer path through the key hear it as a setting. While one is under way, plain
    /// notifications of the same key of the same object (a setter the change goes
    /// through) are not heard: the change is told once, as what it is.
    func notify(
        _ phase: PropertyChanges.Phase, _ key: String, of object: Object, automatically: Bool,
        collection: CollectionChange? = nil, in runtime: Runtime, depth: Int
    ) throws {
        let id = PendingKey(object: ObjectIdentifier(object), key: key)
        if collection == nil, changesUnderWay.withLock({ $0[id] != nil }) { return }
        // What the change's first half found, which its second half tells.
        let pending: (watchers: [Watcher], old: [Value])? = phase == .didChange
            ? pendingChanges.withLock { pending in
                defer { if pending[id]?.isEmpty ?? false { pending[id] = nil } }
                return pending[id]?.popLast()
            }
            : nil
        let watchers = try pending?.watchers ?? self.watchers(of: object, changing: key, in: runtime, depth: depth)
        if collection == nil, watchers.isEmpty { return }
        if automatically {
            let allowed = try runtime.send(
                runtime.selector("automaticallyNotifiesObserversForKey:"), to: object.isa, Arguments(.string(key)), nestedAt: depth)
            guard allowed.isTruthy else { return }
        }
        switch phase {
        case .willChange:
            let members = try collection.map { change in try change.members(before: current(key, of: object, in: runtime, depth: depth), in: runtime, depth: depth) }
            let old = try watchers.map { watcher in
                if let members, watcher.endsThere { return Value.array(members.removed) }
                let observation = watcher.observation
                return observation.options & (Self.old | Self.prior) != 0 ? try current(observation.keyPath, of: watcher.root, in: runtime, depth: depth) : .nil
            }
            if let members { changesUnderWay.withLock { $0[id, default: []].append(members) } }
            pendingChanges.withLock { $0[id, default: []].append((watchers, old)) }
            for (watcher, value) in zip(watchers, old) where watcher.observation.options & Self.prior != 0 {
                let options = watcher.observation.options
                var change: [Value: Value] = [.string("notificationIsPrior"): true]
                if let collection, let members, watcher.endsThere {
                    change.merge(try collection.description(members, removed: options & Self.old != 0, added: false, in: runtime, depth: depth)) { $1 }
                } else {
                    change[.string("kind")] = .int(Self.setting)
                    if options & Self.old != 0 { change[.string("old")] = try nullForNil(value, in: runtime) }
                }
                try deliver(change, watcher, in: runtime, depth: depth)
            }
        case .didChange:
            var members: CollectionChange.Members?
            if collection != nil {
                members = changesUnderWay.withLock { changes in
                    defer { if changes[id]?.isEmpty ?? false { changes[id] = nil } }
                    return changes[id]?.popLast()
                }
            }
            if let collection, let before = members, watchers.contains(where: \.endsThere) {
                members?.added = try collection.added(before, after: current(key, of: object, in: runtime, depth: depth), in: runtime, depth: depth)
            }
            for (index, watcher) in watchers.enumerated() {
                let observation = watcher.observation
                var change: [Value: Value]
                if let collection, let members, watcher.endsThere {
                    change = try collection.description(
                        members, removed: observation.options & Self.old != 0, added: observation.options & Self.new != 0, in: runtime, depth: depth)
                } else {
                    change = [.string("kind"): .int(Self.setting)]
                    if observation.options & Self.new != 0 {
                        change[.string("new")] = try nullForNil(current(observation.keyPath, of: watcher.root, in: runtime, depth: depth), in: runtime)
                    }
                    if observation.options & Self.old != 0 {
                        change[.string("old")] = try nullForNil(pending.flatMap { index < $0.old.count ? $0.old[index] : nil } ?? .nil, in: runtime)
                    }
                }
                try deliver(change, watcher, in: runtime, depth: depth)
            }
        }
    }

    /// The observations a change of `key` of `object` concerns: the object's own that
    /// follow the key, then those of other objects whose paths reach it (see ``Watcher``),
    /// found by reading each such path's keys from its object, in the order the
    /// observations were added.
    private func watchers(of object: Object, changing key: String, in runtime: Runtime, depth: Int) throws -> [Watcher] {
        var found = observations(of: object, following: key).map { Watcher(root: object, observation: $0, endsThere: $0.keyPath == key) }
        guard pathObservations.load(ordering: .relaxed) > 0 else { return found }
        let paths: [(root: Object, observation: Observation)] = table.withLock { table in
            table.values.compactMap { entry -> (Object, [Observation])? in
                guard let root = entry.object, root !== object else { return nil }
                return (root, entry.observations.filter { $0.keyPath.contains(".") && $0.observer != nil })
            }
            .sorted { $0.0.serial < $1.0.serial }
            .flatMap { root, observations in observations.map { (root, $0) } }
        }
        let valueForKey = try runtime.selector("valueForKey:")
        for (root, observation) in paths {
            let keys = observation.keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            var reached = Value.object(root)
            // Up to the next-to-last key: the last is read of what the path reaches, not through it.
            for index in 0..<(keys.count - 1) where !keys[index].hasPrefix("@") {
                reached = try runtime.send(valueForKey, toValue: reached, Arguments(.string(keys[index])), nestedAt: depth)
                guard let holder = reached.object else { break }
                if holder === object {
                    if keys[index + 1] == key { found.append(Watcher(root: root, observation: observation, endsThere: index + 2 == keys.count)) }
                    break
                }
            }
        }
        return found
    }

    /// The value at `keyPath` of `object` now.
    func current(_ keyPath: String, of object: Object, in runtime: Runtime, depth: Int) throws -> Value {
        try runtime.send(runtime.selector("valueForKeyPath:"), to: object, Arguments(.string(keyPath)), nestedAt: depth)
    }

    func nullForNil(_ value: Value, in runtime: Runtime) throws -> Value {
        guard value == .nil else { return value }
        return try runtime.send(runtime.selector("null"), to: runtime.requireClass(named: "NSNull"), Arguments(), nestedAt: 0)
    }

    private func deliver(_ change: [Value: Value], _ watcher: Watcher, in runtime: Runtime, depth: Int) throws {
        guard let observer = watcher.observation.observer else { return }
        try deliver(change, keyPath: watcher.observation.keyPath, of: watcher.root, to: observer, context: watcher.observation.context, in: runtime, depth: depth)
    }

    /// Sends `observeValueForKeyPath:ofObject:change:context:` to `observer`.
    func deliver(_ change: [Value: Value], keyPath: String, of object: Object, to observer: Object, context: Value, in runtime: Runtime, depth: Int) throws {
        try runtime.send(
            runtime.selector("observeValueForKeyPath:ofObject:change:context:"), to: observer,
            Arguments([.string(keyPath), .object(object), .dictionary(change), context]), nestedAt: depth)
    }
}
