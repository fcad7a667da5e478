/// An event in a view controller's life that can be fired on its own.
public enum LifecycleEvent: String, CaseIterable, Sendable {
    case loadView
    case viewDidLoad
    case viewWillAppear
    case viewIsAppearing
    case viewWillLayoutSubviews
    case viewDidLayoutSubviews
    case viewDidAppear
    case viewWillDisappear
    case viewDidDisappear
    case didReceiveMemoryWarning
    case willMoveToParentViewController
    case didMoveToParentViewController

    /// The event a selector or event name means: `viewWillAppear:` and `viewWillAppear`
    /// both name the same event.
    public init(named name: String) throws(ClassLibraryError) {
        let bare = name.hasSuffix(":") ? String(name.dropLast()) : name
        guard let event = Self(rawValue: bare) else {
            throw .unknownEvent(name, known: Self.allCases.map(\.selectorName))
        }
        self = event
    }

    /// The selector the event sends.
    public var selectorName: String {
        switch self {
        case .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
            .willMoveToParentViewController, .didMoveToParentViewController:
            rawValue + ":"
        default:
            rawValue
        }
    }

    /// How the event moves the appearance state, for the four that do (and the one that
    /// requires a transition under way).
    var appearanceStep: AppearanceStep? {
        switch self {
        case .viewWillAppear: .begin(appearing: true)
        case .viewWillDisappear: .begin(appearing: false)
        case .viewDidAppear: .end(reaching: .appeared)
        case .viewDidDisappear: .end(reaching: .disappeared)
        case .viewIsAppearing: .during(.appearing)
        default: nil
        }
    }

    enum AppearanceStep {
        case begin(appearing: Bool)
        case end(reaching: AppearanceState)
        case during(AppearanceState)
    }
}
