import ArgumentParser

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
