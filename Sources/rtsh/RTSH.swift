import ArgumentParser
import Foundation

/// The `rtsh` command: argument parsing and wiring, nothing else.
@main
struct RTSH: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rtsh",
        abstract: "A test shell for Objective-C-style class hierarchies.",
        discussion: """
            With no subcommand, rtsh starts the interactive shell (line editing, history in \
            ~/.rtsh_history, Tab completion); 'rtsh --load PATH' first runs a script or loads \
            Objective-C sources (see 'rtsh repl --help'). Type 'help' at the prompt for the \
            commands. When standard input is not a terminal, lines are read plainly and no \
            prompt is shown.
            """,
        version: "rtsh 0.1.0",
        subcommands: [Interactive.self, Run.self, Audit.self, Test.self, ReplayTranscripts.self],
        defaultSubcommand: Interactive.self)

    /// Parses and runs, with one change to argument-parser's exit codes: a usage error
    /// exits 2, as every rtsh command that could not run does.
    static func main() {
        do {
            if let files = Run.plainFiles(in: Array(CommandLine.arguments.dropFirst())) {
                // `rtsh run FILE...` alone: what parsing would give, without its cost.
                try Run.run(files: files, junit: nil, terminal: ColourOptions.terminal(.auto), strict: false)
                return
            }
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
