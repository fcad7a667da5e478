import Foundation
import LineEditor
import Synchronization

/// The interactive terminal's side of output: structured lines fitted to the width
/// (``LineFitting``) and a statement's output longer than the screen paged through
/// `$PAGER` (``PagerCommand``).
///
/// Only the prompt at a terminal uses it: scripts, replays and test runs write their
/// output as it is, and what a session records or compares is taken before it gets here.
///
/// A statement's output is held until it fills the screen: then the pager starts with
/// what was held and gets the rest as it comes; output that fits is written when the
/// statement ends. So a short answer never starts a pager, and a long one starts it at
/// once rather than at the end.
final class InteractiveScreen: Sendable {
    private struct Line {
        var text: String
        var isError: Bool
    }

    private struct State {
        var size = TerminalSize(rows: 24, columns: 80)
        /// Whether the statement running now holds its output to decide on paging.
        var isHolding = false
        var held: [Line] = []
        var pager: Pager?
    }

    private let state = Mutex(State())
    /// The pager's shell command, or nil for none.
    private let pagerCommand: String?

    init(pager: PagerCommand) {
        if case .command(let command) = pager { pagerCommand = command } else { pagerCommand = nil }
    }

    /// Starts a statement's output: reads the terminal's size again and starts holding.
    func beginStatement() {
        state.withLock { state in
            state.size = TerminalSize.of(STDOUT_FILENO) ?? state.size
            state.isHolding = pagerCommand != nil
            state.held = []
        }
    }

    /// Ends a statement's output: writes what was held, or waits for the pager to be quit.
    func endStatement() {
        state.withLock { state in
            if let pager = state.pager {
                pager.finish()
                state.pager = nil
            } else {
                for line in state.held { Self.write(line) }
            }
            state.held = []
            state.isHolding = false
        }
    }

    /// Shows one line of output, `colour`ed after it is fitted to the width.
    func show(_ line: String, isError: Bool, colour: (String) -> String) {
        state.withLock { state in
            for piece in LineFitting.fit(line, width: state.size.columns) {
                let shown = Line(text: colour(piece) + "\n", isError: isError)
                if let pager = state.pager {
                    pager.write(shown.text)
                } else if state.isHolding {
                    state.held.append(shown)
                    // A line of the prompt stays free below the output.
                    if state.held.count >= state.size.rows, let command = pagerCommand {
                        startPager(command, in: &state)
                    }
                } else {
                    Self.write(shown)
                }
            }
        }
    }

    private func startPager(_ command: String, in state: inout State) {
        state.isHolding = false
        guard let pager = Pager(command: command) else {
            // Without a pager the output goes to the terminal as it would have.
            for line in state.held { Self.write(line) }
            state.held = []
            return
        }
        for line in state.held { pager.write(line.text) }
        state.held = []
        state.pager = pager
    }

    private static func write(_ line: Line) {
        Terminal.write(line.text, to: line.isError ? STDERR_FILENO : STDOUT_FILENO)
    }
}
