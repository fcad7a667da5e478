import Foundation
import UIKitModel

/// How replay results are shown: unified diffs, JUnit XML, GitHub Actions annotations.
public enum ReplayReport {
    /// A unified diff of a transcript's mismatches: `--- expected FILE`, `+++ actual`, then
    /// one hunk per statement, with the standard `@@ -n,m +n,m @@` header (the lines of the
    /// expected output in the transcript) followed by the statement. Trailing whitespace is
    /// made visible (`·` for a space, `→` for a tab).
    public static func diff(_ result: Replay.Result) -> [String] {
        if let problem = result.problem { return ["error: \(problem)"] }
        guard !result.mismatches.isEmpty else { return [] }
        var lines = ["--- expected \(result.file)", "+++ actual"]
        // How many lines the actual side has gained over the expected one in earlier hunks.
        var shift = 0
        for mismatch in result.mismatches {
            let (hunk, growth) = self.hunk(mismatch, shiftedBy: shift)
            lines += hunk
            shift += growth
        }
        return lines
    }

    /// One statement's hunk: its `@@ -n,m +n,m @@ rtsh> statement` header, then the lines.
    /// `shift` is how many lines earlier hunks added to the actual side.
    public static func hunk(_ mismatch: Replay.Mismatch, shiftedBy shift: Int = 0) -> (lines: [String], growth: Int) {
        var body: [String] = []
        var (oldCount, newCount) = (0, 0)
        for step in OutputMatcher.align(mismatch.entry.expected, mismatch.actual) {
            switch step {
            case .matched(let expected, let actual):
                if expected == "..." {
                    body.append(" ..." + (actual.isEmpty ? "" : "  (\(actual.count) line\(actual.count == 1 ? "" : "s"))"))
                } else {
                    body.append(" " + visible(expected))
                }
                (oldCount, newCount) = (oldCount + 1, newCount + 1)
            case .missing(let expected):
                body.append("-" + visible(expected))
                if let problem = OutputMatcher.problem(with: expected) { body.append("# " + problem) }
                oldCount += 1
            case .extra(let actual):
                body.append("+" + visible(actual))
                newCount += 1
            }
        }
        let start = mismatch.entry.line + mismatch.entry.statement.count
        let statement = mismatch.entry.statement.first ?? ""
        let header = "@@ -\(range(start, oldCount)) +\(range(start + shift, newCount)) @@ \(Transcript.prompt)\(statement)"
        return ([header] + body, newCount - oldCount)
    }

