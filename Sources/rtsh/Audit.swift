import ArgumentParser
import Foundation
import Shell

/// `rtsh audit PATH...`: the super-call audit over a source tree.
struct Audit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load Objective-C sources and audit every override's super calls by running it.",
        discussion: """
            Each class the sources define is made as an app makes it (initWithNibName:nil bundle:nil, \
            initWithStyle:reuseIdentifier:, initWithFrame: or initWithStyle: where the class defines \
            one, else new), and each override the policy polices is run with a probe where its super \
            call lands: one line per override, ok, FAIL (it broke its rule) or ERROR (it could not be \
            audited). A tree holding several apps that define the same classes (examples, a demo per \
            platform) is audited an app at a time, each with the sources the apps share, in a runtime \
            of its own. Exit status: 0 when every line is ok and everything loaded, 1 otherwise, 2 when \
            the sources or the policy cannot be read.
            """)

    @Argument(help: ArgumentHelp("The sources: .h and .m files, or directories of them.", valueName: "path"))
    var paths: [String]

    @Option(help: ArgumentHelp("Write a JUnit report here: one test case per audit (FAIL as <failure>, ERROR as <error>), and one per load error.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Change UIKit's rules with this file's: one per line, 'require', 'prohibit', 'allow' or 'ignore', then a selector or -[BaseClass selector]; '#' starts a comment.", valueName: "file"))
    var policy: String?

    @OptionGroup var standIns: StandInOptions

    @OptionGroup var colour: ColourOptions

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one source file or directory to audit") }
    }

    func run() throws {
        let terminal = colour.terminal()
        let session = try standIns.session(printingTo: terminal)
        if let policy, !session.loadPolicy(policy) { throw ExitCode(2) }
        let (audited, seconds) = Stopwatch.time { session.auditSources(paths) }
        guard audited != nil else { throw ExitCode(2) }
        if let junit {
            let report = ReplayReport.ScriptReport(script: paths.joined(separator: " "), session: session, seconds: seconds)
            guard terminal.writeReport(ReplayReport.junit(scripts: [report]), to: junit) else { throw ExitCode(2) }
        }
        if session.failureCount > 0 { throw ExitCode(1) }
    }
}
