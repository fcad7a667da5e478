/// A runtime's mutable state. Everything here, and every class's mutable fields, is read
/// and written only with the runtime's lock held.
struct Registry: ~Copyable {
    let token: RuntimeToken
    var classesByName: [String: Class] = [:]
    /// Registration order; ``sortedClassCache`` holds the classes sorted by name, the index
    /// listings and completion search by prefix.
    var classes: [Class] = []
    var sortedClassCache: [Class]?
    /// Classes inserted into ``sortedClassCache`` since it was last read. A few are inserted
    /// in place (a class typed at the prompt); a burst (a source tree loading) drops the
    /// index instead, to be sorted once when next asked for, since inserting each would
    /// move the whole index every time.
    var insertionsSinceListing = 0
    var selectors: [String: Selector] = [:]
    /// The return type of the first method registered for each selector, by selector id:
    /// what a message to nil returns, as the compiler takes it from the declaration.
    var declaredReturnTypes: [Int: ObjCType] = [:]
    var protocols: [String: ObjCProtocol] = [:]
    var ledger = Ledger()
    var nextClassSerial = 1
    var nextIvarID = 1
    /// The classes strings, numbers, arrays and dictionaries are instances of.
    var valueClasses: [ValueKind: Class] = [:]

    /// Kept alive until the runtime goes away, because a send may still hold one
    /// unretained: every implementation made, and methods and cache tables taken out of
    /// service.
    var implementations: [Implementation] = []
    var retiredMethods: [Method] = []
    var retiredCaches: [CacheTable] = []
    /// Classes a redefinition registered another class in place of, kept for the instances
    /// made before (and so that the runtime, going away, can cut their cycles too).
    var replacedClasses: [Class] = []

