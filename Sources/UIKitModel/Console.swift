import Synchronization

/// Where the class library's messages go: `NSLog` output and UIKit-style warnings such as
/// an unbalanced appearance transition. Lines are kept in order and can also be echoed as
/// they come.
public final class Console: Sendable {
    private let state: Mutex<[String]>
    private let echo: (@Sendable (String) -> Void)?

    /// - Parameter echo: called with each line as it is logged, on the logging thread.
    public init(echo: (@Sendable (String) -> Void)? = nil) {
        self.state = Mutex([])
        self.echo = echo
    }

    /// Logs one line.
    public func log(_ line: String) {
        state.withLock { $0.append(line) }
        echo?(line)
    }

    /// Every line logged so far.
    public var lines: [String] { state.withLock { $0 } }

    /// The lines logged since the last call, which the console then forgets.
    public func takeLines() -> [String] {
        state.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}
