import ArgumentParser
import Foundation
import Shell

/// `rtsh run FILE...`: runs scripts, each in a fresh session.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scripts, each in a fresh runtime.",
        discussion: "Exit status: 0 when everything passed, 1 when a check, assertion or statement failed, 2 when a script could not be run.")

    @Argument(help: ArgumentHelp("The scripts to run.", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("Write each check (check super, check creation) as a JUnit test case here, named as its test.", valueName: "file"))
    var junit: String?

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one script to run") }
    }

    func run() throws {
        let terminal = Terminal()
        var couldNotRun = false
        var failed = false
        var checks: [(script: String, outcomes: [CheckOutcome])] = []
        for file in files {
            guard let text = terminal.readScript(file) else {
                couldNotRun = true
                continue
            }
            let session = try Session(output: terminal.output, workingDirectory: FileManager.default.currentDirectoryPath)
            if !session.run(script: text, file: file) || session.failureCount > 0 { failed = true }
            checks.append((file, session.checkOutcomes))
        }
        if let junit {
            try ReplayReport.junit(checks: checks).write(to: URL(fileURLWithPath: junit), atomically: true, encoding: .utf8)
        }
        if couldNotRun { throw ExitCode(2) }
        if failed { throw ExitCode(1) }
    }
}
