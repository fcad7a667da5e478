import Foundation
import Runtime

/// The framework's C functions that make, measure, compare and print its structs
/// (`CGRectMake`, `CGRectGetWidth`, `CGRectContainsPoint`, `NSStringFromCGRect`, ...), C's
/// math library (with its classification macros, `isnan`, `isinf`, ..., and <tgmath.h>'s
/// `__tg_` forms), and Foundation's `MIN`, `MAX` and `ABS`.
///
/// `MIN`, `MAX` and `ABS` are macros in the SDK that evaluate each argument once into a
/// variable of its own type; as functions here they do the same, and their result has the
/// type C's usual arithmetic conversions give (a double when either argument is one).
enum FrameworkFunctions {
    static let names = [
        "CGRectMake", "CGPointMake", "CGSizeMake", "CGVectorMake", "NSMakeRange", "CFRangeMake", "UIEdgeInsetsMake", "UIOffsetMake",
        "CGRectGetWidth", "CGRectGetHeight", "CGRectGetMinX", "CGRectGetMinY", "CGRectGetMaxX", "CGRectGetMaxY",
        "CGRectGetMidX", "CGRectGetMidY", "CLLocationCoordinate2DMake", "CLLocationCoordinate2DIsValid", "MKCoordinateSpanMake",
        "MKCoordinateRegionMake", "MKCoordinateRegionMakeWithDistance",
    ] + StructFunctions.names + unaryMath.sorted() + binaryMath.sorted()
        + ["abs", "labs", "llabs", "MIN", "MAX", "ABS", "isnan", "isinf", "isfinite", "isnormal", "signbit", "modf", "modff"]
        + ["lround", "llround", "lroundf", "llroundf", "lrint", "llrint", "lrintf", "llrintf"]

    /// C's math library on doubles, each function's `f` form on floats, and its `l` form on
    /// long doubles, computed as doubles (the device's long double is a double).
    private static let unaryMath: Set<String> = withFloatForms([
        "ceil", "floor", "round", "trunc", "rint", "nearbyint", "fabs", "sqrt", "cbrt", "exp", "exp2", "expm1", "log",
        "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
    ])
    private static let binaryMath: Set<String> = withFloatForms(["pow", "atan2", "fmod", "remainder", "fmin", "fmax", "fdim", "hypot", "copysign"])

    private static func withFloatForms(_ names: [String]) -> Set<String> { Set(names + names.map { $0 + "f" } + names.map { $0 + "l" }) }

    /// The double-precision function an `f` or `l` form computes with (`floor` for `floorf`
    /// and `floorl`).
    private static func doubleForm(of name: String) -> String {
        (name.hasSuffix("f") || name.hasSuffix("l")) && (unaryMath.contains(name) || binaryMath.contains(name))
            && (unaryMath.contains(String(name.dropLast())) || binaryMath.contains(String(name.dropLast())))
            ? String(name.dropLast()) : name
    }

    private static func math(_ name: String, _ x: Double, _ y: Double) -> Double {
        switch name {
        case "ceil": Foundation.ceil(x)
        case "floor": Foundation.floor(x)
        case "round": Foundation.round(x)
        case "trunc": Foundation.trunc(x)
        // Rounded to even, as C's default rounding mode does.
        case "rint", "nearbyint": x.rounded(.toNearestOrEven)
        case "fabs": Swift.abs(x)
        case "sqrt": x.squareRoot()
        case "cbrt": Foundation.cbrt(x)
        case "exp": Foundation.exp(x)
        case "exp2": Foundation.exp2(x)
        case "expm1": Foundation.expm1(x)
        case "log": Foundation.log(x)
        case "log2": Foundation.log2(x)
        case "log10": Foundation.log10(x)
        case "log1p": Foundation.log1p(x)
        case "sin": Foundation.sin(x)
        case "cos": Foundation.cos(x)
        case "tan": Foundation.tan(x)
        case "asin": Foundation.asin(x)
        case "acos": Foundation.acos(x)
        case "atan": Foundation.atan(x)
        case "sinh": Foundation.sinh(x)
        case "cosh": Foundation.cosh(x)
        case "tanh": Foundation.tanh(x)
        case "pow": Foundation.pow(x, y)
        case "atan2": Foundation.atan2(x, y)
        case "fmod": Foundation.fmod(x, y)
        case "remainder": Foundation.remainder(x, y)
        case "fmin": Swift.min(x, y)
        case "fmax": Swift.max(x, y)
        case "fdim": x > y ? x - y : 0
        case "copysign": Foundation.copysign(x, y)
        default: Foundation.hypot(x, y)
        }
    }

