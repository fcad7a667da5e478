/// What went wrong in the class library: each description says what, where, and what
/// would be right.
public enum ClassLibraryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A method received an argument of the wrong kind.
    case wrongArgument(method: String, expected: String, got: String)
    /// A lifecycle event was fired at something that is not a view controller.
    case notAViewController(String)
    /// A lifecycle event name is not one the library knows.
    case unknownEvent(String, known: [String])
    /// No view on screen has this accessibility label.
    case noViewLabelled(String, existing: [String])
    /// The labelled view is there but cannot be seen; the reason says which view hides it.
    case hiddenView(String, reason: String)
    /// The labelled view cannot take this interaction.
    case notInteractive(String, view: String, needs: String)
    /// There is no key window to look in.
    case noKeyWindow
    /// A method refused its arguments, raising as UIKit does (`NSInvalidArgumentException`);
    /// nothing was changed.
    case invalidArgument(method: String, reason: String)

    public var description: String {
        switch self {
        case .wrongArgument(let method, let expected, let got):
            "\(method) expects \(expected), but got \(got)"
        case .notAViewController(let object):
            "\(object) is not a view controller; lifecycle events go to instances of UIViewController and its subclasses"
        case .unknownEvent(let name, let known):
            "'\(name)' is not a lifecycle event; use one of " + known.joined(separator: ", ")
        case .noViewLabelled(let label, let existing):
            "no view labelled \"\(label)\" is on screen; the labels there are "
                + (existing.isEmpty ? "none" : existing.map { "\"\($0)\"" }.joined(separator: ", "))
        case .hiddenView(let label, let reason):
            "the view labelled \"\(label)\" is on screen but cannot be seen: \(reason); show it before waiting for it"
        case .notInteractive(let label, let view, let needs):
            "the view labelled \"\(label)\" (\(view)) cannot be used that way: it needs \(needs)"
        case .noKeyWindow:
            "there is no key window: no controller has been shown in one"
        case .invalidArgument(let method, let reason):
            "NSInvalidArgumentException in \(method): \(reason)"
        }
    }
}
