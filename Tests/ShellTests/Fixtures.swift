import Foundation
import Shell
import Synchronization
import Testing

/// A session whose output is captured: standard output and standard error separately,
/// and both interleaved as they appeared.
final class ShellHarness {
    private let captured = Captured()
    let session: Session

    init() throws {
        let captured = self.captured
        session = try Session(output: ShellOutput(
            standardOutput: { line in captured.withLock { $0.out.append(line); $0.all.append(line) } },
            standardError: { line in captured.withLock { $0.err.append(line); $0.all.append(line) } }))
    }

    /// Runs each line as typed and returns what it printed (both streams, in order).
    @discardableResult
    func run(_ lines: String...) -> [String] { run(lines) }

    /// Runs each line as typed and returns what it printed (both streams, in order).
    @discardableResult
    func run(_ lines: [String]) -> [String] {
        for line in lines {
            for part in line.split(separator: "\n", omittingEmptySubsequences: false) {
                session.execute(line: String(part))
            }
        }
        return take().all
    }

    /// What was printed since the last call.
    func take() -> (out: [String], err: [String], all: [String]) {
        captured.withLock { state in
            defer { state = ([], [], []) }
            return state
        }
    }
}

extension ShellHarness {
    /// Loads `files` into a fresh session and runs their tests, as `rtsh test` does: the
    /// lines printed, without the load's summary and with timings as `T seconds` and the
    /// tree's path left out, so they compare alike on every run.
    static func testLines(_ files: [String: String]) throws -> [String] {
        let tree = try TemporaryTree(files)
        let shell = try ShellHarness()
        _ = shell.session.testSources([tree.root.path], selection: Session.TestSelection())
        return shell.take().all.filter { !$0.hasPrefix("loaded ") }
            .map { $0.replacing(tree.root.path + "/", with: "").replacing(/\d+\.\d{3} seconds/, with: "T seconds") }
    }
}

/// Output lines, shared with the session's output sinks.
final class Captured: Sendable {
    private let state = Mutex<(out: [String], err: [String], all: [String])>(([], [], []))

    func withLock<Result>(_ body: (inout (out: [String], err: [String], all: [String])) -> Result) -> Result {
        state.withLock { body(&$0) }
    }
}

/// A directory with these files (paths relative to it), removed when the value goes.
final class TemporaryTree {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("rtsh-tree-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// The full path of a file of the tree, as errors name it.
    func path(_ file: String) -> String { root.appendingPathComponent(file).path }

    deinit { try? FileManager.default.removeItem(at: root) }
}
