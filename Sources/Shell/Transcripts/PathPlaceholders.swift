import Foundation

/// Absolute paths in output written as placeholders, so a transcript recorded on one
/// machine replays on another: `[ROOT]` for the project's root (the nearest directory
/// above the transcript with a `.git` or a `Package.swift`) and `[CWD]` for the directory
/// rtsh was started in. Recording writes them, and replay applies the same to what it
/// sees before comparing, so an expectation with `[CWD]/app/MMLogin.m` matches wherever
/// the checkout is.
public struct PathPlaceholders: Sendable {
    /// The directories and their placeholders, longest first, so that the more specific
    /// one wins where one is inside the other.
    private let replacements: [(directory: String, placeholder: String)]

    /// The placeholders for a transcript at `transcript`, with rtsh started in `workingDirectory`.
    public init(transcript: String, workingDirectory: String) {
        let cwd = Self.absolute(workingDirectory, in: workingDirectory)
        let directory = (Self.absolute(transcript, in: cwd) as NSString).deletingLastPathComponent
        var replacements: [(String, String)] = []
        if let root = Self.projectRoot(above: directory) { replacements.append((root, "[ROOT]")) }
        replacements.append((cwd, "[CWD]"))
        // "/" alone would turn every path into a placeholder.
        self.replacements = replacements.filter { $0.0.count > 1 }.sorted { $0.0.count > $1.0.count }
    }

    /// `line` with each directory, where it starts a path, written as its placeholder.
    public func apply(_ line: String) -> String {
        guard line.contains("/") else { return line }
        var result = line
        for (directory, placeholder) in replacements {
            result = Self.replacingPaths(in: result, under: directory, with: placeholder)
        }
        return result
    }

    /// Replaces `directory` where it is a whole path or a path's leading part: followed by
    /// `/` or by a character that cannot continue a file name here (space, quote, `:`…).
    private static func replacingPaths(in line: String, under directory: String, with placeholder: String) -> String {
        var result = ""
        var rest = line[...]
        while let range = rest.range(of: directory) {
            let next = rest[range.upperBound...].first
            let ends = next == nil || next == "/" || !(next!.isLetter || next!.isNumber || next == "-" || next == "_" || next == ".")
            result += rest[..<range.lowerBound]
            result += ends ? placeholder : directory
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    private static func absolute(_ path: String, in directory: String) -> String {
        let full = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
        return (full as NSString).standardizingPath
    }

    /// The nearest directory at or above `directory` holding `.git` or `Package.swift`.
    private static func projectRoot(above directory: String) -> String? {
        var current = directory
        while current.count > 1 {
            for marker in [".git", "Package.swift"] where FileManager.default.fileExists(atPath: (current as NSString).appendingPathComponent(marker)) {
                return current
            }
            current = (current as NSString).deletingLastPathComponent
        }
        return nil
    }
}
