import Runtime

extension ClassLibrary {
    /// `XCTest`, `XCTestSuite`, `XCTestCase` and KIF's `KIFTestCase`, as test code calls them.
    ///
    /// A test case answers its tests as XCTest does, class first: `+defaultTestSuite` makes
    /// one instance per selector that `+testInvocations` lists (every method of the class and
    /// its superclasses below `XCTestCase` whose name starts with `test`, that takes no
    /// argument and returns void, sorted by name), each with `+testCaseWithSelector:`. So a
    /// method added with `class_addMethod` is a test when it was added before the class was
    /// asked (in `+initialize`, or in an override of `+defaultTestSuite` or
    /// `+testInvocations`), not when an instance's `-init` adds it; GHUnit asks in the other
    /// order (see ``defineGHTestCase(in:root:recorder:console:)``).
    ///
    /// Failures go to `-recordIssue:` as `XCTIssue`s (or to
    /// `-recordFailureWithDescription:inFile:atLine:expected:` when a test case overrides it),
    /// which records them on `recorder` and, when `continueAfterFailure` is NO, ends the test
    /// (``TestInterruption``).
    static func defineXCTest(in runtime: Runtime, root: Class, recorder: TestRecorder, clock: VirtualClock) throws {
        let test = try runtime.registerLazyClass(named: "XCTest", superclass: root) { c in
            try c.addMethod("name", types: "@@:") { m in .string(m.receiver.isa.name) }
            try c.addMethod("testCaseCount", types: "Q@:") { _ in 1 }
            try c.addMethod("setUp", types: "v@:") { _ in .nil }
            try c.addMethod("tearDown", types: "v@:") { _ in .nil }
        }
        try defineTestSuite(in: runtime, test: test)
        try defineIssues(in: runtime, root: root)
        let recordIssue = try runtime.selector("recordIssue:")
        let recordFailure = try runtime.selector("recordFailureWithDescription:inFile:atLine:expected:")
        let testCase = try runtime.registerLazyClass(named: "XCTestCase", superclass: test) { c in
            try addTestCaseMethods(to: &c, frameworkBase: "XCTestCase", recorder: recorder)
            // XCTest 12 records every failure as an issue through -recordIssue:, and keeps the
            // older way in for test cases that override it: a class that does hears each
            // issue there, and its super call records it.
            try c.addMethod("recordFailureWithDescription:inFile:atLine:expected:", types: "v@:@@QB") { m in
                let file: String? = if case .string(let path) = m[1] { path } else { nil }
                let (message, line, expected) = (try m.text(of: m[0]), m[2].intValue ?? 0, m[3].isTruthy)
                if try overridesRecordFailure(m.receiver, in: m.runtime) || !hearsIssues(m.receiver, in: m.runtime) {
                    try record(TestRecorder.Issue(expected ? .failure : .unexpected, message, file: file, line: line), on: m.receiver, recorder: recorder, in: m.runtime)
                    return .nil
                }
                return try m.send(recordIssue, to: m.receiver, Arguments(try makeIssue(message, file: file, line: line, expected: expected, in: m.runtime)))
            }
            try c.addMethod("recordIssue:", types: "v@:@") { m in
                guard let given = m[0].object, given.isKind(of: try m.runtime.requireClass(named: "XCTIssue")) else {
                    throw m.wrongArgument(0, expected: "an XCTIssue, as [[XCTIssue alloc] initWithType:compactDescription:] makes")
                }
                let issue = try recordedIssue(given, in: m.runtime)
                if try overridesRecordFailure(m.receiver, in: m.runtime) {
                    let arguments: [Value] = [.string(issue.message), issue.file.map(Value.string) ?? .nil, .int(issue.line), .bool(issue.kind == .failure)]
                    return try m.send(recordFailure, to: m.receiver, Arguments(arguments))
                }
                try record(issue, on: m.receiver, recorder: recorder, in: m.runtime)
                return .nil
            }
            try addExpectationMethods(to: &c, recorder: recorder, clock: clock)
        }
        // KIF's test case: its hooks run around each test and around the class's tests.
        try runtime.registerLazyClass(named: "KIFTestCase", superclass: testCase) { c in
            for hook in ["beforeEach", "afterEach", "beforeAll", "afterAll"] {
                try c.addMethod(hook, types: "v@:") { _ in .nil }
            }
        }
    }

