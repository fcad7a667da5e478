import Runtime

/// An expression of rtsh's language.
indirect enum Expression: Sendable {
    case literal(Value, SourceLocation)
    /// A variable, a class name, or `self`.
    case name(String, SourceLocation)
    case message(receiver: Receiver, selector: String, arguments: [Expression], SourceLocation)
    /// `object.name`
    case property(Expression, name: String, SourceLocation)
    /// `target = value`, where the target is a name or a property.
    case assignment(target: Expression, value: Expression, SourceLocation)
    case binary(String, Expression, Expression, SourceLocation)
    case unary(String, Expression, SourceLocation)
    case array([Expression], SourceLocation)
    case dictionary([(key: Expression, value: Expression)], SourceLocation)
    case selector(String, SourceLocation)
    case protocolLiteral(String, SourceLocation)
    /// A function call: `NSLog(@"%@", x)`, `fixture("a.json")`, or a block in a variable.
    case call(String, [Expression], SourceLocation)
    /// `^(id data) { ... }`
    case block(parameters: [String], body: [Statement], SourceLocation)
    /// `array[0]`, `dictionary[@"key"]`
    case `subscript`(Expression, Expression, SourceLocation)

    enum Receiver: Sendable {
        case expression(Expression)
        case `super`(SourceLocation)
    }

    var location: SourceLocation {
        switch self {
        case .literal(_, let location), .name(_, let location), .message(_, _, _, let location),
            .property(_, _, let location), .assignment(_, _, let location), .binary(_, _, _, let location),
            .unary(_, _, let location), .array(_, let location), .dictionary(_, let location),
            .selector(_, let location), .protocolLiteral(_, let location), .call(_, _, let location),
            .block(_, _, let location), .subscript(_, _, let location):
            location
        }
    }
}

/// A statement inside a method body, or at the prompt.
indirect enum Statement: Sendable {
    case expression(Expression)
    /// `NSString *name = value;`
    case declaration(name: String, value: Expression?, SourceLocation)
    case `return`(Expression?, SourceLocation)
    case `if`(condition: Expression, then: [Statement], else: [Statement]?, SourceLocation)
    /// `@throw value;`
    case `throw`(Expression, SourceLocation)
}

/// A method's signature as written: `- (void)pushViewController:(UIViewController *)vc animated:(BOOL)animated`.
struct MethodSignature: Sendable {
    let isClassMethod: Bool
    let selector: String
    let returnType: ObjCType
    let parameters: [(name: String, type: ObjCType)]
    let location: SourceLocation

    /// The method's type encoding as the compiler writes it: object types are plain `@`
    /// (class names appear only in property attributes).
    var typeEncoding: String {
        Self.encoding(of: returnType) + "@:" + parameters.map { Self.encoding(of: $0.type) }.joined()
    }

    private static func encoding(of type: ObjCType) -> String {
        if case .object = type { return "@" }
        return type.description
    }
}

struct MethodDefinition: Sendable {
    let signature: MethodSignature
    let body: [Statement]
}

/// `@interface Name : Superclass <Protocols> ... @end`
struct InterfaceDefinition: Sendable {
    let name: String
    let superclass: String?
    let protocols: [String]
    let properties: [(property: Property, location: SourceLocation)]
    let location: SourceLocation
}

/// `@protocol Name <Inherited> ... @end`
struct ProtocolDefinition: Sendable {
    let name: String
    let inherited: [String]
    let required: [MethodSignature]
    let optional: [MethodSignature]
    let properties: [Property]
    let location: SourceLocation
}

/// `@implementation Name : Superclass ... @end` or `@implementation Name (Category) ... @end`
struct ImplementationDefinition: Sendable {
    let className: String
    let superclass: String?
    let category: String?
    let methods: [MethodDefinition]
    let location: SourceLocation
}

/// What one complete input holds.
enum TopLevelItem: Sendable {
    case statement(Statement)
    case interface(InterfaceDefinition)
    case `protocol`(ProtocolDefinition)
    case implementation(ImplementationDefinition)
}
