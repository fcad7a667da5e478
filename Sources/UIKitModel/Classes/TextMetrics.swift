import Runtime

/// How wide and tall text is in the model: a fixed width for each kind of character, a
/// fraction of the font's point size, and a line height near the system font's. The
/// numbers are UIKit's in proportion rather than to the point, and the same on every run,
/// so code that sizes cells and labels from text gets plausible, repeatable sizes.
enum TextMetrics {
    /// Helvetica 12, the font text is drawn in when its attributes name none.
    static let defaultPointSize = 12.0

    /// The font's ascender, descender (negative) and line height, as fractions of its size.
    static let ascender = 0.952, descender = -0.238, capHeight = 0.705, xHeight = 0.528

    static func lineHeight(pointSize: Double) -> Double { (ascender - descender) * pointSize }

    /// The advance of one character, as a fraction of the point size.
    static func advance(of character: Character) -> Double {
        if character == " " { return 0.28 }
        if character.isNumber { return 0.55 }
        if character.isUppercase { return 0.65 }
        if character.isLowercase { return 0.5 }
        if character.isPunctuation { return 0.3 }
        return 0.6
    }

    static func width(of text: Substring, pointSize: Double) -> Double {
        text.reduce(0) { $0 + advance(of: $1) } * pointSize
    }

    /// The size `text` takes: on one line for each line it holds, or, with `wrapping`, in
    /// lines broken at spaces to fit `width` (a word wider than the width is broken where
    /// it reaches it).
    static func size(of text: String, pointSize: Double, wrappingTo width: Double?) -> (width: Double, height: Double) {
        var lines: [Double] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let width, width > 0 else {
                lines.append(self.width(of: paragraph, pointSize: pointSize))
                continue
            }
            var current = 0.0, started = false
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = self.width(of: word, pointSize: pointSize), space = advance(of: " ") * pointSize
                if started, current + space + wordWidth <= width {
                    current += space + wordWidth
                    continue
                }
                if started { lines.append(current) }
                // A word wider than a line takes as many lines as it needs.
                var remaining = wordWidth
                while remaining > width {
                    lines.append(width)
                    remaining -= width
                }
                current = remaining
                started = true
            }
            lines.append(current)
        }
        // To a thousandth of a point, so sums of fractions print as the numbers they are.
        func tidy(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        return (tidy(lines.max() ?? 0), tidy(Double(max(lines.count, 1)) * lineHeight(pointSize: pointSize)))
    }
}

extension ClassLibrary {
    /// UIFont's metrics and NSString's measuring (UIKit's `NSStringDrawing` additions:
    /// `sizeWithAttributes:`, `boundingRectWithSize:options:attributes:context:` and the
    /// older `sizeWithFont:` forms), by ``TextMetrics``. Wrapping is to the width given when
    /// the options hold `NSStringDrawingUsesLineFragmentOrigin` (1), as UIKit wraps only then.
    static func defineTextMeasuring(in runtime: Runtime) throws {
        let pointSize = try runtime.selector("pointSize")
        try runtime.extendDefinition(of: try runtime.requireClass(named: "UIFont")) { c in
            for (name, ratio) in [("ascender", TextMetrics.ascender), ("descender", TextMetrics.descender), ("capHeight", TextMetrics.capHeight),
                                  ("xHeight", TextMetrics.xHeight), ("lineHeight", TextMetrics.ascender - TextMetrics.descender), ("leading", 0)] {
                try c.addMethod(name, types: "d@:") { m in .double((try m.send(pointSize, to: m.receiver).numberValue ?? 0) * ratio) }
            }
        }
        @Sendable func size(of font: Value, _ m: borrowing Message) throws -> Double {
            guard let font = font.object else { return TextMetrics.defaultPointSize }
            return try m.send(pointSize, to: font).numberValue ?? TextMetrics.defaultPointSize
        }
        @Sendable func size(fromAttributes attributes: Value, _ m: borrowing Message) throws -> Double {
            guard case .dictionary(let entries) = attributes, let font = entries[.string("NSFont")] else { return TextMetrics.defaultPointSize }
            return try size(of: font, m)
        }
        @Sendable func text(_ m: borrowing Message) -> String { m.receiver({ $0.text }, empty: "") }
        try runtime.extendDefinition(of: try runtime.requireClass(named: "NSString")) { c in
            try c.addMethod("sizeWithAttributes:", types: "{CGSize=dd}@:@") { m in
                let measured = TextMetrics.size(of: text(m), pointSize: try size(fromAttributes: m[0], m), wrappingTo: nil)
                return Geometry.size(measured.width, measured.height)
            }
            try c.addMethod("boundingRectWithSize:options:attributes:context:", types: "{CGRect={CGPoint=dd}{CGSize=dd}}@:{CGSize=dd}q@@") { m in
                let bounds = Geometry.numbers(of: m[0], count: 2) ?? [0, 0]
                let wraps = try m.integerArgument(1) & 1 != 0
                let measured = TextMetrics.size(of: text(m), pointSize: try size(fromAttributes: m[2], m), wrappingTo: wraps ? bounds[0] : nil)
                return Geometry.rect(0, 0, measured.width, bounds[1] > 0 ? min(measured.height, bounds[1]) : measured.height)
            }
            try c.addMethod("sizeWithFont:", types: "{CGSize=dd}@:@") { m in
                let measured = TextMetrics.size(of: text(m), pointSize: try size(of: m[0], m), wrappingTo: nil)
                return Geometry.size(measured.width, measured.height)
            }
            for name in ["sizeWithFont:constrainedToSize:", "sizeWithFont:constrainedToSize:lineBreakMode:"] {
                try c.addMethod(name, types: name.hasSuffix("Mode:") ? "{CGSize=dd}@:@{CGSize=dd}q" : "{CGSize=dd}@:@{CGSize=dd}") { m in
                    let bounds = Geometry.numbers(of: m[1], count: 2) ?? [0, 0]
                    let measured = TextMetrics.size(of: text(m), pointSize: try size(of: m[0], m), wrappingTo: bounds[0])
                    return Geometry.size(measured.width, bounds[1] > 0 ? min(measured.height, bounds[1]) : measured.height)
                }
            }
        }
    }
}
