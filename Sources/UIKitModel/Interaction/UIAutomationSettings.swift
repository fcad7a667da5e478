import Runtime
import Synchronization

/// The UI engine's settings for one class library: how long a step waits by default
/// (KIF's `+[KIFTestActor defaultTimeout]`, 10 seconds) and how often it looks again while
/// waiting (KIF polls every 0.1 s), both in virtual time. And the swipes made, for tests
/// that check a swipe reached its view whatever recognizers it has.
///
/// Thread-safe: the state is behind a lock.
public final class UIAutomationSettings: Sendable {
    /// KIF's default timeout, in seconds.
    public static let standardTimeout = 10.0
    /// How long a waiting step lets the clock run between two looks, in nanoseconds.
    public static let pollInterval = 100_000_000

    private struct State {
        var defaultTimeout = UIAutomationSettings.standardTimeout
        var swipes: [Swipe] = []
        /// KIF's other knobs (`+[KIFTypist keystrokeDelay]`, `+[KIFTestActor stepDelay]`),
        /// by name, once set: with time virtual they change no result, but a suite's set-up
        /// sets them and may read them back.
        var knobs: [String: Double] = [:]
    }

    /// A swipe made on a view.
    public struct Swipe: Hashable, Sendable {
        public let view: Object
        public let direction: SwipeDirection
    }

    private let state = Mutex(State())

    public init() {}

    /// How long a step waits when it is given no timeout, in seconds.
    public var defaultTimeout: Double {
        get { state.withLock { $0.defaultTimeout } }
        set { state.withLock { $0.defaultTimeout = max(0, newValue) } }
    }

    /// The knob `name`'s value: what was set, else `standard`.
    func knob(_ name: String, standard: Double) -> Double { state.withLock { $0.knobs[name] ?? standard } }

    func setKnob(_ name: String, to value: Double) { state.withLock { $0.knobs[name] = value } }

    /// The swipes made so far, in order.
    public var swipes: [Swipe] { state.withLock { $0.swipes } }

    func record(_ swipe: Swipe) {
        state.withLock { $0.swipes.append(swipe) }
    }
}
