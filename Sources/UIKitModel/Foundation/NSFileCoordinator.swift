import Runtime

extension ClassLibrary {
    /// `NSFileCoordinator`: coordinated reading and writing, as an app and its extensions
    /// share files in a group's container. rtsh's one process has no other writer to wait
    /// for, so each accessor runs at once, with the URL it was given (both, for a read
    /// and a write together), and no error is set. A presenter given at init is kept.
    static func defineNSFileCoordinator(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSFileCoordinator", superclass: root) { c in
            try c.addIvar("_filePresenter", type: .object(className: nil))
            try c.addMethod("initWithFilePresenter:", types: "@@:@") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_filePresenter", of: this, to: m[0]) }
            }
            for (name, urls) in [
                ("coordinateReadingItemAtURL:options:error:byAccessor:", 1), ("coordinateWritingItemAtURL:options:error:byAccessor:", 1),
                ("coordinateReadingItemAtURL:options:writingItemAtURL:options:error:byAccessor:", 2),
                ("coordinateWritingItemAtURL:options:writingItemAtURL:options:error:byAccessor:", 2),
            ] {
                let types = urls == 1 ? "v@:@Q^@@?" : "v@:@Q@Q^@@?"
                try c.addMethod(name, types: types) { m in
                    let given = urls == 1 ? [m[0]] : [m[0], m[2]]
                    _ = try blockArgument(m, urls * 2 + 1).call(Arguments(given), nestedAt: m.depth + 1)
                    return .nil
                }
            }
        }
    }
}
