import Foundation
import Runtime

/// A file URL's resource values (`-[NSURL resourceValuesForKeys:error:]`,
/// `getResourceValue:forKey:error:`, `setResourceValue:forKey:error:`) and the listings that
/// ask for them (`contentsOfDirectoryAtURL:includingPropertiesForKeys:options:error:`,
/// `enumeratorAtURL:…`, `enumeratorAtPath:`, `subpathsOfDirectoryAtPath:error:`): what a disk
/// cache reads to trim itself by age and size.
///
/// An item in the app's container (``AppContainer``) has the dates the model's clock gave
/// it: made and last changed, each write changing the file and its folder. A file's
/// allocated size is its size rounded up to whole 4 KiB blocks, as APFS allocates. An item
/// outside the container (the tree's files) answers its name, kind and size, and no dates:
/// they would differ from machine to machine. Keys the model does not know are left out
/// of the answer, as Foundation leaves out those a volume does not support.
enum FileResources {
    /// The block files are allocated in.
    static let blockSize = 4096

    /// The extended attribute iOS keeps `NSURLIsExcludedFromBackupKey` in.
    static let backupExclusion = "com.apple.metadata:com_apple_backup_excludeItem"

    /// The directory enumeration options (`NSDirectoryEnumerationOptions`) the model reads.
    static let skipsSubdirectoryDescendants = 1, skipsHiddenFiles = 4

    /// What an item is, read from the container or the disk.
    private struct Item {
        let isDirectory: Bool
        let size: Int?
        let dates: AppContainer.Dates?
    }

