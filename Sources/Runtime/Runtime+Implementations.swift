extension Runtime {
    /// Runs `implementation` for a message of `selector` to `receiver` without looking a
    /// method up: what calling an `IMP` as a C function does (`imp(self, _cmd, arg)`).
    /// `super` inside it starts above the class it was written for, as in a send.
    ///
    /// - Parameter depth: how deeply the call is nested, as for ``send(_:to:_:nestedAt:)``.
    /// - Throws: ``RuntimeError/callDepthExceeded(in:limit:)`` past the depth limit, an error
    ///   when the code belongs to another runtime, or what the code throws.
    @discardableResult
    public func call(
        _ implementation: Implementation, receiver: Object, selector: Selector, _ arguments: Arguments, nestedAt depth: Int
    ) throws -> Value {
        try checkOwnership(of: implementation.home)
        guard depth < maximumSendDepth else {
            throw RuntimeError.callDepthExceeded(in: "an IMP called as a function (\(selector.name))", limit: maximumSendDepth)
        }
        // The receiver, the selector and the runtime are kept alive by this frame for the call.
        return try withExtendedLifetime((receiver, selector)) {
            try withUnsafePointer(to: arguments) { pointer in
                try implementation.body(Message(
                    runtime: .passUnretained(self), receiver: .passUnretained(receiver), selector: .passUnretained(selector),
                    arguments: pointer, depth: depth, home: implementation.unmanagedHome))
            }
        }
    }
}
