import Foundation
import Runtime

/// Core Graphics' and Foundation's functions that compare, change and print their structs:
/// `CGRectContainsPoint`, `CGRectInset`, `NSStringFromCGRect`, `NSEqualRanges`, ...
///
/// As Core Graphics does, the rect functions work on the standardized rect (a negative
/// width or height flipped round), and a rect inset past its size is `CGRectNull`. Structs
/// print as UIKit prints them, `{{0, 0}, {320, 480}}`, each number as `%.17g` writes it.
enum StructFunctions {
    private static let expectations: [String: String] = [
        "NSStringFromCGRect": "a CGRect, as in NSStringFromCGRect(view.frame)",
        "NSStringFromCGPoint": "a CGPoint, as in NSStringFromCGPoint(view.center)",
        "NSStringFromCGSize": "a CGSize, as in NSStringFromCGSize(view.bounds.size)",
        "NSStringFromRange": "an NSRange, as in NSStringFromRange(NSMakeRange(0, 5))",
        "NSStringFromUIEdgeInsets": "a UIEdgeInsets, as in NSStringFromUIEdgeInsets(UIEdgeInsetsMake(8, 16, 8, 16))",
        "CGRectEqualToRect": "two CGRects, as in CGRectEqualToRect(view.frame, CGRectZero)",
        "CGPointEqualToPoint": "two CGPoints, as in CGPointEqualToPoint(view.center, CGPointZero)",
        "CGSizeEqualToSize": "two CGSizes, as in CGSizeEqualToSize(view.bounds.size, CGSizeZero)",
        "CGRectContainsPoint": "a CGRect and a CGPoint, as in CGRectContainsPoint(view.bounds, CGPointMake(10, 10))",
        "CGRectContainsRect": "two CGRects, as in CGRectContainsRect(view.bounds, subview.frame)",
        "CGRectIntersectsRect": "two CGRects, as in CGRectIntersectsRect(a.frame, b.frame)",
        "CGRectInset": "a CGRect and two numbers, as in CGRectInset(view.bounds, 8, 8)",
        "CGRectOffset": "a CGRect and two numbers, as in CGRectOffset(view.frame, 0, 20)",
        "CGRectIsEmpty": "a CGRect, as in CGRectIsEmpty(view.frame)",
        "CGRectIsNull": "a CGRect, as in CGRectIsNull(view.frame)",
        "CGRectStandardize": "a CGRect, as in CGRectStandardize(view.frame)",
        "UIEdgeInsetsInsetRect": "a CGRect and a UIEdgeInsets, as in UIEdgeInsetsInsetRect(view.bounds, UIEdgeInsetsMake(8, 8, 8, 8))",
        "UIEdgeInsetsEqualToEdgeInsets": "two UIEdgeInsets, as in UIEdgeInsetsEqualToEdgeInsets(view.layoutMargins, UIEdgeInsetsZero)",
        "CGRectIntegral": "a CGRect, as in CGRectIntegral(view.frame)",
        "CGRectUnion": "two CGRects, as in CGRectUnion(a.frame, b.frame)",
        "CGRectIntersection": "two CGRects, as in CGRectIntersection(a.frame, b.frame)",
        "CGAffineTransformMake": "six numbers, as in CGAffineTransformMake(1, 0, 0, 1, 0, 20)",
        "CGAffineTransformMakeScale": "two numbers, as in CGAffineTransformMakeScale(2, 2)",
        "CGAffineTransformMakeTranslation": "two numbers, as in CGAffineTransformMakeTranslation(0, 20)",
        "CGAffineTransformMakeRotation": "an angle in radians, as in CGAffineTransformMakeRotation(M_PI_2)",
        "CGAffineTransformScale": "a CGAffineTransform and two numbers, as in CGAffineTransformScale(view.transform, 2, 2)",
        "CGAffineTransformTranslate": "a CGAffineTransform and two numbers, as in CGAffineTransformTranslate(view.transform, 0, 20)",
        "CGAffineTransformRotate": "a CGAffineTransform and an angle, as in CGAffineTransformRotate(view.transform, M_PI_2)",
        "CGAffineTransformConcat": "two CGAffineTransforms, as in CGAffineTransformConcat(a, b)",
        "CGAffineTransformIsIdentity": "a CGAffineTransform, as in CGAffineTransformIsIdentity(view.transform)",
        "CGAffineTransformEqualToTransform": "two CGAffineTransforms, as in CGAffineTransformEqualToTransform(a, b)",
        "NSEqualRanges": "two NSRanges, as in NSEqualRanges(a, NSMakeRange(0, 5))",
        "NSMaxRange": "an NSRange, as in NSMaxRange(NSMakeRange(2, 3))",
        "NSLocationInRange": "a location and an NSRange, as in NSLocationInRange(3, NSMakeRange(2, 3))",
        "NSRangeFromString": "a string, as in NSRangeFromString(@\"{2, 5}\")",
        "CGRectFromString": "a string, as in CGRectFromString(@\"{{0, 0}, {320, 480}}\")",
        "CGPointFromString": "a string, as in CGPointFromString(@\"{10, 20}\")",
        "CGSizeFromString": "a string, as in CGSizeFromString(@\"{320, 480}\")",
        "UIEdgeInsetsFromString": "a string, as in UIEdgeInsetsFromString(@\"{8, 16, 8, 16}\")",
        "CGAffineTransformFromString": "a string, as in CGAffineTransformFromString(@\"[1, 0, 0, 1, 0, 20]\")",
    ]

