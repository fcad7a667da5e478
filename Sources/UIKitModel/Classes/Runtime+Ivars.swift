import Runtime

extension Runtime {
    /// Stores an ivar found by name on the object's class, bypassing the setter, as an
    /// implementation writes its own `_ivar`. Nil objects are ignored, as messages to nil are.
    func setIvar(_ name: String, of object: Object?, to value: Value) throws {
        guard let object else { return }
        try set(ivar(named: name, in: object.isa), named: name, of: object, to: value)
    }

    /// ``setIvar(_:of:to:)`` for a name set often, found without hashing it (see ``IvarName``).
    func setIvar(_ name: IvarName, of object: Object, to value: Value) throws {
        guard setValue(value, of: name, in: object) else { throw Self.missingIvar(name.name, in: object) }
    }

    /// Stores an initializer's defaults, given two values, in the ivars of those names (see
    /// ``IvarDefaults``).
    func setIvars(_ first: Value, _ second: Value, and defaults: IvarDefaults, of object: Object) throws {
        guard setValues(first, second, and: defaults, in: object) else {
            let missing = defaults.names.first { ivar($0, in: object.isa) == nil }
            throw Self.missingIvar(missing?.name ?? "", in: object)
        }
    }

    private func set(_ ivar: Ivar?, named name: String, of object: Object, to value: Value) throws {
        guard let ivar else { throw Self.missingIvar(name, in: object) }
        try object.setValue(value, of: ivar)
    }

    private static func missingIvar(_ name: String, in object: Object) -> ClassLibraryError {
        .wrongArgument(method: "ivar \(name)", expected: "an object whose class declares it", got: object.description)
    }

    /// Reads an ivar found by name, or nil when the object or the ivar is missing.
    func ivarValue(_ name: String, of object: Object?) throws -> Value {
        guard let object, let ivar = ivar(named: name, in: object.isa) else { return .nil }
        return try object.value(of: ivar)
    }

    /// ``ivarValue(_:of:)`` for a name read often, found without hashing it.
    func ivarValue(_ name: IvarName, of object: Object?) -> Value {
        guard let object else { return .nil }
        return value(of: name, in: object) ?? .nil
    }

    /// Stores several ivars of one object.
    func setIvars(of object: Object, _ values: KeyValuePairs<String, Value>) throws {
        for (name, value) in values { try setIvar(name, of: object, to: value) }
    }
}
