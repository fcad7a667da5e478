import Synchronization

/// An Objective-C-style object runtime: classes and metaclasses, selectors, methods,
/// message dispatch with `super`, swizzling with an undo ledger, introspection, tracing.
///
/// A runtime is an instance the caller owns; two runtimes never see each other's classes,
/// so tests and replayed transcripts can run side by side. Every method is safe to call
/// from several threads at once: mutations and cache fills take one lock, and cached
/// sends take none.
///
/// Implementations receive a ``Message`` that carries the runtime; capture that rather
/// than the runtime itself, or the runtime's classes outlive it.
public final class Runtime: Sendable {
    /// Sends and block calls nested deeper than this fail with ``RuntimeError/callDepthExceeded(in:limit:)``.
    public let maximumSendDepth: Int

    let registry: Locked<Registry>
    /// Held by every class of this runtime, so a class from another one is recognised.
    let token: RuntimeToken
    /// Held by this runtime alone, so that it goes with it (see ``RuntimeReference``).
    let lifetime = RuntimeLifetime()
    /// Selectors the dispatcher itself sends, interned once.
    let wellKnown: WellKnownSelectors
    let nextObjectSerial = Atomic<Int>(1)
    let tracing = Tracing()
    /// What synthesized setters tell key-value observing.
    public let propertyChanges = PropertyChanges()
    /// The depth below which a send may skip every check but the argument count:
    /// ``maximumSendDepth`` while nobody traces, 0 while someone does. The inlined fast
    /// path compares a send's depth with this one word, so that a single compare both keeps
    /// sends under the limit and turns every traced send to the checked path.
    @usableFromInline let untracedDepthLimit: Atomic<Int>
    /// What answers messages nothing implements, if anything does (see ``MessageFallback``).
    let fallback = Mutex<(any MessageFallback)?>(nil)
    /// Method type encodings parsed so far, by their text: a class library writes the same
    /// few (`v@:`, `@@:`) hundreds of times, and parsing each again dominated start-up.
    let encodings = Mutex<[String: TypeEncoding]>([:])
    /// What makes a class that ``getClass(named:)`` does not find, if anything does.
    let classHook = Mutex<ClassHook?>(nil)

    /// The class hook, boxed: a function stored straight in a `Mutex` (a generic container
    /// read and written `inout`) is wrapped in one more conversion thunk on every access, a
    /// chain that grows until calling it overflows the stack.
    final class ClassHook: Sendable {
        let make: @Sendable (String, Runtime) throws -> Class?
        init(_ make: @escaping @Sendable (String, Runtime) throws -> Class?) { self.make = make }
    }

    /// Creates an empty runtime: no classes, no selectors, an empty ledger.
    ///
    /// - Parameter maximumSendDepth: how deeply sends may nest before the runtime calls it
    ///   runaway recursion. Each level takes about 0.7 KiB of the sending thread's stack in
    ///   a release build and 2.7 KiB in a debug build (more when tracing): the default, 150,
    ///   fits a 512 KiB secondary-thread stack even in a debug build. Raise it only for
    ///   threads with larger stacks; values below 1 are taken as 1.
    public init(maximumSendDepth: Int = 150) {
        self.maximumSendDepth = max(1, maximumSendDepth)
        untracedDepthLimit = Atomic(self.maximumSendDepth)
        token = RuntimeToken()
        var initial = Registry(token: token)
        wellKnown = WellKnownSelectors(
            resolveInstanceMethod: initial.intern("resolveInstanceMethod:"),
            resolveClassMethod: initial.intern("resolveClassMethod:"),
            forwardingTargetForSelector: initial.intern("forwardingTargetForSelector:"),
            isEqual: initial.intern("isEqual:"), hash: initial.intern("hash"), initialize: initial.intern("initialize"),
            dealloc: initial.intern("dealloc"))
        initial.deallocSelectorID = wellKnown.dealloc.id
        registry = Locked(initial)
    }

