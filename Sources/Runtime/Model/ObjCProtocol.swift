/// A method a protocol declares: its selector, types and whether it is a class method.
public struct MethodDescription: Hashable, Sendable, CustomStringConvertible {
    public let selector: Selector
    public let types: TypeEncoding
    public let isClassMethod: Bool

    public init(selector: Selector, types: TypeEncoding, isClassMethod: Bool = false) throws(RuntimeError) {
        guard types.argumentTypes.count == selector.argumentCount else {
            throw .argumentCountMismatch(
                method: (isClassMethod ? "+" : "-") + selector.name, encoding: types.description,
                encodingArguments: types.argumentTypes.count, selectorArguments: selector.argumentCount)
        }
        self.selector = selector
        self.types = types
        self.isClassMethod = isClassMethod
    }

    public var description: String { "\(isClassMethod ? "+" : "-") \(selector.name)  \(types)" }
}

/// A protocol: a named set of method and property declarations that classes adopt.
/// Protocols can inherit from other protocols; a class that adopts one conforms to it and
/// to everything it inherits. A registered protocol does not change.
public final class ObjCProtocol: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let inheritedProtocols: [ObjCProtocol]
    public let requiredMethods: [MethodDescription]
    public let optionalMethods: [MethodDescription]
    public let properties: [Property]

    init(name: String, inheritedProtocols: [ObjCProtocol], requiredMethods: [MethodDescription],
         optionalMethods: [MethodDescription], properties: [Property]) {
        self.name = name
        self.inheritedProtocols = inheritedProtocols
        self.requiredMethods = requiredMethods
        self.optionalMethods = optionalMethods
        self.properties = properties
    }

    /// Whether this protocol is `other` or inherits from it, directly or not.
    public func inherits(from other: ObjCProtocol) -> Bool {
        self === other || inheritedProtocols.contains { $0.inherits(from: other) }
    }

    public static func == (lhs: ObjCProtocol, rhs: ObjCProtocol) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `<NSCopying>`
    public var description: String { "<\(name)>" }
}
