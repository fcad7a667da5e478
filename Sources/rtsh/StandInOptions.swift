import ArgumentParser
import Shell

/// `--strict`, for every subcommand that runs code: whether stand-ins answer for the
/// framework API rtsh's model lacks.
struct StandInOptions: ParsableArguments {
    @Flag(help: "Answer nothing with a stand-in: a framework class or method rtsh's model lacks is an error, as objc would raise ('standins off' at the prompt).")
    var strict = false

    /// Applies the setting to a new session.
    func apply(to session: Session) {
        session.library.standIns.isEnabled = !strict
    }
}