    deinit {
        // Instances going as the classes are cut apart get no `-dealloc`: no code of this
        // runtime runs again.
        token.deallocations.close()
        // Classes refer to each other in cycles (subclass lists, a root metaclass and its
        // root class, implementations that capture classes): cut them so they go too.
        registry.withLock { registry in
            for cls in registry.classes + registry.replacedClasses {
                for each in [cls, cls.isa] {
                    each.removeAllIvarValues()
                    each.tearDown()
                }
                if cls.superclass == nil { cls.isa.setRootMetaclassSuperclass(nil) }
            }
            registry = Registry(token: token)
        }
    }

    /// Installs what answers messages nothing implements, after resolution and forwarding
    /// decline; nil restores objc's behaviour, raising for an unrecognised selector.
    public func setMessageFallback(_ fallback: (any MessageFallback)?) {
        self.fallback.withLock { $0 = fallback }
    }

    /// What answers messages nothing implements, if anything is installed.
    public var messageFallback: (any MessageFallback)? {
        fallback.withLock { $0 }
    }

    /// The method type encoding `types` parses to, parsed once per runtime and shared: a
    /// library declaring many methods of one encoding (`v@:`) parses it once.
    ///
    /// - Throws: ``RuntimeError/invalidTypeEncoding(_:reason:)`` as ``TypeEncoding/init(_:)`` does.
    public func typeEncoding(_ types: String) throws(RuntimeError) -> TypeEncoding {
        try parsedEncoding(types)
    }

    /// The method type encoding `types` parses to, parsed once per runtime.
    func parsedEncoding(_ types: String) throws(RuntimeError) -> TypeEncoding {
        if let parsed = encodings.withLock({ $0[types] }) { return parsed }
        let parsed = try TypeEncoding(types)
        encodings.withLock { $0[types] = parsed }
        return parsed
    }

    // MARK: Selectors

    /// The interned selector for `name`, created on first use.
    ///
    /// - Throws: ``RuntimeError/invalidName(kind:name:)`` when `name` is not a selector
    ///   (`viewDidLoad`, `setTitle:`, `pushViewController:animated:`).
    public func selector(_ name: String) throws(RuntimeError) -> Selector {
        if let existing = registry.withLock({ $0.selectors[name] }) { return existing }
        guard Selector.isValidName(name) else { throw .invalidName(kind: "selector", name: name) }
        return registry.withLock { $0.intern(name) }
    }

    /// The selector of any name, as `sel_registerName` and `NSSelectorFromString` give one:
    /// objc registers whatever C string it is given (a key path, a date a model library
    /// reads as a selector), where ``selector(_:)`` refuses names no method could have.
    public func registeredSelector(_ name: String) -> Selector {
        if let existing = registry.withLock({ $0.selectors[name] }) { return existing }
        return registry.withLock { $0.intern(name) }
    }

    /// The selectors interned so far, sorted by name. Every lazily registered class is
    /// realized first, so the list holds every selector a class declares.
    public var selectors: [Selector] {
        registry.withLock { registry in
            registry.realizeAll()
            return registry.selectorsByID
        }.sorted { $0.name < $1.name }
    }

    // MARK: Classes

    /// Registers a class and its metaclass, built by `build`. Nothing is registered when
    /// `build` or the registration throws.
    ///
    /// - Parameters:
    ///   - name: the class name, unique in this runtime.
    ///   - superclass: the superclass, or nil for a root class.
    ///   - build: adds methods, properties, ivars and protocols.
    /// - Throws: ``RuntimeError/duplicateClass(_:)`` naming the class when the name is
    ///   taken, an error when `superclass` is a metaclass or another runtime's class, or
    ///   the first error `build` raised.
    @discardableResult
    public func registerClass(
        named name: String, superclass: Class? = nil,
        _ build: (inout ClassBuilder) throws -> Void = { _ in }
    ) throws -> Class {
        guard Registry.isIdentifier(name) else { throw RuntimeError.invalidName(kind: "class", name: name) }
        let pending = try contents(ofClass: name, superclass: superclass, build)
        return try registry.withLock { registry throws(RuntimeError) in
            try registry.register(name: name, superclass: superclass, contents: pending)
        }
    }

