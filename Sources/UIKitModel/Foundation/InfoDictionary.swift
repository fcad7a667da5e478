import Foundation

/// A bundle's information property list as Xcode builds it into the product: the target's
/// `Info.plist` with the build settings its strings name expanded (see ``BuildSettings``),
/// so that `bundleIdentifier`, `CFBundleShortVersionString` or `CFBundleExecutable` read
/// what the app would.
enum InfoDictionary {
    /// The main bundle's list: of the targets' lists under the first of `roots` that holds
    /// any (see ``Resources/infoLists(under:)``), the first that is an application's (package
    /// type `APPL`), else the first. Nil when there is none or it cannot be read.
    static func main(under roots: [String]) -> XMLPropertyList.Node? {
        guard let (root, lists) = Resources.infoLists(under: roots) else { return nil }
        let read = lists.lazy.compactMap { path in list(at: path, under: root) }
        return read.first { $0.string(for: "CFBundlePackageType") == "APPL" } ?? read.first
    }

    /// The list of the bundle at `directory`: its `Info.plist`, or `Contents/Info.plist` as
    /// a macOS bundle keeps it. Nil when it has none.
    static func ofBundle(at directory: String) -> XMLPropertyList.Node? {
        ["Info.plist", "Contents/Info.plist"].lazy.compactMap { name in
            list(at: (directory as NSString).appendingPathComponent(name), under: directory)
        }.first
    }

    /// The dictionary the file at `path` holds, its strings expanded by the settings of
    /// the target it is the list of, from a project no higher than `root`.
    private static func list(at path: String, under root: String) -> XMLPropertyList.Node? {
        guard case .success(let bytes) = FileContents.bytes(at: path), case .dictionary(let entries)? = try? XMLPropertyList.read(bytes) else {
            return nil
        }
        let settings = BuildSettings(forInfoList: path, under: root)
        func expanded(_ node: XMLPropertyList.Node) -> XMLPropertyList.Node {
            switch node {
            case .string(let text): .string(settings.expand(text))
            case .array(let items): .array(items.map(expanded))
            case .dictionary(let entries): .dictionary(entries.map { ($0.key, expanded($0.value)) })
            default: node
            }
        }
        return expanded(.dictionary(entries))
    }
}

extension XMLPropertyList.Node {
    /// The string a dictionary holds under `key`; nil when it holds none, or this is no dictionary.
    func string(for key: String) -> String? {
        guard case .dictionary(let entries) = self, case .string(let text)? = entries.first(where: { $0.key == key })?.value else { return nil }
        return text
    }
}
