import Foundation

/// Writes reports and transcripts whole: the text goes to a temporary file beside the
/// target, which then takes the target's place, so a reader never sees half a file and a
/// failure leaves the old one as it was.
public enum TextFile {
    /// A file that could not be written, with the system's reason.
    public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String

        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static func write(_ text: String, to path: String) throws(WriteError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).rtsh-new"
        func failure() -> WriteError { WriteError(path: path, reason: String(cString: strerror(errno))) }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw failure() }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else {
                let error = failure()
                close(descriptor)
                unlink(temporary)
                throw error
            }
            bytes = bytes.dropFirst(written)
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure()
            unlink(temporary)
            throw error
        }
    }
}
