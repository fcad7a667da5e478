import Foundation
import Shell
import Testing

/// C's expression semantics, checked against a C compiler: each expression in
/// `Fixtures/c-expressions.txt` was evaluated by gcc (`scripts/c-differential` makes the file),
/// and rtsh must print the same value.
@Suite("C expressions, differentially against gcc")
struct CExpressionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let expression: String
        let expected: String
        let line: Int
        var testDescription: String { "line \(line): \(expression)" }
    }

    static let cases: [Case] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/c-expressions.txt")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { offset, line in
            // rtsh computes float arithmetic in double precision (CGFloat is a double on
            // 64-bit iOS): expressions that compute in float are left out.
            guard !line.hasPrefix("#"), !line.contains("(float)"), let tab = line.firstIndex(of: "\t") else { return nil }
            return Case(expression: String(line[..<tab]), expected: String(line[line.index(after: tab)...]), line: offset + 1)
        }
    }()

    @Test func theFileHoldsCases() {
        #expect(Self.cases.count >= 300)
    }

    @Test(arguments: cases)
    func evaluatesAsC(_ testCase: Case) throws {
        let shell = try ShellHarness()
        let printed = shell.run(testCase.expression)
        try #require(printed.count == 1, "\(printed)")
        let actual = printed[0] == "YES" ? "1" : printed[0] == "NO" ? "0" : printed[0]
        if testCase.expected.hasPrefix("i:") {
            #expect(actual == String(testCase.expected.dropFirst(2)))
        } else {
            let expected = try #require(Double(testCase.expected.dropFirst(2)))
            #expect(Double(actual) == expected, "printed \(actual)")
        }
    }
}
