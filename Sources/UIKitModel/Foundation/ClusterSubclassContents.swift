import Runtime

/// A program's subclass of one of Foundation's immutable class clusters (`NSArray`,
/// `NSDictionary`, `NSString`), as an ordered dictionary or a lazily loaded list is
/// written: it keeps its contents in ivars of its own and overrides the cluster's
/// primitive methods, and every other method of the cluster reads the contents through
/// them, as Foundation's abstract classes do. Its `[super init]` answers the instance
/// itself (see ``Message/made(_:)``), whose contents are what its primitives answer:
///
/// - `NSArray`: `count` and `objectAtIndex:`;
/// - `NSDictionary`: `count`, `objectForKey:`, and `keyEnumerator` or `allKeys`;
/// - `NSString`: `length` and `characterAtIndex:`.
///
/// One that does not override them all holds nothing, as Foundation's would raise.
enum ClusterSubclassContents {
    /// The clusters, each with the primitives a subclass overrides.
    private static let primitives: [(cluster: String, required: [String])] = [
        ("NSArray", ["count", "objectAtIndex:"]), ("NSDictionary", ["count", "objectForKey:"]), ("NSString", ["length", "characterAtIndex:"]),
    ]

    /// Whether `object` is an instance of a class the program defined below one of the
    /// clusters, rather than a value, a mutable value's holder, or the library's own.
    static func isProgramSubclassInstance(_ object: Object) -> Bool {
        !(object is ValueHolder) && !(object is ValueBox) && !(object is Class) && isProgramSubclass(object.isa)
    }

    /// Whether `cls` is a class the program defined below one of the clusters.
    private static func isProgramSubclass(_ cls: Class) -> Bool {
        !ClassLibrary.classNameSet.contains(cls.name) && cls.lineage.contains { ancestor in primitives.contains { $0.cluster == ancestor.name } }
    }

    /// The contents `m`'s receiver answers through its primitives; nil when it is no
    /// program subclass of a cluster, or does not override them.
    static func contents(of m: borrowing Message) -> Value? {
        contents(of: m.receiver, runtime: m.runtime, depth: m.depth)
    }

    /// The contents of `value` when it is an instance of a program's subclass of a
    /// cluster (an argument `isEqual:` or `initWithArray:` is given); nil when it is not.
    static func contents(of value: Value, _ m: borrowing Message) -> Value? {
        value.object.flatMap { contents(of: $0, runtime: m.runtime, depth: m.depth) }
    }

    private static func contents(of object: Object, runtime: Runtime, depth: Int) -> Value? {
        guard isProgramSubclassInstance(object),
              let (cluster, required) = primitives.first(where: { entry in object.isa.lineage.contains { $0.name == entry.cluster } }),
              required.allSatisfy({ overrides($0, object.isa, runtime) }) else { return nil }
        let depth = depth + 1
        func send(_ name: String, to receiver: Object, _ arguments: Value...) throws -> Value {
            try runtime.send(runtime.selector(name), to: receiver, Arguments(arguments), nestedAt: depth)
        }
        do {
            // A count read from garbage would otherwise loop for as long as it says.
            let count = min(max(0, try send(required[0], to: object).intValue ?? 0), Reference.maximumElements)
            switch cluster {
            case "NSArray":
                return .array(try (0..<count).map { try send("objectAtIndex:", to: object, .int($0)) })
            case "NSDictionary":
                var keys: [Value] = []
                if overrides("keyEnumerator", object.isa, runtime), let enumerator = try send("keyEnumerator", to: object).object {
                    while keys.count < count, case let key = try send("nextObject", to: enumerator), key != .nil { keys.append(key) }
                } else if overrides("allKeys", object.isa, runtime), case .array(let all) = try send("allKeys", to: object) {
                    keys = all
                }
                var entries: [Value: Value] = [:]
                for key in keys {
                    let value = try send("objectForKey:", to: object, key)
                    if value != .nil { entries[key] = value }
                }
                return .dictionary(entries)
            default:
                let units = try (0..<count).map { UInt16(truncatingIfNeeded: try send("characterAtIndex:", to: object, .int($0)).intValue ?? 0) }
                return .string(String(decoding: units, as: UTF16.self))
            }
        } catch {
            return nil
        }
    }

    /// What a cluster's factory sent to a program's subclass (`[MMOrderedDictionary
    /// dictionaryWithObjects:forKeys:]`) makes, as Foundation's factories do: an instance
    /// of the subclass, `alloc`ed and sent the initializer of the cluster it overrides, with
    /// `value`'s contents (`initWithObjects:forKeys:` or `initWithObjects:forKeys:count:`
    /// for a dictionary, `initWithArray:` or `initWithObjects:count:` for an array); nil
    /// for any other receiver, or a subclass that overrides neither.
    static func instance(of cls: Class, holding value: Value, _ m: borrowing Message) throws -> Value? {
        let runtime = m.runtime
        guard !cls.isMetaclass, cls.initialHeldValue == nil, isProgramSubclass(cls) else { return nil }
        /// A C array of `elements`, as `initWithObjects:count:` takes it.
        func buffer(_ elements: [Value]) -> Value { .reference(Reference(element: 0, of: Reference(.array(elements)))) }
        let candidates: [(String, Arguments)]
        switch value {
        case .dictionary(let entries):
            let keys = entries.keys.sorted { $0.description < $1.description }, objects = keys.map { entries[$0] ?? .nil }
            candidates = [
                ("initWithObjects:forKeys:", Arguments(.array(objects), .array(keys))),
                ("initWithObjects:forKeys:count:", Arguments([buffer(objects), buffer(keys), .int(keys.count)])),
            ]
        case .array(let elements):
            candidates = [("initWithArray:", Arguments(.array(elements))), ("initWithObjects:count:", Arguments(buffer(elements), .int(elements.count)))]
        default:
            return nil
        }
        // The factory's own initializer (`dictionaryWithObjects:forKeys:`'s is
        // `initWithObjects:forKeys:`) takes its arguments as given, keeping their order.
        let counterpart = m.selector.name.replacing(/^(dictionary|array|string)With/, with: "initWith")
        let own = counterpart.hasPrefix("initWith") && overrides(counterpart, cls, runtime) ? [(counterpart, m.arguments)] : []
        guard let (initializer, arguments) = (own + candidates).first(where: { overrides($0.0, cls, runtime) }) else { return nil }
        let allocated = try runtime.send(runtime.selector("alloc"), to: cls, Arguments(), nestedAt: m.depth + 1)
        return try runtime.send(runtime.selector(initializer), to: allocated.object, arguments, nestedAt: m.depth + 1)
    }

    /// Whether `cls` answers `selector` with a method of the program's.
    private static func overrides(_ selector: String, _ cls: Class, _ runtime: Runtime) -> Bool {
        guard let selector = try? runtime.selector(selector), let method = runtime.lookUpMethod(selector, in: cls) else { return false }
        return !ClassLibrary.classNameSet.contains(method.implementation.home.name)
    }
}
