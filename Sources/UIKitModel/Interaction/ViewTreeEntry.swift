import Runtime

/// One view of a view tree as ``ClassLibrary/viewTree(of:)`` walks it: what a person
/// looking at the screen, or a UI test finding views, would want to know of it.
public struct ViewTreeEntry: Hashable, Sendable {
    /// A rectangle in points, as `CGRect` holds one.
    public struct Rect: Hashable, Sendable {
        public var x, y, width, height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    public let view: Object
    /// How many superviews lie between the view and the tree's root (0 for the root).
    public let depth: Int
    public let accessibilityLabel: String?
    public let accessibilityIdentifier: String?
    public let accessibilityValue: String?
    /// Its accessibility traits (``AccessibilityTrait``), defaults included.
    public let traits: Int
    /// The view's `text` (labels, fields), when it has one.
    public let text: String?
    /// The view's `title` (buttons), when it has one.
    public let title: String?
    public let isHidden: Bool
    /// Its alpha is 0 or less: it is there but cannot be seen.
    public let isTransparent: Bool
    /// Its frame in its superview's coordinates; nil when the code never gave it a size.
    public let frame: Rect?
    /// Its bounds, whose origin (a scroll view's offset) moves the views inside it.
    public let bounds: Rect?

    public init(
        view: Object, depth: Int, accessibilityLabel: String?, accessibilityIdentifier: String? = nil, accessibilityValue: String? = nil,
        traits: Int = AccessibilityTrait.none, text: String?, title: String?, isHidden: Bool, isTransparent: Bool,
        frame: Rect? = nil, bounds: Rect? = nil
    ) {
        self.view = view
        self.depth = depth
        self.accessibilityLabel = accessibilityLabel
        self.accessibilityIdentifier = accessibilityIdentifier
        self.accessibilityValue = accessibilityValue
        self.traits = traits
        self.text = text
        self.title = title
        self.isHidden = isHidden
        self.isTransparent = isTransparent
        self.frame = frame
        self.bounds = bounds
    }

    /// The same entry at another depth.
    init(copying entry: ViewTreeEntry, depth: Int) {
        self.init(
            view: entry.view, depth: depth, accessibilityLabel: entry.accessibilityLabel, accessibilityIdentifier: entry.accessibilityIdentifier,
            accessibilityValue: entry.accessibilityValue, traits: entry.traits, text: entry.text, title: entry.title, isHidden: entry.isHidden,
            isTransparent: entry.isTransparent, frame: entry.frame, bounds: entry.bounds)
    }
}
