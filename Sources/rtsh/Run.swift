import ArgumentParser
import Foundation
import Shell

/// `rtsh run FILE...`: runs scripts, each in a fresh session.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scripts, each in a fresh runtime.",
        discussion: """
            The last line is 'N passed, N failed', counting scripts. Under GitHub Actions \
            (GITHUB_ACTIONS=true) each failure is also printed as an ::error annotation at \
            its script and line. Exit status: 0 when everything passed, 1 when a check, \
            assertion or statement failed, 2 when a script could not be run.
            """)

    @Argument(help: ArgumentHelp("The scripts to run ('-' reads one from standard input), or Objective-C sources to load (.h, .m, or directories of them).", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("Write a JUnit report here: each check as a test case named as its test, and each failed assertion, verification, UI step or statement as a case of its own.", valueName: "file"))
    var junit: String?

    @OptionGroup var standIns: StandInOptions

    @OptionGroup var colour: ColourOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one script to run") }
        guard files.count(where: { $0 == "-" }) <= 1 else { throw ValidationError("standard input ('-') can be read only once") }
        if let junit, let problem = Terminal.problemWritingReport(at: junit) { throw ValidationError("--junit: \(problem)") }
    }

    func run() throws {
        try Self.run(files: files, junit: junit, terminal: colour.terminal(), strict: standIns.strict)
    }

    /// The scripts of `rtsh run FILE...` with nothing else on the command line (no option,
    /// and no argument that could be taken for one or for `help`), or nil. Such a command
    /// line runs without argument-parser, whose reflection over the commands' properties
    /// (protocol-conformance lookups, mostly) costs more than making the session does; any
    /// other goes through it, so its errors and help read as ever.
    static func plainFiles(in arguments: [String]) -> [String]? {
        guard arguments.first == "run" else { return nil }
        let files = Array(arguments.dropFirst())
        guard !files.isEmpty, files.count(where: { $0 == "-" }) <= 1,
              files.allSatisfy({ $0 == "-" || (!$0.hasPrefix("-") && $0 != "help") }) else { return nil }
        return files
    }

    /// Runs `files`, as `rtsh run` does with the options given.
    static func run(files: [String], junit: String?, terminal: Terminal, strict: Bool) throws {
        var couldNotRun = false
        var reports: [ReplayReport.ScriptReport] = []
        var failed = 0
        for (index, file) in files.enumerated() {
            terminal.progress.update(index, of: files.count, file)
            if file != "-", Session.isObjectiveCSource(file) {
                // Objective-C sources load into a session of their own; anything that fails to load fails the run.
                let session = try StandInOptions.session(strict: strict, printingTo: terminal)
                let (loaded, seconds) = Stopwatch.time { session.loadSources([file]) != nil }
                if !loaded || session.failureCount > 0 { failed += 1 }
                reports.append(.init(script: file, session: session, seconds: seconds))
                continue
            }
            guard let text = file == "-" ? terminal.readStandardInput() : terminal.readScript(file) else {
                couldNotRun = true
                failed += 1
                reports.append(.init(script: file, checks: [], failures: [Failure(kind: .error, message: "the script cannot be read", file: file, line: 1)], seconds: 0))
                continue
            }
            let name = file == "-" ? Terminal.standardInputName : file
            let ((session, ran), seconds) = try Stopwatch.time {
                let session = try StandInOptions.session(strict: strict, printingTo: terminal)
                return (session, session.run(script: text, file: name))
            }
            if !ran || session.failureCount > 0 { failed += 1 }
            reports.append(.init(script: name, session: session, seconds: seconds))
        }
        terminal.progress.clear()
        if CIEnvironment().isGitHubActions {
            for report in reports { for annotation in ReplayReport.annotations(report) { terminal.output.print(annotation.command) } }
        }
        terminal.output.print("\(reports.count - failed) passed, \(failed) failed")
        if let junit {
            let screenshots = ReplayReport.screenshots(scripts: reports, in: Screenshot.directory(besideReport: junit))
            if !terminal.writeScreenshots(screenshots) || !terminal.writeReport(ReplayReport.junit(scripts: reports, screenshots: screenshots), to: junit) {
                couldNotRun = true
            }
        }
        if couldNotRun { throw ExitStatus.couldNotRun }
        if failed > 0 { throw ExitStatus.failed }
    }
}
