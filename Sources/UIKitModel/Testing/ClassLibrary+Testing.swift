import Runtime

extension ClassLibrary {
    /// The test frameworks' classes: XCTest's, SenTestingKit's, GHUnit's and KIF's test
    /// cases, XCTest's suites, expectations and waiter, and Expecta's `expect(...)`.
    static let testingClassNames = [
        "GHTestCase", "KIFTestCase", "RTSHExpectation", "SenTestCase", "XCTIssue", "XCTMutableIssue", "XCTSourceCodeContext", "XCTSourceCodeLocation",
        "XCTWaiter", "XCTest", "XCTestCase", "XCTestExpectation", "XCTestSuite",
    ]

    /// Whether `name` is a class of a test framework rtsh runs itself (XCTest, SenTestingKit,
    /// GHUnit, KIF, OCMock, OCMockito, OCHamcrest, Specta, Quick, Nimble): one a tree's own copy of the framework defines
    /// again, which rtsh's class stands for.
    public static func isTestFrameworkClass(_ name: String) -> Bool { testFrameworkClassNames.contains(name) }

    private static let testFrameworkClassNames = Set(testingClassNames + hamcrestClassNames + ocmockClassNames + ocmockitoClassNames + specClassNames + nimbleClassNames + kifClassNames)

    /// Whether `name` is a protocol of a test framework rtsh runs itself (OCHamcrest's).
    public static func isTestFrameworkProtocol(_ name: String) -> Bool { hamcrestProtocolNames.contains(name) }

    /// The root classes of the test frameworks, whose subclasses are test cases: the
    /// XCTest-style ones (`XCTestCase`, `SenTestCase`) make an instance per test, class
    /// first; GHUnit's makes one instance first and asks it.
    public static let testCaseRoots = ["XCTestCase", "SenTestCase", "GHTestCase"]

    /// Defines the test frameworks' classes on `recorder` and `clock`.
    static func defineTestingClasses(in runtime: Runtime, root: Class, recorder: TestRecorder, clock: VirtualClock, console: Console) throws {
        try defineXCTest(in: runtime, root: root, recorder: recorder, clock: clock)
        try defineSenTestCase(in: runtime, root: root, recorder: recorder)
        try defineGHTestCase(in: runtime, root: root, recorder: recorder, console: console)
        try defineExpectations(in: runtime, root: root, recorder: recorder, clock: clock)
        try defineExpectation(in: runtime, root: root, recorder: recorder, clock: clock)
    }
}

extension TestRecorder {
    /// Records a failure of the running test at `file` and `line`, as the test's framework
    /// records it: an `XCTestCase` that overrides `-recordIssue:` (or the older
    /// `-recordFailureWithDescription:inFile:atLine:expected:`, which XCTest's `-recordIssue:`
    /// then calls) through `-recordIssue:` with an `XCTIssue`, the others directly. It may end the test
    /// (``TestInterruption``).
    ///
    /// - Returns: false when no test is running, and nothing was recorded.
    public func recordFailure(_ message: String, file: String?, line: Int, expected: Bool = true, in runtime: Runtime, nestedAt depth: Int = 0) throws -> Bool {
        guard let testCase = currentTestCase else { return false }
        if let xcTestCase = runtime.class(named: "XCTestCase"), testCase.isKind(of: xcTestCase), try ClassLibrary.hearsIssues(testCase, in: runtime) {
            let issue = try ClassLibrary.makeIssue(message, file: file, line: line, expected: expected, in: runtime)
            _ = try runtime.send(try runtime.selector("recordIssue:"), to: testCase, Arguments(issue), nestedAt: depth)
        } else {
            try ClassLibrary.record(Issue(expected ? .failure : .unexpected, message, file: file, line: line), on: testCase, recorder: self, in: runtime)
        }
        return true
    }

    /// Marks the running test skipped (`XCTSkip`) and ends it.
    ///
    /// - Returns: false when no test is running.
    public func skip(_ message: String, file: String?, line: Int) throws -> Bool {
        guard record(Issue(.skip, message, file: file, line: line)) else { return false }
        throw TestInterruption(test: currentName ?? "the test")
    }
}
