import Runtime
import Synchronization

/// One item of an initializer list: its value, and the field (`.x = 1`) or the array
/// index (`[2] = x`) it names, if any.
typealias InitializerItem = (field: String?, index: Expression?, value: Expression)

/// An expression of Objective-C (and of rtsh's statements at the prompt).
///
/// The parser writes names and selectors as text; the ``Binder`` then resolves what it can
/// once, when the code is defined: a local variable becomes ``local(_:name:_:)``, an
/// instance variable of `self` ``instanceVariable(_:_:)``, a message ``send(_:_:_:_:)``
/// with its selector interned, a block literal ``closure(_:_:)``.
indirect enum Expression: Sendable {
    case literal(Value, SourceLocation)
    /// A name the binder left to be looked up when it runs: a file-scope or session
    /// variable, a class, a framework constant (or, unbound, anything).
    case name(String, SourceLocation)
    /// A local variable or parameter, in its slot of the running frame (bound).
    case local(Int, name: String, SourceLocation)
    /// An instance variable of `self`, written by its bare name inside a method (bound).
    case instanceVariable(String, SourceLocation)
    /// `[receiver selector:arguments]`; a variadic message (`stringWithFormat:`) has more
    /// arguments than its selector has parts.
    case message(receiver: Receiver, selector: String, arguments: [Expression], SourceLocation)
    /// A message whose selector is interned in the runtime the code runs in (bound).
    case send(Receiver, Selector, [Expression], SourceLocation)
    /// `object.name`: a property, or a member of a struct.
    case property(Expression, name: String, SourceLocation)
    /// `object->name`: an instance variable, or a member of a struct a pointer points to.
    case member(Expression, name: String, SourceLocation)
    /// `target = value`, or `target op= value` when `compound` names the operator (`+` for `+=`).
    case assignment(target: Expression, value: Expression, compound: BinaryOperator?, SourceLocation)
    /// `++x`, `x--`: `delta` is 1 or -1.
    case increment(Expression, delta: Int, isPrefix: Bool, SourceLocation)
    /// Operands joined by operators of one precedence, evaluated left to right: `a + b - c`.
    /// A long chain is one flat node, so reading and running it never recurses per term.
    case operators(Expression, [Operation])
    /// `!x`, `-x`, `+x`, `~x`, `&x` (the address of a variable, for out-parameters), `*x`.
    case unary(String, Expression, SourceLocation)
    /// `condition ? then : otherwise`; `condition ?: otherwise` when `then` is nil.
    case conditional(Expression, then: Expression?, otherwise: Expression, SourceLocation)
    case array([Expression], SourceLocation)
    case dictionary([(key: Expression, value: Expression)], SourceLocation)
    case selector(String, SourceLocation)
    case protocolLiteral(String, SourceLocation)
    /// A function call by name: `NSLog(@"%@", x)`, a C function of the file, or a block in a variable.
    case call(String, [Expression], SourceLocation)
    /// A call of what an expression gives: `self.completion(YES)`, `handlers[0](x)`.
    case invoke(Expression, [Expression], SourceLocation)
    /// `^(id data) { ... }`, with the signature the compiler would give it (see
    /// ``Block/signature``); variadic when its parameters end in `, ...`.
    case block(parameters: [String], signature: String, isVariadic: Bool, body: [Statement], SourceLocation)
    /// A block literal with its variables in slots and what it captures (bound).
    case closure(BlockCode, SourceLocation)
    /// `array[0]`, `dictionary[@"key"]`
    case `subscript`(Expression, Expression, SourceLocation)
    /// `(int)value`, `(CGFloat)x`, `(UIView *)view`: C's conversion to the type.
    case cast(ObjCType, Expression, SourceLocation)
    /// `@(value)`: a C string boxed is an NSString; anything else is its own object already.
    case boxed(Expression, SourceLocation)
    /// `(CGRect){0, 0, 10, 20}` or `(CGPoint){.x = 1, .y = 2}`: a struct value; or an
    /// array's `{1, 2}`, whose items may name their index (`{[MMStateOn] = @"on"}`).
    case compoundLiteral(ObjCType, [InitializerItem], SourceLocation)
    /// `sizeof(type)` or `sizeof expression`, as the compiler for iOS (64-bit) computes it.
    case size(Int, SourceLocation)
    /// `({ id v = x; ...; v; })`, GNU C's statement expression: its value is the last statement's.
    case statements([Statement], SourceLocation)
    /// `@encode(typeof(x))` of an expression whose type the parser cannot tell (a property,
    /// a message, a function's result): the encoding of the value it has when run.
    case typeEncoding(Expression, SourceLocation)
    /// The truth of an expression of object type, where C tests it (`if (value)`, `!value`,
    /// `&&`, `?:`): whether it holds an object (bound). rtsh keeps a boxed number as the
    /// number, so `@NO` or `@0` in an `id` would otherwise read as false.
    case holdsObject(Expression)

    /// One operator of a chain and the operand to its right.
    struct Operation: Sendable {
        let kind: BinaryOperator
        let operand: Expression
        let location: SourceLocation
        /// An ordering of an unsigned integer, which C makes an unsigned comparison: a value
        /// rtsh holds as -1 (`NSUIntegerMax`) orders above every other.
        var comparesUnsigned = false
    }

    enum Receiver: Sendable {
        case expression(Expression)
        case `super`(SourceLocation)
    }

    /// Whether the expression is a variable's name alone (a local or one looked up by name),
    /// which may hold a C array that decays to its address.
    var namesVariable: Bool {
        switch self {
        case .local, .name: true
        default: false
        }
    }

    var location: SourceLocation {
        switch self {
        case .literal(_, let location), .name(_, let location), .message(_, _, _, let location),
            .local(_, _, let location), .instanceVariable(_, let location), .send(_, _, _, let location), .closure(_, let location),
            .property(_, _, let location), .member(_, _, let location), .assignment(_, _, _, let location),
            .increment(_, _, _, let location), .unary(_, _, let location), .conditional(_, _, _, let location),
            .array(_, let location), .dictionary(_, let location), .selector(_, let location), .protocolLiteral(_, let location),
            .call(_, _, let location), .invoke(_, _, let location), .block(_, _, _, _, let location), .subscript(_, _, let location),
            .cast(_, _, let location), .boxed(_, let location), .compoundLiteral(_, _, let location), .size(_, let location), .statements(_, let location),
            .typeEncoding(_, let location):
            location
        case .operators(let first, _), .holdsObject(let first):
            first.location
        }
    }
}

