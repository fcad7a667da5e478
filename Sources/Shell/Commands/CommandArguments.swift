/// A command's arguments, read by its ``Signature``: each argument's words by its
/// placeholder, and the literal words and flags that were given.
struct CommandArguments {
    /// Literal words and flags that were given (`super`, `--all`, `stop`).
    let given: [String]
    /// Each argument's words with its placeholder, in the order typed: a command takes a
    /// few, so finding one by a scan is cheaper than building a table.
    private let values: [(placeholder: String, words: ArgumentWords.Word)]

    /// Reads `words` as `command`'s arguments, or says where they do not fit its usage.
    init(_ words: ArgumentWords, for command: Command) throws(ShellError) {
        var matcher = SignatureMatcher(words.words.map(\.text))
        guard let match = matcher.match(command.signature) else {
            let usage = "; usage: \(command.usage)"
            guard !matcher.exhausted else {
                throw ShellError("\(words.words.count) words are too many to read as \(command.name)'s arguments\(usage)", at: words.words.first?.location ?? words.end)
            }
            let wanted = matcher.wanted.filter { $0 != "nothing more" }
            let expected = wanted.count > 1 ? wanted.dropLast().joined(separator: ", ") + " or " + wanted.last! : wanted.first ?? ""
            guard matcher.furthest < words.words.count else {
                throw ShellError("\(command.name) needs \(expected)\(usage)", at: words.end)
            }
            let unexpected = words.words[matcher.furthest]
            let problem = wanted.isEmpty ? "\(command.name) takes nothing more" : "expected \(expected)"
            throw ShellError("unexpected '\(unexpected.text)': \(problem)\(usage)", at: unexpected.location)
        }
        given = match.given
        values = match.values.map { ($0.placeholder, words.joined($0.words)) }
    }

    /// Whether the literal word or flag was given.
    func has(_ word: String) -> Bool { given.contains(word) }

    /// The argument with this placeholder, or its first when it repeats; nil if left out.
    subscript(_ placeholder: String) -> ArgumentWords.Word? { values.first { $0.placeholder == placeholder }?.words }

    /// Every argument with this placeholder, in the order typed.
    func all(_ placeholder: String) -> [ArgumentWords.Word] { values.filter { $0.placeholder == placeholder }.map(\.words) }
}

extension ArgumentWords.Word {
    /// A quoted string's contents, or the words as typed (`"Say Hello"`, `Done`, `../app.rtsh`).
    func string() throws(ShellError) -> String {
        if tokens.count == 1, case .string(let value) = tokens.first?.kind { return value }
        if text.hasPrefix("\"") || text.hasPrefix("@\"") {
            throw ShellError("the string that starts here is not closed: add a \" at its end", at: location)
        }
        return text
    }

    /// The expression the words are written as.
    func expression(types: TypeTable) throws(SyntaxError) -> Expression {
        // The words' tokens and the end, in one allocation.
        var input: [Token] = []
        input.reserveCapacity(tokens.count + 1)
        input += tokens
        input.append(Token(kind: .end, location: endLocation))
        var parser = Parser(tokens: input, types: types)
        let expression = try parser.expression()
        guard parser.atEnd else { throw parser.unexpected("the end of '\(text)'") }
        return expression
    }

    /// Just after the last token, where an expression missing its end is reported.
    private var endLocation: SourceLocation {
        guard let last = tokens.last else { return .start }
        var end = last.location
        end.column += Int(last.bytes.upperBound - last.bytes.lowerBound)
        return end
    }
}
