import Runtime

/// What an expected call accepts for one argument.
public enum ArgumentConstraint: Sendable, CustomStringConvertible {
    /// Any value.
    case any
    /// A value equal to this one (objects by `-isEqual:`).
    case equal(Value)
    /// An instance of this class or a subclass.
    case kindOf(Class)
    /// An object whose class conforms to this protocol.
    case conformsTo(ObjCProtocol)
    case isNil
    case notNil
    /// A block that answers YES for acceptable values.
    case predicate(Block)

    /// Whether `value` is acceptable. Equality is `-isEqual:`, as OCMock matches arguments,
    /// and the checks a constraint makes (`-isEqual:`, a predicate block) nest at `depth`.
    func accepts(_ value: Value, in runtime: Runtime, depth: Int) throws -> Bool {
        switch self {
        case .any: true
        case .equal(let expected): try runtime.isEqual(expected, value, nestedAt: depth)
        case .kindOf(let cls): value.object?.isKind(of: cls) ?? false
        case .conformsTo(let proto): value.object.map { runtime.conforms($0.isa, to: proto) } ?? false
        case .isNil: value == .nil
        case .notNil: value != .nil
        case .predicate(let block): try block.call(Arguments(value), nestedAt: depth).isTruthy
        }
    }

    public var description: String {
        switch self {
        case .any: "any"
        case .equal(let value): value.description
        case .kindOf(let cls): "isKindOf(\(cls.name))"
        case .conformsTo(let proto): "conformsTo(\(proto.name))"
        case .isNil: "nil"
        case .notNil: "notNil"
        case .predicate: "a predicate block"
        }
    }
}
