import Foundation
import Runtime
import UIKitModel

/// Finds the test case classes a session has loaded and runs their tests as their
/// frameworks do, printing each result as `xcodebuild test` prints it.
///
/// Discovery follows each framework's order, which the seed articles' techniques depend on:
/// - XCTest and SenTestingKit ask the class first. The runner sends `+initialize` (which
///   the runtime does not send by itself) to a class that implements it, then
///   `+defaultTestSuite`, whose default makes one instance per selector that
///   `+testInvocations` lists; a method that `-init` adds is found too late.
/// - GHUnit makes one instance with `-init` first, then lists its class's `test…`
///   methods, so a method that `-init` adds with `class_addMethod` is a test; every test of
///   the class runs on that instance. A class whose `-init` raises and that has no test of
///   its own is an abstract base, and is passed over.
///
/// Life cycle: XCTest's `+setUp`/`+tearDown` around a class's tests, and around each test
/// `-setUpWithError:`, `-setUp`, (KIF's `-beforeEach`), the test, the teardown blocks
/// (last added first), (KIF's `-afterEach`), `-tearDown`, `-tearDownWithError:`; KIF's
/// `-beforeAll`/`-afterAll` run with the first and last test of a class. GHUnit's
/// `-setUpClass`/`-tearDownClass` around the class's tests, `-setUp`/`-tearDown` around
/// each. A failed step ends the test; tear-down steps run whatever happened before.
struct TestRunner {
    enum Kind {
        /// XCTest, SenTestingKit and KIF: an instance per test, class first.
        case perTest
        /// GHUnit: one instance, made first.
        case shared
    }

    /// One test to run.
    private struct Planned {
        let instance: Object
        let selector: Selector
    }

    /// A class's tests, or why they could not be listed.
    private struct PlannedClass {
        let cls: Class
        let kind: Kind
        var tests: [Planned] = []
        var problem: TestCaseResult? = nil
    }

    let session: Session
    var runtime: Runtime { session.runtime }
    var recorder: TestRecorder { session.library.tests }

    /// The test case classes loaded, sorted by name: subclasses of the frameworks' test
    /// case classes that are not the frameworks' own.
    func testCaseClasses() -> [(Class, Kind)] {
        runtime.classes.sorted { $0.name < $1.name }.compactMap { cls in kind(of: cls).map { (cls, $0) } }
    }

    /// How `cls`'s tests are found and run; nil when it is no test case class of the code's
    /// (a class of no test framework, or one of the frameworks' own).
    func kind(of cls: Class) -> Kind? {
        guard !ClassLibrary.classNameSet.contains(cls.name) else { return nil }
        let roots = ClassLibrary.testCaseRoots.compactMap { runtime.class(named: $0) }
        guard let root = cls.lineage.first(where: { ancestor in roots.contains { $0 === ancestor } }) else { return nil }
        return root.name == "GHTestCase" ? .shared : .perTest
    }

    /// Runs the selected tests, printing each result and each class's summary as it goes.
    ///
    /// - Parameter filter: `selection`'s filter, read as a regular expression.
    func run(_ selection: Session.TestSelection, filter: Regex<AnyRegexOutput>?) -> TestRunSummary {
        let output = session.output
        var classes = testCaseClasses()
        if let files = selection.files {
            classes = classes.filter { cls, _ in session.definedClasses[cls.name]?.implementation?.location.file.map(files.contains) == true }
        }
        if let name = selection.className {
            // A class asked for by name runs its inherited tests too, even as an abstract base.
            classes = classes.filter { $0.0.name == name }
        }
        if let (index, count) = selection.shard {
            classes = classes.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
        }
        if let (index, count) = selection.chunk {
            let size = (classes.count + count - 1) / max(1, count)
            classes = Array(classes.dropFirst(size * (index - 1)).prefix(size))
        }
        let started = DispatchTime.now().uptimeNanoseconds
        var summary = TestRunSummary()
        for (index, (cls, kind)) in classes.enumerated() {
            selection.progress?(index, classes.count, cls.name)
            var planned = plan(cls, kind: kind)
            planned.tests = planned.tests.filter { test in
                if let method = selection.methodName, test.selector.name != method { return false }
                guard let filter else { return true }
                return "\(test.instance.isa.name)/\(test.selector.name)".contains(filter)
            }
            let filtered = filter != nil || selection.methodName != nil
            guard !planned.tests.isEmpty || (planned.problem != nil && !filtered) else { continue }
            let classStart = DispatchTime.now().uptimeNanoseconds
            output.print(TestReport.suiteStarted(cls.name))
            var results: [TestCaseResult] = []
            func finish(_ result: TestCaseResult) {
                results.append(result)
                for line in TestReport.lines(for: result) { output.print(line) }
            }
            if let problem = planned.problem { finish(problem) }
            runTests(of: planned, report: finish)
            let seconds = Self.seconds(since: classStart)
            for line in TestReport.suiteFinished(cls.name, results, seconds: seconds) { output.print(line) }
            summary.results += results
        }
        summary.seconds = Self.seconds(since: started)
        return summary
    }

