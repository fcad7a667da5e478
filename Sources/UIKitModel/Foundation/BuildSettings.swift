import Foundation

/// The build settings Xcode expands in a target's `Info.plist` when it copies the list into
/// the product (`$(PRODUCT_BUNDLE_IDENTIFIER)`, `${EXECUTABLE_NAME}`,
/// `$(PRODUCT_NAME:rfc1034identifier)`), read from the Xcode project that builds the list.
///
/// The target is the one whose `INFOPLIST_FILE` is the list, in the first project
/// (`NAME.xcodeproj/project.pbxproj`) found in the list's folder or a folder above it; its
/// Debug configuration's settings over the project's. Xcode's derived settings fill in what
/// neither sets (`PRODUCT_NAME` is the target's name, `EXECUTABLE_NAME` and
/// `PRODUCT_MODULE_NAME` follow from it, `DEVELOPMENT_LANGUAGE` is the project's region).
/// Without such a project the target's name is the list's (`Name-Info.plist`) or its
/// folder's. A setting set nowhere (one an `.xcconfig` file sets, which is not read) expands
/// to nothing, as Xcode expands an undefined one.
struct BuildSettings {
    /// The settings by name, unexpanded.
    private(set) var values: [String: String]

    /// The settings that apply to the list at `path`, from a project in its folder or one
    /// above it, no higher than `root`.
    init(forInfoList path: String, under root: String) {
        let list = (path as NSString).standardizingPath
        let folder = (list as NSString).deletingLastPathComponent
        let file = (list as NSString).lastPathComponent
        let name = file.hasSuffix("-Info.plist") ? String(file.dropLast("-Info.plist".count)) : (folder as NSString).lastPathComponent
        values = Self.derived(targetName: name)
        for directory in Self.folders(from: folder, upTo: (root as NSString).standardizingPath) {
            let projects = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".xcodeproj") }.sorted()
            for project in projects {
                let file = (directory as NSString).appendingPathComponent(project + "/project.pbxproj")
                if let settings = Self.settings(of: list, inProject: file, directory: directory, name: String(project.dropLast(".xcodeproj".count))) {
                    values.merge(settings) { _, set in set }
                    return
                }
            }
        }
    }

    /// The settings Xcode derives from a target's name when nothing sets them.
    private static func derived(targetName: String) -> [String: String] {
        [
            "TARGET_NAME": targetName, "PRODUCT_NAME": "$(TARGET_NAME)", "EXECUTABLE_NAME": "$(PRODUCT_NAME)",
            "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)", "DEVELOPMENT_LANGUAGE": "en",
            "PRODUCT_BUNDLE_PACKAGE_TYPE": "APPL",
        ]
    }

    /// `folder` and the folders above it up to `root` (only `folder` when it is not under `root`).
    private static func folders(from folder: String, upTo root: String) -> [String] {
        var found = [folder]
        var current = folder
        while current != root, current.hasPrefix(root + "/") {
            current = (current as NSString).deletingLastPathComponent
            found.append(current)
        }
        return found
    }

    /// The settings of the target of the project at `file` whose `INFOPLIST_FILE` is
    /// `list`, with those Xcode derives for it; nil when no target's is.
    private static func settings(of list: String, inProject file: String, directory: String, name: String) -> [String: String]? {
        guard let data = FileManager.default.contents(atPath: file),
              let root = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let objects = root["objects"] as? [String: [String: Any]],
              let project = (root["rootObject"] as? String).flatMap({ objects[$0] }) else { return nil }
        /// A configuration list's configuration named `wanted` (Debug), else its first, as settings.
        func configuration(_ listID: Any?, named wanted: String?) -> (name: String, settings: [String: String])? {
            guard let id = listID as? String, let ids = objects[id]?["buildConfigurations"] as? [String] else { return nil }
            let configurations = ids.compactMap { objects[$0] }
            guard let chosen = configurations.first(where: { $0["name"] as? String == wanted ?? "Debug" }) ?? configurations.first else { return nil }
            let settings = (chosen["buildSettings"] as? [String: Any] ?? [:]).mapValues { value in
                (value as? [Any])?.map { "\($0)" }.joined(separator: " ") ?? "\(value)"
            }
            return (chosen["name"] as? String ?? "", settings)
        }
        let projectSettings = configuration(project["buildConfigurationList"], named: nil)
        let place = ["SRCROOT": directory, "PROJECT_DIR": directory, "SOURCE_ROOT": directory, "PROJECT_NAME": name]
        for targetID in project["targets"] as? [String] ?? [] {
            guard let target = objects[targetID], let targetName = target["name"] as? String,
                  var own = configuration(target["buildConfigurationList"], named: projectSettings?.name)?.settings else { continue }
            var settings = derived(targetName: targetName).merging(place) { _, set in set }
            settings["DEVELOPMENT_LANGUAGE"] = project["developmentRegion"] as? String ?? "en"
            settings["PRODUCT_BUNDLE_PACKAGE_TYPE"] = packageType(of: target["productType"] as? String)
            settings.merge(projectSettings?.settings ?? [:]) { _, set in set }
            // `$(inherited)` in a target's setting is the project's value.
            for (key, value) in own where value.contains("$(inherited)") {
                own[key] = value.replacingOccurrences(of: "$(inherited)", with: settings[key] ?? "")
            }
            settings.merge(own) { _, set in set }
            let expanded = BuildSettings(values: settings)
            guard let named = settings["INFOPLIST_FILE"], !named.isEmpty else { continue }
            var path = expanded.expand(named)
            if !path.hasPrefix("/") { path = (directory as NSString).appendingPathComponent(path) }
            if (path as NSString).standardizingPath == list { return settings }
        }
        return nil
    }

    /// The package type (`CFBundlePackageType`) of a target's product.
    private static func packageType(of productType: String?) -> String {
        guard let productType else { return "APPL" }
        if productType.contains("framework") { return "FMWK" }
        if productType.contains("bundle") { return "BNDL" }
        if productType.contains("app-extension") || productType.hasSuffix("extensionkit-extension") { return "XPC!" }
        return "APPL"
    }

    private init(values: [String: String]) {
        self.values = values
    }

    /// `text` with every `$(NAME)` and `${NAME}` replaced by its setting's value, itself
    /// expanded, and modified as a `:modifier` after the name asks (`rfc1034identifier`,
    /// `identifier`, `c99extidentifier`, `lower`, `upper`, `default=value`).
    func expand(_ text: String) -> String {
        expand(text, depth: 0)
    }

    private func expand(_ text: String, depth: Int) -> String {
        // Settings that refer to each other in a cycle stop expanding rather than loop.
        guard depth < 16, text.contains("$") else { return text }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let opening = rest.index(after: dollar)
            guard opening < rest.endIndex, rest[opening] == "(" || rest[opening] == "{",
                  let closing = rest[opening...].firstIndex(of: rest[opening] == "(" ? ")" : "}") else {
                result.append("$")
                rest = rest[opening...]
                continue
            }
            let reference = rest[rest.index(after: opening)..<closing].split(separator: ":", omittingEmptySubsequences: false)
            var value = expand(values[String(reference[0])] ?? "", depth: depth + 1)
            for modifier in reference.dropFirst() { value = Self.modify(value, by: modifier) }
            result += value
            rest = rest[rest.index(after: closing)...]
        }
        return result + rest
    }

    private static func modify(_ value: String, by modifier: Substring) -> String {
        switch modifier {
        case "rfc1034identifier":
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
        case "identifier", "c99extidentifier":
            let replaced = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
            return replaced.first?.isNumber == true ? "_" + replaced : replaced
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        default:
            if modifier.hasPrefix("default="), value.isEmpty { return String(modifier.dropFirst("default=".count)) }
            return value
        }
    }
}
