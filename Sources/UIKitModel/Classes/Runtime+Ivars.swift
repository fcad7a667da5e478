import Runtime

extension Runtime {
    /// Stores an ivar found by name on the object's class, bypassing the setter, as an
    /// implementation writes its own `_ivar`. Nil objects are ignored, as messages to nil are.
    func setIvar(_ name: String, of object: Object?, to value: Value) throws {
        guard let object else { return }
        guard let ivar = ivar(named: name, in: object.isa) else {
            throw ClassLibraryError.wrongArgument(method: "ivar \(name)", expected: "an object whose class declares it", got: object.description)
        }
        try object.setValue(value, of: ivar)
    }

    /// Reads an ivar found by name, or nil when the object or the ivar is missing.
    func ivarValue(_ name: String, of object: Object?) throws -> Value {
        guard let object, let ivar = ivar(named: name, in: object.isa) else { return .nil }
        return try object.value(of: ivar)
    }
}
