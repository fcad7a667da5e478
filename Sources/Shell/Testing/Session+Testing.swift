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
        if selection.filter != nil, Self.filterRegex(selection.filter, reportingTo: self) == nil { return nil }
        guard loadSources(paths) != nil else { return nil }
        let summary = runTests(selection, loaded: paths)
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
        var runnerSelection = TestRunner.Selection(shard: selection.shard, chunk: selection.chunk, className: selection.className, methodName: selection.methodName)
        if selection.filter != nil {
            guard let regex = Self.filterRegex(selection.filter, reportingTo: self) else { return nil }
            runnerSelection.filter = regex
        }
        let summary = TestRunner(session: self).run(runnerSelection)
        if selection.printsTotals {
            for line in TestReport.ending(summary) { output.print(line) }
            if summary.results.isEmpty { output.printError(TestReport.nothingRan(filter: selection.filter, paths: paths)) }
        }
        return summary
    }

    /// The filter as a regular expression; nil, reported, when it is none.
    private static func filterRegex(_ filter: String?, reportingTo session: Session) -> Regex<AnyRegexOutput>? {
        guard let filter else { return nil }
        do {
            return try Regex(filter)
        } catch {
            session.report(ShellError("the filter '\(filter)' is not a regular expression: \(error)"), file: nil, firstLine: 1, source: nil)
            return nil
        }
    }
}
