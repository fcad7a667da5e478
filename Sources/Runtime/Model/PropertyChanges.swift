import Synchronization

/// Where key-value observing hears of the changes a property's synthesized setter makes:
/// an observer told before and after the setter stores a value, while any object is
/// observed at all. Foundation's KVO replaces an observed object's setters for this; here
/// the setters the runtime makes for `@property` ask, which costs a setter one atomic load
/// while nothing is observed.
public final class PropertyChanges: Sendable {
    /// Before or after the value changes.
    public enum Phase: Sendable {
        case willChange, didChange
    }

    /// Told of each change of `key` on `object`, sending at `depth`; it decides whether
    /// anyone observes that key of that object.
    public typealias Observer = @Sendable (_ phase: Phase, _ key: String, _ object: Object, _ runtime: Runtime, _ depth: Int) throws -> Void

    /// The observer, boxed: a function stored straight in the `Mutex` (a generic container
    /// read and written `inout`) is re-wrapped in a conversion thunk on every access, so
    /// that after some ten thousand notifications calling it overflowed the stack.
    private final class Box: Sendable {
        let observe: Observer
        init(_ observe: @escaping Observer) { self.observe = observe }
    }

    private let activeObservations = Atomic<Int>(0)
    private let observer = Mutex<Box?>(nil)

    init() {}

    /// Installs the one observer (nil removes it).
    public func setObserver(_ observer: Observer?) {
        let box = observer.map(Box.init)
        self.observer.withLock { $0 = box }
    }

    /// Counts an observation begun (`delta` 1) or ended (-1): setters ask the observer
    /// only while some observation is active.
    public func count(_ delta: Int) {
        activeObservations.add(delta, ordering: .relaxed)
    }

    /// Whether any observation is active: what a setter checks first.
    public var isActive: Bool { activeObservations.load(ordering: .relaxed) > 0 }

    /// Tells the observer of a change, when there is one and something is observed.
    public func notify(_ phase: Phase, _ key: String, of object: Object, in runtime: Runtime, depth: Int) throws {
        guard isActive, let box = observer.withLock({ $0 }) else { return }
        try box.observe(phase, key, object, runtime, depth)
    }
}
