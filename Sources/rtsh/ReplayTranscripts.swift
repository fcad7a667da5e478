import ArgumentParser
import Foundation
import Shell

/// `rtsh replay FILE|DIR...`: runs recorded transcripts and compares their output.
struct ReplayTranscripts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay recorded transcripts, each in a fresh runtime, and compare their output.",
        discussion: """
            Expected output may use [..] (any text within a line), a line that is only ... (any \
            run of lines) and a trailing ' (re)' (the line is a regular expression). A mismatch \
            prints a unified diff; replay goes on so one run shows every difference. The last \
            line is 'N passed, N failed'. Under GitHub Actions (GITHUB_ACTIONS=true) each \
            mismatch is also printed as an ::error annotation at its statement. Exit status: 0 \
            all passed, 1 something failed, 2 replay could not run, 5 no transcript was \
            selected (the directories hold none, or --filter matched none).
            """)

    @Argument(help: ArgumentHelp("Transcripts, or directories searched for *.transcript files; '-' reads one transcript from standard input.", valueName: "file-or-directory"))
    var paths: [String]

    @Flag(help: "Rewrite the expectations with the actual output, keeping wildcard lines that still match (refused under CI).")
    var update = false

    @Option(help: ArgumentHelp("Replay only transcripts whose path matches this regular expression.", valueName: "regex"))
    var filter: String?

    // Optional rather than defaulted, so that help says what the default is once, in words,
    // instead of this machine's core count beside them.
    @Option(help: ArgumentHelp("How many transcripts to replay at once; as many as there are cores when not given.", valueName: "n"))
    var jobs: Int?

    @Option(help: ArgumentHelp("Replay only shard I of N (1-based), for splitting a suite across machines.", valueName: "i/n"))
    var shard: String?

    @Option(help: ArgumentHelp("Write a JUnit report here: one test case per transcript.", valueName: "file"))
    var junit: String?

    @OptionGroup var colour: ColourOptions

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one transcript or directory") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs)") }
        if let shard, Self.parseShard(shard) == nil {
            throw ValidationError("--shard takes I/N with 1 ≤ I ≤ N, as in 2/4; '\(shard)' is not that")
        }
        if let filter, (try? Regex(filter)) == nil {
            throw ValidationError("--filter '\(filter)' is not a regular expression")
        }
        if update, CIEnvironment().isCI {
            throw ValidationError("--update is refused when CI is set: CI checks expectations and must not rewrite them; run it on your machine and commit the result")
        }
        if paths.contains("-") {
            guard paths == ["-"] else { throw ValidationError("'-' reads one transcript from standard input and cannot be mixed with other paths") }
            guard !update else { throw ValidationError("--update cannot rewrite standard input; give the transcript's file") }
        }
        if let junit, let problem = Terminal.problemWritingReport(at: junit) { throw ValidationError("--junit: \(problem)") }
    }

    static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else { return nil }
        return (index, count)
    }

    func run() throws {
        let terminal = colour.terminal()
        let outcomes: [(result: Replay.Result, seconds: Double)]
        var missing: [String] = []
        if paths == ["-"] {
            guard let text = terminal.readStandardInput() else { throw ExitStatus.couldNotRun }
            let (result, seconds) = Stopwatch.time { Replay.run(text: text, file: Terminal.standardInputName) }
            outcomes = [(result, seconds)]
        } else {
            let suite = ReplaySuite(paths: paths, filter: filter.flatMap { try? Regex($0) }, shard: shard.flatMap(Self.parseShard))
            for path in suite.missing {
                terminal.output.printError("error: cannot replay \(path): there is no such file or directory")
            }
            if suite.files.isEmpty && suite.missing.isEmpty {
                terminal.output.printError("error: no transcripts selected: " + (filter.map { "--filter '\($0)' matches no transcript in \(paths.joined(separator: ", "))" }
                    ?? "\(paths.joined(separator: ", ")) holds no *.transcript file"))
                throw ExitStatus.nothingSelected
            }
            missing = suite.missing
            let (progress, total) = (terminal.progress, suite.files.count)
            outcomes = suite.run(jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, update: update) { count, file in
                progress.update(count, of: total, file)
            }
            progress.clear()
        }
        let annotate = CIEnvironment().isGitHubActions
        var passed = 0
        var failed = 0
        var couldNotWrite = false
        for (result, _) in outcomes {
            if update, let updated = result.updated, result.problem == nil {
                do {
                    try TextFile.write(updated.text, to: result.file)
                    terminal.output.print("updated \(result.file) (\(result.mismatches.count) statement\(result.mismatches.count == 1 ? "" : "s"))")
                    passed += 1
                } catch {
                    // The rest are still updated and reported; the run ends in exit status 2.
                    terminal.output.printError("error: \(error); its expectations are left as they were")
                    couldNotWrite = true
                    failed += 1
                }
            } else if result.passed {
                passed += 1
                terminal.output.print("ok \(result.file)")
            } else {
                failed += 1
                terminal.output.print("FAIL \(result.file)")
                for line in ReplayReport.diff(result) { terminal.output.print(line) }
                if annotate { for annotation in ReplayReport.annotations(result) { terminal.output.print(annotation.command) } }
            }
        }
        if let junit {
            let seconds = Dictionary(outcomes.map { ($0.result.file, $0.seconds) }, uniquingKeysWith: { first, _ in first })
            if !terminal.writeReport(ReplayReport.junit(outcomes.map(\.result), seconds: seconds), to: junit) { couldNotWrite = true }
        }
        terminal.output.print("\(passed) passed, \(failed) failed")
        if !missing.isEmpty || couldNotWrite { throw ExitStatus.couldNotRun }
        if failed > 0 { throw ExitStatus.failed }
    }
}
