/// A runtime's mutable state. Everything here, and every class's mutable fields, is read
/// and written only with the runtime's lock held.
struct Registry: ~Copyable {
    let token: RuntimeToken
    var classesByName = NameTable<Class>()
    /// Registration order; ``sortedClassCache`` holds the classes sorted by name, the index
    /// listings and completion search by prefix.
    var classes: [Class] = []
    var sortedClassCache: [Class]?
    /// Classes inserted into ``sortedClassCache`` since it was last read. A few are inserted
    /// in place (a class typed at the prompt); a burst (a source tree loading) drops the
    /// index instead, to be sorted once when next asked for, since inserting each would
    /// move the whole index every time.
    var insertionsSinceListing = 0
    /// The interned selectors by name.
    var selectors = NameTable<Selector>()
    /// The id of `dealloc`, interned as the runtime starts: a class given a method of it
    /// is marked (see ``noteMethod(_:in:)``).
    var deallocSelectorID = 0
    /// The same selectors by id (less one), to make a described method's ``Method``; they
    /// hold the selectors the table names.
    var selectorsByID: [Selector] = []
    /// The return type of the first method declared for each selector, by selector id:
    /// what a message to nil returns, as the compiler takes it from the declaration. With
    /// the order it was declared in (see ``declarationOrder``), so that a lazily registered
    /// class realized late still comes before what was declared after its registration.
    var declaredReturnTypes: [Int: (type: ObjCType, order: Int)] = [:]
    /// When a realization runs, its class's registration serial: the time its methods count
    /// as declared at. Otherwise nil, and they count as declared now.
    var declarationOrder: Int?
    /// How many lazily registered classes are still waiting for realization.
    var unrealizedCount = 0
    var protocols: [String: ObjCProtocol] = [:]
    /// Protocols a framework declares classes adopt, by class name, for the classes not
    /// realized yet: each adopts them as its builder finishes (see ``Runtime/declareConformances(_:)``).
    var declaredConformances: [String: [String]] = [:]
    var ledger = Ledger()
    var nextClassSerial = 1
    var nextIvarID = 1
    /// The classes strings, numbers, arrays and dictionaries are instances of.
    var valueClasses: [ValueKind: Class] = [:]

    /// What changes took out of service (implementations replaced in a method, methods
    /// removed from lists, cache tables replaced by larger ones), kept because a send may
    /// still hold one unretained, until ``Runtime/reclaimRetired()``.
    var retiredImplementations: [Implementation] = []
    var retiredMethods: [Method] = []
    var retiredCaches: [CacheTable] = []
    /// Implementations that kept changes (``Runtime/keep(_:)``) took out of methods, held
    /// for the runtime's life: an older exchange in the ledger names the implementations it
    /// may put back without holding them (see ``Change/Exchange``). Changes are kept rarely,
    /// and most replace no implementation.
    var keptImplementations: [Implementation] = []
    /// Classes a redefinition registered another class in place of, kept for the instances
    /// made before (and so that the runtime, going away, can cut their cycles too).
    var replacedClasses: [Class] = []

