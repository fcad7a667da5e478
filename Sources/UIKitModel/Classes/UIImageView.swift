import Runtime

extension ClassLibrary {
    /// `UIImageView`: a view showing an image. Made with an image it takes the image's
    /// size, as UIKit does; it takes no touches by default.
    static func defineImageView(in runtime: Runtime, view: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:"), size = try runtime.selector("size")
        try runtime.registerLazyClass(named: "UIImageView", superclass: view) { c in
            try addAccessibilityDefaults(to: &c, traits: { _ in AccessibilityTrait.image })
            try c.addProperty(Property(name: "image", type: .object(className: "UIImage"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "highlightedImage", type: .object(className: "UIImage"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "highlighted", type: .bool, attributes: [.nonatomic], getter: "isHighlighted"))
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    try m.runtime.setIvar("_userInteractionEnabled", of: this, to: false)
                }
            }
            for name in ["initWithImage:", "initWithImage:highlightedImage:"] {
                try c.addMethod(name, types: name.hasSuffix("highlightedImage:") ? "@@:@@" : "@@:@") { m in
                    let image = try m.objectArgument(0)
                    let dimensions = Geometry.numbers(of: try m.send(size, to: image), count: 2) ?? [0, 0]
                    guard let this = try m.send(initWithFrame, to: m.receiver, Arguments(Geometry.rect(0, 0, dimensions[0], dimensions[1]))).object else { return .nil }
                    try m.runtime.setIvar("_image", of: this, to: m[0])
                    if m.arguments.count > 1 { try m.runtime.setIvar("_highlightedImage", of: this, to: try m.objectArgument(1).map(Value.object) ?? .nil) }
                    return .object(this)
                }
            }
        }
    }
}