    /// `XCTestSuite`: a named list of tests (test case instances and other suites).
    private static func defineTestSuite(in runtime: Runtime, test: Class) throws {
        let initWithName = try runtime.selector("initWithName:"), initialize = try runtime.selector("init")
        let defaultTestSuite = try runtime.selector("defaultTestSuite")
        try runtime.registerLazyClass(named: "XCTestSuite", superclass: test) { c in
            try c.addIvar("_name", type: .object(className: "NSString"))
            try c.addIvar("_tests", type: .object(className: "NSArray"))
            try c.addClassMethod("testSuiteWithName:", types: "@@:@") { m in try m.allocInit(initWithName, Arguments(m[0])) }
            try c.addClassMethod("testSuiteForTestCaseClass:", types: "@@:#") { m in
                guard let cls = try m.classArgument(0) else { throw m.wrongArgument(0, expected: "a test case class") }
                return try m.send(defaultTestSuite, to: cls)
            }
            try c.addMethod("initWithName:", types: "@@:@") { m in
                let name = try m.stringArgument(0)
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_name": .string(name), "_tests": .array([])])
                }
            }
            try c.addMethod("name", types: "@@:") { m in try m.ivar("_name") }
            try c.addMethod("tests", types: "@@:") { m in
                let tests = try m.ivar("_tests")
                return tests == .nil ? .array([]) : tests
            }
            try c.addMethod("addTest:", types: "v@:@") { m in
                guard let added = try m.objectArgument(0) else { throw m.wrongArgument(0, expected: "a test case or a suite") }
                guard case .array(let tests) = try m.ivar("_tests") else {
                    try m.setIvar("_tests", .array([.object(added)]))
                    return .nil
                }
                try m.setIvar("_tests", .array(tests + [.object(added)]))
                return .nil
            }
            try c.addMethod("testCaseCount", types: "Q@:") { m in
                guard case .array(let tests) = try m.ivar("_tests") else { return 0 }
                return .int(try tests.reduce(0) { count, test in count + (try m.send("testCaseCount", to: test.object).intValue ?? 0) })
            }
        }
    }

    /// What every XCTest-style test case class (`XCTestCase`, `SenTestCase`) has: made for
    /// one selector, listing its tests, the set-up and tear-down hooks, teardown blocks and
    /// `continueAfterFailure`.
    static func addTestCaseMethods(to c: inout ClassBuilder, frameworkBase: String, recorder: TestRecorder) throws {
        let runtime = c.runtime
        let initWithSelector = try runtime.selector("initWithSelector:"), initialize = try runtime.selector("init")
        let testCaseWithSelector = try runtime.selector("testCaseWithSelector:"), testInvocations = try runtime.selector("testInvocations")
        let invocationWithSignature = try runtime.selector("invocationWithMethodSignature:")
        let instanceSignature = try runtime.selector("instanceMethodSignatureForSelector:"), setSelector = try runtime.selector("setSelector:")
        let setTarget = try runtime.selector("setTarget:")
        try c.addIvar("_testSelector", type: .selector)
        // Stored the other way round, so that an instance made with plain -init continues
        // after a failure, as XCTest's default is.
        try c.addIvar("_stopsAfterFailure", type: .bool)
        try c.addClassMethod("testCaseWithSelector:", types: "@@::") { m in try m.allocInit(initWithSelector, Arguments(m[0])) }
        try c.addMethod("initWithSelector:", types: "@@::") { m in
            let selector = try m.selectorArgument(0)
            return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_testSelector", of: this, to: .selector(selector)) }
        }
        try c.addMethod("name", types: "@@:") { m in
            guard case .selector(let selector) = try m.ivar("_testSelector") else { return .string(m.receiver.isa.name) }
            return .string("-[\(m.receiver.isa.name) \(selector.name)]")
        }
        /// An invocation of `selector` as a method of `cls`, as XCTest makes one per test.
        @Sendable func invocation(of selector: Selector, in cls: Class, _ m: borrowing Message) throws -> Value {
            let signature = try m.send(instanceSignature, to: cls, Arguments(.selector(selector)))
            let invocation = try m.send(invocationWithSignature, to: try m.runtime.requireClass(named: "NSInvocation"), Arguments(signature))
            _ = try m.send(setSelector, to: invocation.object, Arguments(.selector(selector)))
            return invocation
        }
        try c.addMethod("invocation", types: "@@:") { m in
            guard case .selector(let selector) = try m.ivar("_testSelector") else { return .nil }
            let made = try invocation(of: selector, in: m.receiver.isa, m)
            _ = try m.send(setTarget, to: made.object, Arguments(.object(m.receiver)))
            return made
        }
        try c.addClassMethod("testInvocations", types: "@@:") { m in
            let cls = try m.receiverClass()
            return .array(try testSelectors(of: cls, below: frameworkBase, in: m.runtime).map { try invocation(of: $0, in: cls, m) })
        }
        try c.addClassMethod("defaultTestSuite", types: "@@:") { m in
            let cls = try m.receiverClass()
            let suite = try m.send("testSuiteWithName:", to: try m.runtime.requireClass(named: "XCTestSuite"), .string(cls.name))
            guard case .array(let invocations) = try m.send(testInvocations, to: cls) else {
                throw ClassLibraryError.invalidArgument(method: "+[\(cls.name) testInvocations]", reason: "it must answer an array of NSInvocations")
            }
            for invocation in invocations {
                guard case .selector(let selector) = try m.send("selector", to: invocation.object) else { continue }
                let test = try m.send(testCaseWithSelector, to: cls, Arguments(.selector(selector)))
                _ = try m.send("addTest:", to: suite.object, test)
            }
            return suite
        }
        for hook in ["setUp", "tearDown"] {
            try c.addClassMethod(hook, types: "v@:") { _ in .nil }
            try c.addMethod(hook, types: "v@:") { _ in .nil }
        }
        for hook in ["setUpWithError:", "tearDownWithError:"] {
            try c.addMethod(hook, types: "B@:^@") { _ in true }
        }
        try c.addMethod("continueAfterFailure", types: "B@:") { m in .bool(!(try m.ivar("_stopsAfterFailure").isTruthy)) }
        try c.addMethod("setContinueAfterFailure:", types: "v@:B") { m in
            try m.setIvar("_stopsAfterFailure", .bool(!m[0].isTruthy))
            return .nil
        }
        try c.addMethod("addTeardownBlock:", types: "v@:@?") { m in
            guard let block = try m.blockArgument(0) else { throw m.wrongArgument(0, expected: "a block") }
            guard recorder.addTeardownBlock(block) else {
                throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "no test is running: add teardown blocks while a test runs")
            }
            return .nil
        }
    }

    /// The test selectors of `cls`: methods of it and its superclasses up to (not including)
    /// `base` that start with `test`, take no argument and return void, sorted by name.
    public static func testSelectors(of cls: Class, below base: String, in runtime: Runtime) throws -> [Selector] {
        var found: [String: Selector] = [:]
        for owner in cls.lineage {
            if owner.name == base { break }
            for method in runtime.methods(of: owner) where isTestMethod(method) && found[method.selector.name] == nil {
                found[method.selector.name] = method.selector
            }
        }
        return found.keys.sorted().map { found[$0]! }
    }

    /// The test method an XCTest-style test case instance was made for, if any.
    public static func testSelector(of testCase: Object, in runtime: Runtime) -> Selector? {
        guard case .selector(let selector)? = try? runtime.ivarValue("_testSelector", of: testCase) else { return nil }
        return selector
    }

    /// Whether a method is a test: its name starts with `test`, and it takes no argument and returns void.
    static func isTestMethod(_ method: Method) -> Bool {
        method.selector.name.hasPrefix("test") && !method.selector.name.contains(":") && method.types.returnType == .void
    }

    /// Whether the class of `testCase` overrides XCTest's older
    /// `-recordFailureWithDescription:inFile:atLine:expected:`.
    static func overridesRecordFailure(_ testCase: Object, in runtime: Runtime) throws -> Bool {
        try overrides("recordFailureWithDescription:inFile:atLine:expected:", testCase, in: runtime)
    }

    /// Whether the class of `testCase` overrides a way a failure is recorded, so that it must
    /// hear each as an `XCTIssue`; a failure of any other is recorded without making one
    /// (whose objects would take serials, moving the addresses the test's output shows).
    static func hearsIssues(_ testCase: Object, in runtime: Runtime) throws -> Bool {
        try overrides("recordIssue:", testCase, in: runtime) || overridesRecordFailure(testCase, in: runtime)
    }

    private static func overrides(_ selectorName: String, _ testCase: Object, in runtime: Runtime) throws -> Bool {
        runtime.lookUpMethod(try runtime.selector(selectorName), in: testCase.isa)?.implementation.home.name != "XCTestCase"
    }

    /// Records `issue` for `testCase`, ending the test when its framework stops at a
    /// failure: GHUnit always does, XCTest and SenTestingKit when `continueAfterFailure` is NO.
    static func record(_ issue: TestRecorder.Issue, on testCase: Object, recorder: TestRecorder, in runtime: Runtime) throws {
        guard recorder.record(issue) else {
            throw ClassLibraryError.invalidArgument(method: "-[\(testCase.isa.name) recordFailureWithDescription:inFile:atLine:expected:]",
                                                    reason: "no test is running: run the test case with rtsh test")
        }
        let stops: Bool
        if let gh = runtime.class(named: "GHTestCase"), testCase.isKind(of: gh) {
            stops = true
        } else {
            stops = !(try runtime.send("continueAfterFailure", to: testCase).isTruthy)
        }
        if stops { throw TestInterruption(test: recorder.currentName ?? testCase.isa.name) }
    }
}
