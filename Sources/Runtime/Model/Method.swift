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
    /// The current ``Implementation``, which the method holds one reference to, taken and
    /// given back by hand (so a method that outlives its runtime keeps its code). Sends
    /// read it without retaining it: one that a change replaces is kept by the runtime
    /// until no send can still be running it. Writers hold the runtime's lock. One word, not a stored reference beside the pointer: a `var` of a
    /// class costs a run-time exclusivity check on every write, which took longer than
    /// the rest of an exchange.
    /// The pointer's bits rather than the pointer: decoding an atomic pointer checks it for
    /// nil, a test and a branch on every send, and the word is never 0.
    @usableFromInline let current: Atomic<UInt>

    init(
        selector: Selector, types: TypeEncoding, owner: Class, implementation: Implementation, isVariadic: Bool = false,
        origin: Origin = .other
    ) {
        self.selector = selector
        self.origin = origin
        self.types = types
        self.isVariadic = isVariadic
        self.owner = owner
        self.current = Atomic(Self.bits(of: Unmanaged.passRetained(implementation)))
    }

    deinit {
        Self.implementation(fromBits: current.load(ordering: .relaxed)).release()
    }

    @inlinable @inline(__always)
    static func implementation(fromBits bits: UInt) -> Unmanaged<Implementation> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }

    private static func bits(of implementation: Unmanaged<Implementation>) -> UInt {
        UInt(bitPattern: implementation.toOpaque())
    }

    /// The implementation a send runs now.
    public var implementation: Implementation { unmanagedImplementation.takeUnretainedValue() }

    @inlinable @inline(__always)
    var unmanagedImplementation: Unmanaged<Implementation> {
        Self.implementation(fromBits: current.load(ordering: .acquiring))
    }

    /// Exchanges this method's implementation with `other`'s. Called with the runtime's
    /// lock held. Each method's reference moves with its implementation, so no reference
    /// count changes.
    func exchangeImplementation(with other: Method) {
        let mine = current.load(ordering: .relaxed)
        current.store(other.current.load(ordering: .relaxed), ordering: .releasing)
        other.current.store(mine, ordering: .releasing)
    }

    /// Gives the method another implementation, and hands back the one it held, with the
    /// method's reference to it: a send in flight may still be running it, so the caller
    /// keeps it until no send can be (``Runtime/reclaimRetired()``). Called with the
    /// runtime's lock held.
    func setImplementation(_ implementation: Implementation) -> Implementation {
        let previous = current.exchange(Self.bits(of: Unmanaged.passRetained(implementation)), ordering: .acquiringAndReleasing)
        return Self.implementation(fromBits: previous).takeRetainedValue()
    }

    /// Where a method came from: a redefinition replaces and removes only what the class's
    /// own definition made, and leaves categories' methods and the ledger's changes to them.
    enum Origin: Equatable {
        /// Written in the class's definition.
        case definition
        /// Synthesized by the class's definition for this property. Indirect: a property is
        /// several words, which every method would carry inline, and only accessors have one.
        indirect case accessor(of: Property)
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
