import Foundation
import Runtime

extension ClassLibrary {
    /// `NSFileManager` over the app's container (``AppContainer``), and writing data and
    /// strings to files: what a cache, a logger or a store does with `Documents`, `Caches`
    /// and `tmp`. Paths in the container are kept in memory; others (the tree's files, a
    /// bundle's resources) are read from the disk and cannot be written, as the sandbox
    /// refuses. A failure sets the `NSError **` argument, in `NSCocoaErrorDomain` with
    /// Foundation's code, and answers NO or nil.
    static func defineNSFileManager(in runtime: Runtime, root: Class, container: AppContainer) throws {
        let shared = SharedInstance()
        @Sendable func path(_ m: borrowing Message, _ index: Int) throws -> String {
            switch try FileContents.path(m, index) {
            case .success(let path): return path
            case .failure: throw m.wrongArgument(index, expected: "a file path or a file NSURL")
            }
        }
        /// Runs a change of the container, reporting its failure through `errorIndex`.
        @Sendable func change(_ m: borrowing Message, path: String, errorArgument errorIndex: Int?, _ body: () throws(AppContainer.Failure) -> Void) throws -> Value {
            do {
                try body()
                return .bool(true)
            } catch {
                try report(error, path: path, m, errorArgument: errorIndex)
                return .bool(false)
            }
        }
        @Sendable func exists(_ path: String) -> (exists: Bool, isDirectory: Bool) { FileResources.kind(at: path, in: container) }
        @Sendable func url(_ path: String, _ m: borrowing Message) throws -> Value {
            try m.send("fileURLWithPath:", to: try m.runtime.requireClass(named: "NSURL"), .string(path))
        }
        try runtime.registerLazyClass(named: "NSFileManager", superclass: root) { c in
            try c.addClassMethod("defaultManager", types: "@@:") { m in
                try shared.object { try m.send("new", to: m.receiver).object }.map(Value.object) ?? .nil
            }
            // No file is at a nil path, as Foundation answers.
            try c.addMethod("fileExistsAtPath:", types: "B@:@") { m in .bool(try m.optionalStringArgument(0).map { exists($0).exists } ?? false) }
            try c.addMethod("fileExistsAtPath:isDirectory:", types: "B@:@^B") { m in
                guard let path = try m.optionalStringArgument(0) else { return false }
                let found = exists(path)
                if case .reference(let pointer) = m[1] { pointer.value = .bool(found.isDirectory) }
                return .bool(found.exists)
            }
            try c.addMethod("isReadableFileAtPath:", types: "B@:@") { m in .bool(exists(try m.stringArgument(0)).exists) }
            for name in ["isWritableFileAtPath:", "isDeletableFileAtPath:"] {
                try c.addMethod(name, types: "B@:@") { m in
                    let path = try m.stringArgument(0)
                    return .bool(AppContainer.contains(path) && (name == "isWritableFileAtPath:" || exists(path).exists))
                }
            }
            for (name, types) in [("createDirectoryAtPath:withIntermediateDirectories:attributes:error:", "B@:@B@^@"),
                                  ("createDirectoryAtURL:withIntermediateDirectories:attributes:error:", "B@:@B@^@")] {
                try c.addMethod(name, types: types) { m in
                    let target = try path(m, 0), intermediates = m[1].isTruthy
                    return try change(m, path: target, errorArgument: 3) { () throws(AppContainer.Failure) in
                        try container.createDirectory(at: target, intermediates: intermediates)
                    }
                }
            }
            try c.addMethod("createFileAtPath:contents:attributes:", types: "B@:@@@") { m in
                let target = try m.stringArgument(0), bytes = try m[1] == .nil ? [] : DataBytes.argument(m, 1).map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
                return try change(m, path: target, errorArgument: nil) { () throws(AppContainer.Failure) in try container.write(bytes, to: target) }
            }
            for name in ["removeItemAtPath:error:", "removeItemAtURL:error:"] {
                try c.addMethod(name, types: "B@:@^@") { m in
                    // Nothing to remove is done, as Foundation documents for a nil path or URL.
                    if m[0] == .nil { return .bool(true) }
                    let target = try path(m, 0)
                    return try change(m, path: target, errorArgument: 1) { () throws(AppContainer.Failure) in try container.remove(at: target) }
                }
            }
            for (name, isCopy) in [("copyItemAtPath:toPath:error:", true), ("copyItemAtURL:toURL:error:", true),
                                   ("moveItemAtPath:toPath:error:", false), ("moveItemAtURL:toURL:error:", false)] {
                try c.addMethod(name, types: "B@:@@^@") { m in
                    let source = try path(m, 0), destination = try path(m, 1)
                    // What the container holds, a directory too, goes whole.
                    if container.entry(at: source) != nil {
                        return try change(m, path: destination, errorArgument: 2) { () throws(AppContainer.Failure) in
                            try container.copyItem(at: source, to: destination, moving: !isCopy)
                        }
                    }
                    guard case .success(let bytes) = FileContents.bytes(at: source, in: container) else {
                        try report(.noSuchFile, path: source, m, errorArgument: 2)
                        return .bool(false)
                    }
                    return try change(m, path: destination, errorArgument: 2) { () throws(AppContainer.Failure) in
                        // Foundation neither copies nor moves onto a file that is there.
                        guard container.entry(at: destination) == nil else { throw .fileExists }
                        try container.write(bytes, to: destination)
                        if !isCopy { try container.remove(at: source) }
                    }
                }
            }
            try c.addMethod("contentsOfDirectoryAtPath:error:", types: "@@:@^@") { m in
                let directory = try m.stringArgument(0)
                guard exists(directory).isDirectory else {
                    try report(.noSuchFile, path: directory, m, errorArgument: 1)
                    return .nil
                }
                let names = AppContainer.contains(directory)
                    ? container.names(in: directory) : ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
                return .array(names.map(Value.string))
            }
            try c.addMethod("contentsAtPath:", types: "@@:@") { m in
                guard case .success(let bytes) = FileContents.bytes(at: try m.stringArgument(0), in: container) else { return .nil }
                return try m.make("NSData", try m.runtime.selector("_initWithBytes:"), Arguments(.array(bytes.map { .int(Int($0)) })))
            }
            try c.addMethod("attributesOfItemAtPath:error:", types: "@@:@^@") { m in
                let target = try m.stringArgument(0)
                let found = exists(target)
                guard found.exists else {
                    try report(.noSuchFile, path: target, m, errorArgument: 1)
                    return .nil
                }
                let size = found.isDirectory ? 0 : (try? FileContents.bytes(at: target, in: container).get().count) ?? 0
                var attributes: [Value: Value] = [.string("NSFileSize"): .int(size), .string("NSFileType"): .string(found.isDirectory ? "NSFileTypeDirectory" : "NSFileTypeRegular")]
                // The dates of what the app wrote (see ``FileResources``); none for the tree's files.
                if AppContainer.contains(target), let dates = container.dates(at: target) {
                    attributes[.string("NSFileCreationDate")] = try FileResources.date(dates.created, m)
                    attributes[.string("NSFileModificationDate")] = try FileResources.date(dates.modified, m)
                }
                return .dictionary(attributes)
            }
            // The dates set are kept (a cache marks what it read by its modification date);
            // the other attributes (protection) are not. The item must be there.
            try c.addMethod("setAttributes:ofItemAtPath:error:", types: "B@:@@^@") { m in
                let target = try m.stringArgument(1)
                guard exists(target).exists else {
                    try report(.noSuchFile, path: target, m, errorArgument: 2)
                    return .bool(false)
                }
                let attributes = try m.dictionaryArgument(0)
                container.setDates(
                    at: target, created: try attributes[.string("NSFileCreationDate")].flatMap { try FileResources.seconds(of: $0, m) },
                    modified: try attributes[.string("NSFileModificationDate")].flatMap { try FileResources.seconds(of: $0, m) })
                return .bool(true)
            }
            try c.addMethod("contentsOfDirectoryAtURL:includingPropertiesForKeys:options:error:", types: "@@:@@Q^@") { m in
                let directory = try path(m, 0)
                guard FileResources.isDirectory(directory, in: container) else {
                    try report(.noSuchFile, path: directory, m, errorArgument: 3)
                    return .nil
                }
                let options = try m.integerArgument(2)
                let names = FileResources.subpaths(of: directory, in: container, recursive: false, skippingHidden: options & FileResources.skipsHiddenFiles != 0)
                return .array(try names.map { try url(directory + "/" + $0, m) })
            }
            // Every item under the directory, a directory before what it holds, in sorted
            // order; an enumerator of nothing when the directory is not there.
            try c.addMethod("enumeratorAtURL:includingPropertiesForKeys:options:errorHandler:", types: "@@:@@Q@?") { m in
                let directory = try path(m, 0), options = try m.integerArgument(2)
                let paths = FileResources.subpaths(
                    of: directory, in: container, recursive: options & FileResources.skipsSubdirectoryDescendants == 0,
                    skippingHidden: options & FileResources.skipsHiddenFiles != 0)
                return try enumerator(over: try paths.map { try url(directory + "/" + $0, m) }, m)
            }
            try c.addMethod("enumeratorAtPath:", types: "@@:@") { m in
                let directory = try m.stringArgument(0)
                guard FileResources.isDirectory(directory, in: container) else { return .nil }
                return try enumerator(over: FileResources.subpaths(of: directory, in: container, recursive: true, skippingHidden: false).map(Value.string), m)
            }
            for (name, types) in [("subpathsOfDirectoryAtPath:error:", "@@:@^@"), ("subpathsAtPath:", "@@:@")] {
                try c.addMethod(name, types: types) { m in
                    let directory = try m.stringArgument(0)
                    guard FileResources.isDirectory(directory, in: container) else {
                        try report(.noSuchFile, path: directory, m, errorArgument: name.hasSuffix("error:") ? 1 : nil)
                        return .nil
                    }
                    return .array(FileResources.subpaths(of: directory, in: container, recursive: true, skippingHidden: false).map(Value.string))
                }
            }
            try c.addMethod("URLsForDirectory:inDomains:", types: "@@:QQ") { m in
                guard try m.integerArgument(1) & 1 != 0, let directory = appDirectories[try m.integerArgument(0)] else {
                    return .array([])
                }
                return .array([try url(AppContainer.home + directory, m)])
            }
            // The one directory of the app's domain (any domain asked is the app's), made first
            // when `create` says so; a directory an app has none of is an error (Cocoa's 4).
            try c.addMethod("URLForDirectory:inDomain:appropriateForURL:create:error:", types: "@@:QQ@B^@") { m in
                guard let directory = appDirectories[try m.integerArgument(0)] else {
                    if case .reference(let pointer) = m[4] {
                        let info: [Value: Value] = [.string("NSLocalizedDescription"): .string("The requested directory could not be found.")]
                        pointer.value = try m.send(
                            "errorWithDomain:code:userInfo:", to: m.runtime.requireClass(named: "NSError"), .string("NSCocoaErrorDomain"), .int(4), .dictionary(info))
                    }
                    return .nil
                }
                let target = AppContainer.home + directory
                if m[3].isTruthy {
                    do throws(AppContainer.Failure) { try container.createDirectory(at: target, intermediates: true) } catch {
                        try report(error, path: target, m, errorArgument: 4)
                        return .nil
                    }
                }
                return try url(target, m)
            }
            try c.addMethod("temporaryDirectory", types: "@@:") { m in try url(AppContainer.home + "/tmp", m) }
            // A group the app shares with its extensions: its container, as a simulator gives one.
            try c.addMethod("containerURLForSecurityApplicationGroupIdentifier:", types: "@@:@") { m in
                let identifier = try m.stringArgument(0)
                guard !identifier.isEmpty, !identifier.contains("/") else { return .nil }
                guard let path = try? container.groupContainer(for: identifier) else { return .nil }
                return try url(path, m)
            }
        }
        // Writing data and text: only into the container.
        try runtime.extendDefinition(of: try runtime.requireClass(named: "NSData")) { c in
            for (name, types, errorIndex) in [("writeToFile:atomically:", "B@:@B", nil), ("writeToURL:atomically:", "B@:@B", nil),
                                              ("writeToFile:options:error:", "B@:@Q^@", 2), ("writeToURL:options:error:", "B@:@Q^@", 2)] as [(String, String, Int?)] {
                try c.addMethod(name, types: types) { m in
                    let target = try path(m, 0), bytes = try m.ivar("_bytes").arrayElements.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
                    // NSDataWritingWithoutOverwriting (2) refuses a file that is there.
                    let options = name.contains("options") ? try m.integerArgument(1) : 0
                    let keepsExisting = options & 2 != 0
                    return try change(m, path: target, errorArgument: errorIndex) { () throws(AppContainer.Failure) in
                        if keepsExisting, container.entry(at: target) != nil { throw .fileExists }
                        try container.write(bytes, to: target)
                    }
                }
            }
        }
        try runtime.extendDefinition(of: try runtime.requireClass(named: "NSString")) { c in
            for name in ["writeToFile:atomically:encoding:error:", "writeToURL:atomically:encoding:error:"] {
                try c.addMethod(name, types: "B@:@BQ^@") { m in
                    let target = try path(m, 0)
                    let data = try m.send("dataUsingEncoding:", to: m.receiver, m[2])
                    guard data != .nil, let bytes = try DataBytes.of(data, m) else {
                        try FileContents.report(.inapplicableEncoding, path: target, m, errorArgument: 3)
                        return .bool(false)
                    }
                    let plain = bytes.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
                    return try change(m, path: target, errorArgument: 3) { () throws(AppContainer.Failure) in try container.write(plain, to: target) }
                }
            }
        }
    }

    /// Sets the `NSError **` argument `errorIndex` (when there is one and it is not NULL) to
    /// the error Foundation gives for `failure` at `path`.
    /// The directories of an app's container by `NSSearchPathDirectory`: Library,
    /// Documents, Caches and Application Support.
    static let appDirectories = [5: "/Library", 9: "/Documents", 13: "/Library/Caches", 14: "/Library/Application Support"]

    static func report(_ failure: AppContainer.Failure, path: String, _ m: borrowing Message, errorArgument errorIndex: Int?) throws {
        guard let errorIndex, case .reference(let pointer) = m[errorIndex] else { return }
        let info: [Value: Value] = [.string("NSLocalizedDescription"): .string(failure.sentence(path: path)), .string("NSFilePath"): .string(path)]
        pointer.value = try m.send(
            "errorWithDomain:code:userInfo:", to: m.runtime.requireClass(named: "NSError"), .string("NSCocoaErrorDomain"), .int(failure.rawValue), .dictionary(info))
    }
}
