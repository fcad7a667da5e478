/// The pager long output goes through at a terminal, as `$PAGER` names it: `less -FRX`
/// when it is unset (no pager when `less` is not installed), none when it is empty or
/// `cat`.
///
/// Only the choice is made here; running it is the caller's. The command is a shell
/// command line (`less -R`, `most`), as git and man take `$PAGER`.
public enum PagerCommand: Equatable, Sendable {
    /// No paging: output goes straight to the terminal.
    case none
    /// Page through this shell command.
    case command(String)
    /// `$PAGER` names a program that cannot be run; the message says what was wrong and
    /// what would be right. Output goes straight to the terminal.
    case unavailable(String)

    /// The pager when `$PAGER` is unset.
    public static let defaultCommand = "less -FRX"

    /// Chooses the pager from `environment` (`PAGER`, and `PATH` to find its program).
    ///
    /// - Parameter isExecutable: Whether a path names a program that can be run.
    public init(environment: [String: String], isExecutable: (String) -> Bool) {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        func find(_ program: String) -> Bool {
            if program.contains("/") { return isExecutable(program) }
            return path.split(separator: ":").contains { isExecutable("\($0)/\(program)") }
        }
        guard let pager = environment["PAGER"] else {
            self = find("less") ? .command(Self.defaultCommand) : .none
            return
        }
        let words = pager.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let program = words.first.map(String.init), program != "cat" else {
            self = .none
            return
        }
        guard find(program) else {
            self = .unavailable("PAGER is '\(pager)', but there is no program '\(program)' on PATH; long output is shown without a pager (set PAGER to a pager such as 'less -R', or to '' for none)")
            return
        }
        self = .command(pager)
    }
}
