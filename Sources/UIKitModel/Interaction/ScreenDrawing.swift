import Runtime

/// A view tree drawn as SVG, as a screenshot of the simulated screen: each view a box at
/// its frame, with its class, accessibility label, identifier, text, value and traits.
///
/// Views the code placed (a frame with a size) are drawn where they are. Views it never
/// sized, common in code that leaves layout to Auto Layout, which rtsh does not run, are
/// stacked down their superview in order, with a dashed outline that says rtsh placed
/// them. Hidden and transparent views are drawn faded, so a test's author sees what the
/// step could not. The output depends on the tree alone: the same tree draws the same
/// file, byte for byte.
public struct ScreenDrawing: Sendable {
    /// The screen's size when the tree's root has none: the main screen's, in points.
    static let screenSize = (width: 375.0, height: 667.0)
    /// Room for a box's text, one line or two, above the views stacked inside it.
    private static let header = 16.0, headerWithDetails = 28.0
    /// The height of a box holding no other boxes, for one line of text and one of details.
    private static let leafHeight = 30.0
    private static let gap = 4.0

    public let tree: [ViewTreeEntry]
    /// Each entry's children, by index into `tree`.
    private let children: [[Int]]

    public init(_ tree: [ViewTreeEntry]) {
        self.tree = tree
        var children = Array(repeating: [Int](), count: tree.count)
        var ancestors: [Int] = []
        for (index, entry) in tree.enumerated() {
            while let last = ancestors.last, tree[last].depth >= entry.depth { ancestors.removeLast() }
            if let parent = ancestors.last { children[parent].append(index) }
            ancestors.append(index)
        }
        self.children = children
    }

    /// The drawing as an SVG document; one with a note alone when the tree is empty.
    public var svg: String {
        let boxes = layout()
        // The root's size, grown to take in views the code put beyond it.
        let width = boxes.map { $0.rect.x + $0.rect.width }.max() ?? Self.screenSize.width
        let height = boxes.map { $0.rect.y + $0.rect.height }.max() ?? Self.screenSize.height
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
                + "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\">",
            "<style>",
            "  rect { fill: none; stroke: #8e8e93; stroke-width: 1; }",
            "  .root > rect { fill: #f2f2f7; }",
            "  .control > rect { stroke: #0a7aff; stroke-width: 1.5; }",
            "  .unplaced > rect { stroke-dasharray: 4 2; }",
            "  .hidden { opacity: 0.35; }",
            "  text { font: 10px -apple-system, Helvetica, Arial, sans-serif; fill: #1c1c1e; }",
            "  text.details { fill: #6e6e73; font-size: 9px; }",
            "</style>",
        ]
        if boxes.isEmpty {
            lines.append("<text x=\"8\" y=\"20\">No key window: no view controller has been shown in one.</text>")
        }
        for box in boxes { lines += draw(box) }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Layout

    /// Where one view is drawn, in the root's coordinates.
    struct Box {
        let entry: ViewTreeEntry
        let rect: ViewTreeEntry.Rect
        /// Whether the code gave the view its frame, rather than rtsh stacking it.
        let isPlaced: Bool
        /// Whether it, or a view it is inside, is hidden or transparent.
        let isFaded: Bool
        let isRoot: Bool
    }

    /// Every view's box, parents before their children, so children draw on top.
    func layout() -> [Box] {
        guard !tree.isEmpty else { return [] }
        var boxes: [Box] = []
        boxes.reserveCapacity(tree.count)
        let root = tree[0]
        let rootRect = root.frame.map { ViewTreeEntry.Rect(x: 0, y: 0, width: $0.width, height: $0.height) }
            ?? ViewTreeEntry.Rect(x: 0, y: 0, width: Self.screenSize.width, height: max(Self.screenSize.height, naturalHeight(of: 0)))
        // The root is the screen, wherever the code put it.
        place(0, at: rootRect, isPlaced: true, fadedAbove: false, into: &boxes)
        return boxes
    }

