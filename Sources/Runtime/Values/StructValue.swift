/// The value of a C struct (`CGRect`, `CGPoint`, `NSRange`, ...): named fields, copied
/// whenever it is assigned, as C copies a struct.
public struct StructValue: Hashable, Sendable, CustomStringConvertible {
    /// The contents live in one immutable box, so a struct adds one pointer to a `Value`
    /// (which every send passes around) and a change makes a new box: value semantics.
    @usableFromInline final class Box: Sendable {
        @usableFromInline let name: String
        @usableFromInline let fieldNames: [String]
        @usableFromInline let fields: [Value]

        init(name: String, fieldNames: [String], fields: [Value]) {
            self.name = name
            self.fieldNames = fieldNames
            self.fields = fields
        }
    }

    @usableFromInline var box: Box

    // Inlinable, so that a caller reading a rect's numbers (every view's initializer does)
    // borrows the box's arrays instead of retaining and releasing each.
    /// The struct's name, as in its encoding (`CGRect` in `{CGRect=...}`).
    @inlinable public var name: String { box.name }
    @inlinable public var fieldNames: [String] { box.fieldNames }
    @inlinable public var fields: [Value] { box.fields }

    public init(name: String, fieldNames: [String], fields: [Value]) {
        precondition(fieldNames.count == fields.count, "a struct has one value per field")
        box = Box(name: name, fieldNames: fieldNames, fields: fields)
    }

    public static func == (lhs: StructValue, rhs: StructValue) -> Bool {
        lhs.name == rhs.name && lhs.fieldNames == rhs.fieldNames && lhs.fields == rhs.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(fields)
    }

    /// The value of the field `field`, or nil when the struct has no such field.
    public subscript(field: String) -> Value? {
        fieldNames.firstIndex(of: field).map { fields[$0] }
    }

    /// Sets a field; false, changing nothing, when the struct has no such field.
    public mutating func set(_ field: String, to value: Value) -> Bool {
        guard let index = fieldNames.firstIndex(of: field) else { return false }
        var fields = box.fields
        fields[index] = value
        box = Box(name: name, fieldNames: fieldNames, fields: fields)
        return true
    }

    /// As Foundation's `NSStringFromCGRect` writes it: `{{0, 0}, {320, 480}}`.
    public var description: String {
        "{" + fields.map { field in
            if case .double(let number) = field, number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
            return field.description
        }.joined(separator: ", ") + "}"
    }

    /// The names of the framework's structs' fields, by struct name.
    public static let frameworkFields: [String: [String]] = [
        "CGPoint": ["x", "y"],
        "CGSize": ["width", "height"],
        "CGRect": ["origin", "size"],
        "CGVector": ["dx", "dy"],
        "_NSRange": ["location", "length"],
        "NSRange": ["location", "length"],
        "UIEdgeInsets": ["top", "left", "bottom", "right"],
        "NSDirectionalEdgeInsets": ["top", "leading", "bottom", "trailing"],
        "UIOffset": ["horizontal", "vertical"],
        "CGAffineTransform": ["a", "b", "c", "d", "tx", "ty"],
        "CLLocationCoordinate2D": ["latitude", "longitude"],
        "MKCoordinateSpan": ["latitudeDelta", "longitudeDelta"],
        "MKCoordinateRegion": ["center", "span"],
        "NSFastEnumerationState": ["state", "itemsPtr", "mutationsPtr", "extra"],
    ]

    /// A struct of zeros for an encoding such as `{CGRect={CGPoint=dd}{CGSize=dd}}`, with
    /// the framework's field names (`field0`, `field1`, ... for a struct it does not know);
    /// nil when the encoding is not a struct's.
    public static func zero(encoding: String) -> StructValue? {
        var scanner = Substring(encoding)
        return zero(scanning: &scanner)
    }

    private static func zero(scanning text: inout Substring) -> StructValue? {
        guard text.first == "{", let equals = text.firstIndex(of: "=") else { return nil }
        let name = String(text[text.index(after: text.startIndex)..<equals])
        text = text[text.index(after: equals)...]
        var fields: [Value] = []
        while let next = text.first, next != "}" {
            guard let field = zeroField(scanning: &text) else { return nil }
            fields.append(field)
        }
        guard text.first == "}" else { return nil }
        text = text.dropFirst()
        let names = frameworkFields[name].flatMap { $0.count == fields.count ? $0 : nil } ?? fields.indices.map { "field\($0)" }
        return StructValue(name: name, fieldNames: names, fields: fields)
    }

    /// Moves past the one type `text` starts with, brackets and all.
    private static func skipType(_ text: inout Substring) {
        guard let first = text.first else { return }
        if first == "^" {
            text = text.dropFirst()
            skipType(&text)
            return
        }
        var depth = 0
        repeat {
            guard let character = text.popFirst() else { return }
            if "{[(".contains(character) { depth += 1 } else if "}])".contains(character) { depth -= 1 }
        } while depth > 0
    }

    /// The zero of the field `text` starts with: a nested struct, an array of zeros
    /// (`[5Q]`), a number (a bit-field's too), or nil for a pointer or an object.
    private static func zeroField(scanning text: inout Substring) -> Value? {
        guard let next = text.first else { return nil }
        switch next {
        case "{":
            return zero(scanning: &text).map(Value.structure)
        case "[":
            text = text.dropFirst()
            let digits = text.prefix { $0.isNumber }
            text = text.dropFirst(digits.count)
            guard let count = Int(digits), count <= ObjCType.maximumArrayElements, let element = zeroField(scanning: &text), text.first == "]" else {
                return nil
            }
            text = text.dropFirst()
            return .array(Array(repeating: element, count: count))
        default:
            text = text.dropFirst()
            switch next {
            case "f", "d": return .double(0)
            case "B": return .bool(false)
            case "c", "C", "s", "S", "i", "I", "l", "L", "q", "Q": return .int(0)
            // A bit-field is `b` and its width (`b1`, `b12`): one field, the digits its own.
            case "b":
                text = text.drop { $0.isNumber }
                return .int(0)
            // A pointer's encoding is `^` and the type it points at, which is no field of its own.
            case "^":
                skipType(&text)
                return .nil
            default: return .nil
            }
        }
    }
}
