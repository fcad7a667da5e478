import Foundation
import Synchronization

/// A one-line progress display on standard error (`[37/200] login.transcript`): drawn only
/// on a terminal, only once a run has taken a second, and erased before any other line is
/// written, so logs and pipes never see it.
final class ProgressLine: Sendable {
    private struct State {
        var isShown = false
        let started = DispatchTime.now().uptimeNanoseconds
    }

    private let state = Mutex(State())
    private let isEnabled: Bool

    init(enabled: Bool = isatty(STDERR_FILENO) != 0) {
        isEnabled = enabled
    }

    /// Shows that `done` of `total` are finished, and what is running now.
    func update(_ done: Int, of total: Int, _ name: String) {
        guard isEnabled else { return }
        state.withLock { state in
            guard DispatchTime.now().uptimeNanoseconds - state.started >= 1_000_000_000 else { return }
            var line = "[\(done)/\(total)] \(name)"
            // Wider than the terminal, the line would wrap and "\r" could not take it back.
            let width = TerminalSize.of(STDERR_FILENO)?.columns ?? 80
            if line.count >= width { line = String(line.prefix(max(width - 2, 0))) + "…" }
            Self.write("\r\u{1B}[K" + line)
            state.isShown = true
        }
    }

    /// Takes the line away, if it is shown: before other output, and at the end.
    func clear() {
        guard isEnabled else { return }
        state.withLock { state in
            guard state.isShown else { return }
            Self.write("\r\u{1B}[K")
            state.isShown = false
        }
    }

    private static func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