    /// A hunk's range as unified diffs write it: `5` for one line, `5,3`, and the line
    /// before for none (`4,0`).
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(start - 1),0"
        case 1: "\(start)"
        default: "\(start),\(count)"
        }
    }

    /// `line` with its trailing spaces and tabs shown.
    public static func visible(_ line: String) -> String {
        let trimmed = line.trimmingTrailingWhitespace()
        let trailing = line.dropFirst(trimmed.count).map { $0 == "\t" ? "→" : "·" }.joined()
        return trimmed + trailing
    }

    /// GitHub Actions annotations, one per mismatch, pointing at the statement.
    public static func annotations(_ result: Replay.Result) -> [GitHubAnnotation] {
        if let problem = result.problem {
            return [GitHubAnnotation(file: problem.file, line: problem.line, title: "rtsh replay", message: problem.reason)]
        }
        return result.mismatches.map { mismatch in
            let statement = mismatch.entry.statement.first ?? ""
            return GitHubAnnotation(
                file: result.file, line: mismatch.entry.line, title: "rtsh replay",
                message: "output of '\(statement)' differs from the transcript")
        }
    }

    /// GitHub Actions annotations for one script of `rtsh run`: each failed check and
    /// each failure, at its line, in the order of the script.
    public static func annotations(_ report: ScriptReport) -> [GitHubAnnotation] {
        let checks = report.checks.filter { !$0.passed }.map { check in
            GitHubAnnotation(file: check.file ?? report.script, line: check.line, title: check.testName, message: check.text)
        }
        let failures = report.failures.map { failure in
            GitHubAnnotation(file: failure.file ?? report.script, line: failure.line, title: "rtsh run", message: failure.message)
        }
        return (checks + failures).enumerated()
            .sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
    }

    /// A JUnit report: one test case per transcript, the diff in each failure.
    public static func junit(_ results: [Replay.Result], seconds: [String: Double] = [:]) -> String {
        let failures = results.filter { !$0.passed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(results.count)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"rtsh replay\" tests=\"\(results.count)\" failures=\"\(failures)\">\n"
        for result in results {
            let time = String(seconds[result.file] ?? 0)
            xml += "    <testcase classname=\"transcripts\" name=\"\(XMLText.escaped(result.file))\" time=\"\(time)\""
            if result.passed {
                xml += "/>\n"
            } else {
                let message = result.problem.map { "cannot replay: \($0.reason)" } ?? "\(result.mismatches.count) statement(s) printed something else"
                xml += ">\n      <failure message=\"\(XMLText.escapedAttribute(message))\">\(XMLText.escaped(diff(result).joined(separator: "\n")))</failure>\n    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// What one script of `rtsh run` found, for its JUnit report.
    public struct ScriptReport: Sendable {
        public let script: String
        public let checks: [CheckOutcome]
        public let failures: [Failure]
        public let seconds: Double

        public init(script: String, checks: [CheckOutcome], failures: [Failure], seconds: Double) {
            self.script = script
            self.checks = checks
            self.failures = failures
            self.seconds = seconds
        }

        /// What `session` checked and what failed in it, over `seconds`.
        public init(script: String, session: Session, seconds: Double) {
            self.init(script: script, checks: session.checkOutcomes, failures: session.failures, seconds: seconds)
        }
    }

    /// The screenshots the scripts' failed UI steps took, each at a path in `directory`
    /// named after its script and line: `login.rtsh.12.svg`.
    public static func screenshots(scripts: [ScriptReport], in directory: String) -> [Screenshot] {
        var taken: [Screenshot] = []
        var count: [String: Int] = [:]
        for report in scripts {
            for (index, failure) in report.failures.enumerated() {
                guard let svg = failure.screenshot else { continue }
                let name = "\((report.script as NSString).lastPathComponent).\(failure.line)"
                count[name, default: 0] += 1
                taken.append(Screenshot(svg, named: name, ordinal: count[name]!, of: failureCase(report, index), in: directory))
            }
        }
        return taken
    }

    /// How ``screenshots(scripts:in:)`` names the test case of a script's failure.
    private static func failureCase(_ report: ScriptReport, _ index: Int) -> String { "\(report.script)#\(index)" }

    /// A JUnit report of scripts, a suite per script: one test case per check, named as its
    /// test (`testMMLoginViewControllerCallsSuperViewWillAppear`), and one per failure,
    /// named by its line: `<failure>` for a broken expectation, `<error>` for an error.
    /// Names are unique within a suite; `classname` is the script's path.
    public static func junit(scripts: [ScriptReport], screenshots: [Screenshot] = []) -> String {
        struct Case {
            let name: String
            let seconds: Double
            let element: String?
        }
        var suites: [(report: ScriptReport, cases: [Case])] = []
        for report in scripts {
            var used: [String: Int] = [:]
            func unique(_ name: String) -> String {
                used[name, default: 0] += 1
                return used[name]! == 1 ? name : "\(name) (\(used[name]!))"
            }
            var cases = report.checks.map { check in
                let element: String? = switch check.verdict {
                case .ok: nil
                case .failed: "<failure message=\"\(XMLText.escapedAttribute(check.text))\"/>"
                case .error: "<error message=\"\(XMLText.escapedAttribute(check.text))\"/>"
                }
                return Case(name: unique(check.testName), seconds: check.seconds, element: element)
            }
            for (index, failure) in report.failures.enumerated() {
                let tag = failure.kind == .error ? "error" : "failure"
                let place = failure.file.map { "\($0):\(failure.line)" } ?? "line \(failure.line)"
                var element = "<\(tag) message=\"\(XMLText.escapedAttribute(failure.message))\"/>"
                for screenshot in screenshots where screenshot.testCase == failureCase(report, index) {
                    element += "\n      <system-out>\(XMLText.escaped(screenshot.attachment))</system-out>"
                }
                cases.append(Case(name: unique("\(place): \(failure.message)"), seconds: failure.seconds, element: element))
            }
            suites.append((report, cases))
        }
        func count(_ cases: [Case], _ tag: String) -> Int { cases.filter { $0.element?.hasPrefix("<\(tag)") == true }.count }
        let all = suites.flatMap(\.cases)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(all.count)\" failures=\"\(count(all, "failure"))\" errors=\"\(count(all, "error"))\">\n"
        for (report, cases) in suites {
            let script = XMLText.escaped(report.script)
            xml += "  <testsuite name=\"\(script)\" tests=\"\(cases.count)\" failures=\"\(count(cases, "failure"))\" "
                + "errors=\"\(count(cases, "error"))\" time=\"\(seconds(report.seconds))\">\n"
            for testCase in cases {
                xml += "    <testcase classname=\"\(script)\" name=\"\(XMLText.escaped(testCase.name))\" time=\"\(seconds(testCase.seconds))\""
                xml += testCase.element.map { ">\n      \($0)\n    </testcase>\n" } ?? "/>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// Seconds as JUnit writes them: `0.012`.
    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
