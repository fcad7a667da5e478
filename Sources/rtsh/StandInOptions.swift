import ArgumentParser
import Foundation
import Shell

/// `--strict`, for every subcommand that runs code: whether stand-ins answer for the
/// framework API rtsh's model lacks.
struct StandInOptions: ParsableArguments {
    @Flag(help: "Answer nothing with a stand-in: a framework class or method rtsh's model lacks is an error, as objc would raise ('standins off' at the prompt).")
    var strict = false

    /// A new session printing to `terminal`, in the working directory, with this setting.
    func session(printingTo terminal: Terminal) throws -> Session {
        try Self.session(strict: strict, printingTo: terminal)
    }

    /// The same, for a command line read without parsing (see ``Run/plainFiles(in:)``).
    static func session(strict: Bool, printingTo terminal: Terminal) throws -> Session {
        let session = try Session(output: terminal.output, workingDirectory: FileManager.default.currentDirectoryPath)
        session.library.standIns.isEnabled = !strict
        return session
    }
}
