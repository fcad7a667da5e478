/// One type in an Objective-C type encoding: `v`, `@`, `B`, `q`, `@"NSString"`, ...
public enum ObjCType: Hashable, Sendable, CustomStringConvertible {
    case void
    /// `@`, optionally with a class name (`@"NSString"`).
    case object(className: String?)
    /// `@?`
    case block
    /// `#`
    case `class`
    /// `:`
    case selector
    /// `B`
    case bool
    /// `c`: a signed char, which is also how 32-bit Objective-C encodes `BOOL`.
    case char
    /// `s`, `i`, `l`, `q` and their unsigned forms `S`, `I`, `L`, `Q`, `C`.
    case integer(code: Character)
    /// `f`
    case float
    /// `d`
    case double
    /// `*`
    case cString
    /// `^type`
    case pointer(to: String)
    /// `{Name=...}`
    case structure(name: String, encoding: String)
    /// `[3i]`: a C array of `count` elements (`int values[3]`). Its value is an array of
    /// the elements, as a variable of its own holds them.
    indirect case array(count: Int, element: ObjCType)
    /// `b1`: a bit-field of an ivar or a struct (`unsigned int isLoading : 1;`), holding
    /// `width` bits. The encoding does not say whether it is signed; the declaration does.
    case bitField(width: Int, isSigned: Bool)

    /// The most elements an array may hold in all its dimensions: far more than the buffers
    /// and tables code declares, and few enough that its zero value is quick to make.
    public static let maximumArrayElements = 1 << 20

    /// How many elements an array holds in all its dimensions (`int[2][3]` holds 6), nil
    /// when the count overflows; 1 for any other type.
    public var elementCount: Int? {
        guard case .array(let count, let element) = self else { return 1 }
        guard let inner = element.elementCount else { return nil }
        let (product, overflow) = count.multipliedReportingOverflow(by: inner)
        return overflow ? nil : product
    }

    /// The value a message to nil returns for this type, and a fresh property's value.
    public var zeroValue: Value {
        switch self {
        case .bool, .char: .bool(false)
        case .integer, .bitField: .int(0)
        case .float, .double: .double(0)
        case .structure(let name, let encoding): StructValue.zero(encoding: encoding).map { Value.structure(Self.naming($0, name)) } ?? .nil
        case .array(let count, let element): .array(Array(repeating: element.zeroValue, count: count))
        default: .nil
        }
    }

    /// `zero` under the type's name where its encoding's tag is `?` (an anonymous struct, as a
    /// typedef of one encodes): the name is what finds the struct's declared fields.
    private static func naming(_ zero: StructValue, _ name: String) -> StructValue {
        guard zero.name == "?", name != "?" else { return zero }
        return StructValue(name: name, fieldNames: zero.fieldNames, fields: zero.fields)
    }

    /// Whether code written for one type can be given a value of the other: the same type,
    /// with every object type (any class, `Class`, a block) one kind, and `BOOL` written either way.
    public func isCompatible(with other: ObjCType) -> Bool {
        switch (self, other) {
        case (.object, .object), (.object, .class), (.object, .block), (.class, .object), (.class, .class), (.block, .object), (.block, .block):
            true
        case (.bool, .bool), (.bool, .char), (.char, .bool), (.char, .char):
            true
        default:
            self == other
        }
    }

    /// `number` as this integer type holds it: wrapped to the type's width, as a C
    /// conversion wraps (`(char)300` is 44); a number of any other type as it is.
    public func wrapping(_ number: Int) -> Int {
        guard case .integer(let code) = self else { return number }
        return switch code {
        case "c": Int(Int8(truncatingIfNeeded: number))
        case "C": Int(UInt8(truncatingIfNeeded: number))
        case "s": Int(Int16(truncatingIfNeeded: number))
        case "S": Int(UInt16(truncatingIfNeeded: number))
        case "i", "l": Int(Int32(truncatingIfNeeded: number))
        case "I", "L": Int(UInt32(truncatingIfNeeded: number))
        default: number
        }
    }

