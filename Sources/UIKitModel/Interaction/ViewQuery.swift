/// What a UI step looks for: a view by its accessibility label (and, optionally, its
/// accessibility value and traits) or by its accessibility identifier, as KIF and the
/// shell's UI commands name views.
public struct ViewQuery: Hashable, Sendable {
    /// How the view is named.
    public enum Key: Hashable, Sendable {
        /// Its `accessibilityLabel` (UIKit's default for a label is its text, for a button its title).
        case label(String)
        /// Its `accessibilityIdentifier`.
        case identifier(String)
        /// Any view: the value and traits pick it (`[viewTester usingValue:@"On"]`).
        case any
        /// The first responder (`[viewTester usingFirstResponder]`).
        case firstResponder
    }

    public var key: Key
    /// The `accessibilityValue` it must have, when given.
    public var value: String?
    /// Traits it must have, all of them (`UIAccessibilityTraitButton`...); 0 asks for none.
    public var traits: Int

    public init(_ key: Key, value: String? = nil, traits: Int = 0) {
        self.key = key
        self.value = value
        self.traits = traits
    }

    /// A view whose accessibility label is `label`.
    public static func label(_ label: String, value: String? = nil, traits: Int = 0) -> ViewQuery {
        ViewQuery(.label(label), value: value, traits: traits)
    }

    /// A view whose accessibility identifier is `identifier`.
    public static func identifier(_ identifier: String, traits: Int = 0) -> ViewQuery {
        ViewQuery(.identifier(identifier), traits: traits)
    }

    /// The label looked for, or nil for an identifier.
    public var label: String? {
        if case .label(let label) = key { return label }
        return nil
    }
}

/// UIKit's accessibility traits, with the SDK's bit values.
public enum AccessibilityTrait {
    public static let none = 0
    public static let button = 1 << 0
    public static let link = 1 << 1
    public static let image = 1 << 2
    public static let selected = 1 << 3
    public static let playsSound = 1 << 4
    public static let keyboardKey = 1 << 5
    public static let staticText = 1 << 6
    public static let summaryElement = 1 << 7
    public static let notEnabled = 1 << 8
    public static let updatesFrequently = 1 << 9
    public static let searchField = 1 << 10
    public static let startsMediaSession = 1 << 11
    public static let adjustable = 1 << 12
    public static let allowsDirectInteraction = 1 << 13
    public static let causesPageTurn = 1 << 14
    public static let tabBar = 1 << 15
    public static let header = 1 << 16

    /// Each trait's name after `UIAccessibilityTrait`, in bit order: `Button`, `Link`...
    public static let names: [(name: String, value: Int)] = [
        ("None", none), ("Button", button), ("Link", link), ("Image", image), ("Selected", selected), ("PlaysSound", playsSound),
        ("KeyboardKey", keyboardKey), ("StaticText", staticText), ("SummaryElement", summaryElement), ("NotEnabled", notEnabled),
        ("UpdatesFrequently", updatesFrequently), ("SearchField", searchField), ("StartsMediaSession", startsMediaSession),
        ("Adjustable", adjustable), ("AllowsDirectInteraction", allowsDirectInteraction), ("CausesPageTurn", causesPageTurn),
        ("TabBar", tabBar), ("Header", header),
    ]

    /// The traits set in `traits`, named as the shell writes them (`button`, `notEnabled`).
    public static func described(_ traits: Int) -> [String] {
        names.filter { $0.value != 0 && traits & $0.value == $0.value }.map { $0.name.prefix(1).lowercased() + $0.name.dropFirst() }
    }
}

/// A direction to swipe in, with the values of `UISwipeGestureRecognizerDirection`.
public enum SwipeDirection: Int, Hashable, Sendable, CaseIterable {
    case right = 1
    case left = 2
    case up = 4
    case down = 8

    /// `left`, `right`, `up` or `down`.
    public var name: String { "\(self)" }

    /// KIF's `KIFSwipeDirection`: right, left, up and down, counted from 0.
    public var kifValue: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// The direction of KIF's `KIFSwipeDirection` value; nil for another number.
    public init?(kifValue: Int) {
        guard Self.allCases.indices.contains(kifValue) else { return nil }
        self = Self.allCases[kifValue]
    }
}
