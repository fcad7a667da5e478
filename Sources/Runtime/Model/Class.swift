import Synchronization

/// A class or a metaclass. Classes are objects: a class's own class is its metaclass,
/// which holds the class methods.
///
/// Everything that can change after registration (methods, subclasses, protocols,
/// properties, ivars, the lookup cache) is guarded by the owning runtime's lock; read it
/// through ``Runtime``'s introspection methods.
///
/// A class registered with ``Runtime/registerLazyClass(named:superclass:holdingValues:_:)``
/// has no contents until it is first used: its record is realized then (see
/// ``Registry/realize(_:)``). The contents are stored privately and read only through
/// accessors that stop the process when the class is not realized, so no path can read
/// an empty method list where the class's definition has not yet run.
public final class Class: Object, @unchecked Sendable {
    // @unchecked: the mutable fields below are guarded by the owning runtime's lock, and
    // `cache` and `realizedFlag` are atomics read without it.

    /// The class name; a metaclass has the same name as its class.
    public let name: String
    /// Whether this is a metaclass, the class of a class.
    public let isMetaclass: Bool
    // The flags share the word after `isMetaclass` (fields are laid out in the order
    // declared, and every class and metaclass has them all).
    /// How many ivars the class itself declares (at most `UInt16.max`, so that it shares the
    /// flags' word), kept with ``ivarList`` and read without the lock: by
    /// ``Runtime/ivar(_:in:)`` and to size a new object's ivar storage.
    private let ownIvarCount = Atomic<UInt16>(0)
    /// Whether the class's contents are in place; false from a lazy registration until
    /// realization. Written under the lock, read without it to skip taking the lock.
    private let realizedFlag: Atomic<Bool>
    /// Flags that, once set, stay set, as bits of one byte so that they share the word:
    /// ``lineageRealizedBit``, ``initializedBit``, ``deallocBit`` and ``replacedBit``.
    private let settledFlags = Atomic<UInt8>(0)
    /// Whether this class and every superclass were found realized (see
    /// ``isLineageRealized``); nothing unrealizes a class.
    private static let lineageRealizedBit: UInt8 = 1
    /// On a metaclass: whether its class has been sent `+initialize` (or found to need
    /// none), which happens before the class's first message. See ``markInitialized()``.
    private static let initializedBit: UInt8 = 2
    /// Whether the class or a superclass implements `-dealloc`, a root class aside (whose
    /// `-dealloc` frees nothing the model needs to hear of): see ``instancesTakeDealloc``.
    private static let deallocBit: UInt8 = 4
    /// Whether a redefinition registered another class under the class's name (see ``isReplaced``).
    private static let replacedBit: UInt8 = 8
    /// Whether an instance, stored where a number, a `BOOL` or a struct is expected, is
    /// taken as that type's zero: a stand-in for a value the model could not give.
    public let instancesReadAsZero: Bool
    /// Whether ``superclassLink`` holds a reference to the superclass: false for a root
    /// class, which has none, and for a root metaclass, whose link to its root class is
    /// set later and refers back to it.
    private let holdsSuperclass: Bool
    /// Identifies the runtime the class belongs to; a class is only ever handled under
    /// its own runtime's lock.
    let owner: RuntimeToken
    /// The superclass, for lookups: one reference taken by hand (see ``holdsSuperclass``),
    /// so reading it costs no reference counting. A root metaclass's is its root class, so
    /// class-method lookup falls through to the root's instance methods: that one link is
    /// set after creation and cut when the runtime goes away. An atomic word rather than a
    /// `var`: a super send compiled into another module reads it, and a `var` of a class
    /// would be read there through a run-time exclusivity check costing more than the send.
    @usableFromInline let superclassLink: Atomic<UnsafeMutableRawPointer?>

