/// A value as the runtime and the shell see it: what arguments, results and properties hold.
public enum Value: Hashable, Sendable {
    case `nil`
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case selector(Selector)
    /// An instance or a class: classes are objects, as in Objective-C.
    case object(Object)
    case array([Value])
    case dictionary([Value: Value])
    case block(Block)
    /// A protocol, as `@protocol(Name)` gives one.
    case `protocol`(ObjCProtocol)
    /// A C struct: `CGRect`, `NSRange`, ...
    case structure(StructValue)
    /// The address of a variable (`&error`), for out-parameters.
    case reference(Reference)
    /// A method of a class's method list, as `class_getInstanceMethod` gives one (a `Method`).
    case method(Method)
    /// A method's code, as `method_getImplementation` gives it (an `IMP`).
    case implementation(Implementation)

    /// The object this value holds, or nil.
    public var object: Object? {
        if case .object(let object) = self { object } else { nil }
    }

    /// The class this value holds, or nil when it holds anything else.
    public var `class`: Class? { object as? Class }

    /// The value read as a truth value, as C reads it: nil, `NO`, `0` and `0.0` are false.
    public var isTruthy: Bool {
        switch self {
        case .nil: false
        case .bool(let value): value
        case .int(let value): value != 0
        case .double(let value): value != 0
        default: true
        }
    }

    /// The value read as an integer, when it is a number or a boolean; `nil` reads as 0.
    public var intValue: Int? {
        switch self {
        case .nil: 0
        case .bool(let value): value ? 1 : 0
        case .int(let value): value
        case .double(let value) where value.isFinite && value.rounded(.towardZero) == value && abs(value) < 9.2e18: Int(value)
        default: nil
        }
    }

    /// The value as a number, for integers, doubles and booleans (YES is 1); nil otherwise.
    public var numberValue: Double? {
        switch self {
        case .int(let number): Double(number)
        case .double(let number): number
        case .bool(let flag): flag ? 1 : 0
        default: nil
        }
    }

    /// The type encoding of the value's own kind, as `@encode` gives it for a variable
    /// holding it: `B`, `q`, `d`, `:`, a struct's with its fields' (`{CGPoint=dd}`), or `@`
    /// for an object, nil and anything else.
    public var typeEncoding: String {
        switch self {
        case .bool: "B"
        case .int: "q"
        case .double: "d"
        case .selector: ":"
        case .structure(let structure): "{\(structure.name)=" + structure.fields.map(\.typeEncoding).joined() + "}"
        default: "@"
        }
    }

    /// Equality as Objective-C code means it (`isEqual:`, `==` on numbers): numbers and
    /// booleans by value, so `YES` equals `1` and `2` equals `2.0`; everything else as
    /// values, objects by identity.
    public func isEqual(to other: Value) -> Bool {
        // Two integers compare exactly: as doubles, LONG_MIN and LONG_MIN + 1 are one number.
        if let a = wholeNumber, let b = other.wholeNumber { return a == b }
        if let a = numberValue, let b = other.numberValue { return a == b }
        return self == other
    }

    /// An integer's or a boolean's value; nil for anything else, a double included.
    public var wholeNumber: Int? {
        switch self {
        case .int(let value): value
        case .bool(let flag): flag ? 1 : 0
        default: nil
        }
    }

    /// What kind of value this is, for error messages (`an integer`, `a string`, ...).
    public var kindDescription: String {
        switch self {
        case .nil: "nil"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a double"
        case .string: "a string"
        case .selector: "a selector"
        case .object(let object): object is Class ? "a class" : "an object"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .block: "a block"
        case .protocol: "a protocol"
        // A struct without a tag is named `?` and a number, as the parser tells them apart.
        case .structure(let value): value.name.hasPrefix("?") ? "a struct" : "a \(value.name)"
        case .reference: "a pointer"
        case .method: "a Method"
        case .implementation: "an IMP"
        }
    }
}

extension Value: CustomStringConvertible {
    /// The value as the shell prints it: `nil`, `YES`, `42`, `1.5`, `"text"`,
    /// `@selector(viewDidLoad)`, `UIView`, `<UIView: 0x1>`, `@[1, 2]`, `@{"a": 1}`,
    /// `@protocol(NSCopying)`.
    /// Dictionary keys are sorted, so output is the same on every run.
    /// Collections nested deeper than ``maximumPrintedDepth`` print as `@[...]` and `@{...}`.
    public var description: String { rendered(depth: 0) }

    /// How deeply nested collections are printed: deeper ones are elided, so printing a
    /// value built up statement by statement can never run out of stack.
    public static let maximumPrintedDepth = 64

    private func rendered(depth: Int) -> String {
        switch self {
        case .array where depth >= Self.maximumPrintedDepth: return "@[...]"
        case .dictionary where depth >= Self.maximumPrintedDepth: return "@{...}"
        case .array(let elements): return "@[" + elements.map { $0.rendered(depth: depth + 1) }.joined(separator: ", ") + "]"
        case .dictionary(let entries):
            return "@{" + entries.map { "\($0.key.rendered(depth: depth + 1)): \($0.value.rendered(depth: depth + 1))" }.sorted()
                .joined(separator: ", ") + "}"
        default: return scalarDescription
        }
    }

    private var scalarDescription: String {
        switch self {
        case .nil: "nil"
        case .bool(let value): value ? "YES" : "NO"
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): Self.quoted(value)
        case .selector(let selector): "@selector(\(selector.name))"
        case .object(let object): object.description
        case .array, .dictionary: rendered(depth: 0)
        case .block(let block): block.description
        case .protocol(let proto): "@protocol(\(proto.name))"
        case .structure(let value): value.description
        case .reference(let reference): reference.description
        case .method(let method): "<Method \(method.reference)>"
        case .implementation(let implementation): "<IMP written for \(implementation.home.name)\(implementation.home.isMetaclass ? "'s class" : "")>"
        }
    }

    /// `text` in double quotes with `"`, `\` and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension Value: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral
{
    public init(nilLiteral: ()) { self = .nil }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
}