    /// The framework's struct constants: `CGRectZero`, `CGPointZero`, `CGSizeZero`,
    /// `UIEdgeInsetsZero`, `CGRectNull`, `CGAffineTransformIdentity`,
    /// `UICollectionViewFlowLayoutAutomaticSize`, CoreFoundation's callbacks
    /// (`kCFTypeArrayCallBacks`); nil for any other name.
    static func constant(named name: String, types: TypeTable) -> Value? {
        if name == "CGAffineTransformIdentity", let type = types.alias("CGAffineTransform") {
            var leaves: ArraySlice<Value> = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
            return types.structure(of: type, leaves: &leaves)
        }
        if name == "CGRectNull", let type = types.alias("CGRect") {
            // Where a rect with no points is: CGRectIntersection's answer for rects apart.
            var leaves: ArraySlice<Value> = [.double(.infinity), .double(.infinity), 0.0, 0.0]
            return types.structure(of: type, leaves: &leaves)
        }
        if name == "UICollectionViewFlowLayoutAutomaticSize", let type = types.alias("CGSize") {
            // The estimated item size that asks a flow layout to size cells by their content.
            var leaves: ArraySlice<Value> = [.double(.greatestFiniteMagnitude), .double(.greatestFiniteMagnitude)]
            return types.structure(of: type, leaves: &leaves)
        }
        if name == "kCLLocationCoordinate2DInvalid", let type = types.alias("CLLocationCoordinate2D") {
            // Core Location's "no coordinate": outside every valid range.
            var leaves: ArraySlice<Value> = [-180.0, -180.0]
            return types.structure(of: type, leaves: &leaves)
        }
        // CoreFoundation's callbacks, whose functions the containers' model does not call:
        // every container holds its values as Foundation's do.
        let structs = [
            "CGRectZero": "CGRect", "CGPointZero": "CGPoint", "CGSizeZero": "CGSize", "UIEdgeInsetsZero": "UIEdgeInsets",
            "kCFTypeArrayCallBacks": "CFArrayCallBacks", "kCFTypeDictionaryKeyCallBacks": "CFDictionaryKeyCallBacks",
            "kCFCopyStringDictionaryKeyCallBacks": "CFDictionaryKeyCallBacks", "kCFTypeDictionaryValueCallBacks": "CFDictionaryValueCallBacks",
            "kCFTypeSetCallBacks": "CFSetCallBacks", "kCFCopyStringSetCallBacks": "CFSetCallBacks", "kCFStringBinaryHeapCallBacks": "CFBinaryHeapCallBacks",
        ]
        guard let structName = structs[name], let type = types.alias(structName) else { return nil }
        return types.zero(of: type)
    }

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], types: TypeTable, at location: SourceLocation) throws -> Value? {
        func make(_ type: String, _ structName: String) throws -> Value {
            guard let structType = types.structType(named: structName) else { return .nil }
            let leaves = types.leaves(of: structType)
            guard arguments.count == leaves.count else {
                throw EvaluationError(.structFunctionArgumentCount(function: name, expected: leaves.count, given: arguments.count), at: location)
            }
            var values = try zip(arguments, leaves).map { argument, leaf in
                // nil is 0 here, as a CGFloat variable takes it: a message to nil answers 0
                // for a number (`CGSizeMake(self.widthConstraint.constant, 0)` with no nib
                // to connect the outlet), even when nothing declares the selector.
                guard argument.numberValue != nil || argument == .nil else {
                    throw EvaluationError(.structFunctionArgumentNotNumber(function: name, argument: leaf.name, kind: argument.kindDescription), at: location)
                }
                return try leaf.type.coerce(argument, for: "the argument '\(leaf.name)' of \(name)")
            }[...]
            return types.structure(of: structType, leaves: &values)
        }
        func coordinate(_ value: Value) -> (Double, Double)? {
            guard case .structure(let place) = value, place.name == "CLLocationCoordinate2D",
                  let latitude = place["latitude"]?.numberValue, let longitude = place["longitude"]?.numberValue else { return nil }
            return (latitude, longitude)
        }
        func rect() throws -> (x: Double, y: Double, width: Double, height: Double) {
            guard arguments.count == 1, case .structure(let rect) = arguments[0], rect.name == "CGRect",
                  case .structure(let origin)? = rect["origin"], case .structure(let size)? = rect["size"] else {
                throw EvaluationError(.needsRect(function: name), at: location)
            }
            return (origin["x"]?.numberValue ?? 0, origin["y"]?.numberValue ?? 0, size["width"]?.numberValue ?? 0, size["height"]?.numberValue ?? 0)
        }
        switch name {
        case "CGRectMake": return try make(name, "CGRect")
        case "CGPointMake": return try make(name, "CGPoint")
        case "CGSizeMake": return try make(name, "CGSize")
        case "CGVectorMake": return try make(name, "CGVector")
        case "NSMakeRange": return try make(name, "_NSRange")
        case "CFRangeMake": return try make(name, "CFRange")
        case "UIEdgeInsetsMake": return try make(name, "UIEdgeInsets")
        case "UIOffsetMake": return try make(name, "UIOffset")
        case "CLLocationCoordinate2DMake": return try make(name, "CLLocationCoordinate2D")
        case "MKCoordinateSpanMake": return try make(name, "MKCoordinateSpan")
        case "CLLocationCoordinate2DIsValid":
            guard arguments.count == 1, let (latitude, longitude) = coordinate(arguments[0]) else {
                throw EvaluationError(.needsStruct(function: name, expected: "a CLLocationCoordinate2D, as in CLLocationCoordinate2DMake(37.33, -122.03)"), at: location)
            }
            return .int((-90...90).contains(latitude) && (-180...180).contains(longitude) ? 1 : 0)
        case "MKCoordinateRegionMake":
            guard arguments.count == 2, coordinate(arguments[0]) != nil, case .structure(let span) = arguments[1], span.name == "MKCoordinateSpan",
                  let type = types.alias("MKCoordinateRegion"), case .structure(let region) = types.zero(of: type) else {
                throw EvaluationError(.needsStruct(function: name, expected: "a CLLocationCoordinate2D and an MKCoordinateSpan, as in MKCoordinateRegionMake(center, MKCoordinateSpanMake(0.05, 0.05))"), at: location)
            }
            return .structure(StructValue(name: region.name, fieldNames: region.fieldNames, fields: [arguments[0], arguments[1]]))
        case "MKCoordinateRegionMakeWithDistance":
            guard arguments.count == 3, let (latitude, longitude) = coordinate(arguments[0]),
                  let north = arguments[1].numberValue, let east = arguments[2].numberValue, let type = types.alias("MKCoordinateRegion") else {
                throw EvaluationError(.needsStruct(function: name, expected: "a CLLocationCoordinate2D and two distances in metres, as in MKCoordinateRegionMakeWithDistance(center, 500, 500)"), at: location)
            }
            // A degree of latitude is the same length everywhere on a sphere; a degree of
            // longitude shrinks with the cosine of the latitude.
            let metresPerDegree = Double.pi * 6_371_009 / 180
            let across = cos(latitude * .pi / 180) * metresPerDegree
            var leaves: ArraySlice<Value> = [.double(latitude), .double(longitude), .double(north / metresPerDegree), .double(across > 0 ? east / across : 360)]
            return types.structure(of: type, leaves: &leaves)
        case "CGRectGetWidth": return .double(abs(try rect().width))
        case "CGRectGetHeight": return .double(abs(try rect().height))
        case "CGRectGetMinX": let r = try rect(); return .double(min(r.x, r.x + r.width))
        case "CGRectGetMinY": let r = try rect(); return .double(min(r.y, r.y + r.height))
        case "CGRectGetMaxX": let r = try rect(); return .double(max(r.x, r.x + r.width))
        case "CGRectGetMaxY": let r = try rect(); return .double(max(r.y, r.y + r.height))
        case "CGRectGetMidX": let r = try rect(); return .double(r.x + r.width / 2)
        case "CGRectGetMidY": let r = try rect(); return .double(r.y + r.height / 2)
        case "MIN", "MAX":
            guard arguments.count == 2, arguments.allSatisfy({ $0.numberValue != nil }) else {
                throw EvaluationError(.needsNumbers(function: name, count: 2), at: location)
            }
            let (a, b) = (arguments[0], arguments[1])
            if let x = Self.integer(a), let y = Self.integer(b) { return .int(name == "MIN" ? Swift.min(x, y) : Swift.max(x, y)) }
            let (x, y) = (a.numberValue ?? 0, b.numberValue ?? 0)
            // As `__a < __b ? __a : __b`: a NaN compares false, so MIN gives the second.
            return .double(name == "MIN" ? (x < y ? x : y) : (x > y ? x : y))
        case "ABS":
            guard arguments.count == 1, let number = arguments[0].numberValue else {
                throw EvaluationError(.needsNumbers(function: name, count: 1), at: location)
            }
            if let whole = Self.integer(arguments[0]) { return .int(whole < 0 ? 0 &- whole : whole) }
            return .double(number < 0 ? -number : number)
        case "isnan", "isinf", "isfinite", "isnormal", "signbit":
            guard arguments.count == 1, let number = arguments[0].numberValue else {
                throw EvaluationError(.needsNumbers(function: name, count: 1), at: location)
            }
            let holds = switch name {
            case "isnan": number.isNaN
            case "isinf": number.isInfinite
            case "isfinite": number.isFinite
            case "isnormal": number.isNormal
            default: number.sign == .minus
            }
            return .int(holds ? 1 : 0)
        case "lround", "llround", "lroundf", "llroundf", "lrint", "llrint", "lrintf", "llrintf":
            // Rounded to an integer: half away from zero (lround), or to even (lrint, C's default mode).
            guard arguments.count == 1, let number = arguments[0].numberValue, number.isFinite, abs(number) < 9.2e18 else {
                throw EvaluationError(.needsNumbers(function: name, count: 1), at: location)
            }
            return .int(Int(number.rounded(name.contains("round") ? .toNearestOrAwayFromZero : .toNearestOrEven)))
        case "abs", "labs", "llabs":
            guard arguments.count == 1, let number = arguments[0].intValue else {
                throw EvaluationError(.needsInteger(function: name), at: location)
            }
            return .int(number == Int.min ? number : Swift.abs(number))
        case "modf", "modff":
            // The fraction, with the whole part written through the pointer, both with x's sign.
            let call = FunctionCall(
                function: name, arguments: arguments, expected: "a number and a pointer for its whole part, as in \(name)(x, &whole)", location: location)
            try call.expect(2)
            guard let whole = try call.pointer(1) else { throw call.mistake }
            let x = try call.number(0)
            let parts = Foundation.modf(x)
            let isFloat = name == "modff"
            whole.value = .double(isFloat ? Double(Float(parts.0)) : parts.0)
            return .double(isFloat ? Double(Float(parts.1)) : parts.1)
        default:
            // `__tg_floor(x)`: <tgmath.h>'s type-generic form, written out, is the function.
            if name.hasPrefix("__tg_"), unaryMath.contains(String(name.dropFirst(5))) || binaryMath.contains(String(name.dropFirst(5))) {
                return try call(String(name.dropFirst(5)), arguments, types: types, at: location)
            }
            if let answer = try StructFunctions.call(name, arguments, types: types, at: location) { return answer }
            guard unaryMath.contains(name) || binaryMath.contains(name) else { return nil }
            let count = binaryMath.contains(name) ? 2 : 1
            let numbers = arguments.compactMap(\.numberValue)
            guard arguments.count == count, numbers.count == count else {
                throw EvaluationError(.needsNumbers(function: name, count: count), at: location)
            }
            let base = doubleForm(of: name)
            let result: Double = math(base, numbers[0], count == 2 ? numbers[1] : 0)
            // The `f` forms compute in float, as C's do; the `l` forms in double, as the device's.
            return .double(base != name && name.hasSuffix("f") ? Double(Float(result)) : result)
        }
    }

    /// An integer or a boolean's value; nil for a double, which makes the result one.
    private static func integer(_ value: Value) -> Int? {
        switch value {
        case .int(let number): number
        case .bool(let flag): flag ? 1 : 0
        default: nil
        }
    }
}
