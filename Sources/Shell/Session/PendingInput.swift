/// A statement or definition being typed or read a line at a time: its lines, their
/// tokens (each line lexed once, as it comes), and whether they make a whole statement.
struct PendingInput {
    /// The lines so far, joined by line breaks: the statement's source, which an error
    /// shows. Most statements are one line, which is kept as it is.
    private(set) var text = ""
    private var lineCount = 0
    /// The tokens, ending in `.end` after the last line: kept so, they are handed to the
    /// preprocessor as they are, with no copy per statement.
    private(set) var tokensEndingInput: [Token] = []
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
    var isBalanced: Bool { completeness.isBalanced }

    /// Lexes one more line, the one after those added before, and follows its tokens.
    mutating func add(_ line: String) {
        let origin = SourceLocation(file: file, line: firstLine + lineCount, column: 1)
        if lineCount == 0 {
            text = line
        } else {
            text += "\n"
            text += line
        }
        lineCount += 1
        var state = completeness.lineState
        let lineTokens = Lexer.tokens(ofLine: line, at: origin, mode: .script, state: &state)
        if tokensEndingInput.isEmpty {
            tokensEndingInput = lineTokens
        } else {
            tokensEndingInput.removeLast()
            tokensEndingInput += lineTokens
        }
        completeness.add(lineTokens.dropLast(), leaving: state)
    }

    /// The tokens of the lines so far.
    var tokens: ArraySlice<Token> { tokensEndingInput.dropLast() }
}
