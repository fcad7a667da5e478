import Runtime

extension ClassLibrary {
    /// `UIImage`: an image by name, with a size and a rendering mode, and no pixels: the
    /// model draws nothing. `imageNamed:` answers an image of any name (nil for nil or an
    /// empty name, as UIKit does), since the model has no asset catalog to look in; its
    /// size is zero. Images are equal when their names and rendering modes are.
    static func defineImage(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), name = try runtime.selector("_name")
        let renderingMode = try runtime.selector("renderingMode"), imageNamed = try runtime.selector("imageNamed:")
        try runtime.registerLazyClass(named: "UIImage", superclass: root) { c in
            try c.addProperty(Property(name: "size", type: Geometry.sizeType, attributes: [.readOnly]))
            try c.addProperty(Property(name: "scale", type: .double, attributes: [.readOnly]))
            try c.addProperty(Property(name: "renderingMode", type: .integer(code: "q"), attributes: [.readOnly]))
            // The name it was asked for: UIKit keeps it privately too, and shows it in the description.
            try c.addProperty(Property(name: "_name", type: .object(className: "NSString"), attributes: [.readOnly, .copy], ivar: "_imageName"))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_scale", of: this, to: .double(2)) }
            }
            try c.addClassMethod("imageNamed:", types: "@@:@") { m in
                guard let wanted = try m.optionalStringArgument(0), !wanted.isEmpty else { return .nil }
                let image = try m.allocInit(initialize)
                try m.runtime.setIvar("_imageName", of: image.object, to: .string(wanted))
                return image
            }
            try c.addClassMethod("systemImageNamed:", types: "@@:@") { m in try m.send(imageNamed, to: m.receiver, Arguments(m[0])) }
            // UIImageRenderingModeAutomatic 0, AlwaysOriginal 1, AlwaysTemplate 2.
            try c.addMethod("imageWithRenderingMode:", types: "@@:q") { m in
                let mode = try m.integerArgument(0)
                guard (0...2).contains(mode) else { throw m.wrongArgument(0, expected: "a UIImageRenderingMode (0, 1 or 2)") }
                let copy = try m.make(m.receiver.isa.name, initialize)
                try m.runtime.setIvars(of: copy.object ?? m.receiver, [
                    "_imageName": try m.send(name, to: m.receiver), "_size": try m.ivar("_size"), "_renderingMode": .int(mode),
                ])
                return copy
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
