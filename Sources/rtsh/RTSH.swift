import ArgumentParser

/// The `rtsh` command: argument parsing and wiring, nothing else.
@main
struct RTSH: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rtsh",
        abstract: "A test shell for Objective-C-style class hierarchies.",
        discussion: """
            With no subcommand, rtsh starts the interactive shell (line editing, history in \
            ~/.rtsh_history, Tab completion). Type 'help' at the prompt for the commands. When \
            standard input is not a terminal, lines are read plainly and no prompt is shown.
            """,
        version: "rtsh 0.1.0",
        subcommands: [Interactive.self, Run.self],
        defaultSubcommand: Interactive.self)
}