/// A statement inside a method, a function or a block, or at the prompt.
indirect enum Statement: Sendable {
    case expression(Expression)
    /// `NSString *name = value;`, `__block BOOL done = NO;`, `static NSInteger count = 0;`.
    case declaration(Declaration)
    /// Several statements read as one, in the same scope: `int a = 1, b = 2;`.
    case group([Statement])
    /// `{ ... }`, `@autoreleasepool { ... }`: statements in a scope of their own.
    case compound([Statement])
    case `return`(Expression?, SourceLocation)
    case `if`(condition: Expression, then: [Statement], else: [Statement]?, SourceLocation)
    case `while`(condition: Expression, body: [Statement], SourceLocation)
    case doWhile(body: [Statement], condition: Expression, SourceLocation)
    /// `for (initial; condition; step) body`; every part may be empty.
    case `for`(initial: [Statement], condition: Expression?, step: [Expression], body: [Statement], SourceLocation)
    /// `for (Type *item in collection) body`: `item` is what each element is assigned to,
    /// declared by the loop when `declaresItem`, else an existing variable.
    case forIn(item: Expression, declaresItem: Bool, collection: Expression, body: [Statement], SourceLocation)
    case `switch`(SwitchStatement)
    case `break`(SourceLocation)
    case `continue`(SourceLocation)
    /// `@throw value;`, or `@throw;` inside `@catch` to raise the caught exception again.
    case `throw`(Expression?, SourceLocation)
    case `try`(body: [Statement], catches: [CatchClause], finally: [Statement]?, SourceLocation)
    /// `@synchronized (object) { ... }`
    case synchronized(Expression, body: [Statement], SourceLocation)
    /// `done:`, where a `goto` in the same block, or in one inside it, goes on.
    case label(String, SourceLocation)
    /// `goto done;`
    case goto(String, SourceLocation)
    /// A scope's statements and the slots its declarations made, emptied when it ends
    /// however it ends, as ARC releases a scope's variables. Made by the binder.
    case scope([Statement], releasing: [Int])
    /// The statements of a block after a declaration with a cleanup attribute, then the
    /// cleanup's call (`function(&variable)`) when they end, however they end: normally, by
    /// `return`, `break`, `continue`, a `goto` out or an exception. Made by the binder, so
    /// that only a scope that reached the declaration runs its cleanup, as in C.
    case cleanup([Statement], call: Expression)
}

