import Foundation

/// What the environment says about where rtsh runs.
struct CIEnvironment {
    /// Whether this is a CI run: `CI` is set to something other than empty, `0`, `false`
    /// or `no`, so that a developer's `CI=false` does not count.
    let isCI: Bool
    /// Whether failures should also be printed as GitHub Actions annotations.
    let isGitHubActions: Bool

    init(_ environment: [String: String] = ProcessInfo.processInfo.environment) {
        isCI = Self.isOn(environment["CI"])
        isGitHubActions = Self.isOn(environment["GITHUB_ACTIONS"])
    }

    static func isOn(_ value: String?) -> Bool {
        guard let value = value?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return !["", "0", "false", "no", "off"].contains(value)
    }
}