    /// Registers a class and its metaclass now, and runs `build` for their contents only
    /// when the class is first used, as objc4 realizes a class on its first message: a
    /// library of hundreds of classes then costs at start-up only their names. The first
    /// send to the class or its instances, a question about its methods, properties,
    /// protocols or ivars, a change to it, a subclass's lookup through it, and making an
    /// instance each realize it (its superclasses first); nothing it answers differs from
    /// a class registered with ``registerClass(named:superclass:_:)``.
    ///
    /// `build` runs once, on whichever thread first needs the class, with the runtime's
    /// lock held (the thread holding it may take it again, see ``Locked``): it may intern
    /// selectors and look up classes and protocols, and must not fail, since there is no
    /// caller to report a failure to then; the process stops if it does.
    ///
    /// - Parameters:
    ///   - name: the class name, unique in this runtime.
    ///   - superclass: the superclass, or nil for a root class.
    ///   - initialHeldValue: for the mutable forms of values, what a new instance holds
    ///     (see ``ClassBuilder/holdValues(startingWith:)``, which a lazy builder may not call).
    ///   - build: adds methods, properties, ivars and protocols, later.
    /// - Throws: ``RuntimeError/duplicateClass(_:)`` naming the class when the name is
    ///   taken, or an error when `superclass` is a metaclass or another runtime's class.
    @discardableResult
    public func registerLazyClass(
        named name: String, superclass: Class? = nil, holdingValues initialHeldValue: Value? = nil,
        _ build: @escaping @Sendable (inout ClassBuilder) throws -> Void
    ) throws(RuntimeError) -> Class {
        guard Registry.isIdentifier(name) else { throw .invalidName(kind: "class", name: name) }
        if let superclass {
            guard owns(superclass) else { throw .foreignClass(superclass.name) }
            guard !superclass.isMetaclass else { throw .notAClass(superclass.name, role: "the superclass of '\(name)'") }
        }
        return try registry.withLock { registry throws(RuntimeError) in
            try registry.registerLazily(
                name: name, superclass: superclass, initialHeldValue: initialHeldValue, runtime: self, build: build)
        }
    }

    /// Realizes `cls` if it was registered lazily and nothing has used it yet. The check,
    /// one load of a flag once the answer is yes, is compiled into every change and send
    /// that asks it (an exchange asks twice); the walk and the realizing are out of line.
    @inline(__always)
    func realize(_ cls: Class) {
        guard !cls.isKnownLineageRealized else { return }
        realizeLineage(cls)
    }

    @inline(never)
    private func realizeLineage(_ cls: Class) {
        guard !cls.isLineageRealized else { return }
        registry.withLock { $0.realize(cls) }
    }

    /// What `build` puts in the class `name`, once `superclass` is checked to be a class
    /// of this runtime; for ``registerClass(named:superclass:_:)`` and ``redefineClass(named:superclass:_:)``.
    func contents(ofClass name: String, superclass: Class?, _ build: (inout ClassBuilder) throws -> Void) throws -> ClassBuilder {
        if let superclass {
            // Not `checkOwnership`: a subclass needs nothing of its superclass's contents
            // until it is used, so registering one leaves a lazy superclass waiting.
            guard owns(superclass) else { throw RuntimeError.foreignClass(superclass.name) }
            guard !superclass.isMetaclass else {
                throw RuntimeError.notAClass(superclass.name, role: "the superclass of '\(name)'")
            }
        }
        var builder = ClassBuilder(runtime: self, className: name)
        try build(&builder)
        return builder
    }

    /// The class with this name, or nil.
    public func `class`(named name: String) -> Class? {
        registry.withLock { $0.classesByName[name] }
    }

    /// The class with this name, or what the class hook makes for it when there is none
    /// (objc's `objc_getClass`, where ``class(named:)`` is `objc_lookUpClass`).
    public func getClass(named name: String) throws -> Class? {
        if let found = self.class(named: name) { return found }
        guard let hook = classHook.withLock({ $0 }) else { return nil }
        return try hook.make(name, self)
    }

    /// Installs what ``getClass(named:)`` asks for a class the runtime lacks, as
    /// `objc_setHook_getClass` does; nil removes it.
    public func setClassHook(_ hook: (@Sendable (_ name: String, _ runtime: Runtime) throws -> Class?)?) {
        let box = hook.map(ClassHook.init)
        classHook.withLock { $0 = box }
    }