    /// The size and alignment in bytes on 64-bit iOS of a type that is not a struct or an
    /// array: those are laid out from their fields, which only their declaration gives.
    public var scalarLayout: (size: Int, alignment: Int)? {
        switch self {
        case .void, .bool, .char: (1, 1)
        case .integer(let code):
            switch code {
            case "c", "C": (1, 1)
            case "s", "S": (2, 2)
            case "i", "I": (4, 4)
            default: (8, 8)
            }
        case .float, .bitField: (4, 4)
        case .structure, .array: nil
        default: (8, 8)
        }
    }

    /// The encoding as Objective-C writes it.
    public var description: String {
        switch self {
        case .void: "v"
        case .object(let name?): "@\"\(name)\""
        case .object(nil): "@"
        case .block: "@?"
        case .class: "#"
        case .selector: ":"
        case .bool: "B"
        case .char: "c"
        case .integer(let code): String(code)
        case .float: "f"
        case .double: "d"
        case .cString: "*"
        case .pointer(let pointee): "^" + pointee
        case .structure(_, let encoding): encoding
        case .bitField(let width, _): "b\(width)"
        case .array(let count, let element): "[\(count)\(element)]"
        }
    }
}

/// A method's type encoding: the return type, then `self` and `_cmd`, then one type per
/// argument, as in `v@:B` for `- (void)viewWillAppear:(BOOL)animated`.
public struct TypeEncoding: Hashable, Sendable, CustomStringConvertible {
    /// The parsed encoding, shared by every copy: a runtime parses each text once and every
    /// method of that encoding holds the one storage, one word, rather than its own copy of
    /// the text and the types.
    private final class Storage: Sendable {
        let description: String
        let returnType: ObjCType
        let argumentTypes: [ObjCType]

        init(description: String, returnType: ObjCType, argumentTypes: [ObjCType]) {
            self.description = description
            self.returnType = returnType
            self.argumentTypes = argumentTypes
        }
    }

    private let storage: Storage

    /// The encoding as it was written.
    public var description: String { storage.description }
    public var returnType: ObjCType { storage.returnType }
    /// The argument types after `self` and `_cmd`.
    public var argumentTypes: [ObjCType] { storage.argumentTypes }

    /// Encodings are equal when their text is: the same text parses to the same types.
    public static func == (lhs: TypeEncoding, rhs: TypeEncoding) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.description == rhs.storage.description
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage.description) }

    /// Whether one method's code can stand in for the other's: the same number of arguments,
    /// and compatible return and argument types (see ``ObjCType/isCompatible(with:)``).
    @inline(__always)
    public func isCompatible(with other: TypeEncoding) -> Bool {
        // A runtime parses each text once, so most pairs (`v@:` with `v@:`) share one
        // storage: one compare, compiled into the exchange that asks.
        storage === other.storage || typesAreCompatible(with: other)
    }

    @inline(never)
    private func typesAreCompatible(with other: TypeEncoding) -> Bool {
        // The same text parses to the same types.
        if self == other { return true }
        return argumentTypes.count == other.argumentTypes.count && returnType.isCompatible(with: other.returnType)
            && zip(argumentTypes, other.argumentTypes).allSatisfy { $0.isCompatible(with: $1) }
    }

    /// Parses a method encoding. Frame offsets (`v16@0:8`) and qualifiers (`r`, `n`, `o`,
    /// `N`, `O`, `R`, `V`) are accepted and ignored.
    public init(_ encoding: String) throws(RuntimeError) {
        let types = try Self.parseTypes(encoding)
        guard types.count >= 3 else {
            throw .invalidTypeEncoding(encoding, reason: "it needs a return type followed by '@:' for self and _cmd, as in 'v@:'")
        }
        guard case .object = types[1], types[2] == .selector else {
            throw .invalidTypeEncoding(encoding, reason: "the second and third types must be '@' (self) and ':' (_cmd), as in 'v@:'")
        }
        self.storage = Storage(description: encoding, returnType: types[0], argumentTypes: Array(types.dropFirst(3)))
    }

    /// Parses every type of an encoding in order, as `NSMethodSignature` reads one: a
    /// method's (`v@:B`) or a block's (`v@?@"NSString"`, whose first argument is the block).
    /// Frame offsets and qualifiers are accepted and ignored.
    public static func parseTypes(_ encoding: String) throws(RuntimeError) -> [ObjCType] {
        var scanner = EncodingScanner(text: encoding)
        var types: [ObjCType] = []
        while !scanner.isAtEnd {
            types.append(try scanner.nextType())
        }
        return types
    }

    /// Parses a single type, as a property's type is written (`@"NSString"`, `B`, `q`).
    public static func parseType(_ encoding: String) throws(RuntimeError) -> ObjCType {
        var scanner = EncodingScanner(text: encoding)
        guard !scanner.isAtEnd else { throw .invalidTypeEncoding(encoding, reason: "it is empty; write a type such as '@' or 'B'") }
        let type = try scanner.nextType()
        guard scanner.isAtEnd else {
            throw .invalidTypeEncoding(encoding, reason: "it holds more than one type; a property has exactly one")
        }
        return type
    }

    /// The first type of `encoding` and how many UTF-8 bytes it takes, the qualifiers
    /// and frame offset before it included: where `NSGetSizeAndAlignment` stops reading.
    public static func parseFirstType(_ encoding: String) throws(RuntimeError) -> (type: ObjCType, length: Int) {
        var scanner = EncodingScanner(text: encoding)
        guard !scanner.isAtEnd else { throw .invalidTypeEncoding(encoding, reason: "it is empty; write a type such as '@' or 'B'") }
        let type = try scanner.nextType()
        return (type, scanner.consumedBytes)
    }
}

