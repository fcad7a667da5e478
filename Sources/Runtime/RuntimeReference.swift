/// A reference to a runtime that does not keep it alive, for code the runtime's own objects
/// hold (a block kept in an ivar, a timer on the clock), which must not keep the runtime
/// alive through them, and which must fail plainly once the runtime is gone.
///
/// Swift's `weak` would do, but a weak reference moves every retain and release of its
/// object, from then on, to a slower side table, and a runtime is retained on every send.
/// This reference is weak to the runtime's ``RuntimeLifetime`` instead, an object nothing
/// else retains, which goes when the runtime's deinitializer ends.
///
/// Reading ``runtime`` is safe where the runtime cannot be released on another thread at
/// that moment: rtsh releases a runtime on the thread that sends in it, and the code
/// holding a reference runs on that thread. It is `package`, not `public`, for that reason.
package struct RuntimeReference: Sendable {
    private weak var lifetime: RuntimeLifetime?
    private unowned(unsafe) let target: Runtime

    package init(_ runtime: Runtime) {
        lifetime = runtime.lifetime
        target = runtime
    }

    /// The runtime, or nil once it has gone.
    package var runtime: Runtime? {
        lifetime == nil ? nil : target
    }
}

/// What a ``RuntimeReference`` watches: one per runtime, retained by it alone.
final class RuntimeLifetime: Sendable {}