    /// The class with this name.
    ///
    /// - Throws: ``RuntimeError/unknownClass(_:)`` when there is none.
    public func requireClass(named name: String) throws(RuntimeError) -> Class {
        guard let found = self.class(named: name) else { throw .unknownClass(name) }
        return found
    }

    /// Every registered class (not metaclasses), sorted by name.
    public var classes: [Class] {
        registry.withLock { $0.sortedClasses() }
    }

    /// The number of registered classes.
    public var classCount: Int { registry.withLock { $0.classes.count } }

    /// The classes whose superclass is `cls`, sorted by name; not those a redefinition
    /// replaced (see ``redefineClass(named:superclass:_:)``).
    public func directSubclasses(of cls: Class) -> [Class] {
        guard owns(cls) else { return [] }
        return registry.withLock { _ in cls.subclassList.filter { $0.isMetaclass == cls.isMetaclass && !$0.isReplaced } }
            .sorted { $0.name < $1.name }
    }

    /// Every class that descends from `cls`, at any depth, sorted by name; not those a
    /// redefinition replaced.
    public func allSubclasses(of cls: Class) -> [Class] {
        guard owns(cls) else { return [] }
        return registry.withLock { _ in cls.descendants.filter { $0.isMetaclass == cls.isMetaclass && !$0.isReplaced } }
            .sorted { $0.name < $1.name }
    }

    // MARK: Protocols

    /// Registers a protocol.
    ///
    /// - Throws: ``RuntimeError/duplicateProtocol(_:)`` when the name is taken.
    @discardableResult
    public func registerProtocol(
        named name: String, inheriting inherited: [ObjCProtocol] = [],
        requiredMethods: [MethodDescription] = [], optionalMethods: [MethodDescription] = [],
        properties: [Property] = []
    ) throws(RuntimeError) -> ObjCProtocol {
        guard Registry.isIdentifier(name) else { throw .invalidName(kind: "protocol", name: name) }
        let made = ObjCProtocol(
            name: name, inheritedProtocols: inherited, requiredMethods: requiredMethods,
            optionalMethods: optionalMethods, properties: properties)
        return try registry.withLock { registry throws(RuntimeError) in
            guard registry.protocols[name] == nil else { throw .duplicateProtocol(name) }
            registry.protocols[name] = made
            return made
        }
    }

    /// The protocol with this name, or nil.
    public func `protocol`(named name: String) -> ObjCProtocol? {
        registry.withLock { $0.protocols[name] }
    }

    /// Every registered protocol, sorted by name.
    public var protocols: [ObjCProtocol] {
        registry.withLock { Array($0.protocols.values) }.sorted { $0.name < $1.name }
    }

    // MARK: Instances

    /// A new instance of `cls`, with every ivar at its zero value (`class_createInstance`).
    ///
    /// - Throws: when `cls` is a metaclass or belongs to another runtime.
    public func createInstance(of cls: Class) throws(RuntimeError) -> Object {
        try checkOwnership(of: cls)
        guard !cls.isMetaclass else { throw .notAClass(cls.name, role: "a class to instantiate") }
        let serial = nextObjectSerial.add(1, ordering: .relaxed).oldValue
        if let initial = cls.initialHeldValue { return ValueHolder(initial, isa: cls, serial: serial) }
        return Object(isa: cls, serial: serial)
    }

    /// Refuses a class of another runtime: its state is guarded by that runtime's lock.
    /// Realizes a class of this one, as every public call handed a class to change, send
    /// to or instantiate asks this first: the contents it reads under the lock are there.
    /// Must not be called with the lock held.
    @inline(__always)
    func checkOwnership(of cls: Class) throws(RuntimeError) {
        guard cls.owner === token else { throw .foreignClass(cls.name) }
        realize(cls)
    }

    /// Whether `cls` belongs to this runtime; questions about another runtime's classes
    /// get empty answers rather than reading state under the wrong lock.
    func owns(_ cls: Class) -> Bool { cls.owner === token }
}

struct WellKnownSelectors: Sendable {
    let resolveInstanceMethod: Selector
    let resolveClassMethod: Selector
    let forwardingTargetForSelector: Selector
    let isEqual: Selector
    let hash: Selector
    let initialize: Selector
    let dealloc: Selector
}