/// A local variable's declaration.
struct Declaration: Sendable {
    let name: String
    /// A typed scalar converts what it is given (`int x = 3.7;` holds 3).
    let type: ObjCType?
    /// The sizes of an array the code works out as it runs (`char buffer[length]`); see
    /// ``Parser/runtimeArraySizes``.
    var arraySizes: [Expression?] = []
    var value: Expression?
    /// `__block`: blocks made in its scope share the variable instead of copying its value.
    let isShared: Bool
    /// `__weak`: it holds its object without keeping it alive, and reads nil once the
    /// object has gone; a block captures it weakly too.
    var isWeak = false
    /// For `static`: initialised the first time it runs, then kept across calls.
    let storage: StaticStorage?
    /// The variable's slot in its frame, given by the binder; nil for a variable of the
    /// session, declared at the prompt's top level.
    var slot: Int? = nil
    /// Whether its written type is an object pointer (`id`, `NSNumber *`, `Class`): a test
    /// of its truth asks whether it holds an object, so `@NO` and `@0` in it are true.
    var holdsObject = false
    /// `__attribute__((cleanup(function)))`: `function(&variable)` runs when the variable's
    /// scope ends, however it ends (libextobjc's `@onExit` is made of it).
    var cleanup: Cleanup? = nil
    let location: SourceLocation

    /// A cleanup attribute: the function it names and where it was written.
    struct Cleanup: Sendable {
        let function: String
        let location: SourceLocation
    }
}

/// `switch (subject) { case 1: ... default: ... }`: the body is one run of statements,
/// and each label says where in it execution starts, so cases fall through as in C.
struct SwitchStatement: Sendable {
    struct Label: Sendable {
        /// The value to match; nil for `default`.
        let value: Expression?
        /// The last value of a GNU case range (`case 'a' ... 'z':`), which matches from
        /// ``value`` to it; nil for one value.
        var last: Expression? = nil
        /// The index in ``SwitchStatement/body`` of the first statement after the label.
        let start: Int
    }

    let subject: Expression
    let labels: [Label]
    let body: [Statement]
    let location: SourceLocation
}

/// `@catch (NSException *exception) { ... }`
struct CatchClause: Sendable {
    /// The class the clause catches; nil for `id` or `...`, which catch everything.
    let className: String?
    /// The variable holding the exception; nil for `...`.
    let name: String?
    var body: [Statement]
    let location: SourceLocation
    /// The slot of the exception's variable, and the slot that keeps what was caught for
    /// `@throw;`, given by the binder.
    var slot: Int? = nil
    var caughtSlot: Int? = nil
}

/// A block literal as the binder leaves it: its parameters in the first slots of its own
/// frame, then the variables it captures, copied when the block is made (or shared, for
/// `__block` and `static` ones), then its locals.
final class BlockCode: Sendable {
    /// A variable of the enclosing code the block uses: copied from `outer` into `inner`.
    struct Capture: Sendable {
        let outer: Int
        let inner: Int
        /// `__block` or `static`: the block and its surroundings share the variable.
        let shares: Bool
        /// `__weak`: the block's copy holds its object weakly too.
        var isWeak = false
    }

    let parameterCount: Int
    /// The type encoding the block literal declares (see ``Block/signature``).
    let signature: String
    /// Whether its parameters end in `, ...`: it takes more arguments, which `va_start` reads.
    let isVariadic: Bool
    let captures: [Capture]
    let frameSize: Int
    /// The slot holding the `self` the block captured, when it uses `self`, an instance
    /// variable or `super`.
    let selfSlot: Int?
    let body: [Statement]

    init(parameterCount: Int, signature: String, isVariadic: Bool, captures: [Capture], frameSize: Int, selfSlot: Int?, body: [Statement]) {
        self.parameterCount = parameterCount
        self.signature = signature
        self.isVariadic = isVariadic
        self.captures = captures
        self.frameSize = frameSize
        self.selfSlot = selfSlot
        self.body = body
    }
}

/// Code the binder resolved: its statements, and how many slots its frame needs.
struct BoundCode: Sendable {
    let statements: [Statement]
    let frameSize: Int
    /// The selectors the code sends to `super` (blocks inside it included): a `-dealloc`
    /// that sends none was written for ARC, which sends `[super dealloc]` after it.
    var superSelectors: Set<String> = []
}

