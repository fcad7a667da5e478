import Synchronization

/// What the class library's model of the world reads that a test or a session may set:
/// where `NSBundle` finds resources, and the model's clock, which `+[NSDate date]` reads.
/// The clock is the run loop's virtual one: it stands still unless timers and `advance`
/// move it, so dates are the same on every run.
public final class ModelEnvironment: Sendable {
    private struct State {
        var resourceDirectory: String?
        /// The present when the clock read zero.
        var start: Double = 0
    }

    /// The main run loop's virtual time: timers, delayed performs and dispatched blocks run on it.
    public let clock = VirtualClock()

    private let state: Mutex<State>

    /// - Parameters:
    ///   - resourceDirectory: the directory the main bundle's resources are found in; nil
    ///     (the default) finds none.
    ///   - now: the model's present, in seconds since 2001-01-01 00:00:00 UTC (NSDate's
    ///     reference date, the default).
    public init(resourceDirectory: String? = nil, now: Double = 0) {
        state = Mutex(State(resourceDirectory: resourceDirectory, start: now))
    }

    /// The directory `NSBundle`'s main bundle finds resources in, or nil for none.
    public var resourceDirectory: String? {
        get { state.withLock { $0.resourceDirectory } }
        set { state.withLock { $0.resourceDirectory = newValue } }
    }

    /// The model's present, in seconds since NSDate's reference date: what `+[NSDate date]` answers.
    public var now: Double {
        get { state.withLock { $0.start } + clock.seconds }
        set {
            let elapsed = clock.seconds
            state.withLock { $0.start = newValue - elapsed }
        }
    }
}
