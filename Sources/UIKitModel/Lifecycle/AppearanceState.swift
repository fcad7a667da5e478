/// Where a view controller is in its appearance cycle, as UIKit tracks it.
public enum AppearanceState: Int, Sendable, CaseIterable, CustomStringConvertible {
    case disappeared = 0
    case appearing
    case appeared
    case disappearing

    /// The state after beginning a transition (`appearing` true: towards appeared), or nil
    /// when that beginning is unbalanced. A transition under way may be turned round, as
    /// an interactive pop that is cancelled does.
    func beginning(appearing: Bool) -> AppearanceState? {
        switch (self, appearing) {
        case (.disappeared, true), (.disappearing, true): .appearing
        case (.appeared, false), (.appearing, false): .disappearing
        default: nil
        }
    }

    /// The state after ending the transition under way, or nil when none is.
    var ended: AppearanceState? {
        switch self {
        case .appearing: .appeared
        case .disappearing: .disappeared
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .disappeared: "disappeared"
        case .appearing: "appearing"
        case .appeared: "appeared"
        case .disappearing: "disappearing"
        }
    }

    /// What UIKit logs when begin and end calls do not pair up.
    static func unbalancedMessage(for object: CustomStringConvertible) -> String {
        "Unbalanced calls to begin/end appearance transitions for \(object)."
    }
}
