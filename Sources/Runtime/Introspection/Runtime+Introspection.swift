/// Questions about classes, answered under the lock from a consistent state. A class of
/// another runtime gets an empty answer.
extension Runtime {
    /// The methods `cls` itself defines (a metaclass's are class methods), sorted by selector.
    public func methods(of cls: Class) -> [Method] {
        guard owns(cls) else { return [] }
        return registry.withLock { $0.realize(cls); return $0.ownMethods(of: cls) }.sorted { $0.selector.name < $1.selector.name }
    }

    /// The selectors of the methods `cls` itself defines, in no particular order: what a
    /// caller wanting a few of its methods (an audit, its policed overrides) picks from,
    /// then asking ``ownMethod(_:in:)`` for each, with no method object made for the rest
    /// and nothing sorted.
    public func selectors(of cls: Class) -> [Selector] {
        guard owns(cls) else { return [] }
        return registry.withLock { registry in
            registry.realize(cls)
            let selectors = registry.selectorsByID
            return cls.methodTable.mapIDs { selectors[$0 - 1] }
        }
    }

    /// The method a send of `selector` to an instance of `cls` runs, inherited or not;
    /// nil when there is none (resolution and forwarding are not tried).
    public func lookUpMethod(_ selector: Selector, in cls: Class) -> Method? {
        guard owns(cls) else { return nil }
        if let cached = cls.cachedMethod(for: selector) { return cached.takeUnretainedValue() }
        return registry.withLock { $0.lookUpAndCache(selector, in: cls) }
    }

    /// The method `cls` itself defines for `selector`, or nil.
    public func ownMethod(_ selector: Selector, in cls: Class) -> Method? {
        guard owns(cls) else { return nil }
        return registry.withLock { registry in
            registry.realize(cls)
            return registry.ownMethod(selector, in: cls)
        }
    }

    /// The method a reference names: the class's own or the one it inherits.
    ///
    /// - Throws: when the class is unknown or neither it nor a superclass has the method.
    public func method(_ reference: MethodReference) throws(RuntimeError) -> Method {
        let (cls, selector) = try locate(reference)
        guard let found = lookUpMethod(selector, in: cls) else { throw .methodNotFound(reference.description) }
        return found
    }

    /// Whether instances of `cls` (or, for a metaclass, the class) respond to `selector`.
    public func instancesRespond(_ cls: Class, to selector: Selector) -> Bool {
        lookUpMethod(selector, in: cls) != nil
    }

    /// Whether `cls`, a superclass of it, or a protocol any of them adopts is or inherits
    /// from `proto`.
    public func conforms(_ cls: Class, to proto: ObjCProtocol) -> Bool {
        guard owns(cls) else { return false }
        return registry.withLock { registry in
            registry.realize(cls)
            return cls.lineage.contains { $0.protocolList.contains { $0.inherits(from: proto) } }
        }
    }

    /// The protocols `cls` itself adopts, in adoption order.
    public func protocols(adoptedBy cls: Class) -> [ObjCProtocol] {
        guard owns(cls) else { return [] }
        return registry.withLock { $0.realize(cls); return cls.protocolList }
    }

    /// The properties `cls` itself declares, in declaration order.
    public func properties(of cls: Class) -> [Property] {
        guard owns(cls) else { return [] }
        return registry.withLock { $0.realize(cls); return cls.propertyList }
    }

    /// The property named `name` that `cls` declares or inherits.
    public func property(named name: String, in cls: Class) -> Property? {
        guard owns(cls) else { return nil }
        return registry.withLock { registry in
            registry.realize(cls)
            var current: Class? = cls
            while let owner = current {
                if let found = owner.propertyList.first(where: { $0.name == name }) { return found }
                current = owner.superclass
            }
            return nil
        }
    }

    /// The ivars `cls` itself declares, in declaration order.
    public func ivars(of cls: Class) -> [Ivar] {
        guard owns(cls) else { return [] }
        return registry.withLock { $0.realize(cls); return cls.ivarList }
    }

    /// The ivar named `name` that `cls` declares or inherits.
    public func ivar(named name: String, in cls: Class) -> Ivar? {
        guard owns(cls) else { return nil }
        return registry.withLock { registry in
            // Once a class is realized its superclasses are too: a walk of unretained links
            // spares the realization's checks on every lookup.
            if !cls.isLineageRealized { registry.realize(cls) }
            let index = Self.ivarIndex(of: cls, generation: Class.ivarGeneration.load(ordering: .acquiring))
            if let byName = index.byName { return byName[name] }
            let length = name.utf8.count
            return index.nearestFirst.first { $0.name.utf8.count == length && $0.name == name }
        }
    }

    /// `cls`'s ivars and its superclasses', nearest first, as of `generation`; called under
    /// the lock on a realized lineage. A class that declares none has its superclass's
    /// index, so ten thousand subclasses of one controller build and store nothing.
    private static func ivarIndex(of cls: Class, generation: Int) -> IvarIndex {
        let own = cls.ivarList
        let superclass = cls.superclass
        if own.isEmpty, let superclass { return ivarIndex(of: superclass, generation: generation) }
        if let built = cls.ivarIndex, built.generation == generation { return built }
        let nearestFirst = own + (superclass.map { ivarIndex(of: $0, generation: generation).nearestFirst } ?? [])
        // A class sees a handful of ivars, found sooner by a scan that compares lengths
        // first than by hashing the name; only many are worth a table.
        let byName = nearestFirst.count <= 16 ? nil : Dictionary(nearestFirst.map { ($0.name, $0) }) { nearer, _ in nearer }
        let index = (generation, nearestFirst, byName)
        cls.ivarIndex = index
        return index
    }

    /// The registered classes whose names match `glob` (`MM*`, `UI?iew`, `*[Cc]ontroller`),
    /// sorted by name.
    public func classes(matching glob: Glob) -> [Class] {
        // A name without wildcards is one lookup, not a scan of every class.
        if let name = glob.literalText { return self.class(named: name).map { [$0] } ?? [] }
        // Only the classes that start as the pattern does can match it (`MM*`: a tenth of
        // them in a large app); the sorted index finds those without a scan.
        return registry.withLock { $0.classes(withPrefix: glob.literalPrefix) }.filter { glob.matches($0.name) }
    }

    /// The names of the registered classes that start with `prefix`, sorted: what completion
    /// offers for a class name, found in the sorted index rather than by a scan.
    public func classNames(withPrefix prefix: String) -> [String] {
        registry.withLock { $0.classes(withPrefix: prefix).map(\.name) }
    }
}

extension Class {
    /// This class, its superclass, and so on up to the root.
    public var lineage: [Class] {
        var result: [Class] = []
        var current: Class? = self
        while let next = current {
            result.append(next)
            current = next.superclass
        }
        return result
    }
}

extension Object {
    /// Whether the object is an instance of `cls` or of a subclass (`isKindOfClass:`).
    public func isKind(of cls: Class) -> Bool { isa.isSubclass(of: cls) }

    /// Whether the object is an instance of exactly `cls` (`isMemberOfClass:`).
    public func isMember(of cls: Class) -> Bool { isa === cls }
}