    private static func item(at path: String, in container: AppContainer) -> Item? {
        if AppContainer.contains(path) {
            switch container.entry(at: path) {
            case .directory?: return Item(isDirectory: true, size: nil, dates: container.dates(at: path))
            case .file(let bytes)?: return Item(isDirectory: false, size: bytes.count, dates: container.dates(at: path))
            case nil: return nil
            }
        }
        let found = kind(at: path, in: container)
        guard found.exists else { return nil }
        let size = found.isDirectory ? nil : (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        return Item(isDirectory: found.isDirectory, size: size, dates: nil)
    }

    /// Whether anything is at `path`, and whether it is a directory: in the container, or
    /// on the disk for the tree's own files.
    static func kind(at path: String, in container: AppContainer) -> (exists: Bool, isDirectory: Bool) {
        if AppContainer.contains(path) {
            switch container.entry(at: path) {
            case .directory?: return (true, true)
            case .file?: return (true, false)
            case nil: return (false, false)
            }
        }
        var isDirectory: ObjCBool = false
        let found = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        return (found, isDirectory.boolValue)
    }

    /// Whether anything is at `path`.
    static func exists(_ path: String, in container: AppContainer) -> Bool { kind(at: path, in: container).exists }

    /// The resource values of the item at `path` for `keys`; nil when nothing is there.
    static func values(forKeys keys: [String], at path: String, in container: AppContainer, _ m: borrowing Message) throws -> [Value: Value]? {
        guard let item = item(at: path, in: container) else { return nil }
        var values: [Value: Value] = [:]
        for key in keys {
            if let value = try value(forKey: key, of: item, at: path, in: container, m) { values[.string(key)] = value }
        }
        return values
    }

    private static func value(forKey key: String, of item: Item, at path: String, in container: AppContainer, _ m: borrowing Message) throws -> Value? {
        let name = (path as NSString).lastPathComponent
        switch key {
        case "NSURLNameKey", "NSURLLocalizedNameKey": return .string(name)
        case "NSURLPathKey": return .string(path)
        case "NSURLIsDirectoryKey": return .bool(item.isDirectory)
        case "NSURLIsRegularFileKey": return .bool(!item.isDirectory)
        case "NSURLIsSymbolicLinkKey", "NSURLIsPackageKey", "NSURLIsAliasFileKey": return .bool(false)
        case "NSURLIsHiddenKey": return .bool(name.hasPrefix("."))
        case "NSURLIsReadableKey": return .bool(true)
        case "NSURLIsWritableKey": return .bool(AppContainer.contains(path))
        case "NSURLFileResourceTypeKey": return .string(item.isDirectory ? "NSURLFileResourceTypeDirectory" : "NSURLFileResourceTypeRegular")
        case "NSURLFileSizeKey", "NSURLTotalFileSizeKey": return item.size.map(Value.int)
        case "NSURLFileAllocatedSizeKey", "NSURLTotalFileAllocatedSizeKey":
            return item.size.map { .int(($0 + blockSize - 1) / blockSize * blockSize) }
        case "NSURLCreationDateKey": return try item.dates.map { try date($0.created, m) }
        case "NSURLContentModificationDateKey", "NSURLAttributeModificationDateKey", "NSURLContentAccessDateKey":
            return try item.dates.map { try date($0.modified, m) }
        case "NSURLIsExcludedFromBackupKey":
            return AppContainer.contains(path) ? .bool(container.extendedAttribute(named: backupExclusion, at: path) != nil) : nil
        default: return nil
        }
    }

    /// Why a resource value could not be set.
    enum SetFailure: Error {
        case noSuchFile
        case readOnly
    }

    /// Sets the resource value `key` of the item at `path`: its dates, and whether it is
    /// excluded from backup; the others are read-only, as Foundation's are.
    static func set(_ value: Value, forKey key: String, at path: String, in container: AppContainer, _ m: borrowing Message) throws -> SetFailure? {
        guard AppContainer.contains(path), container.holdsItem(at: path) else { return item(at: path, in: container) == nil ? .noSuchFile : .readOnly }
        switch key {
        case "NSURLCreationDateKey":
            guard let seconds = try seconds(of: value, m) else { return .readOnly }
            container.setDates(at: path, created: seconds)
        case "NSURLContentModificationDateKey", "NSURLAttributeModificationDateKey", "NSURLContentAccessDateKey":
            guard let seconds = try seconds(of: value, m) else { return .readOnly }
            container.setDates(at: path, modified: seconds)
        case "NSURLIsExcludedFromBackupKey":
            if value.isTruthy {
                _ = container.setExtendedAttribute(AppContainer.ExtendedAttribute(values: [.string("com.apple.backupd")], size: 17), named: backupExclusion, at: path)
            } else {
                _ = container.removeExtendedAttribute(named: backupExclusion, at: path)
            }
        default:
            return .readOnly
        }
        return nil
    }

    /// The paths under `directory`, relative to it, in sorted order, a directory before
    /// what it holds; `recursive` goes into subdirectories, and hidden items are left out
    /// (with what they hold) when asked.
    static func subpaths(of directory: String, in container: AppContainer, recursive: Bool, skippingHidden: Bool) -> [String] {
        var found: [String] = []
        func walk(_ relative: String) {
            let absolute = relative.isEmpty ? directory : directory + "/" + relative
            for name in names(in: absolute, container) where !(skippingHidden && name.hasPrefix(".")) {
                let path = relative.isEmpty ? name : relative + "/" + name
                found.append(path)
                if recursive, isDirectory(directory + "/" + path, in: container) { walk(path) }
            }
        }
        walk("")
        return found
    }

    private static func names(in directory: String, _ container: AppContainer) -> [String] {
        AppContainer.contains(directory)
            ? container.names(in: directory) : ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// Whether `path` names a directory.
    static func isDirectory(_ path: String, in container: AppContainer) -> Bool { kind(at: path, in: container).isDirectory }

    /// An `NSDate` `seconds` after the reference date.
    static func date(_ seconds: Double, _ m: borrowing Message) throws -> Value {
        try m.make("NSDate", try m.runtime.selector("initWithTimeIntervalSinceReferenceDate:"), Arguments(.double(seconds)))
    }

    /// The seconds since the reference date of `value`, an `NSDate`; nil for anything else.
    static func seconds(of value: Value, _ m: borrowing Message) throws -> Double? {
        guard let object = value.object, let dateClass = m.runtime.class(named: "NSDate"), object.isKind(of: dateClass) else { return nil }
        return try m.send("timeIntervalSinceReferenceDate", to: object).numberValue
    }
}

extension ClassLibrary {
    /// `NSURL`'s resource values (see ``FileResources``), defined once `NSURL` is.
    static func defineURLResourceValues(in runtime: Runtime, container: AppContainer) throws {
        try runtime.extendDefinition(of: try runtime.requireClass(named: "NSURL")) { c in
            @Sendable func ownPath(_ m: borrowing Message) throws -> String {
                guard try m.send("isFileURL", to: m.receiver).isTruthy, let text = try m.send("path", to: m.receiver).text else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "the URL is not a file URL; resource values are a file's")
                }
                return text
            }
            try c.addMethod("resourceValuesForKeys:error:", types: "@@:@^@") { m in
                let target = try ownPath(m), keys = try m.arrayArgument(0).map { try m.text(of: $0) }
                guard let values = try FileResources.values(forKeys: keys, at: target, in: container, m) else {
                    try report(.noSuchFile, path: target, m, errorArgument: 1)
                    return .nil
                }
                return .dictionary(values)
            }
            try c.addMethod("getResourceValue:forKey:error:", types: "B@:^@@^@") { m in
                let target = try ownPath(m), key = try m.stringArgument(1)
                guard let values = try FileResources.values(forKeys: [key], at: target, in: container, m) else {
                    try report(.noSuchFile, path: target, m, errorArgument: 2)
                    return .bool(false)
                }
                // A key the item has no value for gives nil, and YES, as Foundation's does.
                if case .reference(let pointer) = m[0] { pointer.value = values[.string(key)] ?? .nil }
                return .bool(true)
            }
            @Sendable func set(_ value: Value, forKey key: String, _ m: borrowing Message, errorArgument: Int) throws -> Bool {
                let target = try ownPath(m)
                switch try FileResources.set(value, forKey: key, at: target, in: container, m) {
                case nil: return true
                case .noSuchFile?: try report(.noSuchFile, path: target, m, errorArgument: errorArgument)
                case .readOnly?: try report(.noPermission, path: target, m, errorArgument: errorArgument)
                }
                return false
            }
            try c.addMethod("setResourceValue:forKey:error:", types: "B@:@@^@") { m in
                .bool(try set(m[0], forKey: try m.stringArgument(1), m, errorArgument: 2))
            }
            try c.addMethod("setResourceValues:error:", types: "B@:@^@") { m in
                for (key, value) in try m.dictionaryArgument(0).sorted(by: { $0.key.description < $1.key.description }) {
                    guard try set(value, forKey: try m.text(of: key), m, errorArgument: 1) else { return .bool(false) }
                }
                return .bool(true)
            }
            try c.addMethod("checkResourceIsReachableAndReturnError:", types: "B@:^@") { m in
                let target = try ownPath(m)
                guard FileResources.exists(target, in: container) else {
                    try report(.noSuchFile, path: target, m, errorArgument: 0)
                    return .bool(false)
                }
                return .bool(true)
            }
        }
    }
}