    /// Whether `name` is a C identifier: letters, digits and `_`, not starting with a digit.
    /// Letters may be non-ASCII; ASCII names, nearly all of them, are checked in one pass
    /// over their bytes, skipping the Unicode tables (every registration asks this, and a
    /// pass through `allSatisfy` closures cost a third of registering a class).
    static func isIdentifier(_ name: some StringProtocol) -> Bool {
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard let head = bytes.first, !isDigit(head) else { return false }
            let raw = UnsafeRawBufferPointer(bytes)
            let count = raw.count
            guard count >= 8 else {
                // Padded with `a`, which an identifier may hold.
                var word = identifierPadding
                withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: raw) }
                return isIdentifierWord(word)
            }
            var offset = 0
            while offset &+ 8 < count {
                let answer = isIdentifierWord(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                guard answer == true else { return answer }
                offset &+= 8
            }
            // The last eight bytes, overlapping the word before when the count is not a
            // multiple of eight: a byte checked twice answers the same.
            return isIdentifierWord(raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        }
        if let ascii, let answer = ascii { return answer }
        var utf8 = name.utf8.makeIterator()
        guard let head = utf8.next(), !isDigit(head) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    // One subtraction and one unsigned compare: bytes below the range wrap round to large values.
    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private static let identifierPadding: UInt64 = 0x6161_6161_6161_6161

    /// Whether all eight bytes of `word` are ASCII letters, digits or `_`; nil when one is
    /// not ASCII. Eight bytes at once, in some twenty instructions, where a byte at a time
    /// took a dozen a byte: every registration asks this of its name. With each byte's
    /// high bit clear, adding `0x80 - low` to every byte sets a byte's high bit exactly
    /// when it is at least `low`, and no carry crosses into the next byte.
    @inline(__always)
    private static func isIdentifierWord(_ word: UInt64) -> Bool? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits = ones &* 0x80
        guard word & highBits == 0 else { return nil }
        func within(_ bytes: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
            (bytes &+ ones &* (0x80 &- low)) & ~(bytes &+ ones &* (0x7F &- high))
        }
        // Setting each byte's 0x20 bit maps `A`-`Z` onto `a`-`z`; of the bytes it maps into
        // `a`-`z`, the others already were there.
        let letters = within(word | ones &* 0x20, 0x61, 0x7A)
        let digits = within(word, 0x30, 0x39)
        // A byte of `word ^ "_"` is zero exactly for an underscore; adding 0x7F to its low
        // seven bits sets the high bit of every other byte.
        let notUnderscore = word ^ ones &* 0x5F
        let underscores = ~((notUnderscore & ~highBits) &+ ones &* 0x7F | notUnderscore)
        return (letters | digits | underscores) & highBits == highBits
    }

    mutating func intern(_ name: String) -> Selector {
        if let existing = selectors[name] { return existing }
        let made = Selector(name: name, id: selectorsByID.count + 1)
        selectorsByID.append(made)
        _ = selectors.insert(made)
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

    /// Keeps an implementation a change took out of a method until the next reclaim.
    mutating func retire(_ implementation: Implementation) {
        retiredImplementations.append(implementation)
    }

    mutating func makeMethod(
        _ selector: Selector, _ types: TypeEncoding, in cls: Class, _ implementation: Implementation, isVariadic: Bool = false,
        origin: Method.Origin = .other
    ) -> Method {
        declare(selector, returning: types)
        return Method(selector: selector, types: types, owner: cls, implementation: implementation, isVariadic: isVariadic, origin: origin)
    }

    /// Makes a method of `definition` for `cls`, with its own implementation.
    mutating func makeMethod(_ definition: MethodDefinition, in cls: Class) -> Method {
        declare(definition.selector, returning: definition.types)
        return definition.method(in: cls)
    }

    /// Puts a method in `cls`'s list as `definition` gives it, in place of one of the same
    /// selector; its ``Method`` is made when first needed (see ``MethodList``). Caches are
    /// the caller's to flush.
    mutating func describe(_ definition: MethodDefinition, in cls: Class) {
        declare(definition.selector, returning: definition.types)
        noteMethod(definition.selector.id, in: cls)
        cls.methodTable.describe(definition)
    }

    /// Marks a class given its own `-dealloc` (a root class's aside), and its subclasses, so
    /// that their instances are sent it as they go. Every way a method enters a class's list
    /// comes here; a subclass registered later inherits the mark.
    func noteMethod(_ selectorID: Int, in cls: Class) {
        guard selectorID == deallocSelectorID, !cls.isMetaclass, cls.unmanagedSuperclass != nil, !cls.instancesTakeDealloc else { return }
        var pending = [cls]
        while let next = pending.popLast() {
            next.markTakesDealloc()
            pending += next.subclassList.filter { !$0.instancesTakeDealloc }
        }
    }

    /// Records the return type of a method declared for `selector`, as the first one
    /// declared gives what a message to nil returns.
    private mutating func declare(_ selector: Selector, returning types: TypeEncoding) {
        // Registration serials stand for time: a class registered before now has a lower
        // one, and an equal order keeps the first.
        let order = declarationOrder ?? nextClassSerial
        if declaredReturnTypes[selector.id].map({ $0.order > order }) ?? true {
            declaredReturnTypes[selector.id] = (types.returnType, order)
        }
    }

    /// `cls`'s own method for `selector`, its ``Method`` made if it was only described; nil
    /// for another runtime's selector, whose id may be one of this runtime's.
    func ownMethod(_ selector: Selector, in cls: Class) -> Method? {
        isInterned(selector) ? Self.method(selector, declaredBy: cls) : nil
    }

    /// `cls`'s own method for `selector`, a selector of this runtime, made if it was only
    /// described: made with the selector asked for, not one read from the selector table.
    @inline(__always)
    private static func method(_ selector: Selector, declaredBy cls: Class) -> Method? {
        cls.methodTable.method(for: selector.id) { _, entry in method(of: entry, selector: selector, in: cls) }
    }

    /// Whether `selector` is this runtime's: ids are per runtime.
    func isInterned(_ selector: Selector) -> Bool {
        selector.id <= selectorsByID.count && selectorsByID[selector.id - 1] === selector
    }

    /// `cls`'s own method for selector id `id`, its ``Method`` made if it was only described.
    func ownMethod(_ id: Int, in cls: Class) -> Method? {
        let selectors = selectorsByID
        return cls.methodTable.method(for: id) { id, entry in Self.method(of: entry, selector: selectors[id - 1], in: cls) }
    }

    /// Every method of `cls`'s own, in selector id order, made where only described.
    func ownMethods(of cls: Class) -> [Method] {
        let selectors = selectorsByID
        return cls.methodTable.methods { id, entry in Self.method(of: entry, selector: selectors[id - 1], in: cls) }
    }

    /// The ``Method`` an entry describes; its return type was declared when it was described.
    private static func method(of entry: MethodList.Entry, selector: Selector, in cls: Class) -> Method {
        switch entry.slot {
        case .made(let method):
            method
        case .described(let types, let body, let origin):
            MethodDefinition(selector, types, isVariadic: entry.isVariadic, origin: origin, body: body).method(in: cls)
        }
    }

    // MARK: Registration

    /// Registers a class and its metaclass from `contents`; `replaced`, when given, is the
    /// class of that name the new one takes the place of (see ``replace(_:with:)``).
    mutating func register(
        name: String, superclass: Class?, contents: ClassBuilder, replacing replaced: Class? = nil
    ) throws(RuntimeError) -> Class {
        let cls = try makeClass(
            name: name, superclass: superclass, initialHeldValue: contents.initialHeldValue,
            instancesReadAsZero: contents.instancesReadAsZero, isRealized: true, replacing: replaced)
        install(contents, in: cls)
        return cls
    }

    /// Registers a class and its metaclass whose contents `build` makes when the class is
    /// first used (see ``realize(_:)``).
    mutating func registerLazily(
        name: String, superclass: Class?, initialHeldValue: Value?, runtime: Runtime,
        build: @escaping @Sendable (inout ClassBuilder) throws -> Void
    ) throws(RuntimeError) -> Class {
        let cls = try makeClass(
            name: name, superclass: superclass, initialHeldValue: initialHeldValue, instancesReadAsZero: false,
            isRealized: false, replacing: nil)
        let definition = LazyDefinition(cls: cls, runtime: runtime, build: build)
        cls.lazyDefinition = definition
        cls.isa.lazyDefinition = definition
        unrealizedCount += 1
        return cls
    }

    /// Makes a class and its metaclass, claims the name and links them into the hierarchy,
    /// with no contents.
    private mutating func makeClass(
        name: String, superclass: Class?, initialHeldValue: Value?, instancesReadAsZero: Bool, isRealized: Bool,
        replacing replaced: Class?
    ) throws(RuntimeError) -> Class {
        let serial = nextClassSerial
        let metaclass = Class(
            name: name, isMetaclass: true, isa: superclass?.isa.isa, superclass: superclass?.isa, serial: serial, owner: token,
            isRealized: isRealized)
        let cls = Class(
            name: name, isMetaclass: false, isa: metaclass, superclass: superclass, serial: serial, owner: token,
            initialHeldValue: initialHeldValue, instancesReadAsZero: instancesReadAsZero, isRealized: isRealized)
        // One hash of the name checks for a duplicate and claims it.
        if classesByName.insert(cls, replacing: replaced) != nil { throw .duplicateClass(name) }
        nextClassSerial += 1
        if let superclass {
            superclass.subclassList.append(cls)
            superclass.isa.subclassList.append(metaclass)
            if superclass.instancesTakeDealloc { cls.markTakesDealloc() }
        } else {
            // A root metaclass inherits from its root class.
            metaclass.setRootMetaclassSuperclass(cls)
            cls.subclassList.append(metaclass)
        }
        if let replaced, let index = classes.firstIndex(where: { $0 === replaced }) {
            replaced.markReplaced()
            replaced.isa.markReplaced()
            classes.remove(at: index)
            replacedClasses.append(replaced)
            sortedClassCache?.removeAll { $0 === replaced }
        }
        classes.append(cls)
        indexByName(cls)
        return cls
    }

    /// Puts what a definition declared into a class that has nothing yet.
    private mutating func install(_ contents: ClassBuilder, in cls: Class) {
        // A class of methods alone (most generated and many framework classes) touches
        // nothing but its method lists: every field of a class read here is checked for
        // exclusive access at run time.
        guard !contents.ivars.isEmpty || !contents.properties.isEmpty || !contents.protocols.isEmpty else {
            install(contents.methods, in: cls)
            return
        }
        for ivar in contents.ivars {
            addIvar(named: ivar.name, type: ivar.type, isWeak: ivar.isWeak, to: cls)
        }
        cls.methodTable.reserve(contents.properties.count * 2)
        // Accessors go in first, so a method of the same name written for the class wins.
        for declared in contents.properties {
            for accessor in addProperty(declared.property, accessors: declared.accessors, to: cls, origin: .accessor(of: declared.property)) {
                describe(accessor, in: cls)
            }
        }
        install(contents.methods, in: cls)
        if !contents.protocols.isEmpty { cls.protocolList = contents.protocols }
        cls.ownDefinition = OwnDefinition(ivars: cls.ivarList, properties: cls.propertyList, protocols: contents.protocols)
    }

    /// Describes a definition's methods in `cls` and its metaclass.
    private mutating func install(_ methods: [ClassBuilder.PendingMethod], in cls: Class) {
        guard !methods.isEmpty else { return }
        let classMethods = methods.count { $0.isClassMethod }
        if classMethods < methods.count { cls.methodTable.reserve(methods.count - classMethods) }
        if classMethods > 0 { cls.isa.methodTable.reserve(classMethods) }
        for pending in methods {
            describe(pending.description(origin: .definition), in: pending.isClassMethod ? cls.isa : cls)
        }
    }

    // MARK: Realization

    /// Gives a lazily registered class its contents, once: its superclass chain first, then
    /// its builder, run here with the lock held so that no other thread sees the class half
    /// made or runs the builder again. Every path to a class's contents comes here first
    /// (the contents' accessors stop the process otherwise, see ``Class/methodTable``).
    ///
    /// The builder may call the runtime (to intern a selector, find a class or a protocol):
    /// the lock is the thread's own, which it takes again (see ``Locked``). Everything here
    /// reads and writes the state through one pointer, so what such a call changes is
    /// seen.
    mutating func realize(_ cls: Class) {
        // A class registered at once may inherit from one still waiting, so the whole chain
        // is checked, top first: a few loads, on paths that take the lock anyway.
        if let superclass = cls.superclass, superclass !== cls { realize(superclass) }
        guard !cls.isRealized else { return }
        guard let definition = cls.lazyDefinition, let target = definition.cls, let runtime = definition.runtime else { return }
        if target !== cls { realize(target) }
        guard !target.isRealized else { return }
        // Taken before it runs, so that nothing the builder does can run it again.
        target.lazyDefinition = nil
        target.isa.lazyDefinition = nil
        unrealizedCount -= 1
        withUnsafeMutablePointer(to: &self) { registry in
            var builder = ClassBuilder(runtime: runtime, className: target.name, isRealizing: true)
            do {
                try definition.build(&builder)
            } catch {
                // A lazily registered class is a library's own, checked by its tests: a
                // mistake in it is the program's, and there is no caller to give it to.
                preconditionFailure("realizing \(target.name): \(error)")
            }
            for name in registry.pointee.declaredConformances.removeValue(forKey: target.name) ?? [] {
                if let proto = registry.pointee.protocols[name] { builder.adopt(proto) }
            }
            // Marked before installing, as the accessors install writes through require it:
            // a thread that sees the mark without the lock reads the contents only under the
            // lock, which this one holds until they are in place.
            target.markRealized()
            target.isa.markRealized()
            registry.pointee.declarationOrder = target.serial
            registry.pointee.install(builder, in: target)
            registry.pointee.declarationOrder = nil
        }
    }

    /// Realizes every class still waiting, as a question about all selectors needs.
    mutating func realizeAll() {
        guard unrealizedCount > 0 else { return }
        for cls in classes where !cls.isRealized { realize(cls) }
    }

    /// The return type of the method declared first for `selector`: as the compiler takes
    /// it from the declaration, what a message to nil returns. Every class is realized
    /// first, as one not yet used may declare it, and earlier than the ones that do.
    mutating func declaredReturnType(of selector: Selector) -> ObjCType? {
        realizeAll()
        return declaredReturnTypes[selector.id]?.type
    }

    /// The methods written in `contents`, made for `cls` (class methods for its metaclass).
    mutating func definedMethods(_ contents: ClassBuilder, in cls: Class) -> [Method] {
        contents.methods.map { pending in
            makeMethod(pending.description(origin: .definition), in: pending.isClassMethod ? cls.isa : cls)
        }
    }

    /// Adds storage to `cls`; an ivar of that name already there is kept.
    @discardableResult
    mutating func addIvar(named name: String, type: ObjCType, isWeak: Bool, to cls: Class) -> Ivar {
        if let existing = cls.ivarList.first(where: { $0.name == name }) { return existing }
        let ivar = Ivar(name: name, type: type, isWeak: isWeak, id: nextIvarID, owner: cls)
        nextIvarID += 1
        cls.ivarList.append(ivar)
        return ivar
    }

    /// Records `property` on `cls` with its storage, and returns its accessors for the
    /// caller to install (a class may define its own instead).
    mutating func addProperty(
        _ property: Property, accessors: Property.Accessors, to cls: Class, origin: Method.Origin = .other
    ) -> [MethodDefinition] {
        guard property.attributes.isDisjoint(with: [.dynamic, .unstored]) else {
            cls.propertyList.append(property)
            return []
        }
        let ivar = addIvar(
            named: property.ivarName, type: property.type, isWeak: property.attributes.contains(.weak), to: cls)
        cls.propertyList.append(property)
        return Self.accessors(for: property, accessors: accessors, storedIn: ivar, origin: origin)
    }

    /// A property's getter and, unless it is read-only, its setter, over the ivar `ivar`.
    static func accessors(
        for property: Property, accessors: Property.Accessors, storedIn ivar: Ivar, origin: Method.Origin
    ) -> [MethodDefinition] {
        var methods = [MethodDefinition(accessors.getter, accessors.getterTypes, origin: origin) { message in
            try message.receiver.value(of: ivar)
        }]
        if let (setterSelector, setterTypes) = accessors.setter {
            let name = property.name
            methods.append(MethodDefinition(setterSelector, setterTypes, origin: origin) { message in
                let value = try property.type.coerce(message.arguments[0], for: "property '\(name)' of \(message.receiver.isa.name)")
                let changes = message.runtime.propertyChanges
                guard changes.isActive else {
                    try message.receiver.setValue(value, of: ivar)
                    return .nil
                }
                try changes.notify(.willChange, name, of: message.receiver, in: message.runtime, depth: message.depth + 1)
                try message.receiver.setValue(value, of: ivar)
                try changes.notify(.didChange, name, of: message.receiver, in: message.runtime, depth: message.depth + 1)
                return .nil
            })
        }
        return methods
    }

    // MARK: Lookup

    /// Walks the superclass chain from `cls` for `selector`; realizes the chain first.
    ///
    /// A superclass's cache answers for the rest of the walk, as objc's lookup does: it
    /// holds what a walk from that class found, and every change that could alter such a
    /// walk empties it (``flushCaches(from:)`` empties a class's and its descendants'). So
    /// a new subclass's first sends of inherited methods stop at the first ancestor that has
    /// answered them before, rather than searching every ancestor's method list.
    mutating func findMethod(_ selector: Selector, from cls: Class?) -> Method? {
        guard let cls else { return nil }
        if !cls.isLineageRealized { realize(cls) }
        guard isInterned(selector) else { return nil }
        // Walked by unretained links, as every cache miss walks it: a class and its
        // superclasses live as long as the runtime whose lock is held.
        var current: Unmanaged<Class>? = .passUnretained(cls)
        while let candidate = current {
            let (found, next) = candidate._withUnsafeGuaranteedRef { (Self.method(selector, declaredBy: $0), $0.unmanagedSuperclass) }
            if let found { return found }
            if let next, let cached = next._withUnsafeGuaranteedRef({ $0.cachedMethod(for: selector) }) {
                return cached.takeUnretainedValue()
            }
            current = next
        }
        return nil
    }

    /// Looks `selector` up from `cls` and caches what it finds in `cls`.
    mutating func lookUpAndCache(_ selector: Selector, in cls: Class) -> Method? {
        if let cached = cls.cachedMethod(for: selector) { return cached.takeUnretainedValue() }
        guard let method = findMethod(selector, from: cls) else { return nil }
        // A class not yet sent `+initialize` keeps its cache empty, so that its first
        // message, whoever looked a method up before it, takes the path that sends it.
        if !cls.isMetaclass || cls.isInitialized { cls.remember(method, retiring: &retiredCaches) }
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