/// Reads encoded types one at a time.
private struct EncodingScanner {
    let text: String
    private let scalars: [Character]
    private var index = 0

    init(text: String) {
        self.text = text
        self.scalars = Array(text)
    }

    /// How many UTF-8 bytes of the text the types read so far take.
    var consumedBytes: Int { String(scalars[..<index]).utf8.count }

    var isAtEnd: Bool {
        mutating get {
            skipOffsetsAndQualifiers()
            return index >= scalars.count
        }
    }

    private mutating func skipOffsetsAndQualifiers() {
        while index < scalars.count, scalars[index].isNumber || "rnNoORV".contains(scalars[index]) {
            index += 1
        }
    }

    mutating func nextType() throws(RuntimeError) -> ObjCType {
        skipOffsetsAndQualifiers()
        guard index < scalars.count else {
            throw .invalidTypeEncoding(text, reason: "it ends where a type was expected")
        }
        let code = scalars[index]
        index += 1
        switch code {
        case "v": return .void
        case "#": return .class
        case ":": return .selector
        case "B": return .bool
        case "c": return .char
        case "s", "i", "l", "q", "S", "I", "L", "Q", "C": return .integer(code: code)
        case "f": return .float
        case "d": return .double
        case "*": return .cString
        case "[":
            let start = index
            while index < scalars.count, let digit = scalars[index].wholeNumberValue, digit < 10 { index += 1 }
            guard let count = Int(String(scalars[start..<index])) else {
                throw .invalidTypeEncoding(text, reason: "the array at offset \(start - 1) needs its count, as in '[3i]'")
            }
            let array = ObjCType.array(count: count, element: try nextType())
            guard let elements = array.elementCount, elements <= ObjCType.maximumArrayElements else {
                throw .invalidTypeEncoding(text, reason: "the array at offset \(start - 1) holds more than \(ObjCType.maximumArrayElements) elements")
            }
            guard index < scalars.count, scalars[index] == "]" else {
                throw .invalidTypeEncoding(text, reason: "the array at offset \(start - 1) has no closing ']'")
            }
            index += 1
            return array
        case "b":
            let start = index
            while index < scalars.count, let digit = scalars[index].wholeNumberValue, digit < 10 { index += 1 }
            guard let width = Int(String(scalars[start..<index])), (1...64).contains(width) else {
                throw .invalidTypeEncoding(text, reason: "the bit-field at offset \(start - 1) needs its width, 1 to 64, as in 'b1'")
            }
            return .bitField(width: width, isSigned: false)
        case "@":
            if index < scalars.count, scalars[index] == "?" {
                index += 1
                return .block
            }
            if index < scalars.count, scalars[index] == "\"" {
                guard let close = scalars[(index + 1)...].firstIndex(of: "\"") else {
                    throw .invalidTypeEncoding(text, reason: "the class name after '@\"' has no closing quote")
                }
                let name = String(scalars[(index + 1)..<close])
                index = close + 1
                return .object(className: name)
            }
            return .object(className: nil)
        case "^":
            let start = index
            // `^?`: a pointer to a function, as clang encodes a function pointer.
            if index < scalars.count, scalars[index] == "?" {
                index += 1
                return .pointer(to: "?")
            }
            _ = try nextType()
            return .pointer(to: String(scalars[start..<index]))
        case "{":
            let start = index - 1
            var depth = 1
            while index < scalars.count, depth > 0 {
                if scalars[index] == "{" { depth += 1 }
                if scalars[index] == "}" { depth -= 1 }
                index += 1
            }
            guard depth == 0 else {
                throw .invalidTypeEncoding(text, reason: "the structure starting at offset \(start) has no closing '}'")
            }
            let body = String(scalars[start..<index])
            let name = body.dropFirst().prefix { $0 != "=" && $0 != "}" }
            return .structure(name: String(name), encoding: body)
        default:
            throw .invalidTypeEncoding(text, reason: "'\(code)' at offset \(index - 1) is not a type code (expected one of v @ # : B c s i l q S I L Q C f d * ^ { [ b)")
        }
    }
}

