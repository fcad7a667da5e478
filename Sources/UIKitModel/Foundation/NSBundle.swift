import Foundation
import Runtime
import Synchronization

extension ClassLibrary {
    /// The most files a resource search looks at, so a huge resource directory cannot stall a lookup.
    static let maximumResourceFiles = 10_000

    /// `NSBundle`: the main bundle, one per runtime, whose resources are the files under
    /// the environment's resource directories (``ModelEnvironment/resourceDirectories``): a
    /// resource is found at the top of one or, as Xcode flattens a project's folders into the
    /// bundle, anywhere below it (the first in path order), the directories searched in
    /// order. Nil when there is no such file or no resource directory. `bundleForClass:`
    /// answers the main bundle, so a test's fixtures are found beside its sources. Its info
    /// dictionary is the app's `Info.plist` with its build settings expanded, as Xcode
    /// builds it (see ``InfoDictionary``); a bundle at a path has its own. A localized string is the development
    /// language's: the table's entry (`Localizable.strings` unless named) in `en.lproj`,
    /// else `Base.lproj`, else anywhere in the bundle; without one, the value given, or the key.
    ///
    /// `bundleWithPath:` answers a bundle whose resources are the files under that
    /// directory; a `.bundle` directory not at that path is found by its name anywhere
    /// under the resource directories, as Xcode copies it to the top of the app's bundle.
    static func defineNSBundle(in runtime: Runtime, root: Class, environment: ModelEnvironment) throws {
        let shared = SharedInstance()
        let initialize = try runtime.selector("init"), pathForResource = try runtime.selector("pathForResource:ofType:inDirectory:")
        let infoDictionary = try runtime.selector("infoDictionary"), mainBundle = try runtime.selector("mainBundle")
        let fileURL = try runtime.selector("fileURLWithPath:")
        // Each strings file read once, by path; and each table's file found once, by the
        // table and the directories searched (a search walks the tree).
        let tables = Mutex<[String: [String: String]]>([:])
        let tablePaths = Mutex<[[String]: String?]>([:])
        let bundles = Mutex<[String: Object]>([:])
        try runtime.registerLazyClass(named: "NSBundle", superclass: root) { c in
            try c.addClassMethod("mainBundle", types: "@@:") { m in
                try shared.object { try m.allocInit(initialize).object }.map(Value.object) ?? .nil
            }
            try c.addClassMethod("bundleForClass:", types: "@@:#") { m in
                _ = try m.classArgument(0)
                return try m.send(mainBundle, to: m.receiver)
            }
            // Read once a bundle: the main bundle's is the app's, a bundle at a path its own.
            try c.addIvar("_infoDictionary", type: .object(className: "NSDictionary"))
            try c.addMethod("infoDictionary", types: "@@:") { m in
                let kept = try m.ivar("_infoDictionary")
                if kept != .nil { return kept }
                let list = if case .string(let path) = try m.ivar("_path") {
                    InfoDictionary.ofBundle(at: path)
                } else {
                    InfoDictionary.main(under: environment.resourceDirectories)
                }
                let read = try list.map { try value(of: $0, mutable: false, m) } ?? .dictionary([:])
                try m.runtime.setIvar("_infoDictionary", of: m.receiver, to: read)
                return read
            }
            try c.addMethod("localizedInfoDictionary", types: "@@:") { m in try m.send(infoDictionary, to: m.receiver) }
            try c.addMethod("objectForInfoDictionaryKey:", types: "@@:@") { m in
                try m.send(infoDictionary, to: m.receiver).dictionaryEntries?[.string(try m.stringArgument(0))] ?? .nil
            }
            try c.addMethod("bundleIdentifier", types: "@@:") { m in
                try m.send(infoDictionary, to: m.receiver).dictionaryEntries?[.string("CFBundleIdentifier")] ?? .nil
            }
            try c.addMethod("initWithPath:", types: "@@:@") { m in
                guard let given = try m.optionalStringArgument(0), let path = Resources.bundleDirectory(given, under: environment.resourceDirectories) else {
                    return .nil
                }
                // One bundle a directory, as Foundation keeps them: the same path answers the same object.
                if let kept = bundles.withLock({ $0[path] }) { return .object(kept) }
                let made = try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_path", of: this, to: .string(path)) }
                guard let made = made.object else { return .nil }
                return .object(bundles.withLock { kept in
                    if let earlier = kept[path] { return earlier }
                    kept[path] = made
                    return made
                })
            }
            try c.addClassMethod("bundleWithPath:", types: "@@:@") { m in try m.allocInit(try m.runtime.selector("initWithPath:"), Arguments(m[0])) }
            try c.addClassMethod("bundleWithURL:", types: "@@:@") { m in
                guard let url = try m.objectArgument(0) else { return .nil }
                return try m.allocInit(try m.runtime.selector("initWithPath:"), Arguments(try m.send(try m.runtime.selector("path"), to: url)))
            }
            try c.addIvar("_path", type: .object(className: "NSString"))
            @Sendable func roots(_ m: borrowing Message) throws -> [String] {
                if case .string(let path) = try m.ivar("_path") { return [path] }
                return environment.resourceDirectories
            }
            for name in ["bundlePath", "resourcePath"] {
                try c.addMethod(name, types: "@@:") { m in try roots(m).first.map(Value.string) ?? .nil }
            }
            for name in ["bundleURL", "resourceURL"] {
                try c.addMethod(name, types: "@@:") { m in
                    guard let path = try roots(m).first else { return .nil }
                    return try m.send(fileURL, to: m.runtime.requireClass(named: "NSURL"), Arguments(.string(path)))
                }
            }
            // The app is the one bundle loaded: no frameworks, as a statically linked app has none.
            try c.addClassMethod("allBundles", types: "@@:") { m in .array([try m.send(mainBundle, to: m.receiver)]) }
            try c.addClassMethod("allFrameworks", types: "@@:") { _ in .array([]) }
            // The model's one bundle stands for the app and its test bundle alike (as
            // `bundleForClass:` answers), so an identifier of the app's finds it; Apple's
            // frameworks (`com.apple.…`) are not bundles here.
            try c.addClassMethod("bundleWithIdentifier:", types: "@@:@") { m in
                guard let identifier = try m.optionalStringArgument(0), !identifier.isEmpty, !identifier.hasPrefix("com.apple.") else { return .nil }
                return try m.send(mainBundle, to: m.receiver)
            }
            try c.addMethod("isLoaded", types: "B@:") { _ in .bool(true) }
            try c.addMethod("load", types: "B@:") { _ in .bool(true) }
            // Every file of the type, in `directory` or anywhere in the bundle, in path order.
            @Sendable func paths(_ m: borrowing Message, type: String?, in directory: String?) throws -> [String] {
                let wanted = type.flatMap { $0.isEmpty ? nil : ($0.hasPrefix(".") ? String($0.dropFirst()) : $0) }
                return try roots(m).flatMap { root -> [String] in
                    let base = directory.map { (root as NSString).appendingPathComponent($0) } ?? root
                    let relatives = directory != nil ? ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).sorted() : Resources.files(under: base)
                    return relatives.filter { wanted == nil || ($0 as NSString).pathExtension == wanted }.map { (base as NSString).appendingPathComponent($0) }
                }
            }
            // The names of the `.lproj` directories the bundle's files are in, sorted.
            @Sendable func localizations(_ m: borrowing Message) throws -> [String] {
                var names: Set<String> = []
                for root in try roots(m) {
                    for file in Resources.files(under: root) {
                        for component in (file as NSString).pathComponents where component.hasSuffix(".lproj") {
                            names.insert(String(component.dropLast(".lproj".count)))
                        }
                    }
                }
                return names.sorted()
            }
            @Sendable func developmentLocalization(_ m: borrowing Message) throws -> String {
                try m.send(infoDictionary, to: m.receiver).dictionaryEntries?[.string("CFBundleDevelopmentRegion")]?.stringValue ?? "en"
            }
            try c.addMethod("localizations", types: "@@:") { m in .array(try localizations(m).map(Value.string)) }
            try c.addMethod("developmentLocalization", types: "@@:") { m in .string(try developmentLocalization(m)) }
            // The user's language is the model's, English: the bundle's English localization,
            // else its Base one, else the development localization.
            try c.addMethod("preferredLocalizations", types: "@@:") { m in
                let available = try localizations(m)
                let english = available.first { $0 == "en" } ?? available.first { $0.hasPrefix("en-") || $0.hasPrefix("en_") }
                return .array([.string(try english ?? (available.contains("Base") ? "Base" : developmentLocalization(m)))])
            }
            try c.addMethod("pathsForResourcesOfType:inDirectory:", types: "@@:@@") { m in
                .array(try paths(m, type: try m.optionalStringArgument(0), in: try m.optionalStringArgument(1)).map(Value.string))
            }
            try c.addMethod("URLsForResourcesWithExtension:subdirectory:", types: "@@:@@") { m in
                let cls = try m.runtime.requireClass(named: "NSURL")
                return .array(try paths(m, type: try m.optionalStringArgument(0), in: try m.optionalStringArgument(1)).map {
                    try m.send(fileURL, to: cls, Arguments(.string($0)))
                })
            }
            try c.addMethod("pathForResource:ofType:", types: "@@:@@") { m in
                try m.send(pathForResource, to: m.receiver, Arguments([m[0], m[1], .nil]))
            }
            try c.addMethod("pathForResource:ofType:inDirectory:", types: "@@:@@@") { m in
                let name = try m.optionalStringArgument(0), type = try m.optionalStringArgument(1), directory = try m.optionalStringArgument(2)
                return Resources.find(name: name, type: type, in: directory, under: try roots(m)).map(Value.string) ?? .nil
            }
            for (selector, types) in [("URLForResource:withExtension:", "@@:@@"), ("URLForResource:withExtension:subdirectory:", "@@:@@@")] {
                try c.addMethod(selector, types: types) { m in
                    let name = try m.optionalStringArgument(0), type = try m.optionalStringArgument(1)
                    let directory = m.arguments.count > 2 ? try m.optionalStringArgument(2) : nil
                    guard let path = Resources.find(name: name, type: type, in: directory, under: try roots(m)) else { return .nil }
                    return try m.send(fileURL, to: m.runtime.requireClass(named: "NSURL"), Arguments(.string(path)))
                }
            }
            // A xib's top-level objects, as `UINib` makes them.
            try c.addMethod("loadNibNamed:owner:options:", types: "@@:@@@") { m in
                let nib = try m.send(m.runtime.selector("nibWithNibName:bundle:"), to: try m.runtime.requireClass(named: "UINib"), Arguments(m[0], .object(m.receiver)))
                return try m.send(m.runtime.selector("instantiateWithOwner:options:"), to: nib.object, Arguments(m[1], m[2]))
            }
            // Without an entry, the value given, else the key, as Foundation answers a missing entry.
            try c.addMethod("localizedStringForKey:value:table:", types: "@@:@@@") { m in
                let key = try m.optionalStringArgument(0) ?? "", value = try m.optionalStringArgument(1)
                let table = try m.optionalStringArgument(2).flatMap { $0.isEmpty ? nil : $0 } ?? "Localizable", searched = try roots(m)
                let query = searched + [table]
                let path = tablePaths.withLock { $0[query] } ?? {
                    let found = ["en.lproj", "Base.lproj", nil].lazy.compactMap { Resources.find(name: table, type: "strings", in: $0, under: searched) }.first
                    tablePaths.withLock { $0[query] = found }
                    return found
                }()
                if let path {
                    let entries = tables.withLock { known in
                        if let read = known[path] { return read }
                        guard case .success(let bytes) = FileContents.bytes(at: path) else { return [:] }
                        let read = StringsTable.entries(of: bytes)
                        known[path] = read
                        return read
                    }
                    if let found = entries[key] { return .string(found) }
                }
                return .string(value.flatMap { $0.isEmpty ? nil : $0 } ?? key)
            }
        }
    }
}

