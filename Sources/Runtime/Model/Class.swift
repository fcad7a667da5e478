import Synchronization

/// A class or a metaclass. Classes are objects: a class's own class is its metaclass,
/// which holds the class methods.
///
/// Everything that can change after registration (methods, subclasses, protocols,
/// properties, ivars, the lookup cache) is guarded by the owning runtime's lock; read it
/// through ``Runtime``'s introspection methods.
public final class Class: Object, @unchecked Sendable {
    /// The class name; a metaclass has the same name as its class.
    public let name: String
    /// Whether this is a metaclass, the class of a class.
    public let isMetaclass: Bool
    /// Identifies the runtime the class belongs to; a class is only ever handled under
    /// its own runtime's lock.
    let owner: RuntimeToken
    /// Keeps the superclass alive; nil for a root class and a root metaclass (whose
    /// superclass, its root class, refers back to it).
    private let retainedSuperclass: Class?
    /// The superclass, unretained, for lookups. A root metaclass's is its root class, so
    /// class-method lookup falls through to the root's instance methods: that one link is
    /// set after creation and cut when the runtime goes away.
    private(set) nonisolated(unsafe) var unmanagedSuperclass: Unmanaged<Class>?

    // Guarded by the runtime's lock.
    var methodTable: [Int: Method] = [:]
    var subclassList: [Class] = []
    var protocolList: [ObjCProtocol] = []
    var propertyList: [Property] = []
    var ivarList: [Ivar] = [] {
        didSet { Self.ivarGeneration.add(1, ordering: .relaxed) }
    }
    /// This class's ivars and its superclasses', as of an ``ivarGeneration``, so that
    /// finding one by name is one lookup: nearest class first (the first of a name is the
    /// one that hides a superclass's of that name), and also by name when there are many.
    var ivarIndex: (generation: Int, nearestFirst: [Ivar], byName: [String: Ivar]?)?
    /// Counts changes to any class's ivars, so that an ``ivarIndex`` built before one is
    /// built again. Ivars change only as classes are built and as the ledger undoes that.
    static let ivarGeneration = Atomic<Int>(0)
    var cacheTable: CacheTable?
    /// What the class's own definition declared, apart from what categories and later
    /// changes added: what a redefinition compares itself with and replaces.
    var ownDefinition = OwnDefinition()
    /// Whether a redefinition registered another class under this one's name: this one
    /// keeps serving the instances made before, and no lookup by name or listing finds it.
    var isReplaced = false

    /// The published lookup cache, read without the lock on every send.
    let cache = Atomic<UnsafeMutableRawPointer?>(nil)
    /// For a class whose instances hold a value that changes (`NSMutableArray`), the value
    /// a new instance starts with; inherited by subclasses. See ``ValueHolder``.
    public let initialHeldValue: Value?
    /// Whether an instance, stored where a number, a `BOOL` or a struct is expected, is
    /// taken as that type's zero: a stand-in for a value the model could not give.
    public let instancesReadAsZero: Bool

    init(
        name: String, isMetaclass: Bool, isa: Class?, superclass: Class?, serial: Int, owner: RuntimeToken,
        initialHeldValue: Value? = nil, instancesReadAsZero: Bool = false
    ) {
        self.initialHeldValue = initialHeldValue ?? superclass?.initialHeldValue
        self.instancesReadAsZero = instancesReadAsZero
        self.name = name
        self.isMetaclass = isMetaclass
        self.owner = owner
        self.retainedSuperclass = superclass
        self.unmanagedSuperclass = superclass.map(Unmanaged.passUnretained)
        super.init(isa: isa, serial: serial)
    }

    /// The superclass, or nil for a root class. A root metaclass's superclass is its root
    /// class.
    public var superclass: Class? { unmanagedSuperclass?.takeUnretainedValue() }

    /// Links a root metaclass to its root class, or cuts that link.
    func setRootMetaclassSuperclass(_ rootClass: Class?) {
        precondition(isMetaclass && retainedSuperclass == nil, "only a root metaclass's superclass is set after creation")
        unmanagedSuperclass = rootClass.map(Unmanaged.passUnretained)
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
}

/// The ivars, properties and protocols a class's definition declared (its methods say so
/// themselves, by ``Method/Origin``).
struct OwnDefinition {
    var ivars: [Ivar] = []
    var properties: [Property] = []
    var protocols: [ObjCProtocol] = []
}

/// A runtime's identity, held by each of its classes. A class keeps it alive, so no other
/// runtime can ever have the same one.
final class RuntimeToken: Sendable {}
