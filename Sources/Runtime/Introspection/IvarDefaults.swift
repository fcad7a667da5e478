import Synchronization

/// The ivars an initializer sets on every object it initializes, as UIKit's initializers
/// set a view's or a controller's defaults: each name an ``IvarName``, and the values stored
/// under the object's lock once rather than once each.
///
/// The first names take the values each store is given (a view's frame and bounds, up to
/// two); the rest take the defaults' values, made once and shared, as a value is immutable
/// and sharing one is the same as copying it. An object that holds no values yet, as its
/// initializer finds it, refers to the defaults rather than holding each (until it stores
/// its own). The answers are those of storing each value by name with
/// ``Runtime/setValue(_:of:in:)``, in order.
public final class IvarDefaults: Sendable {
    /// Every name, the given values' first.
    public let names: [IvarName]
    /// The values of the names after the given ones.
    let values: [Value]
    /// How many values each store is given.
    let givenCount: Int
    /// The defaults as objects share them, made for the ivars the names first resolve to;
    /// retained. An atomic reference rather than `AtomicLazyReference`, whose load is not
    /// specialized and costs as much as storing the values themselves.
    private let shared = Atomic<Unmanaged<IvarStorage.SharedValues>?>(nil)

    /// Defaults for the ivars `defaults` names, after `given`, the names of the values each
    /// store is given (at most two). Each ivar is named once.
    public init(given: [String] = [], defaults: KeyValuePairs<String, Value>) {
        let all = given + defaults.map(\.key)
        precondition(given.count <= 2, "a store is given at most two values")
        precondition(Set(all).count == all.count, "each ivar is named once")
        names = all.map(IvarName.init)
        values = defaults.map(\.value)
        givenCount = given.count
    }

    deinit {
        shared.load(ordering: .acquiring)?.release()
    }
}

extension Runtime {
    /// Stores `defaults`, which is given no values, in `object`'s ivars of those names, as
    /// ``setValue(_:of:in:)`` would store each; false, storing nothing, when its class lacks one.
    @discardableResult
    public func setValues(_ defaults: IvarDefaults, in object: Object) -> Bool {
        setValues(given: 0, .nil, .nil, defaults, in: object)
    }

    /// Stores `first` and `second` as the values of `defaults`' two given names, and its
    /// defaults, in `object`'s ivars of those names, as ``setValue(_:of:in:)`` would store
    /// each; false, storing nothing, when its class lacks one.
    @discardableResult
    public func setValues(_ first: Value, _ second: Value, and defaults: IvarDefaults, in object: Object) -> Bool {
        setValues(given: 2, first, second, defaults, in: object)
    }

    private func setValues(given: Int, _ first: Value, _ second: Value, _ defaults: IvarDefaults, in object: Object) -> Bool {
        precondition(defaults.givenCount == given, "these defaults are given \(defaults.givenCount) values, not \(given)")
        let names = defaults.names
        return withUnsafeTemporaryAllocation(of: Unmanaged<Ivar>.self, capacity: names.count) { ivars in
            guard resolve(names, in: object.unmanagedIsa, into: ivars) else { return false }
            let fields = UnsafeBufferPointer(ivars)
            if let shared = defaults.sharedValues(of: UnsafeBufferPointer(rebasing: fields[given...])),
               object.store(UnsafeBufferPointer(rebasing: fields[..<given]), values: { $0 == 0 ? first : second }, sharing: shared) {
                return true
            }
            object.store(fields) { index in
                switch index {
                case 0 where given > 0: first
                case 1 where given > 1: second
                default: defaults.values[index - given]
                }
            }
            return true
        }
    }

    /// Finds the ivar each of `names` names in `cls`, as ``ivar(_:in:)`` does, into `ivars`,
    /// unretained: each name keeps what it found. False when `cls` lacks one.
    private func resolve(_ names: [IvarName], in cls: Unmanaged<Class>, into ivars: UnsafeMutableBufferPointer<Unmanaged<Ivar>>) -> Bool {
        // Read first, as `withIvar` reads it: what a change made meanwhile leaves remembered
        // is remembered at an older generation.
        let generation = Class.ivarGeneration.load(ordering: .acquiring)
        // An initializer's names are its own class's ivars. When each was found at this
        // generation and all in one class, one walk from `cls` to it answers for them all.
        // The names are read unretained, as `names` holds them; an ivar's owner is a `let`
        // of the ivar, which holds it.
        var owner: UnsafeMutableRawPointer?
        for index in names.indices {
            guard let ivar = Unmanaged.passUnretained(names[index])._withUnsafeGuaranteedRef({ $0.remembered(at: generation) }) else {
                owner = nil
                break
            }
            let declaredBy = ivar._withUnsafeGuaranteedRef { $0.owner.map { Unmanaged.passUnretained($0).toOpaque() } }
            guard index == 0 || declaredBy == owner else {
                owner = nil
                break
            }
            owner = declaredBy
            ivars[index] = ivar
        }
        if owner != nil, let anchor = ivars.first, cls._withUnsafeGuaranteedRef(owns), IvarName.owner(of: anchor, isReachedFrom: cls) {
            return true
        }
        for index in names.indices {
            guard let ivar = withIvar(names[index], in: cls, { Unmanaged.passUnretained($0) }) else { return false }
            ivars[index] = ivar
        }
        return true
    }
}

extension IvarDefaults {
    /// The defaults' values shared as the values of `ivars`, what the names resolved to;
    /// nil when they cannot be shared (a weak ivar would hold an object).
    fileprivate func sharedValues(of ivars: UnsafeBufferPointer<Unmanaged<Ivar>>) -> IvarStorage.SharedValues? {
        if let kept = shared.load(ordering: .acquiring), kept._withUnsafeGuaranteedRef({ $0.hold(ivars) }) {
            return kept.takeUnretainedValue()
        }
        guard let made = IvarStorage.SharedValues(ivars, values: values) else { return nil }
        // The first made is kept. Names that resolve to other ivars later (a class redefined)
        // are rare enough to make their own each time.
        let candidate = Unmanaged.passRetained(made)
        if !shared.compareExchange(expected: nil, desired: candidate, ordering: .acquiringAndReleasing).exchanged {
            candidate.release()
        }
        return made
    }
}
