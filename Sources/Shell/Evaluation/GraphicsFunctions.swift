import Runtime

/// Core Graphics' colour functions, and UIKit's image contexts.
///
/// A `CGColorRef` is the `UIColor` itself in the model (`[color CGColor]` answers the
/// colour), so the colour functions read and make `UIColor`s: every colour has four
/// components, red, green, blue and alpha, as the model keeps every colour in RGB.
/// `CGColorGetComponents` answers them as a C array of CGFloats, which code indexes
/// (`components[3]`). A colour space is its name (`kCGColorSpaceDeviceRGB`,
/// `kCGColorSpaceDeviceGray`), which `CGColorCreate(space, components)` reads its
/// components by: red, green, blue and alpha, or white and alpha.
///
/// `UIGraphicsBeginImageContextWithOptions(size, opaque, scale)` (and
/// `UIGraphicsBeginImageContext(size)`, at scale 1) opens an image context,
/// `UIGraphicsGetCurrentContext()` answers the innermost, `UIGraphicsGetImageFromCurrentImageContext()`
/// makes an image of its size and scale, and `UIGraphicsEndImageContext()` closes it, as
/// `UIGraphicsImageRenderer` in the class library keeps them.
enum GraphicsFunctions {
    private static let expectations: [String: String] = [
        "CGColorGetComponents": "a CGColor, as in CGColorGetComponents(color.CGColor)",
        "CGColorGetNumberOfComponents": "a CGColor, as in CGColorGetNumberOfComponents(color.CGColor)",
        "CGColorGetAlpha": "a CGColor, as in CGColorGetAlpha(color.CGColor)",
        "CGColorEqualToColor": "two CGColors, as in CGColorEqualToColor(a.CGColor, b.CGColor)",
        "CGColorCreateCopyWithAlpha": "a CGColor and an alpha, as in CGColorCreateCopyWithAlpha(color.CGColor, 0.5)",
        "CGColorRetain": "a CGColor, as in CGColorRetain(color.CGColor)",
        "CGColorRelease": "a CGColor, as in CGColorRelease(color)",
        "CGColorCreate": "a colour space and its components, as in CGColorCreate(CGColorSpaceCreateDeviceRGB(), components)",
        "CGColorSpaceCreateDeviceRGB": "nothing, as in CGColorSpaceCreateDeviceRGB()",
        "CGColorSpaceCreateDeviceGray": "nothing, as in CGColorSpaceCreateDeviceGray()",
        "CGColorSpaceGetNumberOfComponents": "a colour space, as in CGColorSpaceGetNumberOfComponents(CGColorSpaceCreateDeviceRGB())",
        "CGColorSpaceRelease": "a colour space, as in CGColorSpaceRelease(space)",
        "CGImageGetWidth": "a CGImage, as in CGImageGetWidth(image.CGImage)",
        "CGImageGetHeight": "a CGImage, as in CGImageGetHeight(image.CGImage)",
        "CGImageGetBytesPerRow": "a CGImage, as in CGImageGetBytesPerRow(image.CGImage)",
        "CGImageGetBitsPerComponent": "a CGImage, as in CGImageGetBitsPerComponent(image.CGImage)",
        "CGImageGetBitsPerPixel": "a CGImage, as in CGImageGetBitsPerPixel(image.CGImage)",
        "CGImageRetain": "a CGImage, as in CGImageRetain(image.CGImage)",
        "CGImageRelease": "a CGImage, as in CGImageRelease(imageRef)",
        "UIGraphicsBeginImageContext": "a size, as in UIGraphicsBeginImageContext(CGSizeMake(40, 40))",
        "UIGraphicsBeginImageContextWithOptions": "a size, whether it is opaque, and a scale, as in UIGraphicsBeginImageContextWithOptions(size, NO, 0)",
        "UIGraphicsGetCurrentContext": "nothing, as in UIGraphicsGetCurrentContext()",
        "UIGraphicsGetImageFromCurrentImageContext": "nothing, as in UIGraphicsGetImageFromCurrentImageContext()",
        "UIGraphicsEndImageContext": "nothing, as in UIGraphicsEndImageContext()",
        "UIImagePNGRepresentation": "an image, as in UIImagePNGRepresentation(image)",
        "UIImageJPEGRepresentation": "an image and a quality from 0 to 1, as in UIImageJPEGRepresentation(image, 0.8)",
    ]

