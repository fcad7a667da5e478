/// The rarely used part of a class's record, allocated only for a class that has some of
/// it: most generated and many framework classes have methods alone. Guarded by the
/// owning runtime's lock, as the class's other mutable fields are.
final class ClassSideRecord {
    var protocols: [ObjCProtocol] = []
    var properties: [Property] = []
    var ivars: [Ivar] = []
    var ivarIndex: IvarIndex?
    var ownDefinition = OwnDefinition()
    /// The builder of a lazily registered class, until realization runs it.
    var lazyDefinition: LazyDefinition?
}

/// What a lazily registered class is made of until it is first used: the builder its
/// registration was given. Shared by the class and its metaclass, either of which may be
/// the one first used.
final class LazyDefinition {
    /// The class the builder is for (the metaclass finds its class through this).
    var cls: Class? { retainedClass }
    /// The runtime, for the builder's encodings.
    var runtime: Runtime? { unretainedRuntime }
    let build: @Sendable (inout ClassBuilder) throws -> Void

    // Neither is weak: a weak reference gives its object a side table, which makes every
    // retain and release of it (a class on each send's way, the runtime in every method of
    // the class library) take the slow path. The class is held strongly: the cycle through
    // its side record ends when realization takes the definition or the runtime tears the
    // class down. The runtime is not retained (it holds its classes): a definition is only
    // reached through the runtime's registry, under its lock, so the runtime is alive then.
    private let retainedClass: Class
    private unowned(unsafe) let unretainedRuntime: Runtime

    init(cls: Class, runtime: Runtime, build: @escaping @Sendable (inout ClassBuilder) throws -> Void) {
        self.retainedClass = cls
        self.unretainedRuntime = runtime
        self.build = build
    }
}
