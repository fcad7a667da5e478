import Foundation
import Shell
import Testing

/// Every script under examples/ runs as `rtsh run` would run it: it passes, or, when its
/// header says `# expect-exit: 1`, it fails on purpose.
@Suite("Examples")
struct ExampleTests {
    static let examples: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    static var scripts: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? [])
            .filter { $0.hasSuffix(".rtsh") }.sorted()
    }

    @Test(arguments: scripts)
    func exampleRunsAsItsHeaderSays(name: String) throws {
        let path = Self.examples.appendingPathComponent(name).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let shell = try ShellHarness()
        shell.session.run(script: text, file: path)
        let output = shell.take()
        let expectsFailure = text.contains("# expect-exit: 1")
        let printed = output.all.joined(separator: "\n")
        let errors = output.err.joined(separator: "\n")
        #expect((shell.session.failureCount > 0) == expectsFailure, "\(name) printed:\n\(printed)")
        if !expectsFailure { #expect(output.err.isEmpty, "\(name) reported errors:\n\(errors)") }
    }
}
