/// A statement or definition being typed or read a line at a time: its lines, their
/// tokens (each line lexed once, as it comes), and whether they make a whole statement.
struct PendingInput {
    private(set) var lines: [String] = []
    private(set) var tokens: [Token] = []
    private var completeness = Completeness()
    /// The script (nil at the prompt) and line the input starts at.
    let file: String?
    let firstLine: Int

    init(file: String?, firstLine: Int) {
        self.file = file
        self.firstLine = firstLine
    }

    /// Whether brackets balance and every block, comment and `#if` is closed: the input
    /// may be whole, and the parser decides (an expression may still be unfinished).
    var isBalanced: Bool { completeness.isComplete }

    /// Lexes one more line, the one after those added before, and follows its tokens.
    mutating func add(_ line: String) {
        let origin = SourceLocation(file: file, line: firstLine + lines.count, column: 1)
        lines.append(line)
        var state = completeness.lineState
        let lineTokens = Lexer.tokens(ofLine: line, at: origin, mode: .script, state: &state)
        tokens += lineTokens
        completeness.add(lineTokens, leaving: state)
    }

    /// The tokens, ending in `.end` after the last line.
    var tokensEndingInput: [Token] {
        tokens + [Token(kind: .end, location: SourceLocation(file: file, line: firstLine + max(lines.count - 1, 0), column: (lines.last?.count ?? 0) + 1))]
    }
}
