/// A shell-style wildcard pattern over names: `*` matches any run of characters, `?` one
/// character, `[abc]` / `[a-z]` / `[!abc]` one character from (or not from) a set, and
/// `\` makes the next character literal.
public struct Glob: Sendable, CustomStringConvertible {
    private enum Token: Sendable {
        case literal(Unicode.Scalar)
        case any
        case star
        case set(ranges: [ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    public let description: String
    private let tokens: [Token]
    /// The one text a pattern without wildcards matches (escapes removed), or nil.
    public let literalText: String?
    /// For a pattern of characters then one star (`MMGenerated*`, what a sweep is mostly
    /// given), the characters' UTF-8: a name matches when its bytes start with them (a
    /// scalar sequence starts another exactly when its UTF-8 does), with no scalar walk.
    private let starredPrefix: [UInt8]?

    /// Compiles `pattern`.
    ///
    /// - Throws: ``RuntimeError/invalidPattern(_:reason:)`` for an unclosed `[` or a
    ///   trailing `\`.
    public init(_ pattern: String) throws(RuntimeError) {
        description = pattern
        // Most patterns are plain names: they match by equality, with nothing to compile.
        if !pattern.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "\\") }) {
            tokens = []
            literalText = pattern
            starredPrefix = nil
            return
        }
        var tokens: [Token] = []
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "*":
                if case .star? = tokens.last { continue }
                tokens.append(.star)
            case "?":
                tokens.append(.any)
            case "\\":
                guard index < scalars.count else {
                    throw .invalidPattern(pattern, reason: "it ends with '\\'; escape a character or drop the backslash")
                }
                tokens.append(.literal(scalars[index]))
                index += 1
            case "[":
                let open = index - 1
                var negated = false
                if index < scalars.count, scalars[index] == "!" || scalars[index] == "^" {
                    negated = true
                    index += 1
                }
                var ranges: [ClosedRange<Unicode.Scalar>] = []
                var first = true
                while index < scalars.count, scalars[index] != "]" || first {
                    first = false
                    let low = scalars[index]
                    if index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] != "]" {
                        let high = scalars[index + 2]
                        guard low <= high else {
                            throw .invalidPattern(pattern, reason: "the range '\(low)-\(high)' at offset \(index) runs backwards")
                        }
                        ranges.append(low...high)
                        index += 3
                    } else {
                        ranges.append(low...low)
                        index += 1
                    }
                }
                guard index < scalars.count else {
                    throw .invalidPattern(pattern, reason: "the '[' at offset \(open) has no closing ']'")
                }
                index += 1
                tokens.append(.set(ranges: ranges, negated: negated))
            default:
                tokens.append(.literal(scalar))
            }
        }
        self.tokens = tokens
        var literal = String.UnicodeScalarView()
        for (index, token) in tokens.enumerated() {
            guard case .literal(let scalar) = token else {
                literalText = nil
                let endsInOnlyStar = index == tokens.count - 1 && { if case .star = token { true } else { false } }()
                starredPrefix = endsInOnlyStar ? Array(String(literal).utf8) : nil
                return
            }
            literal.append(scalar)
        }
        literalText = String(literal)
        starredPrefix = nil
    }

    /// The text every match starts with: the pattern's literal characters before its first
    /// wildcard (`MM` of `MM*View`). Only ASCII is taken, so that the prefix compares as
    /// the characters the pattern matches one by one do; empty when there is none.
    public var literalPrefix: String {
        if let literalText { return literalText.unicodeScalars.allSatisfy(\.isASCII) ? literalText : "" }
        var prefix = String.UnicodeScalarView()
        for token in tokens {
            guard case .literal(let scalar) = token, scalar.isASCII else { break }
            prefix.append(scalar)
        }
        return String(prefix)
    }

    /// Whether the pattern has wildcards; one without matches only its own text.
    public var hasWildcards: Bool { literalText == nil }

    /// Whether `text` matches the whole pattern.
    public func matches(_ text: String) -> Bool {
        if let literalText { return text == literalText }
        if let starredPrefix {
            // Compared as bytes in place where the string has them so (a native string does).
            return text.utf8.withContiguousStorageIfAvailable { $0.starts(with: starredPrefix) } ?? text.utf8.starts(with: starredPrefix)
        }
        let scalars = text.unicodeScalars
        var textIndex = scalars.startIndex
        var tokenIndex = 0
        // Where to resume after the last star: its token, and the text it has swallowed up to.
        var backtrack: (token: Int, text: String.UnicodeScalarView.Index)?
        while textIndex < scalars.endIndex {
            if tokenIndex < tokens.count {
                switch tokens[tokenIndex] {
                case .star:
                    backtrack = (tokenIndex, textIndex)
                    tokenIndex += 1
                    continue
                case .any:
                    tokenIndex += 1
                    textIndex = scalars.index(after: textIndex)
                    continue
                case .literal(let expected) where scalars[textIndex] == expected:
                    tokenIndex += 1
                    textIndex = scalars.index(after: textIndex)
                    continue
                case .set(let ranges, let negated) where ranges.contains { $0.contains(scalars[textIndex]) } != negated:
                    tokenIndex += 1
                    textIndex = scalars.index(after: textIndex)
                    continue
                default:
                    break
                }
            }
            guard let resume = backtrack else { return false }
            let next = scalars.index(after: resume.text)
            backtrack = (resume.token, next)
            tokenIndex = resume.token + 1
            textIndex = next
        }
        while tokenIndex < tokens.count, case .star = tokens[tokenIndex] { tokenIndex += 1 }
        return tokenIndex == tokens.count
    }
}
