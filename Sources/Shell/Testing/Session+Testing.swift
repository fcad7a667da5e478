import Foundation
import Runtime
import UIKitModel

extension Session {
    /// Which tests `rtsh test` and the shell's `test` run.
    public struct TestSelection: Sendable {
        /// Only tests whose `Class/method` name this regular expression matches (anywhere in it).
        public var filter: String?
        /// Only the classes of one shard, `(index, count)` with the index from 1: the
        /// classes, sorted by name, are dealt round the shards.
        public var shard: (index: Int, count: Int)?

        /// Only one contiguous part of the classes, `(index, count)`: how `--jobs` splits
        /// the work, so that the parts' output, joined in order, is sorted by class.
        public var chunk: (index: Int, count: Int)?
        /// Only the classes whose `@implementation` is in one of these files: a program's
        /// own (see ``SourceTree/Program/ownFiles``), when a tree holds several.
        public var files: Set<String>?
        /// Only this class, or only this method of it.
        public var className: String?
        public var methodName: String?
        /// Whether the run ends with its summary and totals (a part of a parallel run does not).
        public var printsTotals = true
        /// Hears of each test case class as it starts: how many have finished, of how many.
        public var progress: (@Sendable (_ finished: Int, _ total: Int, _ className: String) -> Void)?

        public init(filter: String? = nil, shard: (index: Int, count: Int)? = nil, chunk: (index: Int, count: Int)? = nil) {
            self.filter = filter
            self.shard = shard
            self.chunk = chunk
        }
    }

    /// `rtsh test`: loads `paths` (as `source` loads them), runs the tests
    /// (``runTests(_:loaded:)``), then lists the stand-ins that answered, as `rtsh audit` does.
    ///
    /// A tree of several programs (see ``SourceTree``) is tested a program at a time, each
    /// in a runtime of its own, every test case class once; the totals of all of them end
    /// the output.
    ///
    /// - Returns: what ran, or nil when a path cannot be read or the filter is no regular
    ///   expression (reported).
    public func testSources(_ paths: [String], selection: TestSelection = TestSelection()) -> TestRunSummary? {
        // A filter that is no regular expression is reported before anything loads.
        guard let filter = filterRegex(selection.filter), let tree = sourceTree(paths) else { return nil }
        guard tree.programs.count > 1 else { return testSources(tree.programs[0], selection, filter: filter, loaded: paths) }
        var part = selection
        part.printsTotals = false
        let ran = forEachProgram(of: tree, named: paths) { session, program in
            part.files = program.ownFiles
            return session.testSources(program, part, filter: filter, loaded: paths)
        }
        guard let ran else { return nil }
        let summary = TestRunSummary.sequence(ran)
        if selection.printsTotals { printTotals(summary, selection, loaded: paths) }
        return summary
    }

    /// Loads one program and runs its tests, then lists the stand-ins that answered.
    private func testSources(_ program: SourceTree.Program, _ selection: TestSelection, filter: Regex<AnyRegexOutput>?, loaded paths: [String]) -> TestRunSummary {
        loadSources(program)
        launchTestHost(of: program)
        let summary = runTests(selection, filter: filter, loaded: paths)
        // What stood in for the framework API the model lacks, as the audit lists it: a test
        // that failed because a stand-in answered nothing useful says why here.
        let uses = library.standIns.uses
        for use in uses { output.print(use.listing) }
        if !uses.isEmpty { output.print(Self.standInSummary(uses)) }
        return summary
    }

    /// Launches the app the tests are hosted in, as Xcode launches a test target's host
    /// before its tests: a program whose `main` calls `UIApplicationMain` runs it, so the
    /// app delegate, its window and the main storyboard's controllers are there when the
    /// tests run. A launch that fails is reported, and the tests run without it.
    private func launchTestHost(of program: SourceTree.Program) {
        guard globals.declares("main"), let file = program.files.first(where: { path in
            guard path.hasSuffix(".m"), case .success(let bytes) = Result(catching: { try String(contentsOfFile: path, encoding: .utf8) }) else { return false }
            return bytes.contains("UIApplicationMain(") && bytes.contains("main(")
        }) else { return }
        let location = SourceLocation(file: file, line: 1, column: 1)
        do {
            _ = try topLevelInterpreter(environment: globals).bindAndEvaluate(.call("main", [.literal(.int(0), location), .literal(.nil, location)], location))
        } catch {
            report(error, file: file, firstLine: 1, source: nil)
        }
    }

    /// Runs every test of every test case class loaded (as selected), printing each result
    /// as `xcodebuild test` does and each class's summary; then, when `selection` says
    /// so, the run's summary and the totals (`40 passed, 2 failed`).
    ///
    /// - Parameter loaded: the paths the tests came from, for the message when none ran.
    /// - Returns: what ran, or nil when the filter is no regular expression (reported).
    public func runTests(_ selection: TestSelection = TestSelection(), loaded paths: [String] = []) -> TestRunSummary? {
        guard let filter = filterRegex(selection.filter) else { return nil }
        return runTests(selection, filter: filter, loaded: paths)
    }

    private func runTests(_ selection: TestSelection, filter: Regex<AnyRegexOutput>?, loaded paths: [String]) -> TestRunSummary {
        let summary = TestRunner(session: self).run(selection, filter: filter)
        if selection.printsTotals { printTotals(summary, selection, loaded: paths) }
        return summary
    }

    private func printTotals(_ summary: TestRunSummary, _ selection: TestSelection, loaded paths: [String]) {
        for line in TestReport.ending(summary) { output.print(line) }
        if summary.results.isEmpty { output.printError(TestReport.nothingRan(filter: selection.filter, paths: paths)) }
    }

    /// The filter as a regular expression: `.some(nil)` for no filter, nil (reported) when
    /// it is no regular expression.
    private func filterRegex(_ filter: String?) -> Regex<AnyRegexOutput>?? {
        guard let filter else { return .some(nil) }
        do {
            return try Regex(filter)
        } catch {
            report(ShellError("the filter '\(filter)' is not a regular expression: \(error)"), file: nil, firstLine: 1, source: nil)
            return nil
        }
    }
}
