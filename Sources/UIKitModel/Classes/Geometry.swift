import Runtime

/// The framework's geometry structs as the class library stores them: `CGPoint`,
/// `CGSize`, `CGRect` and `UIEdgeInsets`, made and read by field name so a struct built
/// by the shell (with the framework's field names) and one made here are the same value.
enum Geometry {
    static let pointType = ObjCType.structure(name: "CGPoint", encoding: "{CGPoint=dd}")
    static let sizeType = ObjCType.structure(name: "CGSize", encoding: "{CGSize=dd}")
    static let insetsType = ObjCType.structure(name: "UIEdgeInsets", encoding: "{UIEdgeInsets=dddd}")
    static let rangeType = ObjCType.structure(name: "_NSRange", encoding: "{_NSRange=QQ}")
    static let affineTransformType = ObjCType.structure(name: "CGAffineTransform", encoding: "{CGAffineTransform=dddddd}")
    /// `CGAffineTransformIdentity`.
    static let identityTransform = Value.structure(StructValue(
        name: "CGAffineTransform", fieldNames: ["a", "b", "c", "d", "tx", "ty"], fields: [1, 0, 0, 1, 0, 0].map { .double($0) }))

    static func point(_ x: Double, _ y: Double) -> Value {
        .structure(StructValue(name: "CGPoint", fieldNames: ["x", "y"], fields: [.double(x), .double(y)]))
    }

    static func size(_ width: Double, _ height: Double) -> Value {
        .structure(StructValue(name: "CGSize", fieldNames: ["width", "height"], fields: [.double(width), .double(height)]))
    }

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Value {
        // The zero rect (every view's first bounds) is made once: a struct's box is immutable,
        // so sharing one is the same as copying it. Only +0.0, as -0.0 prints otherwise.
        if x.bitPattern | y.bitPattern | width.bitPattern | height.bitPattern == 0 { return zeroRect }
        return makeRect(x, y, width, height)
    }

    private static let zeroRect = makeRect(0, 0, 0, 0)

    private static func makeRect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Value {
        .structure(StructValue(name: "CGRect", fieldNames: ["origin", "size"], fields: [point(x, y), size(width, height)]))
    }

    static func range(_ location: Int, _ length: Int) -> Value {
        .structure(StructValue(name: "_NSRange", fieldNames: ["location", "length"], fields: [.int(location), .int(length)]))
    }

    static func insets(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> Value {
        .structure(StructValue(name: "UIEdgeInsets", fieldNames: ["top", "left", "bottom", "right"], fields: [.double(top), .double(left), .double(bottom), .double(right)]))
    }

    /// The numbers of a struct's fields, in order, or nil when `value` is not a struct of
    /// `count` numeric fields.
    /// An `NSRange`'s location and length as integers, read exactly: a location of
    /// `NSNotFound` is too big to pass through a `Double` and back. Nil for anything else.
    static func rangeBounds(of value: Value) -> (location: Int, length: Int)? {
        guard case .structure(let range) = value, range.fields.count == 2,
              let location = range.fields[0].intValue, let length = range.fields[1].intValue else { return nil }
        return (location, length)
    }

    static func numbers(of value: Value, count: Int) -> [Double]? {
        guard case .structure(let structure) = value, structure.fields.count == count else { return nil }
        let numbers = structure.fields.compactMap(\.numberValue)
        return numbers.count == count ? numbers : nil
    }

    /// A rect's origin and size, or nil when `value` is not a rect.
    static func rectNumbers(of value: Value) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard case .structure(let rect) = value else { return nil }
        let fields = rect.fields
        guard fields.count == 2, let origin = pair(of: fields[0]), let size = pair(of: fields[1]) else { return nil }
        return (origin.0, origin.1, size.0, size.1)
    }

    /// ``numbers(of:count:)`` for two, with no array made: every view's initializer reads a rect.
    private static func pair(of value: Value) -> (Double, Double)? {
        guard case .structure(let structure) = value else { return nil }
        let fields = structure.fields
        guard fields.count == 2, let first = fields[0].numberValue, let second = fields[1].numberValue else { return nil }
        return (first, second)
    }
}
