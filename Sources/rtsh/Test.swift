import ArgumentParser
import Foundation
import Shell
import Synchronization

/// `rtsh test PATH...`: runs the XCTest, SenTestingKit, GHUnit and KIF test cases and the
/// Specta, Quick and Kiwi specs of a source tree, as `xcodebuild test` would.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load Objective-C sources and run their XCTest, SenTestingKit, GHUnit and KIF test cases and Specta, Quick and Kiwi specs.",
        discussion: """
            Test case classes are the subclasses of XCTestCase, SenTestCase, GHTestCase and \
            KIFTestCase the sources define; their tests are the methods named test… that take \
            no argument and return void, found as each framework finds them; a Specta, Quick or \
            Kiwi spec's tests are the examples its spec declares (it(...)), named after their groups. \
            Results print as \
            xcodebuild prints them, and the run ends with 'N passed, N failed'. Time is \
            virtual: waiting on the run loop or for expectations takes no time. A tree holding several \
            apps that define the same classes is tested an app at a time, each with the sources the \
            apps share, in a runtime of its own. Under GitHub \
            Actions (GITHUB_ACTIONS=true) each failure is also printed as an ::error \
            annotation at its file and line. Exit status: 0 when every test passed (or was \
            skipped) and everything loaded, 1 otherwise, 2 when the sources cannot be read or \
            the options are wrong, 5 when no test was selected (none defined, or --filter \
            matched none).
            """)

    @Argument(help: ArgumentHelp("The app's and the tests' sources: .h and .m files, or directories of them.", valueName: "path"))
    var paths: [String]

    @Option(help: ArgumentHelp("Run only the tests whose Class/method name this regular expression matches, as in 'Login' or 'MMLoginTests/testTitle$'.", valueName: "regex"))
    var filter: String?

    @Option(help: ArgumentHelp("Write a JUnit report here: a suite per test class, a case per test method.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Run the classes in this many parallel runtimes, each loading the sources.", valueName: "n"))
    var jobs = 1

    @Option(help: ArgumentHelp("Run only shard I of N: the classes, sorted by name, are dealt round N shards, as in 2/4.", valueName: "i/n"))
    var shard: String?

    @OptionGroup var standIns: StandInOptions

    @OptionGroup var colour: ColourOptions

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one source file or directory to test") }
        guard jobs >= 1 else { throw ValidationError("--jobs takes a number of parallel runs, 1 or more, but was given \(jobs)") }
        if let shard, Self.shard(shard) == nil {
            throw ValidationError("--shard takes I/N with 1 ≤ I ≤ N, as in 2/4, but was given '\(shard)'")
        }
        if let junit, let problem = Terminal.problemWritingReport(at: junit) { throw ValidationError("--junit: \(problem)") }
    }

    /// `2/4` as (2, 4); nil unless 1 ≤ I ≤ N.
    static func shard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), 1 <= index, index <= count else { return nil }
        return (index, count)
    }

    func run() throws {
        let terminal = colour.terminal()
        var selection = Session.TestSelection(filter: filter, shard: shard.flatMap(Self.shard))
        let progress = terminal.progress
        selection.progress = { finished, total, name in progress.update(finished, of: total, name) }
        let summary: TestRunSummary
        let loadFailed: Bool
        if jobs == 1 {
            let session = try standIns.session(printingTo: terminal)
            guard let ran = session.testSources(paths, selection: selection) else { throw ExitStatus.couldNotRun }
            summary = ran
            loadFailed = session.failureCount > 0
        } else {
            guard let ran = try runProgramsInParallel(selection, terminal: terminal) else { throw ExitStatus.couldNotRun }
            (summary, loadFailed) = ran
        }
        progress.clear()
        if CIEnvironment().isGitHubActions {
            for annotation in TestReport.annotations(summary) { terminal.output.print(annotation.command) }
        }
        if let junit {
            let screenshots = TestReport.screenshots(summary, in: Screenshot.directory(besideReport: junit))
            guard terminal.writeScreenshots(screenshots), terminal.writeReport(TestReport.junit(summary, screenshots: screenshots), to: junit) else {
                throw ExitStatus.couldNotRun
            }
        }
        if loadFailed || !summary.passed { throw ExitStatus.failed }
        if summary.results.isEmpty { throw ExitStatus.nothingSelected }
    }

    /// Runs each program of the tree (see ``SourceTree``) with ``runInParallel(_:_:terminal:)``,
    /// then prints the totals of all of them.
    private func runProgramsInParallel(_ selection: Session.TestSelection, terminal: Terminal) throws -> (TestRunSummary, loadFailed: Bool)? {
        let tree: SourceTree
        do {
            tree = try SourceTree(paths)
        } catch {
            terminal.output.printError("error: \(error)")
            return nil
        }
        if tree.programs.count > 1 { terminal.output.print(tree.programsNote(named: paths)) }
        var runs: [TestRunSummary] = []
        var loadFailed = false
        for program in tree.programs {
            var part = selection
            if tree.programs.count > 1 {
                terminal.output.print(program.heading)
                part.files = program.ownFiles
            }
            guard let ran = try runInParallel(program, part, terminal: terminal) else { return nil }
            runs.append(ran.0)
            loadFailed = loadFailed || ran.loadFailed
        }
        let summary = TestRunSummary.sequence(runs)
        for line in TestReport.ending(summary) { terminal.output.print(line) }
        if summary.results.isEmpty { terminal.output.printError(TestReport.nothingRan(filter: filter, paths: paths)) }
        return (summary, loadFailed)
    }

    /// Runs `jobs` contiguous parts of the program's classes at once, each in a runtime of
    /// its own, and prints their output in order: the first part's loading messages, then
    /// every part's tests.
    private func runInParallel(_ program: SourceTree.Program, _ selection: Session.TestSelection, terminal: Terminal) throws -> (TestRunSummary, loadFailed: Bool)? {
        struct Part: Sendable {
            var lines: [(isError: Bool, text: String)] = []
            /// How many of the lines came from loading the sources.
            var loadingLines = 0
            var summary: TestRunSummary?
            var loadFailed = false
            var setUpError: String?
        }
        /// One part's state, written by its own thread.
        final class Box: Sendable {
            let part = Mutex(Part())
        }
        let boxes = (0..<jobs).map { _ in Box() }
        let (strict, jobs) = (standIns.strict, jobs)
        // One line for all the parts: each would overwrite the others' counts.
        let progress = ParallelProgress(parts: jobs, line: terminal.progress)
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            let box = boxes[job]
            let output = ShellOutput(
                standardOutput: { line in box.part.withLock { $0.lines.append((false, line)) } },
                standardError: { line in box.part.withLock { $0.lines.append((true, line)) } })
            do {
                let session = try Session(output: output, workingDirectory: FileManager.default.currentDirectoryPath)
                session.library.standIns.isEnabled = !strict
                session.loadSources(program)
                box.part.withLock { $0.loadingLines = $0.lines.count }
                var ownPart = selection
                ownPart.chunk = (job + 1, jobs)
                ownPart.printsTotals = false
                ownPart.progress = { finished, total, name in progress.update(part: job, finished: finished, total: total, name) }
                let summary = session.runTests(ownPart)
                box.part.withLock {
                    $0.summary = summary
                    $0.loadFailed = session.failureCount > 0
                }
            } catch {
                box.part.withLock { $0.setUpError = "\(error)" }
            }
        }
        let finished = boxes.map { $0.part.withLock { $0 } }
        var summary = TestRunSummary()
        for (index, part) in finished.enumerated() {
            if let problem = part.setUpError { terminal.output.printError("error: \(problem)") }
            for line in part.lines.dropFirst(index == 0 ? 0 : part.loadingLines) {
                if line.isError { terminal.output.printError(line.text) } else { terminal.output.print(line.text) }
            }
            guard let ran = part.summary else { return nil }
            summary.results += ran.results
            summary.seconds = max(summary.seconds, ran.seconds)
        }
        return (summary, finished.contains { $0.loadFailed })
    }
}