    // MARK: Discovery

    /// The tests of `cls`, found as its framework finds them.
    private func plan(_ cls: Class, kind: Kind) -> PlannedClass {
        var planned = PlannedClass(cls: cls, kind: kind)
        do {
            switch kind {
            case .perTest:
                let suite = try runtime.send("defaultTestSuite", to: cls)
                planned.tests = try testCases(in: suite)
            case .shared:
                let instance: Object
                do {
                    guard let made = try runtime.send("init", to: try runtime.send("alloc", to: cls).object).object else {
                        throw ClassLibraryError.invalidArgument(method: "-[\(cls.name) init]", reason: "it answered nil")
                    }
                    instance = made
                } catch {
                    // An abstract base, whose -init asks its subclasses for what it needs, has
                    // subclasses and no test of its own: GHUnit users expect it passed over.
                    let isBase = !runtime.directSubclasses(of: cls).isEmpty
                    if isBase, try ClassLibrary.testSelectors(of: cls, below: "GHTestCase", in: runtime).isEmpty { return planned }
                    throw error
                }
                planned.tests = try ClassLibrary.testSelectors(of: instance.isa, below: "GHTestCase", in: runtime).map { Planned(instance: instance, selector: $0) }
            }
        } catch {
            let step = kind == .perTest ? "defaultTestSuite" : "init"
            planned.problem = TestCaseResult(className: cls.name, testName: step, issues: [issue(for: error)], seconds: 0)
        }
        return planned
    }

    /// The test case instances in a suite, in order, through nested suites.
    private func testCases(in suite: Value) throws -> [Planned] {
        guard let object = suite.object else { return [] }
        if let suiteClass = runtime.class(named: "XCTestSuite"), object.isKind(of: suiteClass) {
            guard case .array(let tests) = try runtime.send("tests", to: object) else { return [] }
            return try tests.flatMap { try testCases(in: $0) }
        }
        guard let selector = ClassLibrary.testSelector(of: object, in: runtime) else { return [] }
        return [Planned(instance: object, selector: selector)]
    }

    // MARK: Running

    /// Runs a class's planned tests with their class-level hooks, reporting each result.
    private func runTests(of planned: PlannedClass, report: (TestCaseResult) -> Void) {
        guard !planned.tests.isEmpty else { return }
        let cls = planned.cls
        let isKIF = runtime.class(named: "KIFTestCase").map { cls.isSubclass(of: $0) } ?? false
        // Class-level hooks: XCTest's class methods, GHUnit's on the shared instance.
        let classTarget: Object = planned.kind == .perTest ? cls : planned.tests[0].instance
        let (setUpClass, tearDownClass) = planned.kind == .perTest ? ("setUp", "tearDown") : ("setUpClass", "tearDownClass")
        if let failure = hook(setUpClass, on: classTarget, className: cls.name, name: planned.kind == .perTest ? "+setUp" : "setUpClass") {
            report(failure)
            return
        }
        for (index, test) in planned.tests.enumerated() {
            let result = run(test, kind: planned.kind, kif: isKIF ? (first: index == 0, last: index == planned.tests.count - 1) : nil)
            session.flushStandardOutput()
            report(result)
            // Between tests no send is running: what a test's mocks and swizzles retired
            // can go, so a long suite does not keep every one until the session ends.
            runtime.reclaimRetired()
        }
        if let failure = hook(tearDownClass, on: classTarget, className: cls.name, name: planned.kind == .perTest ? "+tearDown" : "tearDownClass") {
            report(failure)
        }
    }

