import Runtime
import UIKitModel

/// ImageIO's image sources, as image libraries decode data (``ImageSource``): what a source
/// knows comes from the image's header, and an image it makes is a `UIImage` of that size
/// with no pixels.
///
/// - `CGImageSourceCreateWithData(data, options)` (NULL for data that is no image) and
///   `CGImageSourceCreateWithURL(url, options)` (a file's data) make a source.
/// - `CGImageSourceGetCount` (a GIF's frames), `CGImageSourceGetType` (`public.png`),
///   `CGImageSourceGetStatus` (complete: the data is all there).
/// - `CGImageSourceCopyPropertiesAtIndex(source, index, options)`: `PixelWidth`,
///   `PixelHeight`, a GIF frame's `{GIF}` delay and loop count; `CGImageSourceCopyProperties`
///   the file's size and a GIF's loop count.
/// - `CGImageSourceCreateImageAtIndex(source, index, options)` and
///   `CGImageSourceCreateThumbnailAtIndex` (fitted to `kCGImageSourceThumbnailMaxPixelSize`).
enum ImageIOFunctions {
    private static let expectations: [String: String] = [
        "CGImageSourceCreateWithData": "image data and options or NULL, as in CGImageSourceCreateWithData((__bridge CFDataRef)data, NULL)",
        "CGImageSourceCreateWithURL": "a file URL and options or NULL, as in CGImageSourceCreateWithURL((__bridge CFURLRef)url, NULL)",
        "CGImageSourceGetCount": "an image source, as in CGImageSourceGetCount(source)",
        "CGImageSourceGetType": "an image source, as in CGImageSourceGetType(source)",
        "CGImageSourceGetStatus": "an image source, as in CGImageSourceGetStatus(source)",
        "CGImageSourceCopyProperties": "an image source and options or NULL, as in CGImageSourceCopyProperties(source, NULL)",
        "CGImageSourceCopyPropertiesAtIndex": "an image source, an index and options or NULL, as in CGImageSourceCopyPropertiesAtIndex(source, 0, NULL)",
        "CGImageSourceCreateImageAtIndex": "an image source, an index and options or NULL, as in CGImageSourceCreateImageAtIndex(source, 0, NULL)",
        "CGImageSourceCreateThumbnailAtIndex": "an image source, an index and options, as in CGImageSourceCreateThumbnailAtIndex(source, 0, (__bridge CFDictionaryRef)options)",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let runtime = interpreter.runtime
        func source() throws -> Object {
            guard ImageSource.isSource(call[0], in: runtime), let object = call[0].object else { throw call.mistake }
            return object
        }
        func send(_ selectorName: String, to receiver: Object?, _ arguments: Value...) throws -> Value {
            try runtime.send(runtime.selector(selectorName), to: receiver, Arguments(arguments), nestedAt: interpreter.context.depth + 1)
        }
        switch name {
        case "CGImageSourceCreateWithData", "CGImageSourceCreateWithURL":
            try call.expect(2)
            return try call.located {
                var data = call[0].object
                if name.hasSuffix("URL") {
                    guard let url = data, url.isKind(of: try runtime.requireClass(named: "NSURL")) else { throw call.mistake }
                    data = try send("dataWithContentsOfURL:", to: try runtime.requireClass(named: "NSData"), .object(url)).object
                    guard data != nil else { return .nil }
                }
                guard let data, data.isKind(of: try runtime.requireClass(named: "NSData")) else { throw call.mistake }
                return try ImageSource.make(reading: data, in: runtime)
            }
        case "CGImageSourceGetCount", "CGImageSourceGetType", "CGImageSourceGetStatus":
            try call.expect(1)
            let object = try source()
            return try call.located {
                switch name {
                case "CGImageSourceGetCount": .int(try ImageSource.count(of: object, in: runtime))
                case "CGImageSourceGetType": try ImageSource.typeIdentifier(of: object, in: runtime).map(Value.string) ?? .nil
                // kCGImageStatusComplete: the source has all its data.
                default: .int(0)
                }
            }
        case "CGImageSourceCopyProperties":
            try call.expect(2)
            let object = try source()
            return try call.located { try ImageSource.properties(of: object, at: nil, in: runtime) }
        default:
            try call.expect(3)
            let object = try source()
            let index = try call.integer(1)
            return try call.located {
                if name == "CGImageSourceCopyPropertiesAtIndex" { return try ImageSource.properties(of: object, at: index, in: runtime) }
                var maxPixelSize: Double?
                if name == "CGImageSourceCreateThumbnailAtIndex", case .dictionary(let options) = call[2] {
                    maxPixelSize = options[.string("kCGImageSourceThumbnailMaxPixelSize")]?.numberValue
                }
                return try ImageSource.image(of: object, at: index, maxPixelSize: maxPixelSize, in: runtime)
            }
        }
    }
}
