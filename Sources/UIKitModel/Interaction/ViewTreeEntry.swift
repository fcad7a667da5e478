import Runtime

/// One view of a view tree as ``ClassLibrary/viewTree(of:)`` walks it: what a person
/// looking at the screen, or a UI test finding views, would want to know of it.
public struct ViewTreeEntry: Hashable, Sendable {
    public let view: Object
    /// How many superviews lie between the view and the tree's root (0 for the root).
    public let depth: Int
    public let accessibilityLabel: String?
    public let accessibilityIdentifier: String?
    public let accessibilityValue: String?
    /// The view's `text` (labels, fields), when it has one.
    public let text: String?
    /// The view's `title` (buttons), when it has one.
    public let title: String?
    public let isHidden: Bool
    /// Its alpha is 0 or less: it is there but cannot be seen.
    public let isTransparent: Bool

    public init(
        view: Object, depth: Int, accessibilityLabel: String?, accessibilityIdentifier: String? = nil, accessibilityValue: String? = nil,
        text: String?, title: String?, isHidden: Bool, isTransparent: Bool
    ) {
        self.view = view
        self.depth = depth
        self.accessibilityLabel = accessibilityLabel
        self.accessibilityIdentifier = accessibilityIdentifier
        self.accessibilityValue = accessibilityValue
        self.text = text
        self.title = title
        self.isHidden = isHidden
        self.isTransparent = isTransparent
    }

    /// The same entry at another depth.
    init(copying entry: ViewTreeEntry, depth: Int) {
        self.init(
            view: entry.view, depth: depth, accessibilityLabel: entry.accessibilityLabel, accessibilityIdentifier: entry.accessibilityIdentifier,
            accessibilityValue: entry.accessibilityValue, text: entry.text, title: entry.title, isHidden: entry.isHidden,
            isTransparent: entry.isTransparent)
    }
}
