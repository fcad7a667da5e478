import ArgumentParser
import Foundation
import LineEditor
import Shell

/// `rtsh [--load PATH]...`: the interactive shell.
struct Interactive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl", abstract: "Start the interactive shell (the default).")

    @Option(name: .long, help: ArgumentHelp("Run a script, or load Objective-C sources (.h, .m, or a directory), then show the prompt; repeat it to load several, in order (an app's sources, then the pods it uses). A recording started later begins by loading them again.", valueName: "path"))
    var load: [String] = []

    @OptionGroup var standIns: StandInOptions

    @OptionGroup var colour: ColourOptions

    func run() throws {
        var terminal = colour.terminal()
        // At a terminal, long output is paged and trees fit the width; never in a pipe.
        let screen = terminal.inputIsInteractive && isatty(STDOUT_FILENO) != 0 ? Self.screen() : nil
        if let screen { terminal = terminal.showing(on: screen) }
        let session = try standIns.session(printingTo: terminal)
        for path in load {
            screen?.beginStatement()
            let loaded = session.loadAtStartup(path)
            screen?.endStatement()
            guard loaded else { throw ExitCode(2) }
        }
        guard terminal.inputIsInteractive else {
            // Piped input: no editing, no prompt; failures show in the exit status.
            while let line = Swift.readLine(strippingNewline: true) {
                if session.execute(line: line) == .quit { break }
            }
            if session.failureCount > 0 { throw ExitCode(1) }
            return
        }
        terminal.output.print("rtsh: type help for the commands, quit or Ctrl-D to leave.")
        let history = ProcessInfo.processInfo.environment["HOME"].map { $0 + "/.rtsh_history" }
        let completing = SessionForCompletion(session: session)
        let editor = LineEditor(programName: "rtsh", historyFile: history) { line in
            let completion = completing.session.complete(line)
            return LineEditor.Completion(wordStart: completion.wordStart, candidates: completion.candidates)
        }
        // Ctrl-C while a command runs must not end the shell: the editor catches it while
        // it reads, and between reads it is ignored.
        signal(SIGINT, SIG_IGN)
        // The lines entered since the last `rtsh> ` prompt: a definition typed or pasted over
        // several lines is one history entry, so Up brings the whole block back.
        var entry: [String] = []
        while true {
            switch editor.readLine(prompt: session.prompt, isContinuation: session.isContinuing) {
            case .line(let text):
                entry.append(text)
                screen?.beginStatement()
                // A recalled or pasted block runs line by line, as if typed.
                var quit = false
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    guard session.execute(line: String(line)) != .quit else {
                        quit = true
                        break
                    }
                }
                screen?.endStatement()
                if quit {
                    editor.addToHistory(entry.joined(separator: "\n"))
                    return
                }
                if !session.isContinuing {
                    editor.addToHistory(entry.joined(separator: "\n"))
                    entry = []
                }
            case .interrupted:
                // An abandoned block stays in the history, to be recalled and finished.
                editor.addToHistory(entry.joined(separator: "\n"))
                entry = []
                session.cancelPendingInput()
            case .endOfFile:
                terminal.output.print("")
                return
            }
        }
    }
}

extension Interactive {
    /// The interactive screen, paging through `$PAGER` as it is set; a `$PAGER` that cannot
    /// be run is said once, here.
    static func screen(environment: [String: String] = ProcessInfo.processInfo.environment) -> InteractiveScreen {
        let pager = PagerCommand(environment: environment) { access($0, X_OK) == 0 }
        if case .unavailable(let message) = pager {
            Terminal.write("rtsh: \(message)\n", to: STDERR_FILENO)
        }
        // The pager may quit before reading everything; writing on must not end the shell.
        signal(SIGPIPE, SIG_IGN)
        return InteractiveScreen(pager: pager)
    }
}

/// The session, for the completer. libedit calls the completer synchronously on the thread
/// that is reading a line, never while a command runs, so the session is never used from
/// two places at once even though the closure type must be `@Sendable`.
private struct SessionForCompletion: @unchecked Sendable {
    let session: Session
}
