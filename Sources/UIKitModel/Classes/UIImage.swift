import Foundation
import Runtime

extension ClassLibrary {
    /// `UIImage`: an image by name, with a size and a rendering mode, and no pixels: the
    /// model draws nothing. An image from data or a file is as big as the header of its
    /// PNG, GIF, JPEG, BMP or WebP says (``ImageData``). `imageNamed:` finds the named image
    /// in the tree's asset catalogs or files (``NamedImages``) and answers an image of any
    /// other name with no size (nil for nil or an empty name, as UIKit does). Images are
    /// equal when their names and rendering modes are. No image is made from a Core Image
    /// one, so `CIImage` is nil, as it is for every image of pixels.
    ///
    /// A resizable image keeps its cap insets and resizing mode (`UIImageResizingModeTile`
    /// 0, `Stretch` 1), and an image made from another keeps its orientation. A `CGImageRef`
    /// is the `UIImage` itself, as a `CGColorRef` is the `UIColor`.
    static func defineImage(in runtime: Runtime, root: Class, environment: ModelEnvironment) throws {
        let initialize = try runtime.selector("init"), name = try runtime.selector("_name")
        let renderingMode = try runtime.selector("renderingMode"), imageNamed = try runtime.selector("imageNamed:")
        try runtime.registerLazyClass(named: "UIImage", superclass: root) { c in
            try c.addProperty(Property(name: "size", type: Geometry.sizeType, attributes: [.readOnly]))
            try c.addProperty(Property(name: "scale", type: .double, attributes: [.readOnly]))
            try c.addProperty(Property(name: "renderingMode", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "capInsets", type: Geometry.insetsType, attributes: [.readOnly]))
            try c.addProperty(Property(name: "resizingMode", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "imageOrientation", type: .integer(code: "q"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "CIImage", type: .object(className: "CIImage"), attributes: [.readOnly, .strong]))
            // The name it was asked for: UIKit keeps it privately too, and shows it in the description.
            try c.addProperty(Property(name: "_name", type: .object(className: "NSString"), attributes: [.readOnly, .copy], ivar: "_imageName"))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_scale", of: this, to: .double(2)) }
            }
            // The named image's file, from an asset catalog or the bundle (`NamedImages`), at
            // its scale and size; an image of the name with no size when the tree has no such
            // file (an asset of a catalog or bundle it does not hold).
            let named = NamedImages()
            try c.addClassMethod("imageNamed:", types: "@@:@") { m in
                guard let wanted = try m.optionalStringArgument(0), !wanted.isEmpty else { return .nil }
                let image = try m.allocInit(initialize)
                try m.runtime.setIvar("_imageName", of: image.object, to: .string(wanted))
                if let object = image.object, let file = named.file(named: wanted, under: environment.resourceDirectories) {
                    try m.runtime.setIvars(of: object, [
                        "_scale": .double(file.scale), "_size": Geometry.size(file.pixels.width / file.scale, file.pixels.height / file.scale),
                    ])
                }
                return image
            }
            try c.addClassMethod("systemImageNamed:", types: "@@:@") { m in try m.send(imageNamed, to: m.receiver, Arguments(m[0])) }
            // A file's image: the variant for the screen's scale when there is one beside it
            // (`name@2x.png`), as UIKit picks it; its size is a PNG's, in points. Nil when
            // there is no such file.
            try c.addMethod("initWithContentsOfFile:", types: "@@:@") { m in
                guard let path = try m.optionalStringArgument(0), let file = ImageFile(path: path) else { return .nil }
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, [
                        "_imageName": .string(file.name), "_scale": .double(file.scale),
                        "_size": Geometry.size(file.pixels.width / file.scale, file.pixels.height / file.scale),
                    ])
                }
            }
            // An image of the size the data's header gives (PNG, GIF, JPEG, BMP or WebP), in
            // points at `scale` (1 unless given); nil for no data or data that is no image, as
            // UIKit answers when it cannot decode it.
            let initWithDataScale = try c.runtime.selector("initWithData:scale:")
            try c.addMethod("initWithData:scale:", types: "@@:@d") { m in
                guard let bytes = try DataBytes.of(m[0], m), let image = ImageData(bytes.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }) else { return .nil }
                let scale = try m.numberArgument(1) > 0 ? try m.numberArgument(1) : 1
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_scale": .double(scale), "_size": Geometry.size(Double(image.width) / scale, Double(image.height) / scale)])
                }
            }
            try c.addMethod("initWithData:", types: "@@:@") { m in try m.send(initWithDataScale, to: m.receiver, Arguments(m[0], .double(1))) }
            try c.addClassMethod("imageWithData:", types: "@@:@") { m in try m.allocInit(initWithDataScale, Arguments(m[0], .double(1))) }
            try c.addClassMethod("imageWithData:scale:", types: "@@:@d") { m in try m.allocInit(initWithDataScale, Arguments(m[0], m[1])) }
            try c.addClassMethod("imageNamed:inBundle:compatibleWithTraitCollection:", types: "@@:@@@") { m in
                try m.send(imageNamed, to: m.receiver, Arguments(m[0]))
            }
            // `UIImagePNGRepresentation` and `UIImageJPEGRepresentation`: the file's header for
            // the image's pixels (`ImageData.header`); the format is 0 for PNG, 1 for JPEG.
            try c.addMethod("_representationInFormat:", types: "@@:q") { m in
                let size = Geometry.numbers(of: try m.ivar("_size"), count: 2) ?? [0, 0], scale = try m.ivar("_scale").numberValue ?? 1
                guard size[0] > 0, size[1] > 0 else { return .nil }
                let format: ImageData.Format = try m.integerArgument(0) == 1 ? .jpeg : .png
                let bytes = ImageData.header(format, width: Int((size[0] * scale).rounded()), height: Int((size[1] * scale).rounded()))
                return try m.make("NSData", try m.runtime.selector("_initWithBytes:"), Arguments(.array(bytes.map { .int(Int($0)) })))
            }
            try c.addClassMethod("imageWithContentsOfFile:", types: "@@:@") { m in
                try m.allocInit(try m.runtime.selector("initWithContentsOfFile:"), Arguments(m[0]))
            }
            /// What an image is: these fields, which a copy and an archive keep.
            let fields = ["_imageName", "_size", "_scale", "_renderingMode", "_capInsets", "_resizingMode", "_imageOrientation"]
            /// A copy of `source`, an instance of `cls` (its class unless given), with `changes`.
            @Sendable func copy(_ m: borrowing Message, of source: Object, as cls: String? = nil, _ changes: KeyValuePairs<String, Value>) throws -> Value {
                let made = try m.make(cls ?? source.isa.name, initialize)
                guard let object = made.object else { return made }
                for ivar in fields {
                    try m.runtime.setIvar(ivar, of: object, to: try m.runtime.ivarValue(ivar, of: source))
                }
                for (ivar, value) in changes { try m.runtime.setIvar(ivar, of: object, to: value) }
                return made
            }
            // An image cannot change, so a copy is the image itself, as UIKit's is.
            try c.addMethod("copyWithZone:", types: "@@:^v") { m in .object(m.receiver) }
            // NSSecureCoding: archived as its fields.
            try addCoding(of: fields, keyedBy: "UIImage", initializer: initialize, to: &c)
            @Sendable func insets(_ m: borrowing Message, _ index: Int) throws -> Value {
                guard case .structure(let given) = m[index], given.name == "UIEdgeInsets" else {
                    throw m.wrongArgument(index, expected: "a UIEdgeInsets such as UIEdgeInsetsMake(10, 10, 10, 10)")
                }
                return m[index]
            }
            // UIImageRenderingModeAutomatic 0, AlwaysOriginal 1, AlwaysTemplate 2.
            try c.addMethod("imageWithRenderingMode:", types: "@@:q") { m in
                let mode = try m.integerArgument(0)
                guard (0...2).contains(mode) else { throw m.wrongArgument(0, expected: "a UIImageRenderingMode (0, 1 or 2)") }
                return try copy(m, of: m.receiver, ["_imageName": try m.send(name, to: m.receiver), "_renderingMode": .int(mode)])
            }
            try c.addMethod("resizableImageWithCapInsets:", types: "@@:{UIEdgeInsets=dddd}") { m in
                try copy(m, of: m.receiver, ["_capInsets": try insets(m, 0), "_resizingMode": .int(0)])
            }
            try c.addMethod("resizableImageWithCapInsets:resizingMode:", types: "@@:{UIEdgeInsets=dddd}q") { m in
                let mode = try m.integerArgument(1)
                guard (0...1).contains(mode) else { throw m.wrongArgument(1, expected: "a UIImageResizingMode (UIImageResizingModeTile 0 or UIImageResizingModeStretch 1)") }
                return try copy(m, of: m.receiver, ["_capInsets": try insets(m, 0), "_resizingMode": .int(mode)])
            }
            // The old API: the caps are a left and a top; the right and bottom are what is
            // left of the width and height past one stretched pixel.
            try c.addMethod("stretchableImageWithLeftCapWidth:topCapHeight:", types: "@@:qq") { m in
                let left = Double(try m.integerArgument(0)), top = Double(try m.integerArgument(1))
                let size = Geometry.numbers(of: try m.ivar("_size"), count: 2) ?? [0, 0]
                let right = left == 0 ? 0 : max(0, size[0] - left - 1), bottom = top == 0 ? 0 : max(0, size[1] - top - 1)
                return try copy(m, of: m.receiver, ["_capInsets": Geometry.insets(top, left, bottom, right), "_resizingMode": .int(1)])
            }
            // UIEdgeInsets are top, left, bottom, right.
            try c.addMethod("leftCapWidth", types: "q@:") { m in .int(Int(Geometry.numbers(of: try m.ivar("_capInsets"), count: 4)?[1] ?? 0)) }
            try c.addMethod("topCapHeight", types: "q@:") { m in .int(Int(Geometry.numbers(of: try m.ivar("_capInsets"), count: 4)?[0] ?? 0)) }
            try c.addMethod("CGImage", types: "^v@:") { m in .object(m.receiver) }
            // A new image of a CGImage's pixels: no asset name (it is another picture to
            // `isEqual:`), its size the pixels at the scale given (1 unless given).
            @Sendable func picture(ofPixelsOf source: Object, scale: Double, orientation: Int, _ m: borrowing Message) throws -> Value {
                let size = Geometry.numbers(of: try m.runtime.ivarValue("_size", of: source), count: 2) ?? [0, 0]
                let pixels = try m.runtime.ivarValue("_scale", of: source).numberValue ?? 1
                return try copy(m, of: source, as: (m.receiver as? Class)?.name, [
                    "_imageName": .nil, "_scale": .double(scale), "_imageOrientation": .int(orientation),
                    "_size": Geometry.size(size[0] * pixels / scale, size[1] * pixels / scale),
                ])
            }
            try c.addClassMethod("imageWithCGImage:", types: "@@:^v") { m in
                guard let source = try m.objectArgument(0), let image = m.runtime.class(named: "UIImage"), source.isKind(of: image) else { return .nil }
                return try picture(ofPixelsOf: source, scale: 1, orientation: 0, m)
            }
            try c.addClassMethod("imageWithCGImage:scale:orientation:", types: "@@:^vdq") { m in
                guard let source = try m.objectArgument(0), let image = m.runtime.class(named: "UIImage"), source.isKind(of: image) else { return .nil }
                let orientation = try m.integerArgument(2)
                guard (0...7).contains(orientation) else { throw m.wrongArgument(2, expected: "a UIImageOrientation (UIImageOrientationUp 0 to UIImageOrientationRightMirrored 7)") }
                let scale = try m.numberArgument(1)
                return try picture(ofPixelsOf: source, scale: scale > 0 ? scale : 1, orientation: orientation, m)
            }
            // The initializers are the class methods of the receiver's class (a subclass's own).
            try c.addMethod("initWithCGImage:", types: "@@:^v") { m in
                try m.send("imageWithCGImage:", to: m.receiver.isa, m[0])
            }
            try c.addMethod("initWithCGImage:scale:orientation:", types: "@@:^vdq") { m in
                try m.send("imageWithCGImage:scale:orientation:", to: m.receiver.isa, m[0], m[1], m[2])
            }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = m[0].object, other.isKind(of: m.receiver.isa) || m.receiver.isKind(of: other.isa) else { return false }
                if other === m.receiver { return true }
                // Images without names are different pictures, as distinct objects are.
                guard try m.send(name, to: m.receiver) != .nil else { return false }
                return .bool(try m.send(name, to: other) == (try m.send(name, to: m.receiver))
                    && (try m.send(renderingMode, to: other)) == (try m.send(renderingMode, to: m.receiver)))
            }
            try c.addMethod("hash", types: "Q@:") { m in
                guard case .string(let text) = try m.send(name, to: m.receiver) else { return .int(m.receiver.serial) }
                return .int(text.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) })
            }
            try c.addMethod("description", types: "@@:") { m in
                let named = try m.send(name, to: m.receiver)
                let size = try m.ivar("_size")
                return .string("<\(m.receiver.isa.name): 0x\(String(m.receiver.serial, radix: 16))>" + (named == .nil ? "" : " named(\(try m.text(of: named)))") + " \(size)")
            }
        }
    }
}