extension ObjCType {
    /// `NSRange` is a typedef of `struct _NSRange`: either name is the same struct.
    private static func sameStruct(_ a: String, _ b: String) -> Bool {
        a.trimmingPrefix("_") == b.trimmingPrefix("_")
    }

    /// `value` converted for storage in something of this type: numbers and booleans
    /// convert among the scalar types as C converts them; objects, strings and the rest
    /// are stored as they are.
    ///
    /// - Parameter context: what is being stored, for the error (`property 'hidden' of UIView`).
    /// - Throws: ``RuntimeError/typeMismatch(context:expected:got:)`` when a scalar type
    ///   is given something that is not a number or a boolean.
    public func coerce(_ value: Value, for context: @autoclosure () -> String) throws(RuntimeError) -> Value {
        // An object that stands in for a value the model could not give reads as the zero
        // of any type that is not an object's.
        if case .object(let object) = value, object.isa.instancesReadAsZero {
            switch self {
            case .object, .class, .block, .void: return value
            default: return zeroValue
            }
        }
        switch self {
        case .bool, .char:
            switch value {
            case .bool, .nil, .int, .double: return .bool(value.isTruthy)
            default: throw .typeMismatch(context: context(), expected: "BOOL (YES or NO)", got: value.kindDescription)
            }
        case .integer, .bitField:
            if case .double(let number) = value {
                guard let whole = Int(exactly: number.rounded(.towardZero)) else {
                    throw .typeMismatch(context: context(), expected: "an integer", got: "\(number), which is out of range")
                }
                return .int(wrapping(whole))
            }
            guard let number = value.intValue else {
                throw .typeMismatch(context: context(), expected: "an integer", got: value.kindDescription)
            }
            // Stored as C stores it, to the type's width: `(int)4294967295u` is -1.
            return .int(wrapping(number))
        case .float, .double:
            let number: Double
            switch value {
            case .double(let given): number = given
            case .int(let given): number = Double(given)
            case .bool(let flag): number = flag ? 1 : 0
            case .nil: number = 0
            default: throw .typeMismatch(context: context(), expected: "a number", got: value.kindDescription)
            }
            // A float keeps a float's precision, as C stores one: 12.34 is 12.34000015...
            if case .float = self { return .double(Double(Float(number))) }
            return .double(number)
        case .structure(let name, _):
            switch value {
            case .structure(let structure) where structure.name == name || Self.sameStruct(structure.name, name): return value
            case .nil: return zeroValue
            default: throw .typeMismatch(context: context(), expected: "a \(name)", got: value.kindDescription)
            }
        default:
            return value
        }
    }
}
