import Foundation

/// Writes a transcript as a session goes: each statement and its output are appended
/// with one write and reach the file before the next prompt, so a session that is killed
/// leaves everything it had already shown.
///
/// The file is opened by its path for every statement rather than held open: a recording
/// whose file or directory was removed, or became unwritable, then fails at the first
/// statement with the system's reason, instead of writing on into a file nobody can see.
final class Recorder {
    let path: String

    /// Starts a new transcript at `path`, replacing any file there.
    init(path: String) throws {
        self.path = path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw ShellError("cannot record to \(path): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
    }

    /// Appends one statement and its output.
    ///
    /// - Throws: when the file cannot be opened or written, naming the path and the reason.
    func append(_ entry: Transcript.Entry) throws {
        // Without O_CREAT: a file that has gone stays gone, and that is the error to report.
        let descriptor = open(path, O_WRONLY | O_APPEND)
        guard descriptor >= 0 else { throw failure() }
        defer { close(descriptor) }
        var bytes = Array(Transcript(entries: [entry]).text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw failure() }
            bytes = bytes.dropFirst(written)
        }
    }

    private func failure() -> ShellError {
        ShellError("cannot write to the recording \(path): \(String(cString: strerror(errno))); recording stopped, and this statement is not in it")
    }
}
