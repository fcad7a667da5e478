import Foundation

/// The library versions a source tree's lock files pin: CocoaPods' `Podfile.lock` and
/// Carthage's `Cartfile.resolved` at the top of a directory the tree is loaded from. The
/// model follows a pinned version where a library's behaviour changed between versions
/// (see ``UIKitModel/ModelEnvironment/pinnedVersions``).
enum PinnedVersions {
    /// Each library's version, by name, as its numbers: what the lock files in `directories`
    /// pin, the first directory's winning. A lock file that cannot be read pins nothing.
    static func read(under directories: [String]) -> [String: [Int]] {
        var pinned: [String: [Int]] = [:]
        for directory in directories.reversed() {
            let url = URL(fileURLWithPath: directory)
            if let text = try? String(contentsOf: url.appendingPathComponent("Podfile.lock"), encoding: .utf8) {
                pinned.merge(pods(in: text)) { _, nearer in nearer }
            }
            if let text = try? String(contentsOf: url.appendingPathComponent("Cartfile.resolved"), encoding: .utf8) {
                pinned.merge(carthage(in: text)) { _, nearer in nearer }
            }
        }
        return pinned
    }

    /// The pods of a `Podfile.lock`'s `PODS:` section: `  - OCMockito (1.4.0):` pins
    /// OCMockito at 1.4.0; a subspec (`  - Kiwi/XCTest (2.3.1)`) pins its pod. The lines
    /// indented further list what a pod depends on, not what is installed.
    static func pods(in text: String) -> [String: [Int]] {
        var pinned: [String: [Int]] = [:]
        var inPods = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") {
                inPods = line == "PODS:"
                continue
            }
            guard inPods, line.hasPrefix("  - "), let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")"), open < close else {
                continue
            }
            let name = line[line.index(line.startIndex, offsetBy: 4)..<open].trimmingCharacters(in: .whitespaces)
            let pod = String(name.split(separator: "/").first ?? "")
            if let version = numbers(of: line[line.index(after: open)..<close]), !pod.isEmpty { pinned[pod] = version }
        }
        return pinned
    }

    /// The repositories of a `Cartfile.resolved`: `github "jonreid/OCMockito" "v1.4.0"`
    /// pins OCMockito at 1.4.0.
    static func carthage(in text: String) -> [String: [Int]] {
        var pinned: [String: [Int]] = [:]
        for line in text.split(separator: "\n") {
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
            // github "owner/name" "v1.4.0": the quoted parts are the second and the fourth.
            guard quoted.count >= 4, let name = quoted[1].split(separator: "/").last, let version = numbers(of: quoted[3]) else { continue }
            pinned[String(name)] = version
        }
        return pinned
    }

    /// `1.4.0` (or `v1.4.0`) as `[1, 4, 0]`; nil when it does not start with a number.
    private static func numbers(of version: Substring) -> [Int]? {
        let digits = version.drop { $0 == "v" || $0 == "V" }
        let parts = digits.split(separator: ".").map { Int($0.prefix { $0.isNumber }) }
        guard let first = parts.first, first != nil else { return nil }
        return parts.prefix { $0 != nil }.compactMap { $0 }
    }
}
