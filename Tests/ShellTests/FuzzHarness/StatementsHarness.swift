import Foundation
import Shell

/// Runs fuzz input as statements, exactly as the `StatementsFuzzer` target does; the
/// regression tests replay kept inputs through the same code. This file is shared with
/// Fuzz/ by a symbolic link, so the fuzz target and the tests cannot drift apart.
///
/// The input, decoded as UTF-8 with invalid bytes replaced, is one script run by a fresh
/// session whose working directory is a fresh temporary directory, removed afterwards.
/// Two commands are filtered so that no input can write or read outside that directory:
/// `record` (which creates and truncates a file) keeps only a bare file name, and
/// `source` is dropped, since the file it runs may hold lines that never passed this
/// filter (a recording of output that spells `record /some/path`). `fixture(...)` only
/// reads and is left alone.
enum StatementsHarness {
    /// Runs `bytes` in a fresh session, then hands the session to `inspect` (the tests
    /// check that it is still usable) before the temporary directory goes.
    static func run(_ bytes: some Collection<UInt8>, inspect: (Session) -> Void = { _ in }) {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Output is discarded: formatting is exercised all the same, and printing would
        // only slow the fuzzer down.
        let output = ShellOutput(standardOutput: { _ in }, standardError: { _ in })
        guard let session = try? Session(output: output, workingDirectory: directory) else {
            fatalError("a fresh session could not be made; the fuzz target cannot run")
        }
        session.run(script: script(from: bytes), file: directory + "/fuzz.rtsh")
        inspect(session)
    }

    /// The input as a script, with the lines the filter refuses left out.
    static func script(from bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter(isAllowed)
            .joined(separator: "\n")
    }

    /// Whether a line may run: `source` never, `record` only with a bare file name. The
    /// command word is found as the session finds it (trimmed, up to the first white
    /// space), so a line the filter passes cannot be one of these commands in disguise.
    static func isAllowed(_ line: Substring) -> Bool {
        let start = line.firstIndex { !$0.isWhitespace } ?? line.endIndex
        let trimmed = line[start...]
        let word = trimmed.prefix { !$0.isWhitespace }
        switch word {
        case "source":
            return false
        case "record":
            let argument = trimmed.dropFirst(word.count)
            return !argument.contains("/") && !argument.contains("\0")
        default:
            return true
        }
    }

    private static func makeTemporaryDirectory() -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/rtsh-fuzz.XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            fatalError("cannot make a temporary directory under \(base): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
}
