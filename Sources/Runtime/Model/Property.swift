/// A declared property: a name, a type and attributes. A property declared on a class has
/// storage (an ivar named `_name`) and a working getter and, unless read-only, a setter.
public struct Property: Hashable, Sendable, CustomStringConvertible {
    /// The attributes of `@property (...)`.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let readOnly = Attributes(rawValue: 1 << 0)
        public static let copy = Attributes(rawValue: 1 << 1)
        /// Holds an object without keeping it alive.
        public static let weak = Attributes(rawValue: 1 << 2)
        public static let nonatomic = Attributes(rawValue: 1 << 3)
        public static let strong = Attributes(rawValue: 1 << 4)
        public static let assign = Attributes(rawValue: 1 << 5)
        /// `@dynamic`: the class neither stores it nor synthesizes its accessors; they come
        /// from elsewhere (its own methods, `+resolveInstanceMethod:`, forwarding).
        public static let dynamic = Attributes(rawValue: 1 << 6)
        /// The class implements its accessors itself, so nothing synthesizes them or stores
        /// the property: as clang leaves a read-only property whose getter the class defines
        /// (or a read-write one with both accessors). Its attributes name no ivar.
        public static let unstored = Attributes(rawValue: 1 << 7)
    }

    public let name: String
    public let type: ObjCType
    public let attributes: Attributes
    /// The getter's selector name: `getter=` or the property name.
    public let getterName: String
    /// The setter's selector name (`setter=` or `setName:`), nil when read-only.
    public let setterName: String?

    /// The name of the ivar that stores the property: `_name`, or what `@synthesize name = ivar` says.
    public let ivarName: String
    /// The protocols its object type is qualified with (`NSString<Optional> *`), which its
    /// attributes spell out as the compiler does and model libraries read.
    public let protocols: [String]

    public init(
        name: String, type: ObjCType, attributes: Attributes = [], getter: String? = nil, setter: String? = nil, ivar: String? = nil,
        protocols: [String] = []
    ) {
        self.name = name
        self.protocols = protocols
        self.ivarName = ivar ?? "_" + name
        self.type = type
        self.attributes = attributes
        self.getterName = getter ?? name
        if attributes.contains(.readOnly) {
            self.setterName = nil
        } else {
            self.setterName = setter ?? Self.defaultSetterName(of: name)
        }
    }

    /// The setter a property of this name has when nothing names another: `setName:`. Also
    /// what a send of the dot syntax or of key-value coding uses for a property no class declares.
    public static func defaultSetterName(of name: String) -> String {
        "set" + name.prefix(1).uppercased() + name.dropFirst() + ":"
    }

    /// The same property declared `@dynamic`: no storage and no synthesized accessors.
    public func madeDynamic() -> Property { adding(.dynamic) }

    /// The same property with accessors the class writes itself, and no storage.
    public func madeUnstored() -> Property { adding(.unstored) }

    private func adding(_ more: Attributes) -> Property {
        Property(name: name, type: type, attributes: attributes.union(more), getter: getterName, setter: setterName, ivar: ivarName, protocols: protocols)
    }

    /// The same property stored in the ivar `ivar`, as `@synthesize name = ivar;` makes it.
    public func storing(in ivar: String) -> Property {
        Property(name: name, type: type, attributes: attributes, getter: getterName, setter: setterName, ivar: ivar, protocols: protocols)
    }

    /// The attribute string as `property_getAttributes` spells it: `T@"NSString",C,N,V_title`,
    /// with each protocol of a qualified type in angle brackets (`T@"NSArray<MMImage>",&,V_images`).
    public var attributeString: String {
        var parts = ["T\(type)"]
        if case .object(let className) = type, !protocols.isEmpty {
            parts = ["T@\"" + (className ?? "") + protocols.map { "<\($0)>" }.joined() + "\""]
        }
        if attributes.contains(.readOnly) { parts.append("R") }
        if attributes.contains(.copy) { parts.append("C") }
        if attributes.contains(.strong) { parts.append("&") }
        if attributes.contains(.weak) { parts.append("W") }
        if attributes.contains(.nonatomic) { parts.append("N") }
        if getterName != name { parts.append("G\(getterName)") }
        if let setterName, setterName != Self(name: name, type: type).setterName { parts.append("S\(setterName)") }
        // A dynamic property has no ivar to name: `D` says so.
        if attributes.contains(.dynamic) { parts.append("D") } else if !attributes.contains(.unstored) { parts.append("V\(ivarName)") }
        return parts.joined(separator: ",")
    }

    public var description: String { "\(name) \(attributeString)" }
}

extension Property {
    /// A property's accessor selectors and encodings, checked before anything is added.
    struct Accessors {
        let getter: Selector
        let getterTypes: TypeEncoding
        let setter: (selector: Selector, types: TypeEncoding)?
    }

    /// Checks the property can be synthesized on `className` and interns its selectors.
    ///
    /// - Throws: when the name is not an identifier, the type has no encoding, the getter
    ///   takes arguments, or the setter does not take exactly one.
    func accessors(in runtime: Runtime, className: String) throws(RuntimeError) -> Accessors {
        guard Registry.isIdentifier(name) else { throw .invalidName(kind: "property", name: name) }
        let getter = try runtime.selector(getterName)
        let getterReference = MethodReference(className: className, selector: getterName)
        let getterTypes = try TypeEncoding.checked("\(type)@:", for: getter, in: getterReference, parsedBy: runtime)
        guard let setterName else { return Accessors(getter: getter, getterTypes: getterTypes, setter: nil) }
        let setter = try runtime.selector(setterName)
        let setterReference = MethodReference(className: className, selector: setterName)
        let setterTypes = try TypeEncoding.checked("v@:\(type)", for: setter, in: setterReference, parsedBy: runtime)
        return Accessors(getter: getter, getterTypes: getterTypes, setter: (setter, setterTypes))
    }
}
