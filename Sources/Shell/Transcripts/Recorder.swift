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

    /// What to do with a transcript already at the path.
    enum Mode: Sendable {
        /// Refuse it: a recording never overwrites one by accident.
        case create
        /// Replace it (`record --force`).
        case replace
        /// Add to its end (`record --append`).
        case append
    }

    /// Whether the transcript was empty when the recording began, so that it starts
    /// with what the session had already loaded.
    let startsEmpty: Bool
    /// How absolute paths in output are written: `[ROOT]`, `[CWD]`.
    let placeholders: PathPlaceholders

    /// Starts recording to `path`.
    ///
    /// - Throws: when there is a transcript at `path` and `mode` is ``Mode/create``, or the
    ///   file cannot be made, naming the path and the reason.
    init(path: String, mode: Mode) throws {
        self.path = path
        placeholders = PathPlaceholders(transcript: path, workingDirectory: FileManager.default.currentDirectoryPath)
        let flags: Int32 = switch mode {
        case .create: O_WRONLY | O_CREAT | O_EXCL
        case .replace: O_WRONLY | O_CREAT | O_TRUNC
        case .append: O_WRONLY | O_CREAT | O_APPEND
        }
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST {
                throw ShellError("\(path) already exists; record --force FILE replaces it, record --append FILE adds to it")
            }
            throw ShellError("cannot record to \(path): \(String(cString: strerror(errno)))")
        }
        startsEmpty = lseek(descriptor, 0, SEEK_END) == 0
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
