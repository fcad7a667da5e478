import Foundation
import Runtime
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
    /// Where the containers of the app's groups are (`containerURLForSecurityApplicationGroupIdentifier:`),
    /// which its extensions share: each is kept in memory as the app's own is.
    public static let appGroups = "/var/mobile/Containers/Shared/AppGroup"
    /// The simulator's host temporary directory, which tests written for it write to
    /// (`/private/tmp/tmp.db`), kept in memory too: nothing under it is read from the disk.
    public static let hostTemporary = "/private/tmp"

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

    /// The items by path, with the names each directory holds: a listing, a removal or a
    /// copy costs what it touches, not what the whole container holds (a cache that
    /// writes thousands of files and moves folders to a trash keeps many).
    private struct Items {
        private(set) var entries: [String: Entry] = [:]
        private var children: [String: Set<String>] = [:]

        subscript(path: String) -> Entry? { entries[path] }

        mutating func set(_ entry: Entry, at path: String) {
            if entries.updateValue(entry, forKey: path) == nil {
                children[(path as NSString).deletingLastPathComponent, default: []].insert((path as NSString).lastPathComponent)
            }
        }

        /// `path` and everything under it, a directory before what it holds.
        func subtree(at path: String) -> [String] {
            guard entries[path] != nil else { return [] }
            var found = [path], index = 0
            while index < found.count {
                let current = found[index]
                index += 1
                for name in children[current] ?? [] { found.append(current + "/" + name) }
            }
            return found
        }

        /// Removes `path` and everything under it; answers what went.
        @discardableResult
        mutating func removeSubtree(at path: String) -> [String] {
            let removed = subtree(at: path)
            for item in removed {
                entries[item] = nil
                children[item] = nil
            }
            if !removed.isEmpty {
                let parent = (path as NSString).deletingLastPathComponent
                children[parent]?.remove((path as NSString).lastPathComponent)
                if children[parent]?.isEmpty == true { children[parent] = nil }
            }
            return removed
        }

        /// The names directly in `directory`, sorted.
        func names(in directory: String) -> [String] { (children[directory] ?? []).sorted() }

        func holdsAnything(in directory: String) -> Bool { !(children[directory] ?? []).isEmpty }
    }

    private let entries: Mutex<Items>
    /// The file descriptors given out (`open`'s and file handles'), numbered from 3 in
    /// order, and those still open.
    private let descriptors = Mutex<(next: Int, open: Set<Int>)>((3, []))

    /// An extended attribute (`setxattr`): the values written through the pointer given, as
    /// rtsh keeps values rather than bytes, and the size in bytes the caller said they take.
    public struct ExtendedAttribute: Sendable, Equatable {
        public let values: [Value]
        public let size: Int

        public init(values: [Value], size: Int) {
            self.values = values
            self.size = size
        }
    }

    /// The extended attributes of the container's files and directories, by path and name.
    private let attributes = Mutex<[String: [String: ExtendedAttribute]]>([:])

    /// When an item was made and last changed, in seconds since NSDate's reference date.
    public struct Dates: Sendable, Equatable {
        public var created: Double
        public var modified: Double
    }

    /// The dates of the items made since the container was, by path; an item without (one
    /// of the container's own directories) dates from the start, 0.
    private let dates = Mutex<[String: Dates]>([:])

    /// What the container reads the present from: the model's clock, once the environment
    /// that owns it says so (``readTime(_:)``).
    private let time = Mutex<(@Sendable () -> Double)?>(nil)

    /// Dates what is written from now on with `now`'s answer.
    func readTime(_ now: @escaping @Sendable () -> Double) {
        time.withLock { $0 = now }
    }

    private var now: Double { time.withLock { $0 }?() ?? 0 }

    /// When the item at `path` was made and last changed; nil when nothing is there.
    public func dates(at path: String) -> Dates? {
        let path = Self.normalized(path)
        guard entry(at: path) != nil else { return nil }
        return dates.withLock { $0[path] } ?? Dates(created: 0, modified: 0)
    }

    /// Sets the dates of the item at `path` (either, or both, as `NSFileManager`'s
    /// `setAttributes:` and `NSURL`'s resource values do); false when nothing is there.
    @discardableResult
    public func setDates(at path: String, created: Double? = nil, modified: Double? = nil) -> Bool {
        guard let current = dates(at: path) else { return false }
        let path = Self.normalized(path)
        dates.withLock { $0[path] = Dates(created: created ?? current.created, modified: modified ?? current.modified) }
        return true
    }

    /// Notes that the items at `paths` were made or changed now, and so their folders: a
    /// new item's dates are both now; a changed one keeps when it was made.
    private func touch(_ paths: [String], made: Bool) {
        let now = self.now
        dates.withLock { dates in
            for path in paths {
                if made || dates[path] == nil { dates[path] = Dates(created: now, modified: now) } else { dates[path]?.modified = now }
                Self.dateFolder(of: path, now, in: &dates)
            }
        }
    }

    /// Notes in `dates` that the folder of `path` changed at `now`.
    private static func dateFolder(of path: String, _ now: Double, in dates: inout [String: Dates]) {
        let folder = (path as NSString).deletingLastPathComponent
        if dates[folder] != nil { dates[folder]?.modified = now } else { dates[folder] = Dates(created: 0, modified: now) }
    }

    /// Forgets the extended attributes and the dates of the items at `paths`, which went.
    private func forget(_ paths: [String]) {
        attributes.withLock { attributes in
            for path in paths { attributes[path] = nil }
        }
        dates.withLock { dates in
            for path in paths { dates[path] = nil }
        }
    }

    public init() {
        var made: [String: Entry] = [:]
        for directory in ["", "/Documents", "/Library", "/Library/Caches", "/Library/Application Support", "/Library/Preferences", "/tmp"] {
            made[Self.home + directory] = .directory
        }
        made[Self.appGroups] = .directory
        made[Self.hostTemporary] = .directory
        var items = Items()
        for (path, entry) in made.sorted(by: { $0.key < $1.key }) { items.set(entry, at: path) }
        entries = Mutex(items)
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

    /// Whether `path` is in the container, in one of its groups', or in the simulator's
    /// host temporary directory.
    public static func contains(_ path: String) -> Bool {
        let path = normalized(path)
        return [home, appGroups, hostTemporary].contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// The container of the app group `identifier`, made with its `Library` on first use, as
    /// iOS makes it for an app entitled to the group. Named after the group (a device names
    /// it with a UUID), so that paths print the same on every run.
    func groupContainer(for identifier: String) throws(Failure) -> String {
        let path = Self.appGroups + "/" + identifier
        for directory in ["/Library/Caches", "/Library/Preferences"] { try createDirectory(at: path + directory, intermediates: true) }
        return Self.normalized(path)
    }

    func entry(at path: String) -> Entry? {
        let path = Self.normalized(path)
        return entries.withLock { $0[path] }
    }

    /// The names directly in the directory at `path`, sorted.
    func names(in path: String) -> [String] {
        let directory = Self.normalized(path)
        return entries.withLock { $0.names(in: directory) }
    }

    /// Writes a file, replacing one there; its folder must be there already.
    func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let path = Self.normalized(path)
        var made = false
        guard Self.contains(path), path != Self.home else { throw .noPermission }
        let parent = (path as NSString).deletingLastPathComponent
        try entries.withLock { entries throws(Failure) in
            guard let folder = entries[parent] else { throw .noSuchFile }
            guard folder == .directory else { throw .notADirectory }
            if entries[path] == .directory { throw .fileExists }
            made = entries[path] == nil
            entries.set(.file(bytes), at: path)
        }
        touch([path], made: made)
    }

    /// Makes a directory, and with `intermediates` the ones above it; with them, one that is
    /// there already is no failure.
    func createDirectory(at path: String, intermediates: Bool) throws(Failure) {
        let path = Self.normalized(path)
        var made: [String] = []
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
            for directory in missing.reversed() { entries.set(.directory, at: directory) }
            made = missing.reversed()
        }
        touch(made, made: true)
    }

    /// Removes a file, or a directory with everything in it, and their extended attributes.
    func remove(at path: String) throws(Failure) {
        let path = Self.normalized(path)
        guard Self.contains(path), path != Self.home else { throw .noPermission }
        let removed = try entries.withLock { entries throws(Failure) in
            guard entries[path] != nil else { throw .noSuchFile }
            return entries.removeSubtree(at: path)
        }
        forget(removed)
        touchFolder(of: path)
    }

    /// Notes that the folder of `path` changed now (an item in it went).
    private func touchFolder(of path: String) {
        let now = self.now
        dates.withLock { Self.dateFolder(of: path, now, in: &$0) }
    }

    /// Copies the item at `source`, a directory with everything in it, to `destination`,
    /// whose folder must be there and which must not be; moving removes the source after.
    /// Extended attributes go with what they belong to.
    func copyItem(at source: String, to destination: String, moving: Bool) throws(Failure) {
        let (source, destination) = (Self.normalized(source), Self.normalized(destination))
        guard Self.contains(destination), destination != Self.home, !moving || Self.contains(source) && source != Self.home else { throw .noPermission }
        // Into itself, a directory would never end.
        guard destination != source, !destination.hasPrefix(source + "/") else { throw .noPermission }
        let parent = (destination as NSString).deletingLastPathComponent
        func moved(_ key: String) -> String? {
            key == source ? destination : key.hasPrefix(source + "/") ? destination + key.dropFirst(source.count) : nil
        }
        let carried = try entries.withLock { entries throws(Failure) in
            guard entries[source] != nil else { throw .noSuchFile }
            guard let folder = entries[parent] else { throw .noSuchFile }
            guard folder == .directory else { throw .notADirectory }
            guard entries[destination] == nil else { throw .fileExists }
            let carried = entries.subtree(at: source)
            let copied = carried.compactMap { key in entries[key].map { (key, $0) } }
            if moving { entries.removeSubtree(at: source) }
            for (key, entry) in copied { if let target = moved(key) { entries.set(entry, at: target) } }
            return carried
        }
        // Extended attributes and dates go with what they belong to, as Foundation's do.
        attributes.withLock { attributes in
            for key in carried {
                guard let named = attributes[key], let target = moved(key) else { continue }
                attributes[target] = named
                if moving { attributes[key] = nil }
            }
        }
        dates.withLock { dates in
            for key in carried {
                guard let kept = dates[key], let target = moved(key) else { continue }
                dates[target] = kept
                if moving { dates[key] = nil }
            }
        }
        touchFolder(of: destination)
        if moving { touchFolder(of: source) }
    }

    // MARK: The C library's calls

    /// What `unlink` (a file), `rmdir` (an empty directory) and `remove` (either) do to the
    /// entry at `path`: nil when it is gone, else the `errno` code the C library answers
    /// (`ENOENT` 2, `EPERM` 1 for a directory unlinked or anything outside the container,
    /// `ENOTDIR` 20, `ENOTEMPTY` 66).
    public func removeEntry(at path: String, files: Bool, directories: Bool) -> Int? {
        let path = Self.normalized(path)
        guard Self.contains(path), path != Self.home else { return 1 }
        let failure: Int? = entries.withLock { entries in
            guard let entry = entries[path] else { return 2 }
            if entry == .directory {
                guard directories else { return 1 }
                if entries.holdsAnything(in: path) { return 66 }
            } else if !files {
                return 20
            }
            entries.removeSubtree(at: path)
            return nil
        }
        if failure == nil {
            forget([path])
            touchFolder(of: path)
        }
        return failure
    }

    // MARK: Extended attributes

    /// Whether a file or a directory is at `path` in the container.
    public func holdsItem(at path: String) -> Bool { entry(at: path) != nil }

    /// Whether anything is at `path`, in the container or, outside it, on the disk (the
    /// tree's own files), and whether it is a directory.
    public func itemKind(at path: String) -> (exists: Bool, isDirectory: Bool) { FileResources.kind(at: path, in: self) }

    /// Makes an empty file at `path` in the container, as `open` with `O_CREAT` does; the
    /// `errno` of a failure (`ENOENT` without its folder, `EACCES` outside the container).
    public func createEmptyFile(at path: String) -> Int? { writeFile([], at: path) }

    /// Writes the file at `path` in the container, replacing one there; the `errno` of a
    /// failure, as ``createEmptyFile(at:)``'s.
    public func writeFile(_ bytes: [UInt8], at path: String) -> Int? {
        do {
            try write(bytes, to: path)
            return nil
        } catch {
            return error == .noPermission ? 13 : error == .noSuchFile ? 2 : 20
        }
    }

    /// The bytes of the file at `path`: the container's, or outside it the disk's (the
    /// tree's own files); nil when there is none there, or it is a directory.
    public func fileBytes(at path: String) -> [UInt8]? {
        if case .success(let bytes) = FileContents.bytes(at: path, in: self) { return bytes }
        return nil
    }

    /// A new file descriptor, open until ``closeDescriptor(_:)``.
    public func openDescriptor() -> Int {
        descriptors.withLock { state in
            defer { state.next += 1 }
            state.open.insert(state.next)
            return state.next
        }
    }

    /// Closes `descriptor`; false when it is not open.
    public func closeDescriptor(_ descriptor: Int) -> Bool {
        descriptors.withLock { $0.open.remove(descriptor) != nil }
    }

    /// The extended attribute `name` of the item at `path`, or nil when it has none.
    public func extendedAttribute(named name: String, at path: String) -> ExtendedAttribute? {
        let path = Self.normalized(path)
        return attributes.withLock { $0[path]?[name] }
    }

    /// The names of the extended attributes of the item at `path`, sorted.
    public func extendedAttributeNames(at path: String) -> [String] {
        let path = Self.normalized(path)
        return attributes.withLock { $0[path].map { $0.keys.sorted() } ?? [] }
    }

    /// Sets an extended attribute of the item at `path`; false when no item is there.
    public func setExtendedAttribute(_ attribute: ExtendedAttribute, named name: String, at path: String) -> Bool {
        guard holdsItem(at: path) else { return false }
        let path = Self.normalized(path)
        attributes.withLock { $0[path, default: [:]][name] = attribute }
        return true
    }

    /// Removes an extended attribute of the item at `path`; false when it had none of that name.
    public func removeExtendedAttribute(named name: String, at path: String) -> Bool {
        let path = Self.normalized(path)
        return attributes.withLock { $0[path]?.removeValue(forKey: name) != nil }
    }
}
