import ArgumentParser
import Foundation
import Shell

/// `rtsh run FILE...`: runs scripts, each in a fresh session.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scripts, each in a fresh runtime.",
        discussion: "Exit status: 0 when everything passed, 1 when a check, assertion or statement failed, 2 when a script could not be run.")

    @Argument(help: ArgumentHelp("The scripts to run, or Objective-C sources to load (.h, .m, or directories of them).", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("Write a JUnit report here: each check as a test case named as its test, and each failed assertion, verification, UI step or statement as a case of its own.", valueName: "file"))
    var junit: String?

    @OptionGroup var standIns: StandInOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one script to run") }
    }

    func run() throws {
        let terminal = Terminal()
        var couldNotRun = false
        var failed = false
        var reports: [ReplayReport.ScriptReport] = []
        for file in files {
            if Session.isObjectiveCSource(file) {
                // Objective-C sources load into a session of their own; anything that fails to load fails the run.
                let session = try standIns.session(printingTo: terminal)
                let (loaded, seconds) = Stopwatch.time { session.loadSources([file]) != nil }
                if !loaded || session.failureCount > 0 { failed = true }
                reports.append(.init(script: file, session: session, seconds: seconds))
                continue
            }
            guard let text = terminal.readScript(file) else {
                couldNotRun = true
                reports.append(.init(script: file, checks: [], failures: [Failure(kind: .error, message: "the script cannot be read", file: file, line: 1)], seconds: 0))
                continue
            }
            let ((session, ran), seconds) = try Stopwatch.time {
                let session = try standIns.session(printingTo: terminal)
                return (session, session.run(script: text, file: file))
            }
            if !ran || session.failureCount > 0 { failed = true }
            reports.append(.init(script: file, session: session, seconds: seconds))
        }
        if let junit {
            if !terminal.writeReport(ReplayReport.junit(scripts: reports), to: junit) { couldNotRun = true }
        }
        if couldNotRun { throw ExitCode(2) }
        if failed { throw ExitCode(1) }
    }
}
