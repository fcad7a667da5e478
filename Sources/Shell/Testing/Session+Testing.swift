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
    /// - Returns: what ran, or nil when a path cannot be read or the filter is no regular
    ///   expression (reported).
    public func testSources(_ paths: [String], selection: TestSelection = TestSelection()) -> TestRunSummary? {
        // A filter that is no regular expression is reported before anything loads.
        guard let filter = filterRegex(selection.filter), loadSources(paths) != nil else { return nil }
        let summary = runTests(selection, filter: filter, loaded: paths)
        // What stood in for the framework API the model lacks, as the audit lists it: a test
        // that failed because a stand-in answered nothing useful says why here.
        let uses = library.standIns.uses
        for use in uses { output.print(use.listing) }
        if !uses.isEmpty { output.print(Self.standInSummary(uses)) }
        return summary
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
        if selection.printsTotals {
            for line in TestReport.ending(summary) { output.print(line) }
            if summary.results.isEmpty { output.printError(TestReport.nothingRan(filter: selection.filter, paths: paths)) }
        }
        return summary
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