/// Finding resource files.
enum Resources {
    /// The directory a bundle at `path` has: the path itself when it is a directory, else
    /// a `.bundle` directory of its name under the first of `roots` that holds one; nil
    /// when there is none. A directory inside a `.bundle` (`…/DateTools.bundle/ja.lproj`,
    /// a path made from the main bundle's, where Xcode copies the bundle) is found inside
    /// the `.bundle` found so.
    static func bundleDirectory(_ path: String, under roots: [String]) -> String? {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return path }
        let components = (path as NSString).pathComponents
        if let last = components.lastIndex(where: { $0.hasSuffix(".bundle") }), last < components.count - 1 {
            guard let bundle = bundleDirectory(NSString.path(withComponents: Array(components[...last])), under: roots) else { return nil }
            let inner = (bundle as NSString).appendingPathComponent(NSString.path(withComponents: Array(components[(last + 1)...])))
            return files.fileExists(atPath: inner, isDirectory: &isDirectory) && isDirectory.boolValue ? inner : nil
        }
        let name = (path as NSString).lastPathComponent
        guard name.hasSuffix(".bundle") else { return nil }
        for root in roots {
            guard let walk = files.enumerator(atPath: root) else { continue }
            var seen = 0
            while let next = walk.nextObject() as? String, seen < ClassLibrary.maximumResourceFiles {
                seen += 1
                guard (next as NSString).lastPathComponent == name else { continue }
                let found = (root as NSString).appendingPathComponent(next)
                if files.fileExists(atPath: found, isDirectory: &isDirectory), isDirectory.boolValue { return found }
            }
        }
        return nil
    }

    /// The path of the file `name.type` (or `name` when there is no type; the first file of
    /// the type when there is no name) in `directory` under the first of `roots` that has
    /// one, or anywhere under it when no directory is named.
    static func find(name: String?, type: String?, in directory: String?, under roots: [String]) -> String? {
        roots.lazy.compactMap { find(name: name, type: type, in: directory, under: $0) }.first
    }

    private static func find(name: String?, type: String?, in directory: String?, under root: String) -> String? {
        guard name != nil || type != nil else { return nil }
        let fileType = type.flatMap { $0.isEmpty ? nil : ($0.hasPrefix(".") ? String($0.dropFirst()) : $0) }
        func matches(_ file: String) -> Bool {
            switch (name, fileType) {
            case (let name?, let type?): return file == "\(name).\(type)"
            case (let name?, nil): return file == name
            case (nil, let type?): return file.hasSuffix(".\(type)")
            case (nil, nil): return false
            }
        }
        let base = directory.map { (root as NSString).appendingPathComponent($0) } ?? root
        let files = FileManager.default
        // A directory is a resource too, as a folder reference or a resource bundle
        // (`MyLib.bundle`) is copied whole into an app.
        if let name {
            let direct = (base as NSString).appendingPathComponent(fileType.map { "\(name).\($0)" } ?? name)
            if files.fileExists(atPath: direct) { return direct }
        }
        // Named directory: only its own files; otherwise every file below, in path order.
        let candidates: [String]
        if directory != nil {
            candidates = ((try? files.contentsOfDirectory(atPath: base)) ?? []).sorted()
        } else {
            candidates = self.files(under: base)
        }
        // Below the root, as a bundle searches: a resource no localization holds, then the
        // development language's (`en.lproj`, wherever the tree keeps its `.lproj` folders,
        // which the app's bundle has flat), then `Base.lproj`'s, then any other's.
        let found = candidates.filter { matches(($0 as NSString).lastPathComponent) }
        let ranked = directory != nil ? found : found.enumerated().sorted { ($0.element.localizationRank, $0.offset) < ($1.element.localizationRank, $1.offset) }.map(\.element)
        for relative in ranked {
            let path = (base as NSString).appendingPathComponent(relative)
            if files.fileExists(atPath: path) { return path }
        }
        return nil
    }

    /// The extensions of folders that are bundles or catalogs, not a target's sources.
    private static let bundleExtensions: Set = ["bundle", "docc", "xcassets", "framework", "app", "appex", "xctest", "playground", "xcodeproj", "xcworkspace"]

    /// The targets' information property lists under the first of `roots` that holds
    /// any, and that root: every `Info.plist`, then every `NAME-Info.plist` (as Xcode named a
    /// target's before Xcode 5), each in path order. A list inside a bundle's or a catalog's
    /// folder (`samples.bundle`, `Docs.docc`) is not a target's.
    static func infoLists(under roots: [String]) -> (root: String, lists: [String])? {
        for root in roots {
            let lists = files(under: root).filter { relative in
                relative.hasSuffix("Info.plist") && !relative.split(separator: "/").dropLast().contains { folder in
                    bundleExtensions.contains((String(folder) as NSString).pathExtension)
                }
            }.map { root + "/" + $0 }
            let named = lists.filter { $0.hasSuffix("/Info.plist") } + lists.filter { $0.hasSuffix("-Info.plist") }
            if !named.isEmpty { return (root, named) }
        }
        return nil
    }

    /// The relative paths of every file and directory under `root`, in path order (as many
    /// as ``ClassLibrary/maximumResourceFiles``).
    static func files(under root: String) -> [String] {
        var found: [String] = []
        if let walk = FileManager.default.enumerator(atPath: root) {
            while let next = walk.nextObject() as? String, found.count < ClassLibrary.maximumResourceFiles { found.append(next) }
        }
        return found.sorted()
    }
}

private extension String {
    /// Where a resource at this relative path comes in a bundle's search: 0 outside any
    /// `.lproj` folder, 1 in `en.lproj`, 2 in `Base.lproj`, 3 in another localization's.
    var localizationRank: Int {
        let folders = split(separator: "/").dropLast().filter { $0.hasSuffix(".lproj") }
        guard let folder = folders.last else { return 0 }
        return folder == "en.lproj" ? 1 : folder == "Base.lproj" ? 2 : 3
    }
}
