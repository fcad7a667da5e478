import Runtime
import Synchronization

extension ClassLibrary {
    static let graphicsClassNames = ["UIGraphicsImageRenderer", "UIGraphicsImageRendererContext", "UIGraphicsImageRendererFormat"]

    /// Drawing into images, as apps make avatars, placeholders and snapshots: a
    /// `UIGraphicsImageRenderer` with its format and context, and the image contexts of
    /// `UIGraphicsBeginImageContextWithOptions` (through the class methods the shell's C
    /// functions call). The model has no pixels, so drawing changes nothing; what code
    /// reads is the image made, of the context's size and scale (the screen's, 2, when
    /// given 0). Inside `imageWithActions:` the renderer's context is the current one, as
    /// `UIGraphicsGetCurrentContext()` answers there, and its `CGContext` is the context itself.
    static func defineGraphicsRenderer(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init")
        let contexts = ContextStack()
        try runtime.registerLazyClass(named: "UIGraphicsImageRendererFormat", superclass: root) { c in
            try c.addProperty(Property(name: "scale", type: .double, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "opaque", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "preferredRange", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_scale", of: this, to: .double(screenScale)) }
            }
            for name in ["defaultFormat", "preferredFormat"] {
                try c.addClassMethod(name, types: "@@:") { m in try m.allocInit(initialize) }
            }
        }
        try runtime.registerLazyClass(named: "UIGraphicsImageRendererContext", superclass: root) { c in
            try c.addProperty(Property(name: "format", type: .object(className: "UIGraphicsImageRendererFormat"), attributes: [.nonatomic, .strong, .readOnly]))
            try c.addIvar("_size", type: Geometry.sizeType)
            try c.addMethod("CGContext", types: "^{CGContext=}@:") { m in .object(m.receiver) }
            try c.addMethod("currentImage", types: "@@:") { m in
                let scale = try m.send("scale", to: try m.ivar("_format").object).numberValue ?? screenScale
                let image = try m.make("UIImage", initialize)
                try m.runtime.setIvars(of: image.object ?? m.receiver, ["_size": try m.ivar("_size"), "_scale": .double(scale)])
                return image
            }
            for name in ["fillRect:", "strokeRect:", "clipToRect:"] {
                try c.addMethod(name, types: "v@:\(rectType)") { _ in .nil }
            }
        }
        try runtime.registerLazyClass(named: "UIGraphicsImageRenderer", superclass: root) { c in
            try c.addProperty(Property(name: "format", type: .object(className: "UIGraphicsImageRendererFormat"), attributes: [.nonatomic, .strong, .readOnly]))
            try c.addIvar("_size", type: Geometry.sizeType)
            for (name, isRect, hasFormat) in [("initWithSize:", false, false), ("initWithSize:format:", false, true),
                                               ("initWithBounds:", true, false), ("initWithBounds:format:", true, true)] {
                let area = isRect ? "\(rectType)" : "{CGSize=dd}"
                try c.addMethod(name, types: "@@:\(area)" + (hasFormat ? "@" : "")) { m in
                    let size: Value
                    if isRect {
                        guard let rect = Geometry.rectNumbers(of: m[0]) else { throw m.wrongArgument(0, expected: "a CGRect") }
                        size = Geometry.size(rect.width, rect.height)
                    } else {
                        guard Geometry.numbers(of: m[0], count: 2) != nil else { throw m.wrongArgument(0, expected: "a CGSize") }
                        size = m[0]
                    }
                    let format = hasFormat && m[1] != .nil ? m[1] : try m.make("UIGraphicsImageRendererFormat", initialize)
                    return try m.initializingSuper(initialize) { this in try m.runtime.setIvars(of: this, ["_size": size, "_format": format]) }
                }
            }
            try c.addMethod("imageWithActions:", types: "@@:@?") { m in
                let context = try makeContext(size: try m.ivar("_size"), format: try m.ivar("_format"), m)
                if let actions = try m.blockArgument(0) {
                    contexts.push(context)
                    defer { contexts.pop() }
                    _ = try actions.call(Arguments(.object(context)), nestedAt: m.depth + 1)
                }
                return try m.send("currentImage", to: context)
            }
            // What UIGraphicsBeginImageContextWithOptions, UIGraphicsGetCurrentContext and
            // UIGraphicsEndImageContext call; not UIKit's API, hence the underscores.
            try c.addClassMethod("_beginImageContextWithSize:opaque:scale:", types: "v@:{CGSize=dd}Bd") { m in
                guard Geometry.numbers(of: m[0], count: 2) != nil else { throw m.wrongArgument(0, expected: "a CGSize") }
                let format = try m.make("UIGraphicsImageRendererFormat", initialize)
                let scale = try m.numberArgument(2)
                try m.runtime.setIvars(of: format.object ?? m.receiver, ["_opaque": .bool(m[1].isTruthy), "_scale": .double(scale > 0 ? scale : screenScale)])
                contexts.push(try makeContext(size: m[0], format: format, m))
                return .nil
            }
            try c.addClassMethod("_currentContext", types: "@@:") { _ in contexts.top.map(Value.object) ?? .nil }
            try c.addClassMethod("_endImageContext", types: "v@:") { _ in
                contexts.pop()
                return .nil
            }
        }

        @Sendable func makeContext(size: Value, format: Value, _ m: borrowing Message) throws -> Object {
            let context = try m.make("UIGraphicsImageRendererContext", initialize)
            guard let object = context.object else { throw m.wrongArgument(0, expected: "a size") }
            try m.runtime.setIvars(of: object, ["_size": size, "_format": format])
            return object
        }
    }

    /// The image contexts begun and not yet ended, innermost last.
    private final class ContextStack: Sendable {
        private let contexts = Mutex<[Object]>([])

        var top: Object? { contexts.withLock { $0.last } }
        func push(_ context: Object) { contexts.withLock { $0.append(context) } }
        func pop() { contexts.withLock { _ = $0.popLast() } }
    }
}
