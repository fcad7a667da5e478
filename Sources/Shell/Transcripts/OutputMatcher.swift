/// Expected output against actual output: a line that is only `...` matches any run of
/// lines (none included), `[..]` within a line matches any text, a line ending in
/// ` (re)` is a regular expression the whole line must match, and a line ending in
/// ` (esc)` is exactly the output it escapes.
enum OutputMatcher {
    /// One step of lining up expected output with actual output.
    enum Step: Equatable {
        /// The expected line (a literal, a wildcard line or `...`) stands for these actual lines.
        case matched(expected: String, actual: [String])
        case missing(expected: String)
        case extra(actual: String)
    }

    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        align(expected, actual).allSatisfy { if case .matched = $0 { true } else { false } }
    }

    /// Whether one expected line matches one actual line.
    static func lineMatches(_ expected: String, _ actual: String) -> Bool {
        ExpectedLine(expected).matches(actual)
    }

    /// Why an expected ` (re)` line can never match, if its pattern cannot be read.
    static func problem(with expected: String) -> String? {
        guard case .invalidPattern(let reason) = ExpectedLine(expected) else { return nil }
        return "the regular expression in this line is invalid: \(reason)"
    }

    /// An expected line, read once: its regular expression compiled, its wildcards split.
    enum ExpectedLine {
        case literal(String)
        case wildcards([String])
        case pattern(LineRegex)
        case invalidPattern(String)

        init(_ line: String) {
            if let output = Transcript.unescaped(line) {
                self = .literal(output)
            } else if line.hasSuffix(" (re)") {
                do { self = .pattern(try LineRegex(String(line.dropLast(5)))) } catch { self = .invalidPattern(error.reason) }
            } else if line.contains("[..]") {
                self = .wildcards(line.split(separator: "[..]", omittingEmptySubsequences: false).map(String.init))
            } else {
                self = .literal(line)
            }
        }

        func matches(_ actual: String) -> Bool {
            switch self {
            case .literal(let line): return line == actual
            case .pattern(let regex): return regex.wholeMatch(actual)
            case .invalidPattern: return false
            case .wildcards(let parts):
                guard let first = parts.first, let last = parts.last, actual.hasPrefix(first) else { return false }
                var rest = actual.dropFirst(first.count)
                for middle in parts.dropFirst().dropLast() {
                    // The standard library's search, on characters: Foundation's `range(of:)`
                    // converts to UTF-16 offsets, which traps on some substrings of
                    // text that held invalid UTF-8 (a fuzzed transcript found it).
                    guard let range = rest.firstRange(of: middle) else { return false }
                    rest = rest[range.upperBound...]
                }
                return rest.hasSuffix(last) && rest.count >= last.count
            }
        }
    }

    /// The cheapest way to line the two up: each missing or extra line costs one, and
    /// `...` absorbs any number of actual lines for nothing.
    static func align(_ expected: [String], _ actual: [String]) -> [Step] {
        let rows = expected.count
        let columns = actual.count
        let lines = expected.map(ExpectedLine.init)
        func lineMatches(_ expectedIndex: Int, _ actualLine: String) -> Bool { lines[expectedIndex].matches(actualLine) }
        // cost[i][j]: the cheapest alignment of expected[i...] with actual[j...].
        var cost = [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: rows + 1)
        for j in stride(from: columns, through: 0, by: -1) { cost[rows][j] = columns - j }
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns, through: 0, by: -1) {
                if expected[i] == "..." {
                    cost[i][j] = min(cost[i + 1][j], j < columns ? cost[i][j + 1] : .max)
                    continue
                }
                var best = cost[i + 1][j] + 1
                if j < columns {
                    best = min(best, cost[i][j + 1] + 1)
                    if lineMatches(i, actual[j]) { best = min(best, cost[i + 1][j + 1]) }
                }
                cost[i][j] = best
            }
        }
        var steps: [Step] = []
        var i = 0
        var j = 0
        while i < rows || j < columns {
            if i < rows, expected[i] == "..." {
                // Absorb lines only while moving on would cost more.
                var absorbed: [String] = []
                while j < columns, cost[i][j] != cost[i + 1][j] {
                    absorbed.append(actual[j])
                    j += 1
                }
                steps.append(.matched(expected: "...", actual: absorbed))
                i += 1
            } else if i < rows, j < columns, lineMatches(i, actual[j]), cost[i][j] == cost[i + 1][j + 1] {
                steps.append(.matched(expected: expected[i], actual: [actual[j]]))
                i += 1
                j += 1
            } else if i < rows, cost[i][j] == cost[i + 1][j] + 1 {
                steps.append(.missing(expected: expected[i]))
                i += 1
            } else {
                steps.append(.extra(actual: actual[j]))
                j += 1
            }
        }
        return steps
    }
}
