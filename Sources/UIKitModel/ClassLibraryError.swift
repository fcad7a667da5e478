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
    /// A lock was taken again on the thread that holds it: Foundation deadlocks, and the
    /// model raises instead.
    case deadlock(method: String, lock: String)
    /// A wait without a date that nothing scheduled can end: the model runs one thread, so
    /// it would never return.
    case waitsForever(method: String, waitingFor: String)
    /// The run loop was run call after call for an hour of virtual time with nothing to
    /// run: a loop waiting for what never comes, which would spin for ever.
    case idleRunLoop(method: String)

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
        case .deadlock(let method, let lock):
            "\(method) would deadlock: \(lock) is already locked on this thread, which would wait for ever for itself to unlock it; "
                + "unlock it first, or use an NSRecursiveLock where a method that holds the lock calls another that takes it"
        case .idleRunLoop(let method):
            "\(method) was called again and again for an hour of virtual time with nothing scheduled to run: the code waits for something "
                + "nothing will do, such as a reply from a server or a callback rtsh does not model; stub what should call back, or give the wait a deadline"
        case .waitsForever(let method, let waitingFor):
            "\(method) would wait for ever for \(waitingFor): nothing scheduled on the run loop is left to run, and rtsh runs one thread; "
                + "dispatch the work that ends the wait before waiting, or wait with a date"
        }
    }
}
