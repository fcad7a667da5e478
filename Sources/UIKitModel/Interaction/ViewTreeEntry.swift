import Runtime

/// One view of a view tree as ``ClassLibrary/viewTree(of:)`` walks it: what a person
/// looking at the screen, or a UI test finding views, would want to know of it.
public struct ViewTreeEntry: Hashable, Sendable {
    public let view: Object
    /// How many superviews lie between the view and the tree's root (0 for the root).
    public let depth: Int
    public let accessibilityLabel: String?
    /// The view's `text` (labels, fields), when it has one.
    public let text: String?
    /// The view's `title` (buttons), when it has one.
    public let title: String?
    public let isHidden: Bool
    /// Its alpha is 0 or less: it is there but cannot be seen.
    public let isTransparent: Bool
}
