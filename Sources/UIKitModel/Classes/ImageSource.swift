import Runtime

/// ImageIO's image sources, read from what an image's header says (``ImageData``): a
/// `CGImageSourceRef` is an object of the class ``className`` that keeps the data's bytes,
/// and the images it makes are `UIImage`s (a `CGImageRef` is its `UIImage` in the model) as
/// big as the header says, with no pixels. The shell's ImageIO functions call these.
public enum ImageSource {
    /// The class of image sources.
    public static let className = "CGImageSource"

    /// The type identifier of each format, as ImageIO names it.
    private static let typeIdentifiers: [ImageData.Format: String] = [
        .png: "public.png", .gif: "com.compuserve.gif", .jpeg: "public.jpeg", .bmp: "com.microsoft.bmp", .webp: "org.webmproject.webp",
    ]

    static func define(in runtime: Runtime, root: Class) throws {
        try runtime.registerLazyClass(named: className, superclass: root) { c in
            try c.addIvar("_bytes", type: .object(className: "NSArray"))
        }
    }

    /// A source reading `data`, an `NSData`; nil for data that is no image, as
    /// `CGImageSourceCreateWithData` answers for data it cannot read.
    public static func make(reading data: Object, in runtime: Runtime) throws -> Value {
        let bytes = try runtime.ivarValue("_bytes", of: data).arrayElements
        guard image(of: bytes) != nil else { return .nil }
        let source = try runtime.createInstance(of: runtime.requireClass(named: className))
        try runtime.setIvar("_bytes", of: source, to: .array(bytes))
        return .object(source)
    }

    /// Whether `value` is an image source.
    public static func isSource(_ value: Value, in runtime: Runtime) -> Bool {
        guard let object = value.object, let cls = runtime.class(named: className) else { return false }
        return object.isKind(of: cls)
    }

    private static func image(of bytes: [Value]) -> ImageData? {
        ImageData(bytes.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) })
    }

    private static func image(of source: Object, in runtime: Runtime) throws -> ImageData? {
        image(of: try runtime.ivarValue("_bytes", of: source).arrayElements)
    }

    /// How many images the source holds: a GIF's frames, else 1.
    public static func count(of source: Object, in runtime: Runtime) throws -> Int {
        try image(of: source, in: runtime)?.frameCount ?? 0
    }

    /// The source's type identifier (`public.png`); nil when it holds no image.
    public static func typeIdentifier(of source: Object, in runtime: Runtime) throws -> String? {
        try image(of: source, in: runtime).flatMap { typeIdentifiers[$0.format] }
    }

    /// The properties of image `index` (its pixel size, and a GIF frame's delay under
    /// `{GIF}`), or of the whole source when `index` is nil (its file size, and a GIF's loop
    /// count); nil for an index past the last image.
    public static func properties(of source: Object, at index: Int?, in runtime: Runtime) throws -> Value {
        guard let data = try image(of: source, in: runtime) else { return .nil }
        var gif: [Value: Value] = [:]
        guard let index else {
            var properties: [Value: Value] = [.string("FileSize"): .int(try runtime.ivarValue("_bytes", of: source).arrayElements.count)]
            if data.format == .gif, let loops = data.loopCount {
                gif[.string("LoopCount")] = .int(loops)
                properties[.string("{GIF}")] = .dictionary(gif)
            }
            return .dictionary(properties)
        }
        guard index >= 0, index < data.frameCount else { return .nil }
        var properties: [Value: Value] = [
            .string("PixelWidth"): .int(data.width), .string("PixelHeight"): .int(data.height), .string("ColorModel"): .string("RGB"),
        ]
        if data.format == .gif {
            let delay = data.frameDelays.indices.contains(index) ? data.frameDelays[index] : nil
            if let delay {
                // ImageIO clamps a delay shorter than 11 ms to a tenth of a second, as browsers do.
                gif[.string("DelayTime")] = .double(delay < 0.011 ? 0.1 : delay)
                gif[.string("UnclampedDelayTime")] = .double(delay)
            }
            if let loops = data.loopCount { gif[.string("LoopCount")] = .int(loops) }
            properties[.string("{GIF}")] = .dictionary(gif)
        }
        return .dictionary(properties)
    }

    /// Image `index` as a `UIImage` of its pixel size at scale 1, or shrunk to fit
    /// `maxPixelSize` on its longer side (a thumbnail); nil for an index past the last image.
    public static func image(of source: Object, at index: Int, maxPixelSize: Double? = nil, in runtime: Runtime) throws -> Value {
        guard let data = try image(of: source, in: runtime), index >= 0, index < data.frameCount else { return .nil }
        var (width, height) = (Double(data.width), Double(data.height))
        if let maxPixelSize, maxPixelSize > 0, max(width, height) > maxPixelSize {
            let factor = maxPixelSize / max(width, height)
            (width, height) = ((width * factor).rounded(), (height * factor).rounded())
        }
        let allocated = try runtime.send(runtime.selector("alloc"), to: runtime.requireClass(named: "UIImage"))
        guard let made = try runtime.send(runtime.selector("init"), to: allocated.object).object else { return .nil }
        try runtime.setIvar("_scale", of: made, to: .double(1))
        try runtime.setIvar("_size", of: made, to: Geometry.size(width, height))
        return .object(made)
    }
}
