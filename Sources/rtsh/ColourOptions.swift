import ArgumentParser
import Foundation

/// `--color`, for every subcommand that prints: whether output is coloured.
struct ColourOptions: ParsableArguments {
    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Option(name: .customLong("color"), help: ArgumentHelp(
        "Colour output: auto (on a terminal, unless NO_COLOR is set to something or TERM is dumb), always, or never.",
        valueName: "when"))
    var mode: Mode = .auto

    /// The terminal, coloured as asked.
    func terminal(environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminal {
        Self.terminal(mode, environment: environment)
    }

    /// The terminal, coloured as `mode` asks: for a command line read without parsing
    /// (see ``Run/plainFiles(in:)``), which has the default, `auto`.
    static func terminal(_ mode: Mode, environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminal {
        switch mode {
        case .always: Terminal(colourOut: true, colourError: true)
        case .never: Terminal(colourOut: false, colourError: false)
        case .auto:
            // NO_COLOR counts only when it holds something (no-color.org); a dumb terminal cannot show colour.
            if !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb" {
                Terminal(colourOut: false, colourError: false)
            } else {
                Terminal(colourOut: isatty(STDOUT_FILENO) != 0, colourError: isatty(STDERR_FILENO) != 0)
            }
        }
    }
}
