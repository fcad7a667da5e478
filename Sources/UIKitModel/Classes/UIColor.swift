import Runtime

extension ClassLibrary {
    /// The named colours, as UIKit's components give them in the light appearance (the
    /// model's), red, green, blue and alpha.
    static let namedColors: [(name: String, components: [Double])] = [
        ("whiteColor", [1, 1, 1, 1]), ("blackColor", [0, 0, 0, 1]), ("clearColor", [0, 0, 0, 0]), ("redColor", [1, 0, 0, 1]),
        ("greenColor", [0, 1, 0, 1]), ("blueColor", [0, 0, 1, 1]), ("grayColor", [0.5, 0.5, 0.5, 1]),
        ("lightGrayColor", [2.0 / 3, 2.0 / 3, 2.0 / 3, 1]), ("darkGrayColor", [1.0 / 3, 1.0 / 3, 1.0 / 3, 1]), ("yellowColor", [1, 1, 0, 1]),
        ("orangeColor", [1, 0.5, 0, 1]), ("purpleColor", [0.5, 0, 0.5, 1]), ("brownColor", [0.6, 0.4, 0.2, 1]), ("cyanColor", [0, 1, 1, 1]),
        ("magentaColor", [1, 0, 1, 1]), ("systemBackgroundColor", [1, 1, 1, 1]), ("secondarySystemBackgroundColor", [0.949, 0.949, 0.969, 1]),
        ("systemGroupedBackgroundColor", [0.949, 0.949, 0.969, 1]), ("groupTableViewBackgroundColor", [0.949, 0.949, 0.969, 1]),
        ("labelColor", [0, 0, 0, 1]), ("secondaryLabelColor", [0.235, 0.235, 0.263, 0.6]), ("systemBlueColor", [0, 0.478, 1, 1]),
        ("systemRedColor", [1, 0.231, 0.188, 1]), ("systemGreenColor", [0.204, 0.780, 0.349, 1]), ("systemGrayColor", [0.557, 0.557, 0.576, 1]),
        ("systemOrangeColor", [1, 0.584, 0, 1]), ("systemYellowColor", [1, 0.8, 0, 1]), ("separatorColor", [0.235, 0.235, 0.263, 0.29]),
    ]

