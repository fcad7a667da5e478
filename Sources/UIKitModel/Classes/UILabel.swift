import Runtime

extension ClassLibrary {
    /// `UILabel`: a view showing text, with the font, colour, alignment and line settings
    /// apps set. Its font and colour default to UIKit's (the 17-point system font, black),
    /// made on first read so that making a label makes no other object. Setting its
    /// attributed text sets its text to the attributed string's, as UIKit's does.
    static func defineLabel(in runtime: Runtime, view: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:"), setText = try runtime.selector("setText:")
        let string = try runtime.selector("string"), copy = try runtime.selector("copy")
        let font = try runtime.selector("font"), pointSize = try runtime.selector("pointSize")
        try runtime.registerLazyClass(named: "UILabel", superclass: view) { c in
            try c.addProperty(Property(name: "text", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "font", type: .object(className: "UIFont"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "textColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "textAlignment", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "numberOfLines", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "lineBreakMode", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "adjustsFontSizeToFitWidth", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "minimumScaleFactor", type: .double, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "enabled", type: .bool, attributes: [.nonatomic], getter: "isEnabled"))
            try addAccessibilityDefaults(to: &c, label: { m in try m.ivar("_text") }, traits: { _ in AccessibilityTrait.staticText })
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    // NSTextAlignmentNatural, one line, truncating the tail; labels take no touches.
                    try m.runtime.setIvars(of: this, [
                        "_textAlignment": .int(4), "_numberOfLines": .int(1), "_lineBreakMode": .int(4), "_enabled": true,
                        "_userInteractionEnabled": false,
                    ])
                }
            }
            try c.addProperty(Property(name: "attributedText", type: .object(className: "NSAttributedString"), attributes: [.copy, .nonatomic]))
            try c.addMethod("setAttributedText:", types: "v@:@") { m in
                let given = try m.objectArgument(0)
                try m.setIvar("_attributedText", try given.map { try m.send(copy, to: $0) } ?? .nil)
                try m.send(setText, to: m.receiver, Arguments(try given.map { try m.send(string, to: $0) } ?? .nil))
                return .nil
            }
            try addTextStyleDefaults(to: &c, fontSize: 17)
            // What its text takes in its font (``ContentFitting``), so `sizeToFit` and Auto
            // Layout size it to its text: wrapped to the width offered (`sizeThatFits:`) or to
            // `preferredMaxLayoutWidth` (`intrinsicContentSize`) when it has more than one line.
            try c.addProperty(Property(name: "preferredMaxLayoutWidth", type: .double, attributes: [.nonatomic]))
            @Sendable func fitted(_ m: borrowing Message, width: Double) throws -> Value {
                let pointSize = try m.send(pointSize, to: try m.send(font, to: m.receiver).object).numberValue ?? 17
                let size = ContentFitting.label(
                    try m.ivar("_text").text ?? "", pointSize: pointSize, lines: try m.ivar("_numberOfLines").intValue ?? 1,
                    width: width > 0 ? width : nil)
                return Geometry.size(size.width, size.height)
            }
            try c.addMethod("sizeThatFits:", types: "\(Geometry.sizeType)@:\(Geometry.sizeType)") { m in
                try fitted(m, width: Geometry.numbers(of: m[0], count: 2)?[0] ?? 0)
            }
            try c.addMethod("intrinsicContentSize", types: "\(Geometry.sizeType)@:") { m in
                try fitted(m, width: try m.ivar("_preferredMaxLayoutWidth").numberValue ?? 0)
            }
        }
    }

    /// `font` and `textColor` getters that make UIKit's defaults on first read (the system
    /// font at `fontSize`, black) and keep them, so that making a view of text makes no
    /// other object: a label's, a text view's.
    static func addTextStyleDefaults(to c: inout ClassBuilder, fontSize: Double) throws {
        let systemFont = try c.runtime.selector("systemFontOfSize:"), black = try c.runtime.selector("blackColor")
        try c.addMethod("font", types: "@@:") { m in
            if case .object(let font) = try m.ivar("_font") { return .object(font) }
            let font = try m.send(systemFont, to: m.runtime.requireClass(named: "UIFont"), Arguments(.double(fontSize)))
            try m.setIvar("_font", font)
            return font
        }
        try c.addMethod("textColor", types: "@@:") { m in
            if case .object(let color) = try m.ivar("_textColor") { return .object(color) }
            let color = try m.send(black, to: m.runtime.requireClass(named: "UIColor"))
            try m.setIvar("_textColor", color)
            return color
        }
    }
}