/// A method's signature as written: `- (void)pushViewController:(UIViewController *)vc animated:(BOOL)animated`.
struct MethodSignature: Sendable {
    let isClassMethod: Bool
    let selector: String
    let returnType: ObjCType
    let parameters: [(name: String, type: ObjCType)]
    /// `, ...` after the last parameter: the method takes more arguments, read with `va_arg`.
    var isVariadic = false
    /// The parameters declared `__weak` (`(__weak id)target`), which blocks capture weakly.
    var weakParameters: Set<String> = []
    let location: SourceLocation

    /// The method's type encoding as the compiler writes it: object types are plain `@`
    /// (class names appear only in property attributes).
    var typeEncoding: String {
        returnType.signatureEncoding + "@:" + parameters.map(\.type.signatureEncoding).joined()
    }
}

extension ObjCType {
    /// Whether this is a pointer to numbers or characters (`char *`, `Bytef *`, `int *`),
    /// which a C array decays to; not one to a struct, a CoreFoundation object or `void`.
    var pointsToNumbers: Bool {
        switch self {
        case .cString: true
        case .pointer(let pointee): pointee.first.map("cCsSiIlLqQfdB".contains) ?? false
        default: false
        }
    }

    /// The type's encoding in a method's signature or a struct's: object types are plain
    /// `@`, as the compiler writes them (class names appear only in property attributes).
    /// Whether the type is C's number or boolean, which an assignment converts to.
    var isNumber: Bool {
        switch self {
        case .bool, .char, .integer, .float, .double, .bitField: true
        default: false
        }
    }

    var signatureEncoding: String {
        switch self {
        case .object: "@"
        case .array(let count, let element): "[\(count)\(element.signatureEncoding)]"
        default: description
        }
    }
}

struct MethodDefinition: Sendable {
    let signature: MethodSignature
    let body: [Statement]
    /// Its tokens' hash, places aside (``Parser/fingerprint(since:)``): whether it changed.
    let fingerprint: Int
}

/// A method whose body could not be read: left out of its class, and remembered.
struct UnreadMethod: Sendable {
    let signature: MethodSignature
    let error: SyntaxError
}

/// An instance variable declared in braces after `@interface Name` or `@implementation Name`.
struct IvarDeclaration: Sendable {
    let name: String
    let type: ObjCType
    /// `__weak id _delegate;`: holds its object without keeping it alive.
    var isWeak = false
    let location: SourceLocation
}

/// `@interface Name : Superclass <Protocols> { ivars } ... @end`, a class extension
/// `@interface Name () ... @end`, or a category's `@interface Name (Category) ... @end`.
struct InterfaceDefinition: Sendable {
    enum Kind: Sendable, Equatable {
        case primary
        case `extension`
        case category(String)
    }

    let name: String
    let kind: Kind
    let superclass: String?
    let protocols: [String]
    let ivars: [IvarDeclaration]
    let properties: [(property: Property, location: SourceLocation)]
    let location: SourceLocation
    /// Its tokens' hash, places aside, with its class extensions' once merged: whether it changed.
    let fingerprint: Int
}

extension InterfaceDefinition {
    /// Adds what a class extension declares: its protocols, ivars and properties; a
    /// property declared again (`readonly` made `readwrite`) takes the extension's form.
    /// With `isRedeclaration`, `extension` is the class's `@interface` written again (see
    /// `Session.redeclares`), whose ivars are the class's own, declared once.
    mutating func merge(_ extension: InterfaceDefinition, isRedeclaration: Bool = false) {
        self = InterfaceDefinition(
            name: name, kind: kind, superclass: superclass, protocols: protocols + `extension`.protocols.filter { !protocols.contains($0) },
            ivars: ivars + `extension`.ivars.filter { added in !isRedeclaration || !ivars.contains { $0.name == added.name } },
            properties: properties.filter { declared in !`extension`.properties.contains { $0.property.name == declared.property.name } }
                + `extension`.properties.map { added in
                    // A read-only redeclaration leaves a read-write property so: it comes from
                    // another file's extension (one file cannot make it read-only again), whose
                    // code only reads it, while the file that declared it read-write sets it.
                    guard added.property.attributes.contains(.readOnly),
                          let earlier = properties.first(where: { $0.property.name == added.property.name }),
                          !earlier.property.attributes.contains(.readOnly) else { return added }
                    return earlier
                },
            location: location, fingerprint: Self.combined(fingerprint, `extension`.fingerprint))
    }

    /// One fingerprint for two definitions read together.
    static func combined(_ first: Int, _ second: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(first)
        hasher.combine(second)
        return hasher.finalize()
    }
}

