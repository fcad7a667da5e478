import Foundation

/// Writes a transcript as a session goes: each statement and its output are appended
/// with one write and reach the file before the next prompt, so a session that is killed
/// leaves everything it had already shown.
final class Recorder {
    let path: String
    private let descriptor: Int32

    /// Starts a new transcript at `path`, replacing any file there.
    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
        guard descriptor >= 0 else {
            throw ShellError("cannot record to \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Appends one statement and its output.
    func append(_ entry: Transcript.Entry) throws {
        var bytes = Array(Transcript(entries: [entry]).text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else {
                throw ShellError("cannot write to the recording \(path): \(String(cString: strerror(errno)))")
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
