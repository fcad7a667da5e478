import Foundation
import UIKitModel

/// How test results read: as `xcodebuild test` prints them, and as JUnit XML.
public enum TestReport {
    /// The lines for one finished test: each issue, then the verdict.
    ///
    /// ```
    /// Tests/MMLoginTests.m:14: error: -[MMLoginTests testTitle] : XCTAssertEqualObjects failed: ("Login") is not equal to ("Log in")
    /// Test Case '-[MMLoginTests testTitle]' failed (0.001 seconds).
    /// ```
    public static func lines(for result: TestCaseResult) -> [String] {
        var lines = result.issues.map { issue in
            let place = "\(issue.file ?? "<unknown>"):\(issue.file == nil ? 0 : issue.line)"
            return issue.kind == .skip ? "\(place): \(result.name) : \(issue.message)" : "\(place): error: \(result.name) : \(issue.message)"
        }
        let verdict = switch result.outcome {
        case .passed: "passed"
        case .failed, .error: "failed"
        case .skipped: "skipped"
        }
        lines.append("Test Case '\(result.name)' \(verdict) (\(seconds(result.seconds)) seconds).")
        return lines
    }

    /// `Test Suite 'MMLoginTests' started.`
    public static func suiteStarted(_ name: String) -> String { "Test Suite '\(name)' started." }

    /// The end of a suite: whether it passed, and XCTest's count of what ran.
    ///
    /// ```
    /// Test Suite 'MMLoginTests' failed.
    ///      Executed 3 tests, with 1 failure (0 unexpected) in 0.004 seconds
    /// ```
    public static func suiteFinished(_ name: String, _ results: [TestCaseResult], seconds time: Double) -> [String] {
        let summary = TestRunSummary(results: results, seconds: time)
        let failures = results.reduce(0) { $0 + $1.failureCount }, unexpected = results.reduce(0) { $0 + $1.unexpectedCount }
        let skipped = summary.count(.skipped)
        var executed = "\t Executed \(counted(results.count, "test")), with "
        if skipped > 0 { executed += "\(counted(skipped, "test")) skipped and " }
        executed += "\(counted(failures, "failure")) (\(unexpected) unexpected) in \(seconds(time)) seconds"
        return ["Test Suite '\(name)' \(summary.passed ? "passed" : "failed").", executed]
    }

    /// The plain last line: `40 passed, 2 failed`, with `, 1 skipped` when some were.
    public static func totals(_ summary: TestRunSummary) -> String {
        let skipped = summary.count(.skipped)
        let failed = summary.count(.failed) + summary.count(.error)
        return "\(summary.count(.passed)) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }

    /// The end of a run: the suite of all tests, XCTest's count, and the totals line.
    public static func ending(_ summary: TestRunSummary) -> [String] {
        suiteFinished("All tests", summary.results, seconds: summary.seconds) + [totals(summary)]
    }

    /// Why a run ran nothing: the filter matched no test, or the sources hold none.
    public static func nothingRan(filter: String?, paths: [String]) -> String {
        let place = paths.isEmpty ? "what is loaded" : paths.joined(separator: ", ")
        return "error: no tests ran: " + (filter.map { "no test's Class/method matches '\($0)'" }
            ?? "\(place) defines no test case class with a test method (a subclass of XCTestCase, SenTestCase, GHTestCase or KIFTestCase with a method test…) and no spec with an example (SpecBegin, QuickSpecBegin or SPEC_BEGIN with an it(...))")
    }

    /// GitHub Actions annotations: each failure a test recorded, at its file and line,
    /// titled with the test's name.
    public static func annotations(_ summary: TestRunSummary) -> [GitHubAnnotation] {
        summary.results.flatMap { result in
            result.issues.filter { $0.kind != .skip }.map { issue in
                GitHubAnnotation(file: issue.file, line: issue.file == nil ? nil : issue.line, title: result.name, message: issue.message)
            }
        }
    }

    /// The screenshots the run's failed UI steps took, each at a path in `directory` named
    /// after its test: `MMSignInKIFTests.testSignIn.svg`, then `….2.svg` for a second.
    public static func screenshots(_ summary: TestRunSummary, in directory: String) -> [Screenshot] {
        summary.results.flatMap { result in
            result.issues.compactMap(\.screenshot).enumerated().map { index, svg in
                Screenshot(svg, named: "\(result.className).\(result.testName)", ordinal: index + 1, of: result.name, in: directory)
            }
        }
    }

    /// A JUnit report: a suite per test class, a case per test method (`classname` the
    /// class, `name` the method), `<failure>` for failed assertions, `<error>` for the
    /// unexpected, `<skipped>` for skipped tests. A test's `screenshots` are named in its
    /// `<system-out>` as `[[ATTACHMENT|path]]`, which Jenkins and GitLab show with the test.
    public static func junit(_ summary: TestRunSummary, screenshots: [Screenshot] = []) -> String {
        var classes: [String] = []
        var byClass: [String: [TestCaseResult]] = [:]
        for result in summary.results {
            if byClass[result.className] == nil { classes.append(result.className) }
            byClass[result.className, default: []].append(result)
        }
        func count(_ results: [TestCaseResult], _ outcome: TestCaseResult.Outcome) -> Int { results.filter { $0.outcome == outcome }.count }
        let all = summary.results
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(all.count)\" failures=\"\(count(all, .failed))\" errors=\"\(count(all, .error))\" "
            + "skipped=\"\(count(all, .skipped))\" time=\"\(seconds(summary.seconds))\">\n"
        for name in classes {
            let results = byClass[name]!
            let className = XMLText.escaped(name)
            xml += "  <testsuite name=\"\(className)\" tests=\"\(results.count)\" failures=\"\(count(results, .failed))\" "
                + "errors=\"\(count(results, .error))\" skipped=\"\(count(results, .skipped))\" "
                + "time=\"\(seconds(results.reduce(0) { $0 + $1.seconds }))\">\n"
            for result in results {
                xml += "    <testcase classname=\"\(className)\" name=\"\(XMLText.escaped(result.testName))\" time=\"\(seconds(result.seconds))\""
                let failures = result.issues.map { issue -> String in
                    let place = issue.file.map { "\($0):\(issue.line): " } ?? ""
                    let message = XMLText.escapedAttribute(issue.message)
                    return switch issue.kind {
                    case .failure: "<failure message=\"\(message)\">\(XMLText.escaped(place + issue.message))</failure>"
                    case .unexpected: "<error message=\"\(message)\">\(XMLText.escaped(place + issue.message))</error>"
                    case .skip: "<skipped message=\"\(message)\"/>"
                    }
                }
                let attached = screenshots.filter { $0.testCase == result.name }.map { XMLText.escaped($0.attachment) }
                let output = attached.isEmpty ? [] : ["<system-out>\(attached.joined(separator: "\n"))</system-out>"]
                let elements = failures + output
                xml += elements.isEmpty ? "/>\n" : ">\n" + elements.map { "      \($0)\n" }.joined() + "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// Seconds as xcodebuild and JUnit write them: `0.012`.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    /// `1 test`, `2 failures`.
    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
