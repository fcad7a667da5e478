import Runtime

extension ClassLibrary {
    /// The text styles `preferredFontForTextStyle:` knows (the values of UIKit's
    /// `UIFontTextStyle...` constants), with their point sizes at the default text size and
    /// whether the style is semibold.
    static let textStyles: [String: (size: Double, semibold: Bool)] = [
        "UICTFontTextStyleTitle0": (34, false), "UICTFontTextStyleTitle1": (28, false), "UICTFontTextStyleTitle2": (22, false),
        "UICTFontTextStyleTitle3": (20, false), "UICTFontTextStyleHeadline": (17, true), "UICTFontTextStyleBody": (17, false),
        "UICTFontTextStyleCallout": (16, false), "UICTFontTextStyleSubhead": (15, false), "UICTFontTextStyleFootnote": (13, false),
        "UICTFontTextStyleCaption1": (12, false), "UICTFontTextStyleCaption2": (11, false),
    ]

    /// `UIFont`: a name and a point size. The system fonts have the names iOS gives them
    /// (`.SFUI-Regular`, `.SFUI-Semibold`, ...); `fontWithName:size:` answers a font of
    /// any name, as the model has no list of installed fonts. Fonts are equal when name
    /// and size are.
    static func defineFont(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), fontWithNameSize = try runtime.selector("fontWithName:size:")
        let fontName = try runtime.selector("fontName"), pointSize = try runtime.selector("pointSize")
        try runtime.registerLazyClass(named: "UIFont", superclass: root) { c in
            try c.addProperty(Property(name: "fontName", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "pointSize", type: .double, attributes: [.readOnly]))
            try c.addClassMethod("fontWithName:size:", types: "@@:@d") { m in
                guard let name = try m.optionalStringArgument(0) else { return .nil }
                let size = try m.numberArgument(1)
                let font = try m.allocInit(initialize)
                try m.runtime.setIvars(of: font.object ?? m.receiver, ["_fontName": .string(name), "_pointSize": .double(size)])
                return font
            }
            for (selector, name) in [("systemFontOfSize:", ".SFUI-Regular"), ("boldSystemFontOfSize:", ".SFUI-Semibold"),
                                     ("italicSystemFontOfSize:", ".SFUI-RegularItalic")] {
                try c.addClassMethod(selector, types: "@@:d") { m in
                    try m.send(fontWithNameSize, to: m.receiver, Arguments(.string(name), .double(try m.numberArgument(0))))
                }
            }
            // The sizes UIKit answers on iPhone.
            for (selector, size) in [("labelFontSize", 17.0), ("buttonFontSize", 18.0), ("smallSystemFontSize", 12.0), ("systemFontSize", 14.0)] {
                try c.addClassMethod(selector, types: "d@:") { _ in .double(size) }
            }
            try c.addClassMethod("systemFontOfSize:weight:", types: "@@:dd") { m in
                // UIFontWeightSemibold is 0.3; heavier weights read as bold, as the model keeps two.
                let name = try m.numberArgument(1) >= 0.3 ? ".SFUI-Semibold" : ".SFUI-Regular"
                return try m.send(fontWithNameSize, to: m.receiver, Arguments(.string(name), .double(try m.numberArgument(0))))
            }
            try c.addClassMethod("preferredFontForTextStyle:", types: "@@:@") { m in
                let style = try m.stringArgument(0)
                guard let metrics = textStyles[style] else {
                    throw ClassLibraryError.wrongArgument(
                        method: m.methodName,
                        expected: "a text style such as UIFontTextStyleBody (one of \(textStyles.keys.sorted().joined(separator: ", "))) as argument 1",
                        got: "the string \"\(style)\"")
                }
                return try m.send(fontWithNameSize, to: m.receiver, Arguments(.string(metrics.semibold ? ".SFUI-Semibold" : ".SFUI-Regular"), .double(metrics.size)))
            }
            try c.addMethod("fontWithSize:", types: "@@:d") { m in
                try m.send(fontWithNameSize, to: m.receiver.isa, Arguments(try m.send(fontName, to: m.receiver), .double(try m.numberArgument(0))))
            }
            try c.addMethod("familyName", types: "@@:") { m in
                guard case .string(let name) = try m.send(fontName, to: m.receiver) else { return .nil }
                return .string(name.hasPrefix(".SFUI") ? ".SF UI Text" : String(name.prefix { $0 != "-" }))
            }
            try c.addMethod("isEqual:", types: "B@:@") { m in
                guard let other = m[0].object, other.isKind(of: m.receiver.isa) || m.receiver.isKind(of: other.isa) else { return false }
                return .bool(try m.send(fontName, to: other) == (try m.send(fontName, to: m.receiver))
                    && (try m.send(pointSize, to: other)).isEqual(to: try m.send(pointSize, to: m.receiver)))
            }
            try c.addMethod("hash", types: "Q@:") { m in
                .int(Int((try m.send(pointSize, to: m.receiver).numberValue ?? 0) * 100))
            }
            try c.addMethod("description", types: "@@:") { m in
                let name = try m.text(of: try m.send(fontName, to: m.receiver))
                let size = try Format.string("%.2f", [try m.send(pointSize, to: m.receiver)])
                return .string("\(m.receiver) font-family: \"\(name)\"; font-size: \(size)pt")
            }
        }
    }
}
