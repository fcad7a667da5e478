import Runtime
import Synchronization

/// Kiwi's state in one class library: whether its categories on `NSObject` are in place,
/// and what the running example left to check when it ends (verifiers whose subject was
/// nil, `shouldBeNil`, `receive:` expectations, notifications to be posted).
///
/// Thread-safe: the state is behind a lock, never held while the program's code runs.
final class KiwiRegistry: Sendable {
    /// A `receive:` expectation: the calls the mock takes from `baseline` on must number as
    /// `quantifier` says (with `negated`, must not).
    struct MessageExpectation: Sendable {
        let mock: Mock
        let matcher: InvocationMatcher
        let quantifier: MockQuantifier
        let baseline: Int
        let negated: Bool
        /// How long to wait for the calls, in seconds; nil to check at once.
        let timeout: Double?
        let subject: String
        let file: String?
        let line: Int
    }

    /// A `bePosted` expectation: a notification of the name must be posted before the
    /// example ends; `matches` says whether one was.
    struct PostExpectation: Sendable {
        let verifier: Object
        let description: String
        /// How long to wait for the notification, in seconds; nil to check at once.
        let timeout: Double?
        /// The observer's token, removed from the center once the example is checked.
        let observer: Value
        let matches: @Sendable () throws -> Bool
    }

    private struct State {
        var installed = false
        /// The prefixes `registerMatchers` named: a `KWMatcher` subclass whose name starts
        /// with one is a matcher verifiers take.
        var matcherPrefixes: Set<String> = []
        /// The verifiers made since the running example began, oldest first.
        var verifiers: [Object] = []
        var messages: [MessageExpectation] = []
        var posts: [PostExpectation] = []
    }

    private let state = Mutex(State())

    /// Marks the categories installed; true the first time only.
    func takeInstallation() -> Bool {
        state.withLock { state in
            defer { state.installed = true }
            return !state.installed
        }
    }

    /// Forgets what an earlier example left.
    func beginExample() {
        state.withLock { $0 = State(installed: $0.installed, matcherPrefixes: $0.matcherPrefixes) }
    }

    func registerMatchers(prefix: String) { state.withLock { _ = $0.matcherPrefixes.insert(prefix) } }
    var matcherPrefixes: Set<String> { state.withLock { $0.matcherPrefixes } }

    func add(verifier: Object) { state.withLock { $0.verifiers.append(verifier) } }
    func add(_ expectation: MessageExpectation) { state.withLock { $0.messages.append(expectation) } }
    func add(_ expectation: PostExpectation) { state.withLock { $0.posts.append(expectation) } }

    /// The newest verifier made in the running example.
    var newestVerifier: Object? { state.withLock { $0.verifiers.last } }

    /// Takes what the running example left to check.
    func takeChecks() -> (verifiers: [Object], messages: [MessageExpectation], posts: [PostExpectation]) {
        state.withLock { state in
            defer { state = State(installed: state.installed, matcherPrefixes: state.matcherPrefixes) }
            return (state.verifiers, state.messages, state.posts)
        }
    }
}
