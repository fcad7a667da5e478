import Runtime

/// Why a UI step could not be done: what it looked for, why it did not do it, how long it
/// waited and the view tree at that moment. Data only: each face (KIF's actors, the shell's
/// commands) words it its own way.
public struct UIAutomationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kept a view from being seen or touched.
    public enum Obstruction: Hashable, Sendable {
        /// This view (the one found, or a view it is inside) is hidden.
        case hidden(Object)
        /// This view (the one found, or a view it is inside) has alpha 0.
        case transparent(Object)
        /// Its frame lies wholly outside the window's bounds.
        case outsideWindow
        /// A later sibling (of it or of a view it is inside) covers it.
        case covered(by: Object)
        /// This view (the one found, or a view it is inside) takes no touches
        /// (`userInteractionEnabled` is NO).
        case interactionDisabled(Object)
        /// It is a control that is not enabled.
        case notEnabled
    }

    public enum Reason: Hashable, Sendable {
        /// No controller has been shown in a key window.
        case noKeyWindow
        /// No view on screen matches.
        case notFound
        /// A view has the label, but another accessibility value.
        case valueDiffers(actual: String?)
        /// A view has the label, but not all the traits.
        case traitsDiffer(actual: Int)
        /// The view is there but cannot be seen.
        case notVisible(Object, Obstruction)
        /// The view can be seen but not touched.
        case notTappable(Object, Obstruction)
        /// A wait for a view's absence ended with the view still there and visible.
        case stillPresent(Object)
        /// The view found is not the kind the step works on (`UISwitch`, `UISlider`,
        /// a view taking text, `UITableView`, `UIScrollView`).
        case wrongKind(Object, expected: String)
        /// Text entered did not leave the field holding what was expected.
        case textDiffers(expected: String, actual: String)
        /// The first responder is not the view looked for.
        case firstResponderDiffers(actual: Object?)
        /// The table has no such row.
        case noSuchRow(section: Int, row: Int, rowCounts: [Int])
        /// The collection view has no such item.
        case noSuchItem(section: Int, item: Int, itemCounts: [Int])
        /// The list made no cell for the position even scrolled to it: it has no size to show one in.
        case cellNotShown(Object)
        /// The scroll view has no refresh control to pull.
        case noRefreshControl(Object)
        /// The date picker, in `mode`, has no wheels with these titles.
        case noDateRow(titles: [String], mode: Int)
        /// The table's data source takes no moves of this row (it lacks
        /// `tableView:moveRowAtIndexPath:toIndexPath:`, or refuses the row).
        case cannotMoveRows(Object)
        /// A notification waited for was not posted.
        case notPosted(notification: String)
        /// No picker view can be seen.
        case noPicker
        /// The picker's wheel `component` (of `components`) has no row with the title; the
        /// titles it has, in the order searched.
        case noPickerRow(title: String, component: Int, components: Int, titles: [String])
    }

    /// What the step looked for; nil for a step that looks for no view.
    public let query: ViewQuery?
    public let reason: Reason
    /// How long the step waited, in nanoseconds of virtual time (0 for a step that looked once).
    public let waited: Int
    /// The key window's view tree when the step gave up (empty without a key window).
    public let tree: [ViewTreeEntry]

    public init(query: ViewQuery?, reason: Reason, waited: Int, tree: [ViewTreeEntry]) {
        self.query = query
        self.reason = reason
        self.waited = waited
        self.tree = tree
    }

    /// A plain account for logs; the faces word it for their users.
    public var description: String {
        let what = switch query?.key {
        case .label(let label)?: "the view labelled \"\(label)\""
        case .identifier(let identifier)?: "the view identified \"\(identifier)\""
        case .any?: "the view with value \"\(query?.value ?? "")\""
        case .firstResponder?: "the first responder"
        case nil: "the step"
        }
        return "\(what): \(reason) after \(VirtualClock.secondsText(waited))"
    }

    /// The accessibility labels in the tree, in order, each once.
    public var labelsOnScreen: [String] {
        var seen: Set<String> = []
        return tree.compactMap(\.accessibilityLabel).filter { seen.insert($0).inserted }
    }
}
