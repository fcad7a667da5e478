import Runtime

extension ClassLibrary {
    /// The main screen's scale: the images drawn at "the screen's scale" have it too.
    static let screenScale = 2.0

    /// `UIScreen`: the one main screen of this runtime, a 375 by 667 point iPhone screen
    /// at scale 2 (an iPhone 8's), so layout code gets the same numbers on every run.
    static func defineScreen(in runtime: Runtime, root: Class) throws {
        let shared = SharedInstance()
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "UIScreen", superclass: root) { c in
            for name in ["bounds", "nativeBounds", "applicationFrame"] {
                try c.addProperty(Property(name: name, type: rectType, attributes: [.readOnly]))
            }
            for name in ["scale", "nativeScale", "brightness"] {
                try c.addProperty(Property(name: name, type: .double, attributes: [.readOnly]))
            }
            try c.addClassMethod("mainScreen", types: "@@:") { m in
                try shared.object {
                    let screen = try m.allocInit(initialize).object
                    try m.runtime.setIvars(of: screen ?? m.receiver, [
                        "_bounds": Geometry.rect(0, 0, 375, 667), "_nativeBounds": Geometry.rect(0, 0, 750, 1334),
                        "_applicationFrame": Geometry.rect(0, 20, 375, 647), "_scale": .double(screenScale), "_nativeScale": .double(screenScale), "_brightness": .double(0.5),
                    ])
                    return screen
                }.map(Value.object) ?? .nil
            }
        }
    }
}