/// `@protocol Name <Inherited> ... @end`
struct ProtocolDefinition: Sendable {
    let name: String
    let inherited: [String]
    let required: [MethodSignature]
    let optional: [MethodSignature]
    let properties: [Property]
    let location: SourceLocation
    /// Its tokens' hash, places aside: whether it changed.
    let fingerprint: Int
}

/// `@implementation Name : Superclass ... @end` or `@implementation Name (Category) ... @end`
struct ImplementationDefinition: Sendable {
    let className: String
    let superclass: String?
    let category: String?
    let ivars: [IvarDeclaration]
    let methods: [MethodDefinition]
    /// Methods whose bodies could not be read, each with its error.
    let unread: [UnreadMethod]
    /// `@synthesize title = _customTitle;` and `@dynamic title;`: how a property is stored,
    /// when not in `_title`.
    let synthesized: [String: PropertyStorage]
    let location: SourceLocation
    /// Its tokens' hash, places aside: whether it changed.
    let fingerprint: Int
}

/// How an implementation stores a property it names.
enum PropertyStorage: Sendable, Equatable {
    /// `@synthesize name = ivar;` (or `@synthesize name;`, in `name`).
    case ivar(String)
    /// `@dynamic name;`: not at all; the class supplies the accessors some other way.
    case dynamic

    /// The ivar, when there is one.
    var ivarName: String? {
        if case .ivar(let name) = self { name } else { nil }
    }
}

/// `enum Name : NSInteger { A, B = 4 }` (also as `NS_ENUM` and `typedef enum` write it).
struct EnumDefinition: Sendable {
    let name: String?
    let type: ObjCType
    let constants: [(name: String, value: Expression?, location: SourceLocation)]
    let location: SourceLocation
}

/// A C function of the file: `static CGFloat padding(UIView *view) { ... }`.
struct FunctionDefinition: Sendable {
    let name: String
    let returnType: ObjCType
    let parameters: [(name: String, type: ObjCType)]
    /// `, ...` after the last parameter: the function takes more arguments, read with `va_arg`.
    var isVariadic = false
    let body: [Statement]
    let location: SourceLocation
}

/// A file-scope variable: `static NSString *const kCellIdentifier = @"Cell";`.
struct GlobalVariable: Sendable {
    let name: String
    let type: ObjCType
    /// The sizes of an array worked out when the declaration runs; see ``Parser/runtimeArraySizes``.
    var arraySizes: [Expression?] = []
    let value: Expression?
    /// `extern`: declared here, defined elsewhere.
    let isExternal: Bool
    /// `static`: private to its file; otherwise every file sees it.
    let isStatic: Bool
    let location: SourceLocation
}

/// What one complete input holds.
enum TopLevelItem: Sendable {
    case statement(Statement)
    case interface(InterfaceDefinition)
    case `protocol`(ProtocolDefinition)
    case implementation(ImplementationDefinition)
    case enumeration(EnumDefinition)
    case function(FunctionDefinition)
    /// `void log(NSString *format, ...);`: a function declared here and defined elsewhere.
    case functionPrototype(name: String, parameterCount: Int, SourceLocation)
    case variable(GlobalVariable)
}

/// The storage of one `static` variable in a method or block: its value lives as long as
/// the definition, as a C static does, and is shared by every call.
final class StaticStorage: Sendable {
    /// Where the value lives: `&name` points here (`dispatch_once(&onceToken, ...)`).
    let reference = Reference(.nil)
    /// Whether this holds a C function under its name, whose address is the function
    /// itself (`CFArrayApplyFunction(array, range, &applier, NULL)`), not a place.
    let isFunction: Bool

    init(isFunction: Bool = false) {
        self.isFunction = isFunction
    }
    // A method may run on several threads at once; the value is shared, as in C.
    private let initialized = Mutex(false)

    /// The value, or nil before the declaration first ran.
    var value: Value? {
        // `.none`, not `nil`: Value has a nil of its own, which would read as initialised.
        initialized.withLock { $0 } ? reference.value : .none
    }

    /// Stores `initial` unless the declaration already ran.
    func initialize(_ initial: Value) {
        initialized.withLock { done in
            guard !done else { return }
            reference.value = initial
            done = true
        }
    }

    func set(_ newValue: Value) {
        initialized.withLock { done in
            reference.value = newValue
            done = true
        }
    }
}

extension ObjCType {
    /// Whether a variable of this type holds an object pointer: `id`, a class's pointer,
    /// `Class`.
    var holdsObject: Bool {
        switch self {
        case .object, .class: true
        default: false
        }
    }
}