    // Guarded by the runtime's lock, which already makes every access exclusive, and no
    // access to one nests in another: checked again at run time, as a class's `var`s are,
    // each access would cost a call into the Swift runtime (two for each class a
    // registration links into its superclass, two for each method lookup on a cache miss).
    @exclusivity(unchecked) var subclassList: [Class] = []
    /// The class's own methods; read through ``methodTable``.
    @exclusivity(unchecked) private var ownMethods = MethodList()
    /// What few classes have (protocols, properties, ivars, a definition to compare a
    /// redefinition with, a builder not yet run): allocated for a class that has any, so
    /// a class of methods alone costs no more than its method list.
    @exclusivity(unchecked) private var side: ClassSideRecord?
    @exclusivity(unchecked) var cacheTable: CacheTable?

    /// Counts changes to any class's ivars, so that an ``ivarIndex`` built before one is
    /// built again. Ivars change only as classes are built and as the ledger undoes that.
    static let ivarGeneration = Atomic<Int>(0)

    /// The published lookup cache, read without the lock on every send.
    @usableFromInline let cache = Atomic<UnsafeMutableRawPointer?>(nil)
    /// The value a new instance starts holding, boxed: a few classes have one, and a value
    /// stored inline would widen every class by three words.
    private let heldValue: HeldValue?

    private final class HeldValue: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    init(
        name: String, isMetaclass: Bool, isa: Class?, superclass: Class?, serial: Int, owner: RuntimeToken,
        initialHeldValue: Value? = nil, instancesReadAsZero: Bool = false, isRealized: Bool = true
    ) {
        self.heldValue = initialHeldValue.map(HeldValue.init) ?? superclass?.heldValue
        self.instancesReadAsZero = instancesReadAsZero
        self.name = name
        self.isMetaclass = isMetaclass
        self.owner = owner
        self.holdsSuperclass = superclass != nil
        self.superclassLink = Atomic(superclass.map { Unmanaged.passRetained($0).toOpaque() })
        self.realizedFlag = Atomic(isRealized)
        super.init(isa: isa, serial: serial)
    }

    deinit {
        if holdsSuperclass, let superclass = superclassLink.load(ordering: .relaxed) {
            Unmanaged<Class>.fromOpaque(superclass).release()
        }
    }

    /// For a class whose instances hold a value that changes (`NSMutableArray`), the value
    /// a new instance starts with; inherited by subclasses. See ``ValueHolder``.
    public var initialHeldValue: Value? { heldValue?.value }

    /// The superclass, or nil for a root class. A root metaclass's superclass is its root
    /// class.
    public var superclass: Class? { unmanagedSuperclass?.takeUnretainedValue() }

    /// The superclass, unretained.
    @inlinable @inline(__always)
    var unmanagedSuperclass: Unmanaged<Class>? {
        // Relaxed: the link is set before the class is published, under the runtime's lock.
        superclassLink.load(ordering: .relaxed).map { Unmanaged.fromOpaque($0) }
    }

    /// Links a root metaclass to its root class, or cuts that link.
    func setRootMetaclassSuperclass(_ rootClass: Class?) {
        precondition(isMetaclass && !holdsSuperclass, "only a root metaclass's superclass is set after creation")
        superclassLink.store(rootClass.map { Unmanaged.passUnretained($0).toOpaque() }, ordering: .relaxed)
    }

    /// Whether this class is `other` or inherits from it.
    public func isSubclass(of other: Class) -> Bool {
        // Walked by unretained references: every ivar access asks this, and retaining and
        // releasing each class on the way would cost more than the walk.
        let target = Unmanaged.passUnretained(other).toOpaque()
        var current: Unmanaged<Class>? = .passUnretained(self)
        while let candidate = current {
            if candidate.toOpaque() == target { return true }
            current = candidate._withUnsafeGuaranteedRef { $0.unmanagedSuperclass }
        }
        return false
    }

    /// A class prints as its name.
    public override var description: String { name }

    // MARK: Realization

