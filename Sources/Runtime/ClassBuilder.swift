/// Collects a class's contents before ``Runtime/registerClass(named:superclass:_:)``
/// registers it, so a class appears whole or not at all.
public struct ClassBuilder {
    struct PendingMethod {
        let selector: Selector
        let types: TypeEncoding
        let isClassMethod: Bool
        let isVariadic: Bool
        let body: Implementation.Body

        func description(origin: Method.Origin) -> MethodDefinition {
            MethodDefinition(selector, types, isVariadic: isVariadic, origin: origin, body: body)
        }
    }

    struct PendingIvar {
        let name: String
        let type: ObjCType
        let isWeak: Bool
    }

    /// The runtime the class is built in. Code inside the builder uses this one (or, when a
    /// method runs, its message's) rather than capturing the runtime: the runtime holds that
    /// code, so a captured runtime would never be freed.
    public let runtime: Runtime
    /// The class being built, for error messages.
    public let className: String
    private(set) var methods: [PendingMethod] = []
    /// The methods added so far, by selector number and side, so that a duplicate is
    /// found without reading every method (a class may have thousands). Made only once a
    /// class has more than ``methodsScanned``: most have a few, found sooner by a scan than
    /// by hashing, and growing a set one method at a time cost a sixth of registering one.
    private var methodKeys: Set<MethodKey>?
    private static let methodsScanned = 16
    private struct MethodKey: Hashable {
        let selector: Int
        let isClassMethod: Bool
    }
    private(set) var properties: [(property: Property, accessors: Property.Accessors)] = []
    private(set) var ivars: [PendingIvar] = []
    private(set) var protocols: [ObjCProtocol] = []
    /// Set by ``holdValues(startingWith:)``.
    private(set) var initialHeldValue: Value?
    /// See ``Class/instancesReadAsZero``.
    public var instancesReadAsZero = false

    /// Whether the builder runs to realize a lazily registered class.
    private let isRealizing: Bool

    init(runtime: Runtime, className: String, isRealizing: Bool = false) {
        self.runtime = runtime
        self.className = className
        self.isRealizing = isRealizing
    }

    /// Adds an instance method.
    ///
    /// - Parameter variadic: whether the method takes arguments after its selector's
    ///   (`, ...`); its implementation finds them after the declared ones.
    /// - Throws: when the selector or encoding is malformed, when the encoding's argument
    ///   count differs from the selector's, or when the class already has the method.
    public mutating func addMethod(
        _ selector: String, types: String, variadic: Bool = false, _ body: @escaping Implementation.Body
    ) throws(RuntimeError) {
        try add(selector, types: types, isClassMethod: false, isVariadic: variadic, body)
    }

    /// Adds a class method.
    public mutating func addClassMethod(
        _ selector: String, types: String, variadic: Bool = false, _ body: @escaping Implementation.Body
    ) throws(RuntimeError) {
        try add(selector, types: types, isClassMethod: true, isVariadic: variadic, body)
    }

    private mutating func add(
        _ name: String, types: String, isClassMethod: Bool, isVariadic: Bool, _ body: @escaping Implementation.Body
    ) throws(RuntimeError) {
        let reference = MethodReference(className: className, selector: name, isClassMethod: isClassMethod)
        let selector = try runtime.selector(name)
        let encoding = try TypeEncoding.checked(types, for: selector, in: reference, parsedBy: runtime)
        guard isNew(selector, isClassMethod: isClassMethod) else { throw .duplicateMethod(reference.description) }
        methods.append(PendingMethod(selector: selector, types: encoding, isClassMethod: isClassMethod, isVariadic: isVariadic, body: body))
    }

    /// Whether no method of `selector` on that side was added yet; remembers it when not.
    private mutating func isNew(_ selector: Selector, isClassMethod: Bool) -> Bool {
        if methodKeys == nil {
            if methods.count < Self.methodsScanned {
                return !methods.contains { $0.selector === selector && $0.isClassMethod == isClassMethod }
            }
            methodKeys = Set(methods.map { MethodKey(selector: $0.selector.id, isClassMethod: $0.isClassMethod) })
        }
        return methodKeys!.insert(MethodKey(selector: selector.id, isClassMethod: isClassMethod)).inserted
    }

    /// Declares a property: storage in an ivar `_name`, a getter, and a setter unless it is
    /// read-only. A method of the accessor's name added to this class wins over the
    /// synthesized one.
    public mutating func addProperty(_ property: Property) throws(RuntimeError) {
        let accessors = try property.accessors(in: runtime, className: className)
        guard !properties.contains(where: { $0.property.name == property.name }) else {
            throw .duplicateMember(kind: "property", name: property.name, className: className)
        }
        properties.append((property, accessors))
    }

    /// Adds an instance variable.
    public mutating func addIvar(_ name: String, type: ObjCType, isWeak: Bool = false) throws(RuntimeError) {
        guard Registry.isIdentifier(name) else { throw .invalidName(kind: "ivar", name: name) }
        guard !ivars.contains(where: { $0.name == name }) else {
            throw .duplicateMember(kind: "ivar", name: name, className: className)
        }
        ivars.append(PendingIvar(name: name, type: type, isWeak: isWeak))
    }

    /// Makes the class's instances ``ValueHolder``s that start out holding `initial`: the
    /// mutable forms of strings and collections (`NSMutableArray` holds an array that its
    /// methods change). Subclasses inherit this.
    public mutating func holdValues(startingWith initial: Value) {
        // A lazily registered class's instances may exist before its builder runs.
        precondition(!isRealizing, "a lazily registered class holds values by its registration's holdingValues:")
        initialHeldValue = initial
    }

    /// Declares that the class adopts `protocol`.
    public mutating func adopt(_ protocol: ObjCProtocol) {
        if !protocols.contains(`protocol`) { protocols.append(`protocol`) }
    }
}

extension TypeEncoding {
    /// Parses `types` and checks it against the selector of `method`.
    static func checked(
        _ types: String, for selector: Selector, in method: MethodReference, parsedBy runtime: Runtime
    ) throws(RuntimeError) -> TypeEncoding {
        let encoding = try runtime.parsedEncoding(types)
        guard encoding.argumentTypes.count == selector.argumentCount else {
            throw .argumentCountMismatch(
                method: method.description, encoding: types,
                encodingArguments: encoding.argumentTypes.count, selectorArguments: selector.argumentCount)
        }
        return encoding
    }
}
