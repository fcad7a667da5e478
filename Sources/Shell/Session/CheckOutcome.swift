import Runtime
import UIKitModel

/// One check's outcome, kept for a JUnit report: its test name, its verdict, and its
/// ok/FAIL/ERROR line.
public struct CheckOutcome: Hashable, Sendable {
    public let testName: String
    public let verdict: CheckVerdict
    /// The line the shell prints: `ok -[MMLogin viewDidLoad] calls super once`.
    public let text: String
    public var passed: Bool { verdict == .ok }
    /// How long the statement that ran the check took.
    public internal(set) var seconds: Double = 0
    /// The script and line of the command that ran the check; nil file at the prompt.
    public internal(set) var file: String?
    public internal(set) var line = 0

    init(testName: String, verdict: CheckVerdict, text: String) {
        self.testName = testName
        self.verdict = verdict
        self.text = text
    }

    /// `ok -[MMLogin viewWillAppear:] calls super once`,
    /// `FAIL -[MMForgetful viewWillAppear:] does not call super`,
    /// `ERROR -[MMBroken viewDidLoad] raised: ...`.
    init(_ result: SuperCallResult) {
        // Every check prints one: bytes written into storage of the final size, with no
        // string made for the method on the way, cost half what interpolation does.
        let outcome = result.verdict.label + " "
        let finding = result.finding.description
        var bytes: [UInt8] = []
        bytes.reserveCapacity(outcome.utf8.count + result.method.className.utf8.count + result.method.selector.utf8.count + finding.utf8.count + 5)
        bytes += outcome.utf8
        result.method.appendDescription(to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes += finding.utf8
        self.init(testName: result.testName, verdict: result.verdict, text: String(decoding: bytes, as: UTF8.self))
    }

    /// `ok +[MMLogin new] created <MMLogin: 0x1>`
    init(_ result: CreationResult) {
        self.init(testName: result.testName, verdict: result.verdict, text: "\(result.verdict.label) +[\(result.className) new] \(result.finding)")
    }
}

extension CheckVerdict {
    /// How a check's line starts: `ok`, `FAIL`, `ERROR`.
    var label: String {
        switch self {
        case .ok: "ok"
        case .failed: "FAIL"
        case .error: "ERROR"
        }
    }
}
