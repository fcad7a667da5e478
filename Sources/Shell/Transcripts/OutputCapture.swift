import Synchronization

/// Collects the lines a statement prints, from whichever thread prints them.
final class OutputCapture: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// The lines collected since the last call.
    func take() -> [String] {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}