    /// The struct each `...FromString` function reads, by its name.
    private static let readStructs = [
        "NSRangeFromString": "NSRange", "CGRectFromString": "CGRect", "CGPointFromString": "CGPoint", "CGSizeFromString": "CGSize",
        "UIEdgeInsetsFromString": "UIEdgeInsets", "CGAffineTransformFromString": "CGAffineTransform",
    ]

    /// The numbers of a struct's string, in order, as the `...FromString` functions scan
    /// them: a range's are runs of digits (`2..5` is {2, 5}), the others' decimal numbers
    /// with their signs; what the string lacks is 0.
    static func scannedNumbers(_ text: String, count: Int, digitsOnly: Bool) -> [Double] {
        let pattern = digitsOnly ? /[0-9]+/ : /[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/
        let found = text.matches(of: pattern).prefix(count).map { Double(String(text[$0.range])) ?? 0 }
        return found + Array(repeating: 0, count: count - found.count)
    }

    static let names = expectations.keys.sorted()

    /// A rect as numbers, standardized.
    private struct Rect: Equatable {
        var x, y, width, height: Double

        var standardized: Rect {
            Rect(x: min(x, x + width), y: min(y, y + height), width: abs(width), height: abs(height))
        }

        var isNull: Bool { x.isInfinite || y.isInfinite }
    }

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], types: TypeTable, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        /// The innermost fields of a struct argument of the struct `structName`.
        func leaves(_ index: Int, _ structName: String) throws -> [Double] {
            guard index < arguments.count, case .structure(let structure) = arguments[index], structure.name == structName else { throw call.mistake }
            return numbers(of: structure)
        }
        func rect(_ index: Int) throws -> Rect {
            let values = try leaves(index, "CGRect")
            return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
        }
        func make(_ rect: Rect) -> Value {
            guard let type = types.alias("CGRect") else { return .nil }
            var values = [rect.x, rect.y, rect.width, rect.height].map(Value.double)[...]
            return types.structure(of: type, leaves: &values)
        }
        func count(_ expected: Int) throws {
            try call.expect(expected)
        }
        /// A transform's six numbers, `a b c d tx ty`.
        func transform(_ index: Int) throws -> [Double] { try leaves(index, "CGAffineTransform") }
        func makeTransform(_ t: [Double]) -> Value {
            guard let type = types.alias("CGAffineTransform") else { return .nil }
            var values = t.map(Value.double)[...]
            return types.structure(of: type, leaves: &values)
        }
        /// `t1` then `t2`, as CGAffineTransformConcat composes them.
        func concat(_ t1: [Double], _ t2: [Double]) -> [Double] {
            [t1[0] * t2[0] + t1[1] * t2[2], t1[0] * t2[1] + t1[1] * t2[3],
             t1[2] * t2[0] + t1[3] * t2[2], t1[2] * t2[1] + t1[3] * t2[3],
             t1[4] * t2[0] + t1[5] * t2[2] + t2[4], t1[4] * t2[1] + t1[5] * t2[3] + t2[5]]
        }
        func scale(_ x: Double, _ y: Double) -> [Double] { [x, 0, 0, y, 0, 0] }
        func translation(_ x: Double, _ y: Double) -> [Double] { [1, 0, 0, 1, x, y] }
        func rotation(_ angle: Double) -> [Double] { [cos(angle), sin(angle), -sin(angle), cos(angle), 0, 0] }
        if let structName = readStructs[name] {
            try count(1)
            guard case .string(let text) = arguments[0], let type = types.alias(structName) else {
                // Nil reads as the zero struct, as Foundation's functions answer it.
                guard arguments[0] == .nil, let type = types.alias(structName) else { throw call.mistake }
                return types.zero(of: type)
            }
            let fields = types.leaves(of: type).count
            var values = scannedNumbers(text, count: fields, digitsOnly: name == "NSRangeFromString")
                .map { name == "NSRangeFromString" ? Value.int(Int(min($0, 9.2e18))) : .double($0) }[...]
            return types.structure(of: type, leaves: &values)
        }
        switch name {
        case "UIEdgeInsetsEqualToEdgeInsets":
            try count(2)
            return .bool(try leaves(0, "UIEdgeInsets") == (try leaves(1, "UIEdgeInsets")))
        case "CGRectIntegral":
            try count(1)
            // The smallest rect of whole numbers that contains the rect.
            let r = try rect(0).standardized
            guard !r.isNull, r.width > 0 || r.height > 0 else { return make(r) }
            let (minX, minY) = (r.x.rounded(.down), r.y.rounded(.down))
            return make(Rect(x: minX, y: minY, width: (r.x + r.width).rounded(.up) - minX, height: (r.y + r.height).rounded(.up) - minY))
        case "CGRectUnion", "CGRectIntersection":
            try count(2)
            let (a, b) = (try rect(0).standardized, try rect(1).standardized)
            if name == "CGRectUnion" {
                if a.isNull { return make(b) }
                if b.isNull { return make(a) }
                let (minX, minY) = (min(a.x, b.x), min(a.y, b.y))
                return make(Rect(x: minX, y: minY, width: max(a.x + a.width, b.x + b.width) - minX, height: max(a.y + a.height, b.y + b.height) - minY))
            }
            let (minX, minY) = (max(a.x, b.x), max(a.y, b.y))
            let (maxX, maxY) = (min(a.x + a.width, b.x + b.width), min(a.y + a.height, b.y + b.height))
            // Rects apart meet nowhere: CGRectNull.
            guard !a.isNull, !b.isNull, minX <= maxX, minY <= maxY else { return make(Rect(x: .infinity, y: .infinity, width: 0, height: 0)) }
            return make(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
        case "CGAffineTransformMakeScale", "CGAffineTransformMakeTranslation":
            try count(2)
            let (x, y) = (try call.number(0), try call.number(1))
            return makeTransform(name == "CGAffineTransformMakeScale" ? scale(x, y) : translation(x, y))
        case "CGAffineTransformMake":
            try count(6)
            return makeTransform(try (0..<6).map(call.number))
        case "CGAffineTransformMakeRotation":
            try count(1)
            return makeTransform(rotation(try call.number(0)))
        case "CGAffineTransformScale", "CGAffineTransformTranslate":
            try count(3)
            let (t, x, y) = (try transform(0), try call.number(1), try call.number(2))
            return makeTransform(concat(name == "CGAffineTransformScale" ? scale(x, y) : translation(x, y), t))
        case "CGAffineTransformRotate":
            try count(2)
            return makeTransform(concat(rotation(try call.number(1)), try transform(0)))
        case "CGAffineTransformConcat":
            try count(2)
            return makeTransform(concat(try transform(0), try transform(1)))
        case "CGAffineTransformIsIdentity":
            try count(1)
            return .bool(try transform(0) == [1, 0, 0, 1, 0, 0])
        case "CGAffineTransformEqualToTransform":
            try count(2)
            return .bool(try transform(0) == (try transform(1)))
        case "NSStringFromCGRect":
            try count(1)
            let r = try rect(0)
            return .string("{{\(text(r.x)), \(text(r.y))}, {\(text(r.width)), \(text(r.height))}}")
        case "NSStringFromCGPoint", "NSStringFromCGSize", "NSStringFromRange", "NSStringFromUIEdgeInsets":
            try count(1)
            let structName = ["NSStringFromCGPoint": "CGPoint", "NSStringFromCGSize": "CGSize", "NSStringFromRange": "_NSRange"][name] ?? "UIEdgeInsets"
            return .string("{" + (try leaves(0, structName)).map(text).joined(separator: ", ") + "}")
        case "CGRectEqualToRect":
            try count(2)
            return .bool(try rect(0).standardized == (try rect(1)).standardized)
        case "CGPointEqualToPoint", "CGSizeEqualToSize", "NSEqualRanges":
            try count(2)
            let structName = ["CGPointEqualToPoint": "CGPoint", "CGSizeEqualToSize": "CGSize"][name] ?? "_NSRange"
            return .bool(try leaves(0, structName) == (try leaves(1, structName)))
        case "CGRectContainsPoint":
            try count(2)
            let r = try rect(0).standardized
            let p = try leaves(1, "CGPoint")
            return .bool(!r.isNull && p[0] >= r.x && p[0] < r.x + r.width && p[1] >= r.y && p[1] < r.y + r.height)
        case "CGRectContainsRect":
            try count(2)
            let (outer, inner) = (try rect(0).standardized, try rect(1).standardized)
            return .bool(!outer.isNull && !inner.isNull && inner.x >= outer.x && inner.y >= outer.y
                && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height)
        case "CGRectIntersectsRect":
            try count(2)
            let (a, b) = (try rect(0).standardized, try rect(1).standardized)
            // Rects that only touch along an edge do not intersect.
            return .bool(!a.isNull && !b.isNull && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
        case "CGRectInset", "CGRectOffset":
            try count(3)
            var r = try rect(0).standardized
            let (dx, dy) = (try call.number(1), try call.number(2))
            guard !r.isNull else { return make(r) }
            if name == "CGRectOffset" {
                r.x += dx
                r.y += dy
                return make(r)
            }
            r = Rect(x: r.x + dx, y: r.y + dy, width: r.width - 2 * dx, height: r.height - 2 * dy)
            return make(r.width < 0 || r.height < 0 ? Rect(x: .infinity, y: .infinity, width: 0, height: 0) : r)
        case "UIEdgeInsetsInsetRect":
            try count(2)
            let r = try rect(0)
            let insets = try leaves(1, "UIEdgeInsets")
            return make(Rect(x: r.x + insets[1], y: r.y + insets[0], width: r.width - insets[1] - insets[3], height: r.height - insets[0] - insets[2]))
        case "CGRectIsEmpty":
            try count(1)
            let r = try rect(0)
            return .bool(r.isNull || r.width == 0 || r.height == 0)
        case "CGRectIsNull":
            try count(1)
            return .bool(try rect(0).isNull)
        case "CGRectStandardize":
            try count(1)
            return make(try rect(0).standardized)
        case "NSMaxRange":
            try count(1)
            let range = try leaves(0, "_NSRange")
            return .int(Int(range[0] + range[1]))
        default: // NSLocationInRange
            try count(2)
            let location = try call.number(0)
            let range = try leaves(1, "_NSRange")
            return .bool(location >= range[0] && location - range[0] < range[1])
        }
    }

    /// A struct's innermost numbers, in order.
    private static func numbers(of structure: StructValue) -> [Double] {
        structure.fieldNames.flatMap { name -> [Double] in
            switch structure[name] {
            case .structure(let inner)?: numbers(of: inner)
            case let value?: [value.numberValue ?? 0]
            case nil: []
            }
        }
    }

    /// A number as UIKit prints a CGFloat: `%.17g`, so `320`, `0.5`, `0.10000000000000001`.
    private static func text(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(format: "%.17g", number)
    }
}
