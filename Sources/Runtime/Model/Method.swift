import Synchronization

/// A method in a class's method list: a selector, a type encoding and an implementation.
///
/// The implementation can change (set, exchange); sends read it without a lock.
public final class Method: @unchecked Sendable, Hashable, CustomStringConvertible {
    public let selector: Selector
    public let types: TypeEncoding
    /// Whether it takes arguments after its selector's, as `stringWithFormat:` and
    /// `arrayWithObjects:` do (`, ...` in its declaration).
    public let isVariadic: Bool
    /// The class whose method list holds this method.
    public let owner: Class
    /// Whether the class's own definition made it, rather than a category or a later change.
    let origin: Origin
    /// The current ``Implementation``, unretained, for sends: the runtime keeps every
    /// implementation it made alive until it goes away, so a send in flight never holds a
    /// freed one.
    private let current: Atomic<UnsafeMutableRawPointer>
    /// Keeps the current implementation alive for a method that outlives its runtime.
    /// Guarded by the runtime's lock.
    private var retainedImplementation: Implementation

    init(
        selector: Selector, types: TypeEncoding, owner: Class, implementation: Implementation, isVariadic: Bool = false,
        origin: Origin = .other
    ) {
        self.selector = selector
        self.origin = origin
        self.types = types
        self.isVariadic = isVariadic
        self.owner = owner
        self.current = Atomic(Unmanaged.passUnretained(implementation).toOpaque())
        self.retainedImplementation = implementation
    }

    /// The implementation a send runs now.
    public var implementation: Implementation { unmanagedImplementation.takeUnretainedValue() }

    @inline(__always)
    var unmanagedImplementation: Unmanaged<Implementation> {
        Unmanaged.fromOpaque(current.load(ordering: .acquiring))
    }

    /// Called with the runtime's lock held.
    func setImplementation(_ implementation: Implementation) {
        retainedImplementation = implementation
        current.store(Unmanaged.passUnretained(implementation).toOpaque(), ordering: .releasing)
    }

    /// Where a method came from: a redefinition replaces and removes only what the class's
    /// own definition made, and leaves categories' methods and the ledger's changes to them.
    enum Origin: Equatable {
        /// Written in the class's definition.
        case definition
        /// Synthesized by the class's definition for this property.
        case accessor(of: Property)
        /// Added by a category, the ledger, or a safe swizzle's copy.
        case other
    }

    /// The method as Objective-C names it: `-[UIViewController viewDidLoad]`.
    public var reference: MethodReference {
        MethodReference(className: owner.name, selector: selector.name, isClassMethod: owner.isMetaclass)
    }

    public var description: String { reference.description }

    /// Methods are the same only when they are the same entry of a method list.
    public static func == (lhs: Method, rhs: Method) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