    /// Whether the class's contents are in place (always, unless it was registered lazily
    /// and nothing has used it yet).
    var isRealized: Bool { realizedFlag.load(ordering: .acquiring) }

    /// Whether ``isLineageRealized`` has answered yes before: one load, no walk.
    @inline(__always)
    var isKnownLineageRealized: Bool { settledFlags.load(ordering: .acquiring) & Self.lineageRealizedBit != 0 }

    /// Whether this class and every superclass are realized. Every change asks it (see
    /// ``Runtime/checkOwnership(of:)``), so the answer, once yes, is remembered in a flag
    /// and the walk is not made again; until then the chain is walked by unretained
    /// references, as ``isSubclass(of:)`` walks it.
    var isLineageRealized: Bool {
        if isKnownLineageRealized { return true }
        var current: Unmanaged<Class>? = .passUnretained(self)
        while let candidate = current {
            let (realized, next) = candidate._withUnsafeGuaranteedRef { ($0.isRealized, $0.unmanagedSuperclass) }
            if !realized { return false }
            // A root metaclass's superclass is its root class, whose superclass is nil.
            current = next
        }
        settledFlags.bitwiseOr(Self.lineageRealizedBit, ordering: .releasing)
        return true
    }

    /// The builder of a lazily registered class, until realization takes it. Guarded by
    /// the lock.
    var lazyDefinition: LazyDefinition? {
        get { side?.lazyDefinition }
        set { if newValue != nil || side != nil { record.lazyDefinition = newValue } }
    }

    /// Marks the contents as in place; called under the lock once they are.
    func markRealized() { realizedFlag.store(true, ordering: .releasing) }

    // MARK: Initialization

    /// On a metaclass: whether its class's `+initialize` has been sent. Until it has, no
    /// lookup is cached in the metaclass, so the class's first message misses the cache
    /// and takes the path that sends it.
    var isInitialized: Bool { settledFlags.load(ordering: .acquiring) & Self.initializedBit != 0 }

    /// Marks a metaclass's class initialized; true for the one caller that marked it.
    func markInitialized() -> Bool {
        settledFlags.bitwiseOr(Self.initializedBit, ordering: .acquiringAndReleasing).oldValue & Self.initializedBit == 0
    }

    /// Whether a redefinition registered another class under this one's name: this one
    /// keeps serving the instances made before, and no lookup by name or listing finds it.
    /// Read without the lock by a ``ClassName`` remembering the class.
    var isReplaced: Bool { settledFlags.load(ordering: .acquiring) & Self.replacedBit != 0 }

    /// Marks the class as having left its name to another (see ``isReplaced``).
    func markReplaced() {
        settledFlags.bitwiseOr(Self.replacedBit, ordering: .releasing)
    }

    // MARK: Deallocation

    /// Marks the class's instances as sent `-dealloc` when they go: the class or a
    /// superclass implements it (``Registry/noteMethod(_:in:)`` marks the subclasses too).
    func markTakesDealloc() {
        settledFlags.bitwiseOr(Self.deallocBit, ordering: .relaxed)
    }

    /// Whether an instance going must be sent `-dealloc`: whether this class or a
    /// superclass implements it, a root class aside. Read as every instance goes, so one
    /// load of the class's own flags, without the lock.
    var instancesTakeDealloc: Bool { settledFlags.load(ordering: .relaxed) & Self.deallocBit != 0 }

    @inline(__always)
    private func requireRealized() {
        precondition(realizedFlag.load(ordering: .relaxed), "\(name)'s contents were read before it was realized")
    }

    private var record: ClassSideRecord {
        if let side { return side }
        let made = ClassSideRecord()
        side = made
        return made
    }

    // MARK: Contents, realized

