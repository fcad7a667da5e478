import Synchronization

/// What the class library's model of the world reads that a test or a session may set:
/// the directories `NSBundle` finds resources in, and the model's clock, which `+[NSDate date]` reads.
/// The clock is the run loop's virtual one: it stands still unless timers, `advance` and
/// code reading the present (``readPresent()``) move it, so dates are the same on every run.
public final class ModelEnvironment: Sendable {
    private struct State {
        var resourceDirectories: [String]
        /// The present when the clock read zero.
        var start: Double = 0
        var defaultTimeZoneName = "GMT"
        var pinnedVersions: [String: [Int]] = [:]
    }

    /// Noon on NSDate's reference date, 2001-01-01 12:00:00 UTC: the present unless set.
    /// Midday, not midnight, so that a test that checks a date a second or an hour from
    /// now is still today (`[[NSDate date] dateBySubtractingSeconds:1].isToday`), as it is
    /// on a developer's machine on all but a few seconds of the day.
    public static let defaultNow: Double = 12 * 60 * 60

    /// The main run loop's virtual time: timers, delayed performs and dispatched blocks run on it.
    public let clock: VirtualClock

    /// The main run loop, on ``clock``: what `CFRunLoopRun` and `-[NSRunLoop runUntilDate:]`
    /// run, and what its observers watch.
    public let runLoop: MainRunLoop

    /// The app's container: its home, `Documents`, `Library` and `tmp`, in memory.
    public let container = AppContainer()

    /// The animation blocks UIView is running, which the views' animatable properties animate their layers in.
    let viewAnimations = ViewAnimations()

    /// The URL loading system: the `NSURLProtocol` classes registered and the loads under way.
    let urlLoading: URLLoading

    private let state: Mutex<State>

    /// - Parameters:
    ///   - resourceDirectories: the directories the main bundle's resources are found in,
    ///     searched in order; none (the default) finds none.
    ///   - now: the model's present, in seconds since 2001-01-01 00:00:00 UTC (NSDate's
    ///     reference date). The default is noon that day, ``defaultNow``.
    public init(resourceDirectories: [String] = [], now: Double = defaultNow) {
        state = Mutex(State(resourceDirectories: resourceDirectories, start: now))
        let clock = VirtualClock()
        self.clock = clock
        runLoop = MainRunLoop(clock: clock)
        urlLoading = URLLoading(clock: clock, container: container)
        // The container dates what it writes with the model's present (unowned: the
        // environment holds the container, which must not hold it back).
        container.readTime { [unowned self] in self.now }
    }

    /// The directories `NSBundle`'s main bundle finds resources in, in the order searched.
    public var resourceDirectories: [String] {
        get { state.withLock { $0.resourceDirectories } }
        set { state.withLock { $0.resourceDirectories = newValue } }
    }

    /// Adds `directory` to the end of ``resourceDirectories`` unless it is there already:
    /// the shell adds each source directory it loads, as Xcode copies a target's resources
    /// into its bundle.
    public func addResourceDirectory(_ directory: String) {
        state.withLock { state in
            if !state.resourceDirectories.contains(directory) { state.resourceDirectories.append(directory) }
        }
    }

    /// The name of the zone `NSTimeZone`'s local, system and default zones are, and that
    /// date formatters format in unless given one: `GMT` unless `+setDefaultTimeZone:`
    /// changed it, on every machine.
    public var defaultTimeZoneName: String {
        get { state.withLock { $0.defaultTimeZoneName } }
        set { state.withLock { $0.defaultTimeZoneName = newValue } }
    }

    /// The versions of the libraries the loaded code was written against, by name, each
    /// as its numbers (`[1, 4, 0]`), as the tree's lock files pin them: where a library's
    /// behaviour changed between versions, the model follows the version pinned (OCMockito
    /// before 3.0 counted every call at each verification). None pinned: the current ones.
    public var pinnedVersions: [String: [Int]] {
        get { state.withLock { $0.pinnedVersions } }
        set { state.withLock { $0.pinnedVersions = newValue } }
    }

    /// The present as code reads it (`+[NSDate date]`): ``now``, read as
    /// ``VirtualClock/read()`` reads the clock, which a reading moves on by a microsecond.
    public func readPresent() -> Double {
        let elapsed = Double(clock.read()) / Double(VirtualClock.nanosecondsPerSecond)
        return state.withLock { $0.start } + elapsed
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
