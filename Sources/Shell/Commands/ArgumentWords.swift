/// A command's arguments as typed: the tokens of the shell's one lexer, grouped into words.
///
/// A word is a run of tokens with no space between them (`MM*`, `viewWillAppear:`,
/// `--all`, `../app.rtsh`), and brackets keep what they enclose together (`-[Class
/// selector:]`, `isKindOf(UIView)`), so a quoted string such as `"it returns now"` is one
/// word whatever it holds.
struct ArgumentWords {
    /// One word: its tokens and its text as typed.
    struct Word {
        let tokens: ArraySlice<Token>
        let text: String
        var location: SourceLocation { tokens.first?.location ?? .start }
    }

    let words: [Word]
    /// Where the arguments end, for a missing argument's error.
    let end: SourceLocation
    /// The text's bytes and tokens, for the text of a run of words. The tokens are the
    /// line's own, shared rather than copied.
    private let bytes: [UInt8]
    private let tokens: ArraySlice<Token>

    /// Lexes `text`, the arguments after the command's name, which start at `origin`.
    init(_ text: String, at origin: SourceLocation) throws(SyntaxError) {
        var tokens = try Lexer.tokens(of: text, at: origin, mode: .script)
        let end = tokens.removeLast().location
        self.init(tokens[...], of: Array(text.utf8), endingAt: end)
    }

    /// Groups a command line's argument tokens, lexed from `bytes`, into words.
    /// A token the lexer could not read stays in its word, for the argument's reader to report.
    init(_ tokens: ArraySlice<Token>, of bytes: [UInt8], endingAt end: SourceLocation) {
        self.tokens = tokens
        self.bytes = bytes
        self.end = end
        var words: [Word] = []
        // There are never more words than tokens: one allocation holds them.
        words.reserveCapacity(tokens.count)
        var start = tokens.startIndex
        while start < tokens.endIndex {
            var end = start + 1
            var depth = tokens[start].bracketDepthChange
            while end < tokens.endIndex, depth > 0 || tokens[end].bytes.lowerBound == tokens[end - 1].bytes.upperBound {
                depth += tokens[end].bracketDepthChange
                end += 1
            }
            words.append(Word(tokens: tokens[start..<end], text: Self.text(of: tokens[start..<end], in: bytes)))
            start = end
        }
        self.words = words
    }

    /// The words `range` spans as one: their tokens, and their text as typed, spaces included.
    func joined(_ range: Range<Int>) -> Word {
        let all = tokens[words[range.lowerBound].tokens.startIndex..<words[range.upperBound - 1].tokens.endIndex]
        return Word(tokens: all, text: Self.text(of: all, in: bytes))
    }

    private static func text(of tokens: ArraySlice<Token>, in bytes: [UInt8]) -> String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        let range = (Int(first.bytes.lowerBound)..<Int(last.bytes.upperBound)).clamped(to: 0..<bytes.count)
        return String(decoding: bytes[range], as: UTF8.self)
    }
}
