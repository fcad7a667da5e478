/// What went wrong in the class library: each description says what, where, and what
/// would be right.
public enum ClassLibraryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A method received an argument of the wrong kind.
    case wrongArgument(method: String, expected: String, got: String)
    /// A lifecycle event was fired at something that is not a view controller.
    case notAViewController(String)
    /// A lifecycle event name is not one the library knows.
    case unknownEvent(String, known: [String])
    /// There is no key window to look in.
    case noKeyWindow
    /// A method refused its arguments, raising as UIKit does (`NSInvalidArgumentException`);
    /// nothing was changed.
    case invalidArgument(method: String, reason: String)
    /// An index or range past the end of a collection, raising as Foundation does
    /// (`NSRangeException`); nothing was changed.
    case outOfRange(method: String, reason: String)

    public var description: String {
        switch self {
        case .wrongArgument(let method, let expected, let got):
            "\(method) expects \(expected), but got \(got)"
        case .notAViewController(let object):
            "\(object) is not a view controller; lifecycle events go to instances of UIViewController and its subclasses"
        case .unknownEvent(let name, let known):
            "'\(name)' is not a lifecycle event; use one of " + known.joined(separator: ", ")
        case .noKeyWindow:
            "there is no key window: no controller has been shown in one"
        case .invalidArgument(let method, let reason):
            "NSInvalidArgumentException in \(method): \(reason)"
        case .outOfRange(let method, let reason):
            "NSRangeException in \(method): \(reason)"
        }
    }
}
