import Runtime

/// The sizes views of text and images ask for (`sizeThatFits:`, `intrinsicContentSize`,
/// and so `sizeToFit`), measured by ``TextMetrics``: a label's text in its font, a button's
/// title beside its image.
enum ContentFitting {
    /// A system button's title sits 6 points above and below, as UIKit pads it: a one-line
    /// title in the 15-point font makes the 30-point-high button a `sizeToFit` gives.
    static let buttonTitlePadding = 6.0
    /// A button's title font until its title label's is set: UIKit's 15-point system font.
    static let buttonFontSize = 15.0

    /// A length rounded up to whole pixels of the model's screen (scale 2), as UIKit
    /// rounds what it measures of text.
    static func pixelCeiling(_ value: Double) -> Double {
        (value * ClassLibrary.screenScale).rounded(.up) / ClassLibrary.screenScale
    }

    /// What `text` takes in a label of `lines` lines (0: any number): on one line when it
    /// has one, else wrapped to `width` (unwrapped when nil), at most `lines` high.
    static func label(_ text: String, pointSize: Double, lines: Int, width: Double?) -> (width: Double, height: Double) {
        guard !text.isEmpty else { return (0, 0) }
        let measured = TextMetrics.size(of: text, pointSize: pointSize, wrappingTo: lines == 1 ? nil : width)
        let tallest = lines > 0 ? Double(lines) * TextMetrics.lineHeight(pointSize: pointSize) : measured.height
        return (pixelCeiling(measured.width), pixelCeiling(min(measured.height, tallest)))
    }

    /// A button's content: its title's size (padded above and below) beside its image,
    /// the taller of the two high. Nothing for a button with neither.
    static func button(title: (width: Double, height: Double)?, image: (width: Double, height: Double)?) -> (width: Double, height: Double) {
        let titleSize = title.map { ($0.width, $0.height + 2 * buttonTitlePadding) } ?? (0, 0)
        let imageSize = image ?? (0, 0)
        return (titleSize.0 + imageSize.width, max(titleSize.1, imageSize.height))
    }
}
