import Foundation

/// The Objective-C sources under the paths a command names, and the programs they hold.
///
/// A library's repository often holds several apps besides the library: examples, a demo
/// for each platform, each defining its own `AppDelegate` or `ViewController`. No process
/// ever holds two of them, so rtsh loads each app apart: a tree whose folders define the
/// same class (or protocol) twice is split at the folders where the two definitions part,
/// and each program is those folders' files together with every file outside them (the
/// library the apps share). The split repeats inside a program that still defines a name
/// twice. Two definitions in one folder cannot be parted; loading reports them.
public struct SourceTree: Sendable {
    /// One program of the tree: what a runtime loads at once.
    public struct Program: Sendable, Equatable {
        /// The folder holding the program's own sources, as the paths named it; nil when the
        /// tree is one program.
        public let root: String?
        /// Every source file to load: a directory's sorted, a file named alone in its place
        /// (loading then takes prefix headers, headers, implementations in turn).
        public let files: [String]
        /// The files whose classes and tests this program audits and runs: those no earlier
        /// program holds. The sources the programs share are the first program's.
        public let ownFiles: Set<String>
        /// Where the program's other files are, for its main bundle: its own folder first.
        public let resourceDirectories: [String]

        /// The line its output starts with when a tree holds several: `== Examples/Demo`.
        public var heading: String { "== \(root ?? "the shared sources")" }
    }

    /// What a command running each program apart says first, of the tree under `paths`.
    public func programsNote(named paths: [String]) -> String {
        "note: \(paths.joined(separator: ", ")) holds \(programs.count) programs that define the same classes; "
            + "each is loaded and run in a runtime of its own, with the sources they share"
    }

    /// The source files found, sorted, each file once.
    public let files: [String]
    /// The directories among the paths.
    public let directories: [String]
    /// The programs, in order of their folders: one when no folders define a name twice.
    public let programs: [Program]

