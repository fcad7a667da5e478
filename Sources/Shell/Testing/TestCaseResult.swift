import UIKitModel

/// How one test method ended, and what it recorded on the way.
public struct TestCaseResult: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        case passed
        /// An assertion failed (and nothing unexpected happened).
        case failed
        /// Something unexpected happened: an exception escaped, set-up failed.
        case error
        /// The test skipped itself.
        case skipped
    }

    /// The test case class.
    public let className: String
    /// The test method's selector; for a failure outside any test (`+setUp`,
    /// `-setUpClass`, making the suite) the hook's name.
    public let testName: String
    /// What the test recorded, in order.
    public let issues: [TestRecorder.Issue]
    /// Wall time, in seconds.
    public let seconds: Double

    public init(className: String, testName: String, issues: [TestRecorder.Issue], seconds: Double) {
        self.className = className
        self.testName = testName
        self.issues = issues
        self.seconds = seconds
    }

    /// `-[MMLoginTests testTitle]`, as XCTest names a test.
    public var name: String { "-[\(className) \(testName)]" }

    public var outcome: Outcome {
        if issues.contains(where: { $0.kind == .unexpected }) { return .error }
        if issues.contains(where: { $0.kind == .failure }) { return .failed }
        if issues.contains(where: { $0.kind == .skip }) { return .skipped }
        return .passed
    }

    /// The failures recorded, expected and unexpected, as XCTest counts them.
    public var failureCount: Int { issues.filter { $0.kind != .skip }.count }
    /// The unexpected ones among them.
    public var unexpectedCount: Int { issues.filter { $0.kind == .unexpected }.count }
}

/// What a run of tests found.
public struct TestRunSummary: Hashable, Sendable {
    public var results: [TestCaseResult]
    /// Wall time of the whole run, in seconds.
    public var seconds: Double

    public init(results: [TestCaseResult] = [], seconds: Double = 0) {
        self.results = results
        self.seconds = seconds
    }

    public func count(_ outcome: TestCaseResult.Outcome) -> Int { results.filter { $0.outcome == outcome }.count }

    /// The runs one after another: every result, and the time of both.
    public static func sequence(_ runs: [TestRunSummary]) -> TestRunSummary {
        TestRunSummary(results: runs.flatMap(\.results), seconds: runs.reduce(0) { $0 + $1.seconds })
    }

    /// Whether every test passed or was skipped.
    public var passed: Bool { results.allSatisfy { $0.outcome == .passed || $0.outcome == .skipped } }
}
