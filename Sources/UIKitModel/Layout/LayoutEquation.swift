import Runtime

/// `NSLayoutAttribute`: an edge, a size or a centre of a view or a layout guide, with the
/// names UIKit prints in a constraint's description.
enum LayoutAttribute: Int, CaseIterable, Sendable {
    case notAnAttribute = 0, left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case lastBaseline, firstBaseline, leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins

    /// The name in a description: `leading`, `centerX`, `lastBaseline`.
    var name: String {
        switch self {
        case .notAnAttribute: "notAnAttribute"
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        }
    }

    /// Whether the attribute places or sizes along the horizontal axis.
    var isHorizontal: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin, .trailingMargin,
             .centerXWithinMargins: true
        default: false
        }
    }
}

/// `NSLayoutRelation`: how the two sides of a constraint compare.
enum LayoutRelation: Int, Sendable {
    case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1

    /// `==`, `<=` or `>=`, as descriptions and the visual format write it.
    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// What one `NSLayoutConstraint` says: `first.firstAttribute relation
/// second.secondAttribute × multiplier + constant`, at a priority (1000 is required). A
/// constraint with no second item relates the first to the constant alone.
struct LayoutEquation {
    var first: Object
    var firstAttribute: LayoutAttribute
    var relation: LayoutRelation = .equal
    var second: Object?
    var secondAttribute: LayoutAttribute = .notAnAttribute
    var multiplier: Double = 1
    var constant: Double = 0
    var priority: Double = LayoutEquation.required

    /// `UILayoutPriorityRequired`.
    static let required: Double = 1000
}