    private func place(_ index: Int, at rect: ViewTreeEntry.Rect, isPlaced: Bool, fadedAbove: Bool, into boxes: inout [Box]) {
        let entry = tree[index]
        let isFaded = fadedAbove || entry.isHidden || entry.isTransparent
        boxes.append(Box(entry: entry, rect: rect, isPlaced: isPlaced, isFaded: isFaded, isRoot: index == 0))
        let offset = entry.bounds ?? ViewTreeEntry.Rect(x: 0, y: 0, width: 0, height: 0)
        var nextY = rect.y + headerHeight(of: entry)
        for child in children[index] {
            if let frame = tree[child].frame {
                let placed = ViewTreeEntry.Rect(x: rect.x + frame.x - offset.x, y: rect.y + frame.y - offset.y, width: frame.width, height: frame.height)
                place(child, at: placed, isPlaced: true, fadedAbove: isFaded, into: &boxes)
            } else {
                let height = naturalHeight(of: child)
                let stacked = ViewTreeEntry.Rect(x: rect.x + Self.gap, y: nextY, width: max(rect.width - 2 * Self.gap, 40), height: height)
                place(child, at: stacked, isPlaced: false, fadedAbove: isFaded, into: &boxes)
                nextY += height + Self.gap
            }
        }
    }

    /// The height a view takes: its frame's, else enough for its text and the views
    /// stacked inside it.
    private func naturalHeight(of index: Int) -> Double {
        if let frame = tree[index].frame { return frame.height }
        let stacked = children[index].filter { tree[$0].frame == nil }
        let stackedHeight = stacked.isEmpty ? Self.leafHeight : headerHeight(of: tree[index]) + stacked.reduce(0) { $0 + naturalHeight(of: $1) + Self.gap }
        // Views placed inside it count too, so the box holds what the code put in it.
        let offsetY = tree[index].bounds?.y ?? 0
        let placedBottom = children[index].compactMap { tree[$0].frame.map { $0.y + $0.height - offsetY } }.max() ?? 0
        return max(stackedHeight, placedBottom)
    }

    private func headerHeight(of entry: ViewTreeEntry) -> Double {
        Self.details(of: entry).isEmpty ? Self.header : Self.headerWithDetails
    }

    // MARK: Drawing

    private func draw(_ box: Box) -> [String] {
        let entry = box.entry
        var classes = ["view"]
        if box.isRoot { classes.append("root") }
        if entry.view.isa.lineage.contains(where: { $0.name == "UIControl" }) || entry.traits & AccessibilityTrait.button != 0 {
            classes.append("control")
        }
        if !box.isPlaced { classes.append("unplaced") }
        if box.isFaded { classes.append("hidden") }
        let r = box.rect
        var lines = [
            "<g class=\"\(classes.joined(separator: " "))\">",
            "  <title>\(XMLText.escaped(entry.view.description))</title>",
            "  <rect x=\"\(Self.number(r.x))\" y=\"\(Self.number(r.y))\" width=\"\(Self.number(r.width))\" height=\"\(Self.number(r.height))\"/>",
            "  <text x=\"\(Self.number(r.x + 3))\" y=\"\(Self.number(r.y + 11))\">\(XMLText.escaped(Self.heading(of: entry)))</text>",
        ]
        let details = Self.details(of: entry)
        if !details.isEmpty {
            lines.append("  <text class=\"details\" x=\"\(Self.number(r.x + 3))\" y=\"\(Self.number(r.y + 23))\">\(XMLText.escaped(details))</text>")
        }
        lines.append("</g>")
        return lines
    }

    /// `UIButton "Sign In"`: the class, and the label a test finds the view by.
    static func heading(of entry: ViewTreeEntry) -> String {
        entry.view.isa.name + (entry.accessibilityLabel.map { " \"\($0)\"" } ?? "")
    }

    /// `#signInButton · text "ada@example.com" · button, notEnabled · hidden`.
    static func details(of entry: ViewTreeEntry) -> String {
        var parts: [String] = []
        if let identifier = entry.accessibilityIdentifier { parts.append("#" + identifier) }
        if let text = entry.text, text != entry.accessibilityLabel { parts.append("text \"\(text)\"") }
        if let title = entry.title, title != entry.accessibilityLabel, title != entry.text { parts.append("title \"\(title)\"") }
        if let value = entry.accessibilityValue, value != entry.text { parts.append("value \"\(value)\"") }
        let traits = AccessibilityTrait.described(entry.traits)
        if !traits.isEmpty { parts.append(traits.joined(separator: ", ")) }
        if entry.isHidden { parts.append("hidden") }
        if entry.isTransparent { parts.append("alpha 0") }
        return parts.joined(separator: " · ")
    }

    /// A coordinate as SVG takes it: whole numbers plainly, others to a tenth of a point.
    /// A frame the code set to something absurd (infinite, NaN, beyond any screen) is
    /// clamped rather than trusted.
    static func number(_ value: Double) -> String {
        let tenths = (min(max(value.isNaN ? 0 : value, -1e9), 1e9) * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
