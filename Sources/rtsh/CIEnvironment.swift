import ArgumentParser
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

/// The exit statuses every rtsh command shares.
enum ExitStatus {
    /// A check, assertion, test or transcript failed.
    static let failed = ExitCode(1)
    /// Nothing could run: a path or an option was wrong.
    static let couldNotRun = ExitCode(2)
    /// Nothing was selected: no transcripts in the directories, or a filter that matches
    /// nothing (as pytest's 5), so a CI job that runs no tests does not pass silently.
    static let nothingSelected = ExitCode(5)
}