/// An image file as `imageWithContentsOfFile:` reads it.
struct ImageFile {
    /// The file's name without its scale suffix and extension: `bubble` for `bubble@2x.png`.
    let name: String
    let scale: Double
    /// The width and height in pixels, from the file's header; zero for a file that is no image.
    let pixels: (width: Double, height: Double)

    /// The file at `path`, or its variant for the screen's scale beside it; nil when
    /// neither is there.
    init?(path: String) {
        let files = FileManager.default
        let directory = (path as NSString).deletingLastPathComponent, fileName = (path as NSString).lastPathComponent
        let ext = (fileName as NSString).pathExtension
        var base = (fileName as NSString).deletingPathExtension
        var scale = 1.0
        if let at = base.range(of: "@", options: .backwards), base[at.upperBound...].hasSuffix("x"),
           let given = Double(base[at.upperBound...].dropLast()) {
            scale = given
            base = String(base[..<at.lowerBound])
        }
        let screenVariant = (directory as NSString).appendingPathComponent("\(base)@\(Int(ClassLibrary.screenScale))x" + (ext.isEmpty ? "" : ".\(ext)"))
        let chosen: String
        if scale == 1, files.fileExists(atPath: screenVariant) {
            chosen = screenVariant
            scale = ClassLibrary.screenScale
        } else if files.fileExists(atPath: path) {
            chosen = path
        } else {
            return nil
        }
        self.init(path: chosen, scale: scale, name: base)
    }

    /// The file at `path`, whose pixels are at `scale` (an asset catalog says which), named
    /// `name` (its own name unless given); nil when there is no such file.
    init?(path: String, scale: Double, name: String? = nil) {
        guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
        self.name = name ?? ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        self.scale = scale
        let image = ImageData(Array(bytes))
        pixels = (Double(image?.width ?? 0), Double(image?.height ?? 0))
    }
}
