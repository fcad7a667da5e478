import Foundation
import Synchronization

/// The app's own directories, as iOS gives each app a container: home, `Documents`,
/// `Library` (with `Caches`, `Application Support` and `Preferences`) and `tmp`, under one
/// path that is the same on every run. They are kept in memory, so what a test writes is
/// gone when its runtime is, and nothing outside them can be written, as the sandbox
/// refuses. Files elsewhere (the tree's, a bundle's resources) are read from the disk.
///
/// Thread-safe: the files are behind a lock.
public final class AppContainer: Sendable {
    /// The container's path: `NSHomeDirectory()`.
    public static let home = "/var/mobile/Containers/Data/Application/rtsh"

    /// What a path names in the container.
    enum Entry: Equatable {
        case directory
        case file([UInt8])
    }

    /// Why an operation failed, with Foundation's `NSCocoaErrorDomain` code.
    enum Failure: Int, Error {
        case noSuchFile = 4
        case fileExists = 516
        case noPermission = 513
        case notADirectory = 512

        func sentence(path: String) -> String {
            let name = (path as NSString).lastPathComponent
            return switch self {
            case .noSuchFile: "The file “\(name)” couldn’t be opened because there is no such file."
            case .fileExists: "The file “\(name)” couldn’t be saved because a file with the same name already exists."
            case .noPermission: "You don’t have permission to save the file “\(name)” outside the app’s container."
            case .notADirectory: "The file “\(name)” couldn’t be saved because its folder is not a folder."
            }
        }
    }

    private let entries: Mutex<[String: Entry]>

    public init() {
        var made: [String: Entry] = [:]
        for directory in ["", "/Documents", "/Library", "/Library/Caches", "/Library/Application Support", "/Library/Preferences", "/tmp"] {
            made[Self.home + directory] = .directory
        }
        entries = Mutex(made)
    }

    /// `path` with `.`, `..` and repeated slashes resolved, without a trailing slash.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Whether `path` is in the container.
    static func contains(_ path: String) -> Bool {
        let path = normalized(path)
        return path == home || path.hasPrefix(home + "/")
    }

    func entry(at path: String) -> Entry? {
        let path = Self.normalized(path)
        return entries.withLock { $0[path] }
    }

    /// The names directly in the directory at `path`, sorted.
    func names(in path: String) -> [String] {
        let directory = Self.normalized(path)
        return entries.withLock { entries in
            entries.keys.compactMap { key -> String? in
                guard key.hasPrefix(directory + "/") else { return nil }
                let rest = key.dropFirst(directory.count + 1)
                return rest.contains("/") ? nil : String(rest)
            }.sorted()
        }
    }

    /// Writes a file, replacing one there; its folder must be there already.
    func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let path = Self.normalized(path)
        guard Self.contains(path), path != Self.home else { throw .noPermission }
        let parent = (path as NSString).deletingLastPathComponent
        try entries.withLock { entries throws(Failure) in
            guard let folder = entries[parent] else { throw .noSuchFile }
            guard folder == .directory else { throw .notADirectory }
            if entries[path] == .directory { throw .fileExists }
            entries[path] = .file(bytes)
        }
    }

    /// Makes a directory, and with `intermediates` the ones above it; with them, one that is
    /// there already is no failure.
    func createDirectory(at path: String, intermediates: Bool) throws(Failure) {
        let path = Self.normalized(path)
        guard Self.contains(path) else { throw .noPermission }
        try entries.withLock { entries throws(Failure) in
            if let existing = entries[path] {
                guard intermediates, existing == .directory else { throw .fileExists }
                return
            }
            var missing: [String] = [], current = path
            while entries[current] == nil, Self.contains(current) {
                missing.append(current)
                current = (current as NSString).deletingLastPathComponent
            }
            guard entries[current] == .directory else { throw .notADirectory }
            guard intermediates || missing.count == 1 else { throw .noSuchFile }
            for directory in missing { entries[directory] = .directory }
        }
    }

    /// Removes a file, or a directory with everything in it.
    func remove(at path: String) throws(Failure) {
        let path = Self.normalized(path)
        guard Self.contains(path), path != Self.home else { throw .noPermission }
        try entries.withLock { entries throws(Failure) in
            guard entries[path] != nil else { throw .noSuchFile }
            for key in entries.keys where key == path || key.hasPrefix(path + "/") { entries[key] = nil }
        }
    }
}