    /// `UIColor`: red, green, blue and alpha components, made from RGB, white or HSB
    /// values or by name. Colours are equal, and hash alike, when their components are
    /// equal, and describe themselves as UIKit's do (`UIExtendedSRGBColorSpace 1 0 0 1`).
    static func defineColor(in runtime: Runtime, root: Class) throws {
        let initRGB = try runtime.selector("initWithRed:green:blue:alpha:"), initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "UIColor", superclass: root) { c in
            for name in ["red", "green", "blue", "alpha"] { try c.addIvar("_\(name)", type: .double) }
            // NSSecureCoding, as a label or a view archives its colours: the components.
            try addCoding(of: ["_red", "_green", "_blue", "_alpha"], keyedBy: "UIColor", initializer: initialize, secure: true, to: &c)
            @Sendable func components(_ value: Value, _ m: borrowing Message) throws -> [Double]? {
                guard let object = value.object, let color = m.runtime.class(named: "UIColor"), object.isKind(of: color) else { return nil }
                return try ["_red", "_green", "_blue", "_alpha"].map { try m.runtime.ivarValue($0, of: object).numberValue ?? 0 }
            }
            /// Components are kept in 0...1, as extended-range colours are beyond the model.
            @Sendable func clamped(_ number: Double) -> Value { .double(min(max(number, 0), 1)) }
            try c.addMethod("initWithRed:green:blue:alpha:", types: "@@:dddd") { m in
                let numbers = try (0..<4).map { try m.numberArgument($0) }
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_red": clamped(numbers[0]), "_green": clamped(numbers[1]), "_blue": clamped(numbers[2]), "_alpha": clamped(numbers[3])])
                }
            }
            try c.addMethod("initWithWhite:alpha:", types: "@@:dd") { m in
                let white = try m.numberArgument(0)
                return try m.send(initRGB, to: m.receiver, Arguments([.double(white), .double(white), .double(white), .double(try m.numberArgument(1))]))
            }
            try c.addClassMethod("colorWithRed:green:blue:alpha:", types: "@@:dddd") { m in
                try m.allocInit(initRGB, Arguments([m[0], m[1], m[2], m[3]]))
            }
            try c.addClassMethod("colorWithWhite:alpha:", types: "@@:dd") { m in
                let white = try m.numberArgument(0)
                return try m.allocInit(initRGB, Arguments([.double(white), .double(white), .double(white), .double(try m.numberArgument(1))]))
            }
            try c.addClassMethod("colorWithHue:saturation:brightness:alpha:", types: "@@:dddd") { m in
                let (h, s, v) = (try m.numberArgument(0), try m.numberArgument(1), try m.numberArgument(2))
                let rgb = hsbToRGB(hue: h, saturation: s, brightness: v)
                return try m.allocInit(initRGB, Arguments([.double(rgb.0), .double(rgb.1), .double(rgb.2), .double(try m.numberArgument(3))]))
            }
            for (name, values) in namedColors {
                // UIKit keeps one instance of each named colour, so that
                // `[UIColor lightGrayColor] == [UIColor lightGrayColor]`, and their CGColors too;
                // a subclass asked for one gets an instance of its own.
                let shared = SharedInstance()
                try c.addClassMethod(name, types: "@@:") { m in
                    guard (m.receiver as? Class)?.name == "UIColor" else { return try m.allocInit(initRGB, Arguments(values.map(Value.double))) }
                    return try shared.object { try m.allocInit(initRGB, Arguments(values.map(Value.double))).object }.map(Value.object) ?? .nil
                }
            }
            // A CGColorRef is the colour itself here: layers keep what code stores (see CALayer).
            try c.addMethod("CGColor", types: "^{CGColor=}@:") { m in .object(m.receiver) }
            try c.addClassMethod("colorWithCGColor:", types: "@@:^{CGColor=}") { m in
                guard let own = try components(m[0], m) else { throw m.wrongArgument(0, expected: "a CGColor (a UIColor's CGColor)") }
                return try m.allocInit(initRGB, Arguments(own.map(Value.double)))
            }
            try c.addMethod("colorWithAlphaComponent:", types: "@@:d") { m in
                let own = try components(.object(m.receiver), m) ?? [0, 0, 0, 0]
                return try m.make("UIColor", initRGB, Arguments([.double(own[0]), .double(own[1]), .double(own[2]), .double(try m.numberArgument(0))]))
            }
            // Out-parameters, as `CGFloat r, g, b, a; [color getRed:&r green:&g blue:&b alpha:&a]` passes them.
            try c.addMethod("getRed:green:blue:alpha:", types: "B@:^d^d^d^d") { m in
                let own = try components(.object(m.receiver), m) ?? [0, 0, 0, 0]
                for index in 0..<4 {
                    if case .reference(let pointer) = m[index] { pointer.value = .double(own[index]) }
                }
                return true
            }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                .bool(try components(m[0], m) == (try components(.object(m.receiver), m)))
            }
            try c.addMethod("hash", types: "Q@:") { m in
                .int((try components(.object(m.receiver), m) ?? []).reduce(0) { $0 &* 256 &+ Int(($1 * 255).rounded()) })
            }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
            try c.addMethod("description", types: "@@:") { m in
                let own = try components(.object(m.receiver), m) ?? []
                return .string("UIExtendedSRGBColorSpace " + (try own.map { try Format.string("%g", [.double($0)]) }).joined(separator: " "))
            }
        }
    }

    /// HSB (each 0...1) to RGB, as UIKit converts.
    static func hsbToRGB(hue: Double, saturation: Double, brightness: Double) -> (Double, Double, Double) {
        let h = (hue - hue.rounded(.down)) * 6, s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        let sector = Int(h) % 6, f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch sector {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }
}