    /// Sends a class-level hook; a result naming the hook when it failed.
    private func hook(_ selector: String, on target: Object, className: String, name: String) -> TestCaseResult? {
        do {
            _ = try runtime.send(selector, to: target)
            return nil
        } catch {
            return TestCaseResult(className: className, testName: name, issues: [issue(for: error)], seconds: 0)
        }
    }

    /// Runs one test with its per-test hooks.
    private func run(_ test: Planned, kind: Kind, kif: (first: Bool, last: Bool)?) -> TestCaseResult {
        let start = DispatchTime.now().uptimeNanoseconds
        let instance = test.instance
        let name = "-[\(instance.isa.name) \(test.selector.name)]"
        recorder.begin(instance, named: name)
        /// Runs a step; false when it failed or ended the test.
        func step(_ body: () throws -> Void) -> Bool {
            do {
                try body()
                return true
            } catch is TestInterruption {
                return false
            } catch {
                recorder.record(issue(for: error))
                return false
            }
        }
        func send(_ selector: String, _ arguments: Value...) throws -> Value {
            try runtime.send(runtime.selector(selector), to: instance, Arguments(arguments))
        }
        var ready = true
        session.library.beginKiwiExample()
        if kind == .perTest {
            ready = step {
                guard try send("setUpWithError:", .nil).isTruthy else {
                    recorder.record(TestRecorder.Issue(.unexpected, "failed: setUpWithError: answered NO", file: nil, line: 0))
                    throw TestInterruption(test: name)
                }
            }
        }
        ready = ready && step { _ = try send("setUp") }
        if let kif, ready {
            if kif.first { ready = step { _ = try send("beforeAll") } }
            ready = ready && step { _ = try send("beforeEach") }
        }
        if ready {
            _ = step { _ = try runtime.send(test.selector, to: instance) }
            // What Kiwi's matchers and stubs left to check in a test case outside a spec.
            _ = step { try session.library.finishKiwiExample() }
        }
        for block in recorder.takeTeardownBlocks() {
            _ = step { _ = try block.call(Arguments()) }
        }
        if let kif {
            _ = step { _ = try send("afterEach") }
            if kif.last { _ = step { _ = try send("afterAll") } }
        }
        _ = step { _ = try send("tearDown") }
        if kind == .perTest {
            _ = step { _ = try send("tearDownWithError:", .nil) }
        }
        // The test's mocks stop with it, as OCMock's do: their class methods are the classes' own again.
        session.library.stopAllMocks()
        let recorded = recorder.end()
        return TestCaseResult(className: instance.isa.name, testName: test.selector.name, issues: recorded?.issues ?? [], seconds: Self.seconds(since: start))
    }

    /// An error that escaped a test, as XCTest reports one: an exception as
    /// `failed: caught "NAME", "reason"`, anything else by its message, at its place.
    private func issue(for error: Error) -> TestRecorder.Issue {
        if let (name, reason) = exceptionNameAndReason(of: error) {
            let caught = reason.map { "failed: caught \"\(name)\", \"\($0)\"" } ?? "failed: caught \"\(name)\""
            return TestRecorder.Issue(.unexpected, caught, file: nil, line: 0)
        }
        let (message, location) = Session.messageAndLocation(of: error)
        return TestRecorder.Issue(.unexpected, "failed: \(message)", file: location?.file, line: location?.line ?? 0)
    }

    /// The name and reason of an exception code raised and did not catch; nil for an error
    /// of rtsh's own. A raised value that is no `NSException` is named by its description.
    private func exceptionNameAndReason(of error: Error) -> (name: String, reason: String?)? {
        if let (name, reason) = Interpreter.libraryException(in: error) { return (name, reason) }
        let value: Value
        switch error {
        case let raised as RaisedNSException: return (raised.name, raised.reason)
        case let raised as RaisedException: value = raised.value
        case let uncaught as UncaughtException: value = uncaught.value
        default: return nil
        }
        if ClassLibrary.isException(value, in: runtime), let object = value.object, let raised = try? ClassLibrary.raised(object, in: runtime) {
            return (raised.name, raised.reason)
        }
        if case .string(let text) = value { return (text, nil) }
        return (value.description, nil)
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
