/// Colour for the structure of rtsh's output, added only on the way to a terminal: the
/// verdicts (`ok` green, `FAIL`, `ERROR` and `error:` red), the lines of trees (dim), and
/// methods written `-[Class selector]` (cyan), so a trace or a lifecycle tree reads at a glance.
enum Colouring {
    private static let reset = "\u{1B}[0m"
    private static let red = "\u{1B}[31m", green = "\u{1B}[32m", cyan = "\u{1B}[36m", dim = "\u{1B}[2m"

    /// A line of standard output, coloured.
    static func output(_ line: String) -> String {
        for (prefix, colour) in [("FAIL ", red), ("ERROR ", red), ("ok ", green)] where line.hasPrefix(prefix) {
            let word = prefix.dropLast()
            return colour + word + reset + structure(String(line.dropFirst(word.count)))
        }
        return structure(line)
    }

    /// A line of standard error, coloured.
    static func error(_ line: String) -> String {
        line.hasPrefix("error:") ? red + "error:" + reset + line.dropFirst(6) : line
    }

    /// Tree lines dim, methods cyan; the text itself unchanged.
    private static func structure(_ line: String) -> String {
        var result = ""
        var characters = line[...]
        while let character = characters.first {
            if "│├└─".contains(character) {
                let tree = characters.prefix { "│├└─".contains($0) }
                result += dim + tree + reset
                characters = characters.dropFirst(tree.count)
            } else if (character == "-" || character == "+"), characters.dropFirst().first == "[",
                      let close = characters.firstIndex(of: "]") {
                let method = characters[...close]
                // A method is `-[Name selector]`: a word, a space, then the selector.
                if method.dropFirst(2).contains(" "), method.dropFirst(2).first?.isLetter == true {
                    result += cyan + method + reset
                    characters = characters[characters.index(after: close)...]
                } else {
                    result.append(character)
                    characters = characters.dropFirst()
                }
            } else {
                result.append(character)
                characters = characters.dropFirst()
            }
        }
        return result
    }
}
