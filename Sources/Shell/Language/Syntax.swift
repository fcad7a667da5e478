import Runtime
import Synchronization

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
    /// Operands joined by operators of one precedence, evaluated left to right: `a + b - c`.
    /// A long chain is one flat node, so reading and running it never recurses per term.
    case operators(Expression, [Operation])
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
    /// `(int)value`, `(CGFloat)x`, `(UIView *)view`: C's conversion to the type.
    case cast(ObjCType, Expression, SourceLocation)

    /// One operator of a chain and the operand to its right.
    struct Operation: Sendable {
        let symbol: String
        let operand: Expression
        let location: SourceLocation
    }

    enum Receiver: Sendable {
        case expression(Expression)
        case `super`(SourceLocation)
    }

    var location: SourceLocation {
        switch self {
        case .literal(_, let location), .name(_, let location), .message(_, _, _, let location),
            .property(_, _, let location), .assignment(_, _, let location), .unary(_, _, let location), .array(_, let location), .dictionary(_, let location),
            .selector(_, let location), .protocolLiteral(_, let location), .call(_, _, let location),
            .block(_, _, let location), .subscript(_, _, let location), .cast(_, _, let location):
            location
        case .operators(_, let operations):
            operations[0].location
        }
    }
}

/// A statement inside a method body, or at the prompt.
indirect enum Statement: Sendable {
    case expression(Expression)
    /// `NSString *name = value;`
    case declaration(name: String, value: Expression?, SourceLocation)
    /// `static NSInteger count = 0;`: initialised the first time it runs, then kept across calls.
    case staticDeclaration(name: String, value: Expression?, StaticStorage, SourceLocation)
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

/// An instance variable declared in braces after `@interface Name` or `@implementation Name`.
struct IvarDeclaration: Sendable {
    let name: String
    let type: ObjCType
    let location: SourceLocation
}

/// `@interface Name : Superclass <Protocols> { ivars } ... @end`
struct InterfaceDefinition: Sendable {
    let name: String
    let superclass: String?
    let protocols: [String]
    let ivars: [IvarDeclaration]
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
    let ivars: [IvarDeclaration]
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

/// The storage of one `static` variable in a method or block: its value lives as long as
/// the definition, as a C static does, and is shared by every call.
final class StaticStorage: Sendable {
    // A method may run on several threads at once; the value is shared, as in C.
    private let storage = Mutex<Value?>(nil)

    /// The value, or nil before the declaration first ran.
    var value: Value? { storage.withLock { $0 } }

    /// Stores `initial` unless the declaration already ran.
    func initialize(_ initial: Value) {
        storage.withLock { if $0 == nil { $0 = initial } }
    }

    func set(_ newValue: Value) {
        storage.withLock { $0 = newValue }
    }
}