    /// The colour spaces, by the names Core Graphics gives them: RGB, then grey.
    private static let colorSpaces = ["kCGColorSpaceDeviceRGB", "kCGColorSpaceDeviceGray"]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        /// The colour's red, green, blue and alpha; nil for NULL, as Core Graphics answers.
        func components(_ index: Int) throws -> [Double]? {
            let color = call[index]
            if color == .nil { return nil }
            guard let object = color.object, let cls = interpreter.runtime.class(named: "UIColor"), object.isKind(of: cls) else { throw call.mistake }
            let parts = (0..<4).map { _ in Reference(.double(0)) }
            _ = try interpreter.send("getRed:green:blue:alpha:", to: .expression(.literal(color, location)), Arguments(parts.map(Value.reference)), at: location)
            return parts.map { $0.value.numberValue ?? 0 }
        }
        /// The number of components of the colour space argument `index` (alpha aside).
        func colorSpaceComponents(_ index: Int) throws -> Int {
            guard case .string(let space) = call[index] else { throw call.mistake }
            switch space {
            case colorSpaces[0]: return 3
            case colorSpaces[1]: return 1
            default: throw call.mistake
            }
        }
        func renderer(_ selector: String, _ arguments: Value...) throws -> Value {
            guard let cls = interpreter.runtime.class(named: "UIGraphicsImageRenderer") else { return .nil }
            return try interpreter.send(selector, to: .expression(.literal(.object(cls), location)), Arguments(arguments), at: location)
        }
        func requireSize() throws {
            guard case .structure(let size) = call[0], size.name == "CGSize" else { throw call.mistake }
        }
        switch name {
        case "UIGraphicsBeginImageContext":
            try call.expect(1)
            try requireSize()
            return try renderer("_beginImageContextWithSize:opaque:scale:", call[0], .bool(false), .double(1))
        case "UIGraphicsBeginImageContextWithOptions":
            try call.expect(3)
            try requireSize()
            return try renderer("_beginImageContextWithSize:opaque:scale:", call[0], call[1], .double(try call.number(2)))
        case "UIGraphicsGetCurrentContext":
            try call.expect(0)
            return try renderer("_currentContext")
        case "UIGraphicsGetImageFromCurrentImageContext":
            try call.expect(0)
            let context = try renderer("_currentContext")
            guard context != .nil else { return .nil }
            return try interpreter.send("currentImage", to: .expression(.literal(context, location)), Arguments(), at: location)
        // An image's data: nil for no image or one with no pixels, as UIKit answers.
        case "UIImagePNGRepresentation", "UIImageJPEGRepresentation":
            try call.expect(name == "UIImagePNGRepresentation" ? 1 : 2)
            if name == "UIImageJPEGRepresentation" { _ = try call.number(1) }
            if call[0] == .nil { return .nil }
            guard let image = call[0].object, let cls = interpreter.runtime.class(named: "UIImage"), image.isKind(of: cls) else { throw call.mistake }
            let format = Value.int(name == "UIImagePNGRepresentation" ? 0 : 1)
            return try interpreter.send("_representationInFormat:", to: .expression(.literal(call[0], location)), Arguments(format), at: location)
        case "UIGraphicsEndImageContext":
            try call.expect(0)
            return try renderer("_endImageContext")
        case "CGColorGetComponents":
            try call.expect(1)
            return try components(0).map { .array($0.map(Value.double)) } ?? .nil
        case "CGColorGetNumberOfComponents":
            try call.expect(1)
            return .int(try components(0) == nil ? 0 : 4)
        case "CGColorGetAlpha":
            try call.expect(1)
            return .double(try components(0)?[3] ?? 0)
        case "CGColorEqualToColor":
            try call.expect(2)
            return .bool(try components(0) == (try components(1)))
        case "CGColorCreateCopyWithAlpha":
            try call.expect(2)
            guard try components(0) != nil else { return .nil }
            return try interpreter.send("colorWithAlphaComponent:", to: .expression(.literal(call[0], location)), Arguments(.double(try call.number(1))), at: location)
        case "CGColorSpaceCreateDeviceRGB", "CGColorSpaceCreateDeviceGray":
            try call.expect(0)
            return .string(name == "CGColorSpaceCreateDeviceRGB" ? colorSpaces[0] : colorSpaces[1])
        case "CGColorSpaceGetNumberOfComponents":
            try call.expect(1)
            return .int(call[0] == .nil ? 0 : try colorSpaceComponents(0))
        // A CGImage is its UIImage: its pixels are its size in points times its scale,
        // 8 bits to each of four components, as a decoded RGBA bitmap holds them.
        case "CGImageGetWidth", "CGImageGetHeight", "CGImageGetBytesPerRow", "CGImageGetBitsPerComponent", "CGImageGetBitsPerPixel":
            try call.expect(1)
            if call[0] == .nil { return .int(0) }
            guard let image = call[0].object, let cls = interpreter.runtime.class(named: "UIImage"), image.isKind(of: cls) else { throw call.mistake }
            let runtime = interpreter.runtime
            let sizeValue = try runtime.send(runtime.selector("size"), to: image, Arguments(), nestedAt: interpreter.context.depth)
            let size = if case .structure(let size) = sizeValue { [size["width"]?.numberValue ?? 0, size["height"]?.numberValue ?? 0] } else { [0.0, 0] }
            let scale = try runtime.send(runtime.selector("scale"), to: image, Arguments(), nestedAt: interpreter.context.depth).numberValue ?? 1
            let (width, height) = (Int((size[0] * scale).rounded()), Int((size[1] * scale).rounded()))
            return .int(["CGImageGetWidth": width, "CGImageGetHeight": height, "CGImageGetBytesPerRow": width * 4,
                         "CGImageGetBitsPerComponent": 8, "CGImageGetBitsPerPixel": 32][name] ?? 0)
        case "CGImageRetain", "CGImageRelease":
            try call.expect(1)
            return name == "CGImageRetain" ? call[0] : .nil
        case "CGColorSpaceRelease":
            try call.expect(1)
            if call[0] != .nil { _ = try colorSpaceComponents(0) }
            return .nil
        case "CGColorCreate":
            try call.expect(2)
            let count = try colorSpaceComponents(0)
            var given = call[1]
            if case .reference(let reference) = given { given = reference.value }
            guard case .array(let elements) = given, elements.count >= count + 1 else { throw call.mistake }
            let parts = try elements.prefix(count + 1).map { element -> Double in
                guard let number = element.numberValue else { throw call.mistake }
                return number
            }
            guard let cls = interpreter.runtime.class(named: "UIColor") else { return .nil }
            let receiver = Expression.Receiver.expression(.literal(.object(cls), location))
            return count == 3
                ? try interpreter.send("colorWithRed:green:blue:alpha:", to: receiver, Arguments(parts.map(Value.double)), at: location)
                : try interpreter.send("colorWithWhite:alpha:", to: receiver, Arguments(parts.map(Value.double)), at: location)
                case "CGColorRetain":
            try call.expect(1)
            _ = try components(0)
            return call[0]
        default:
            try call.expect(1)
            _ = try components(0)
            return .nil
        }
    }
}
