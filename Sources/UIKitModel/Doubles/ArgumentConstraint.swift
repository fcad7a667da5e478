import Runtime

/// Where a captured argument goes: the shell's `capture(name)` stores it in a variable.
public struct ArgumentCapture: Sendable {
    /// The name the capture is written with, for descriptions.
    public let name: String
    let store: @Sendable (Value) -> Void

    public init(name: String, store: @escaping @Sendable (Value) -> Void) {
        self.name = name
        self.store = store
    }
}

/// What a stubbed, expected or verified call accepts for one argument.
public enum ArgumentConstraint: Sendable, CustomStringConvertible {
    /// Any value.
    case any
    /// A value equal to this one (objects by `-isEqual:`).
    case equal(Value)
    /// A value not equal to this one.
    case notEqual(Value)
    /// An instance of this class or a subclass.
    case kindOf(Class)
    /// An object whose class conforms to this protocol.
    case conformsTo(ObjCProtocol)
    case isNil
    case notNil
    /// A block that answers YES for acceptable values.
    case predicate(Block)
    /// `[OCMArg checkWithSelector:onObject:]`: the object answers YES to the selector with the value.
    case check(Selector, on: Object)
    /// An object that decides: an `OCMConstraint` (its `-evaluate:`, which a user's
    /// subclass overrides) or an OCHamcrest matcher (its `-matches:`).
    case object(Object)
    /// `[OCMArg invokeBlock]`, `invokeBlockWithArgs:`: accepts any block and, when the
    /// call is taken, calls it with these arguments (nil: each parameter's zero).
    case invokesBlock(arguments: [Value]?)
    /// `[OCMArg setTo:]`: accepts an out-parameter and, when the call is taken, stores the value in it.
    case setsReference(Value)
    /// Accepts any value and, when the call is taken (or verified), hands it to the capture.
    case captures(ArgumentCapture)

    /// Whether `value` is acceptable. Equality is `-isEqual:`, as OCMock matches arguments,
    /// and the checks a constraint makes (`-isEqual:`, a predicate block) nest at `depth`.
    func accepts(_ value: Value, in runtime: Runtime, depth: Int) throws -> Bool {
        switch self {
        case .any: return true
        case .equal(let expected): return try runtime.isEqual(expected, value, nestedAt: depth)
        case .notEqual(let other): return try !runtime.isEqual(other, value, nestedAt: depth)
        case .kindOf(let cls): return value.object?.isKind(of: cls) ?? false
        case .conformsTo(let proto): return value.object.map { runtime.conforms($0.isa, to: proto) } ?? false
        case .isNil: return value == .nil
        case .notNil: return value != .nil
        case .predicate(let block): return try block.call(Arguments(value), nestedAt: depth).isTruthy
        case .check(let selector, let target): return try runtime.send(selector, to: target, Arguments(value), nestedAt: depth).isTruthy
        case .object(let decider):
            let evaluate = try runtime.selector("evaluate:")
            let asking = runtime.instancesRespond(decider.isa, to: evaluate) ? evaluate : try runtime.selector("matches:")
            return try runtime.send(asking, to: decider, Arguments(value), nestedAt: depth).isTruthy
        case .captures: return true
        case .invokesBlock: if case .block = value { return true } else { return value == .nil }
        case .setsReference: if case .reference = value { return true } else { return value == .nil }
        }
    }

    /// Does what the constraint does to a call it took: calls the block argument, fills the out-parameter.
    func act(on value: Value, depth: Int) throws {
        switch self {
        case .invokesBlock(let arguments):
            guard case .block(let block) = value else { return }
            let given = arguments ?? []
            let passed = (0..<block.parameterCount).map { $0 < given.count ? given[$0] : Value.nil }
            _ = try block.call(Arguments(passed), nestedAt: depth)
        case .setsReference(let stored):
            if case .reference(let pointer) = value { pointer.value = stored }
        case .captures(let capture):
            capture.store(value)
        default:
            break
        }
    }

    public var description: String {
        switch self {
        case .any: "any"
        case .equal(let value): value.description
        case .notEqual(let value): "isNotEqual(\(value))"
        case .kindOf(let cls): "isKindOf(\(cls.name))"
        case .conformsTo(let proto): "conformsTo(\(proto.name))"
        case .isNil: "nil"
        case .notNil: "notNil"
        case .predicate: "a predicate block"
        case .check(let selector, let target): "check(\(selector.name) on \(target))"
        case .object(let decider): decider.description
        case .invokesBlock(let arguments): arguments.map { "invokeBlockWithArgs(\($0.map(\.description).joined(separator: ", ")))" } ?? "invokeBlock"
        case .setsReference(let value): "setTo(\(value))"
        case .captures(let capture): "capture(\(capture.name))"
        }
    }
}