    /// Lists the `.pch`, `.h` and `.m` files under `paths` (files named directly are kept as
    /// named) and splits them into programs.
    ///
    /// - Throws: ``ShellError`` when a path does not exist, or a directory holds more than
    ///   `maximumTreeEntries` files and folders.
    public init(_ paths: [String], maximumTreeEntries: Int = 100_000) throws(ShellError) {
        var files: [String] = []
        var directories: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ShellError("cannot load \(path): there is no such file or directory")
            }
            if isDirectory.boolValue {
                directories.append(path)
                files += try Self.sources(under: path, maximumTreeEntries: maximumTreeEntries)
            } else {
                files.append(path)
            }
        }
        self.files = files
        self.directories = directories
        // Two files at least can define a name twice: one alone is not read here.
        var definitions: [String: [String]] = [:]
        if files.count > 1 {
            for file in Set(files) { definitions[file] = Self.definedNames(in: file) }
        }
        // A library's repository holds its test host beside its examples and documentation:
        // the sources they share (the library and its tests) belong to the host, which comes first.
        let split = Self.split(files, root: nil, definitions: definitions).enumerated().sorted { a, b in
            let (aIsExample, bIsExample) = (Self.isExample(a.element.0), Self.isExample(b.element.0))
            return aIsExample != bIsExample ? !aIsExample : a.offset < b.offset
        }.map(\.element)
        var earlier: Set<String> = []
        programs = split.map { root, files in
            let own = Set(files).subtracting(earlier)
            earlier.formUnion(files)
            return Program(root: root, files: files, ownFiles: own, resourceDirectories: (root.map { [$0] } ?? []) + directories)
        }
    }

    // MARK: Listing

    /// Every `.pch`, `.h` and `.m` file under `directory`, sorted. Hidden folders (`.git`,
    /// `.build`) are left out, as they hold tools' copies, never the app's sources; so are
    /// Xcode's file templates (`.xctemplate`), whose placeholders Xcode fills in when it
    /// makes a file from them.
    private static func sources(under directory: String, maximumTreeEntries: Int) throws(ShellError) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        var visited = 0
        while let relative = enumerator.nextObject() as? String {
            visited += 1
            guard visited <= maximumTreeEntries else {
                throw ShellError(
                    "cannot load \(directory): it holds more than \(maximumTreeEntries) files and folders, more than an app's source tree; name the folder that holds the app's .h and .m files")
            }
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name.hasSuffix(".xctemplate") {
                enumerator.skipDescendants()
                continue
            }
            guard Session.sourceKind(of: relative) != nil else { continue }
            found.append((directory as NSString).appendingPathComponent(relative))
        }
        return filesReadOnce(found)
    }

    /// `paths` sorted, with one path for each file: a header that a package's layout links
    /// under `include/` (Swift Package Manager's, CocoaPods') is the file it links to, and
    /// read twice it would declare its classes twice. The file's own path is kept over a
    /// link's; a link to a file outside the paths is dropped, as its file is not the tree's.
    private static func filesReadOnce(_ paths: [String]) -> [String] {
        var kept: [String: String] = [:]
        for path in paths.sorted() {
            let target = linkTarget(of: path)
            let file = target ?? URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            if target != nil, !FileManager.default.fileExists(atPath: file) { continue }
            if let earlier = kept[file], linkTarget(of: earlier) == nil || target != nil { continue }
            kept[file] = path
        }
        return kept.values.sorted()
    }

    /// The file a link at `path` names, resolved: a symbolic link's, or a link that git
    /// checked out as a file holding its target's relative path (where symbolic links are
    /// not kept, `core.symlinks` false). Nil for a file of its own.
    static func linkTarget(of path: String) -> String? {
        let files = FileManager.default
        if (try? files.destinationOfSymbolicLink(atPath: path)) != nil {
            return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        }
        // A link's text is one relative path to a source file, a line of its own and short.
        guard let attributes = try? files.attributesOfItem(atPath: path), let size = attributes[.size] as? Int, size > 0, size < 1024,
              let data = files.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return nil }
        let target = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !target.contains("\n"), !target.hasPrefix("/"), target.contains("/"), Session.sourceKind(of: target) != nil,
              !target.contains(" ") else { return nil }
        let directory = (path as NSString).deletingLastPathComponent
        return URL(fileURLWithPath: (directory as NSString).appendingPathComponent(target)).standardizedFileURL.resolvingSymlinksInPath().path
    }

    // MARK: Splitting

    /// What `file` defines, as keys a second definition would repeat: `@implementation Name`
    /// (not a category's), `@protocol Name {...}` (not a forward declaration). An
    /// `@interface` is not counted: tests declare a library's private class again to call
    /// it (`@interface AFHTTPBodyPart : NSObject` in a test file), which is one program,
    /// while two apps' classes of one name each have an `@implementation`. A file that
    /// cannot be read or lexed defines nothing here; loading reports why.
    private static func definedNames(in file: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: file),
              let tokens = try? Lexer.tokens(of: String(Session.sourceText(data).droppingByteOrderMark), mode: .objectiveC)
        else { return [] }
        var names: [String] = []
        for index in tokens.indices.dropLast(2) {
            guard case .directive(let directive) = tokens[index].kind, let name = tokens[index + 1].identifier else { continue }
            let next = tokens[index + 2]
            switch directive {
            case "implementation" where !next.isSymbol("("):
                names.append("@\(directive) \(name)")
            case "protocol" where !next.isSymbol(";") && !next.isSymbol(","):
                names.append("@protocol \(name)")
            default:
                continue
            }
        }
        return names
    }

    /// `files` as programs, each with the folder of its own sources (`root`, for the whole).
    private static func split(_ files: [String], root: String?, definitions: [String: [String]]) -> [(String?, [String])] {
        var definers: [String: [String]] = [:]
        for file in files {
            for name in definitions[file] ?? [] { definers[name, default: []].append(file) }
        }
        func isInside(_ file: String, _ folder: String) -> Bool { file.hasPrefix(folder + "/") }
        // Where each twice-defined name's folders part: the folders just below the deepest
        // one they share. Definitions in that shared folder itself cannot be set apart.
        var roots: Set<String> = []
        for (name, allDefiners) in definers where allDefiners.count > 1 {
            // A protocol a header defines, which an implementation file defines again, is the
            // file's private copy (a test's, of a library's internal protocol): no file that
            // imports the header could compile beside it, so they part no programs.
            var definingFiles = allDefiners
            if name.hasPrefix("@protocol "), definingFiles.contains(where: { $0.hasSuffix(".h") }) {
                definingFiles.removeAll { $0.hasSuffix(".m") }
                guard definingFiles.count > 1 else { continue }
            }
            let folders = definingFiles.map { ($0 as NSString).deletingLastPathComponent.split(separator: "/", omittingEmptySubsequences: false) }
            let shared = commonPrefix(of: folders)
            let parts = folders.map { $0.prefix(shared + 1).joined(separator: "/") }
            guard Set(parts).count > 1, zip(definingFiles, parts).allSatisfy({ isInside($0, $1) }) else { continue }
            roots.formUnion(parts)
        }
        let outermost = roots.filter { root in !roots.contains { root.hasPrefix($0 + "/") } }.sorted()
        let sharedFiles = files.filter { file in !outermost.contains { isInside(file, $0) } }
        let parts = outermost.map { folder in (folder, (sharedFiles + files.filter { isInside($0, folder) }).sorted()) }
        // Each part leaves out the other parts' folders, so it is smaller than the whole and
        // the splitting ends; the guard keeps that true whatever the paths look like.
        guard parts.count > 1, parts.allSatisfy({ $0.1.count < files.count }) else { return [(root, files)] }
        return parts.flatMap { folder, files in split(files, root: folder, definitions: definitions) }
    }

    /// Whether a program's folder is an example's, a demo's, a sample's or documentation's
    /// (a folder on its path is named so), rather than the program the repository is for.
    private static func isExample(_ root: String?) -> Bool {
        guard let root else { return false }
        let names: Set<String> = ["documentation", "docs", "example", "examples", "demo", "demos", "sample", "samples"]
        return root.split(separator: "/").contains { names.contains($0.lowercased()) }
    }

    /// How many leading path components every one of `paths` has in common.
    private static func commonPrefix(of paths: [[Substring]]) -> Int {
        var count = 0
        while paths.allSatisfy({ $0.count > count && $0[count] == paths[0][count] }) { count += 1 }
        return count
    }
}
