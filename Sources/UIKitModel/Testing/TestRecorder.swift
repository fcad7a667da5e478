import Runtime
import Synchronization

/// What the test running now has recorded: its failures, whether it was skipped, the
/// expectations it made and the teardown blocks it added. One per class library; the test
/// frameworks' classes (`XCTestCase`, `GHTestCase`, `SenTestCase`, `XCTestExpectation`)
/// and the assertion functions write to it, and the test runner reads it.
///
/// Thread-safe: the state is behind a lock, never held while code runs.
public final class TestRecorder: Sendable {
    /// Something a test recorded against itself.
    public struct Issue: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// An assertion that did not hold: what XCTest calls an expected failure.
            case failure
            /// Something the test did not mean to do: an exception escaped it, or a
            /// set-up step failed. XCTest counts these as "unexpected".
            case unexpected
            /// The test skipped itself (`XCTSkip`).
            case skip
        }

        public let kind: Kind
        public let message: String
        /// The file and line of the assertion; nil when nothing says where.
        public let file: String?
        public let line: Int
        /// The screen when a UI step failed, drawn as SVG (``ScreenDrawing``); nil for
        /// failures of other kinds.
        public let screenshot: String?

        public init(_ kind: Kind, _ message: String, file: String?, line: Int, screenshot: String? = nil) {
            self.kind = kind
            self.message = message
            self.file = file
            self.line = line
            self.screenshot = screenshot
        }
    }

    /// The test running now.
    public struct Current: Sendable {
        /// The test case instance running the test.
        public let testCase: Object
        /// `-[MMLoginTests testTitle]`.
        public let name: String
        public fileprivate(set) var issues: [Issue] = []
        /// Blocks given to `addTeardownBlock:`, in the order added.
        public fileprivate(set) var teardownBlocks: [Block] = []
        /// Expectations made with `expectationWithDescription:` and not yet waited for.
        public fileprivate(set) var expectations: [Object] = []
        /// Every expectation fulfilled during the test, in the order fulfilled (once each).
        public fileprivate(set) var fulfilled: [ObjectIdentifier] = []
        /// The screen of a UI step failing now, for the issue its failure records.
        fileprivate var failingScreen: String?
    }

    private let state = Mutex<Current?>(nil)

    public init() {}

    /// Whether a test is running.
    public var isRunning: Bool { state.withLock { $0 != nil } }

    /// The test case instance running now, if any.
    public var currentTestCase: Object? { state.withLock { $0?.testCase } }

    /// The name of the test running now (`-[MMLoginTests testTitle]`), if any.
    public var currentName: String? { state.withLock { $0?.name } }

    /// Starts recording for `testCase`, forgetting what the previous test recorded.
    public func begin(_ testCase: Object, named name: String) {
        state.withLock { $0 = Current(testCase: testCase, name: name) }
    }

    /// Stops recording, and answers what the test recorded.
    @discardableResult
    public func end() -> Current? {
        state.withLock { current in
            defer { current = nil }
            return current
        }
    }

    /// What the running test has recorded so far.
    public var issues: [Issue] { state.withLock { $0?.issues ?? [] } }

    /// Records `issue` against the running test; false when no test is running. Inside
    /// ``whileFailing(showing:_:)`` the issue takes that screen.
    @discardableResult
    public func record(_ issue: Issue) -> Bool {
        state.withLock { current in
            guard current != nil else { return false }
            guard let screen = current!.failingScreen, issue.screenshot == nil else {
                current!.issues.append(issue)
                return true
            }
            current!.issues.append(Issue(issue.kind, issue.message, file: issue.file, line: issue.line, screenshot: screen))
            current!.failingScreen = nil
            return true
        }
    }

    /// Runs `body`, which reports a UI step's failure through code the test may have
    /// overridden (KIF's `failWithError:stopTest:`): the first issue it records takes
    /// `screenshot`, and none after it does.
    func whileFailing<T>(showing screenshot: String, _ body: () throws -> T) rethrows -> T {
        state.withLock { $0?.failingScreen = screenshot }
        defer { state.withLock { $0?.failingScreen = nil } }
        return try body()
    }

    /// Adds a block to run after the test method, before `-tearDown`; false when no test runs.
    @discardableResult
    public func addTeardownBlock(_ block: Block) -> Bool {
        state.withLock { current in
            guard current != nil else { return false }
            current!.teardownBlocks.append(block)
            return true
        }
    }

    /// Takes the teardown blocks added so far, the last added first (as XCTest runs them).
    public func takeTeardownBlocks() -> [Block] {
        state.withLock { current in
            defer { current?.teardownBlocks = [] }
            return (current?.teardownBlocks ?? []).reversed()
        }
    }

    /// Keeps an expectation for the next `waitForExpectationsWithTimeout:handler:`.
    func addExpectation(_ expectation: Object) {
        state.withLock { $0?.expectations.append(expectation) }
    }

    /// Takes the expectations made and not yet waited for.
    func takeExpectations() -> [Object] {
        state.withLock { current in
            defer { current?.expectations = [] }
            return current?.expectations ?? []
        }
    }

    /// Notes that `expectation` was fulfilled, for waits that enforce order.
    func noteFulfilled(_ expectation: Object) {
        state.withLock { current in
            let id = ObjectIdentifier(expectation)
            if current?.fulfilled.contains(id) == false { current?.fulfilled.append(id) }
        }
    }

    /// The expectations fulfilled so far, in order.
    var fulfillmentOrder: [ObjectIdentifier] { state.withLock { $0?.fulfilled ?? [] } }
}

/// Thrown to end the running test at once: an assertion failed with `continueAfterFailure`
/// off (or in GHUnit, where every failed assertion ends the test), or the test skipped
/// itself. Code's `@catch` never takes it, as it is no exception of the program's; the
/// test runner takes it, and what ended the test is already recorded.
public struct TestInterruption: Error, Hashable, Sendable, CustomStringConvertible {
    /// The test that was ended.
    public let test: String

    public init(test: String) {
        self.test = test
    }

    public var description: String { "\(test) stopped after a failure" }
}

/// A failure a method of the model found (an asynchronous wait that timed out) but that
/// the method cannot place, because it does not know which line of code called it. The
/// code that sent the message records it at the place of the send, and the send then
/// answers ``result``.
public struct UnplacedTestFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    /// What the send answers once the failure is recorded.
    public let result: Value

    public init(message: String, result: Value) {
        self.message = message
        self.result = result
    }

    public var description: String { message }
}