    /// Whether `name` is a C identifier: letters, digits and `_`, not starting with a digit.
    /// Letters may be non-ASCII; ASCII names, nearly all of them, skip the Unicode tables.
    static func isIdentifier(_ name: some StringProtocol) -> Bool {
        var utf8 = name.utf8.makeIterator()
        guard let head = utf8.next(), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(head) else { return false }
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            return name.utf8.allSatisfy { byte in
                byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    mutating func intern(_ name: String) -> Selector {
        if let existing = selectors[name] { return existing }
        let made = Selector(name: name, id: selectors.count + 1)
        selectors[name] = made
        return made
    }

    mutating func sortedClasses() -> [Class] {
        insertionsSinceListing = 0
        if let sortedClassCache { return sortedClassCache }
        let sorted = classes.sorted { $0.name < $1.name }
        sortedClassCache = sorted
        return sorted
    }

    /// The registered classes whose names start with `prefix`, sorted: a binary search of
    /// the sorted index for where they start, then as many as there are.
    mutating func classes(withPrefix prefix: String) -> ArraySlice<Class> {
        let sorted = sortedClasses()
        let start = Self.firstIndex(in: sorted, notBefore: prefix)
        var end = start
        while end < sorted.endIndex, sorted[end].name.hasPrefix(prefix) { end += 1 }
        return sorted[start..<end]
    }

    /// Where `name` would go in `sorted`: the first class whose name is not less than it.
    static func firstIndex(in sorted: [Class], notBefore name: String) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].name < name { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Keeps the sorted index up to date with a newly registered class.
    private mutating func indexByName(_ cls: Class) {
        guard sortedClassCache != nil, insertionsSinceListing < 64 else {
            sortedClassCache = nil
            return
        }
        insertionsSinceListing += 1
        sortedClassCache!.insert(cls, at: Self.firstIndex(in: sortedClassCache!, notBefore: cls.name))
    }

    mutating func makeImplementation(home: Class, _ body: @escaping Implementation.Body) -> Implementation {
        let made = Implementation(home: home, body: body)
        implementations.append(made)
        return made
    }

    mutating func makeMethod(
        _ selector: Selector, _ types: TypeEncoding, in cls: Class, _ implementation: Implementation, isVariadic: Bool = false,
        origin: Method.Origin = .other
    ) -> Method {
        if declaredReturnTypes[selector.id] == nil {
            declaredReturnTypes[selector.id] = types.returnType
        }
        return Method(selector: selector, types: types, owner: cls, implementation: implementation, isVariadic: isVariadic, origin: origin)
    }

    // MARK: Registration

    /// Registers a class and its metaclass from `contents`; `replaced`, when given, is the
    /// class of that name the new one takes the place of (see ``replace(_:with:)``).
    mutating func register(
        name: String, superclass: Class?, contents: ClassBuilder, replacing replaced: Class? = nil
    ) throws(RuntimeError) -> Class {
        let serial = nextClassSerial
        let metaclass: Class
        let cls: Class
        if let superclass {
            metaclass = Class(
                name: name, isMetaclass: true, isa: superclass.isa.isa, superclass: superclass.isa, serial: serial, owner: token)
            cls = Class(
                name: name, isMetaclass: false, isa: metaclass, superclass: superclass, serial: serial, owner: token,
                initialHeldValue: contents.initialHeldValue, instancesReadAsZero: contents.instancesReadAsZero)
        } else {
            metaclass = Class(name: name, isMetaclass: true, isa: nil, superclass: nil, serial: serial, owner: token)
            cls = Class(
                name: name, isMetaclass: false, isa: metaclass, superclass: nil, serial: serial, owner: token,
                initialHeldValue: contents.initialHeldValue, instancesReadAsZero: contents.instancesReadAsZero)
        }
        // One hash of the name checks for a duplicate and claims it.
        if let existing = classesByName.updateValue(cls, forKey: name), existing !== replaced {
            classesByName[name] = existing
            throw .duplicateClass(name)
        }
        nextClassSerial += 1
        if let superclass {
            superclass.subclassList.append(cls)
            superclass.isa.subclassList.append(metaclass)
        } else {
            // A root metaclass inherits from its root class.
            metaclass.setRootMetaclassSuperclass(cls)
            cls.subclassList.append(metaclass)
        }

        for ivar in contents.ivars {
            addIvar(named: ivar.name, type: ivar.type, isWeak: ivar.isWeak, to: cls)
        }
        // Accessors go in first, so a method of the same name written for the class wins.
        for declared in contents.properties {
            for accessor in addProperty(declared.property, accessors: declared.accessors, to: cls, origin: .accessor(of: declared.property)) {
                cls.methodTable[accessor.selector.id] = accessor
            }
        }
        for method in definedMethods(contents, in: cls) {
            method.owner.methodTable[method.selector.id] = method
        }
        cls.protocolList = contents.protocols
        cls.ownDefinition = OwnDefinition(ivars: cls.ivarList, properties: cls.propertyList, protocols: contents.protocols)
        if let replaced, let index = classes.firstIndex(where: { $0 === replaced }) {
            replaced.isReplaced = true
            replaced.isa.isReplaced = true
            classes.remove(at: index)
            replacedClasses.append(replaced)
            sortedClassCache?.removeAll { $0 === replaced }
        }
        classes.append(cls)
        indexByName(cls)
        return cls
    }

    /// The methods written in `contents`, made for `cls` (class methods for its metaclass).
    mutating func definedMethods(_ contents: ClassBuilder, in cls: Class) -> [Method] {
        contents.methods.map { pending in
            let target = pending.isClassMethod ? cls.isa : cls
            return makeMethod(
                pending.selector, pending.types, in: target, makeImplementation(home: target, pending.body), isVariadic: pending.isVariadic,
                origin: .definition)
        }
    }

    /// Adds storage to `cls`; an ivar of that name already there is kept.
    @discardableResult
    mutating func addIvar(named name: String, type: ObjCType, isWeak: Bool, to cls: Class) -> Ivar {
        if let existing = cls.ivarList.first(where: { $0.name == name }) { return existing }
        let ivar = Ivar(name: name, type: type, isWeak: isWeak, id: nextIvarID)
        nextIvarID += 1
        ivar.owner = cls
        cls.ivarList.append(ivar)
        return ivar
    }

    /// Records `property` on `cls` with its storage, and returns its accessors for the
    /// caller to install (a class may define its own instead).
    mutating func addProperty(_ property: Property, accessors: Property.Accessors, to cls: Class, origin: Method.Origin = .other) -> [Method] {
        let ivar = addIvar(
            named: property.ivarName, type: property.type, isWeak: property.attributes.contains(.weak), to: cls)
        cls.propertyList.append(property)
        return accessorMethods(for: property, accessors: accessors, storedIn: ivar, of: cls, origin: origin)
    }

    /// A property's getter and, unless it is read-only, its setter, over the ivar `ivar`.
    mutating func accessorMethods(
        for property: Property, accessors: Property.Accessors, storedIn ivar: Ivar, of cls: Class, origin: Method.Origin
    ) -> [Method] {
        var methods: [Method] = []
        let getter = makeImplementation(home: cls) { message in try message.receiver.value(of: ivar) }
        methods.append(makeMethod(accessors.getter, accessors.getterTypes, in: cls, getter, origin: origin))
        if let (setterSelector, setterTypes) = accessors.setter {
            let name = property.name
            let setter = makeImplementation(home: cls) { message in
                let value = try property.type.coerce(message.arguments[0], for: "property '\(name)' of \(message.receiver.isa.name)")
                try message.receiver.setValue(value, of: ivar)
                return .nil
            }
            methods.append(makeMethod(setterSelector, setterTypes, in: cls, setter, origin: origin))
        }
        return methods
    }

    // MARK: Lookup

    /// Walks the superclass chain from `cls` for `selector`, ignoring caches.
    func findMethod(_ selector: Selector, from cls: Class?) -> Method? {
        var current = cls
        while let candidate = current {
            // Ids are per runtime: a selector from another runtime may share one.
            if let method = candidate.methodTable[selector.id], method.selector === selector { return method }
            current = candidate.superclass
        }
        return nil
    }

    /// Looks `selector` up from `cls` and caches what it finds in `cls`.
    mutating func lookUpAndCache(_ selector: Selector, in cls: Class) -> Method? {
        if let cached = cls.cachedMethod(for: selector) { return cached.takeUnretainedValue() }
        guard let method = findMethod(selector, from: cls) else { return nil }
        cls.remember(method, retiring: &retiredCaches)
        return method
    }

    /// Empties the caches that could hold a lookup through `cls`: its own and every
    /// descendant's (including metaclasses below a root class).
    func flushCaches(from cls: Class) {
        cls.flushCache()
        for descendant in cls.descendants { descendant.flushCache() }
    }
}

extension Class {
    /// Every class below this one, metaclasses included. Called with the lock held.
    var descendants: [Class] {
        var result: [Class] = []
        var pending = subclassList
        while let next = pending.popLast() {
            result.append(next)
            pending.append(contentsOf: next.subclassList)
        }
        return result
    }
}