    /// The class's own methods, by selector id. Guarded by the lock; the class must be
    /// realized (see ``Registry/realize(_:)``).
    var methodTable: MethodList {
        get { requireRealized(); return ownMethods }
        _modify { requireRealized(); yield &ownMethods }
    }
    /// The protocols the class adopts, in adoption order.
    var protocolList: [ObjCProtocol] {
        get { requireRealized(); return side?.protocols ?? [] }
        _modify { requireRealized(); yield &record.protocols }
    }
    /// The properties the class declares, in declaration order.
    var propertyList: [Property] {
        get { requireRealized(); return side?.properties ?? [] }
        _modify { requireRealized(); yield &record.properties }
    }
    /// The class's own ivars, in declaration order.
    var ivarList: [Ivar] {
        get { requireRealized(); return side?.ivars ?? [] }
        _modify {
            requireRealized()
            yield &record.ivars
            ownIvarCount.store(UInt16(clamping: record.ivars.count), ordering: .releasing)
            Self.ivarGeneration.add(1, ordering: .releasing)
        }
    }
    /// Whether the class itself declares ivars; read without the lock.
    var declaresIvars: Bool { ownIvarCount.load(ordering: .acquiring) != 0 }

    /// How many ivars the class and its superclasses declare, read without the lock: room
    /// enough for an instance's ivar values. Only a size to start with, as ivars can be
    /// added later (and a class of more than `UInt16.max` counts that many).
    var lineageIvarCount: Int {
        var count = 0
        var current: Unmanaged<Class>? = .passUnretained(self)
        while let candidate = current {
            let (own, next) = candidate._withUnsafeGuaranteedRef { (Int($0.ownIvarCount.load(ordering: .relaxed)), $0.unmanagedSuperclass) }
            count += own
            current = next
        }
        return count
    }

    /// What the class's own definition declared, apart from what categories and later
    /// changes added: what a redefinition compares itself with and replaces.
    var ownDefinition: OwnDefinition {
        get { requireRealized(); return side?.ownDefinition ?? OwnDefinition() }
        set {
            requireRealized()
            if side != nil || !newValue.isEmpty { record.ownDefinition = newValue }
        }
    }
    /// This class's ivars and its superclasses', as of an ``ivarGeneration``, so that
    /// finding one by name is one lookup: nearest class first (the first of a name is the
    /// one that hides a superclass's of that name), and also by name when there are many.
    var ivarIndex: IvarIndex? {
        get { side?.ivarIndex }
        set { record.ivarIndex = newValue }
    }

    // MARK: Registration-level fields, needing no realization

    /// The number of the class's own methods, realized or not (none until it is): for
    /// ``Runtime/memory``.
    var storedMethodCount: Int { ownMethods.count }
    /// The method list's slots, how many of its methods have been made into ``Method``s,
    /// and whether the class has a side record: for ``Runtime/memory``.
    var storedFootprint: (methodSlots: Int, madeMethods: Int, hasSideRecord: Bool) {
        (ownMethods.capacity, ownMethods.madeCount, side != nil)
    }

    /// Drops everything the class refers to, realized or not, as its runtime goes away.
    func tearDown() {
        ownMethods = MethodList()
        side = nil
        subclassList.removeAll()
        cacheTable = nil
        cache.store(nil, ordering: .relaxed)
    }
}

typealias IvarIndex = (generation: Int, nearestFirst: [Ivar], byName: [String: Ivar]?)

/// The ivars, properties and protocols a class's definition declared (its methods say so
/// themselves, by ``Method/Origin``).
struct OwnDefinition {
    var ivars: [Ivar] = []
    var properties: [Property] = []
    var protocols: [ObjCProtocol] = []

    var isEmpty: Bool { ivars.isEmpty && properties.isEmpty && protocols.isEmpty }
}

/// A runtime's identity, held by each of its classes. A class keeps it alive, so no other
/// runtime can ever have the same one. It also holds the instances waiting for `-dealloc`,
/// which an instance reaches through its class.
final class RuntimeToken: Sendable {
    let deallocations = DeallocationQueue()
}
