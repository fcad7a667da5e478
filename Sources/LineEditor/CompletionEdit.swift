/// What Tab does to the word before the cursor, given the completer's candidates.
///
/// Kept apart from the terminal so the decision can be tested on its own.
enum CompletionEdit: Equatable {
    /// Replace the word with this text: the only candidate (followed by a space when
    /// it is a finished word), or the longer prefix that all candidates share.
    case replaceWord(with: String)
    /// Show these candidates, sorted and without duplicates; the word stays as typed.
    case list([String])
    /// Nothing completes the word: beep.
    case noMatch

    /// The characters that leave a candidate open for more typing, so no space follows
    /// it: a selector part (`viewWillAppear:`), a directory (`examples/`), the start of
    /// a method reference (`-[`), a call or a property access.
    static let continuingCharacters: Set<Character> = [":", "/", "[", "(", "."]

    /// Decides the edit for `word`, the text from the start of the word to the cursor.
    init(word: Substring, candidates: [String]) {
        let choices = Set(candidates.filter { !$0.isEmpty }).sorted()
        guard let first = choices.first else {
            self = .noMatch
            return
        }
        if choices.count == 1 {
            let continues = first.last.map(Self.continuingCharacters.contains) ?? false
            self = .replaceWord(with: continues ? first : first + " ")
            return
        }
        let prefix = Self.commonPrefix(of: choices)
        // A prefix no longer than the word adds nothing, so show the choices instead.
        self = prefix.count > word.count ? .replaceWord(with: prefix) : .list(choices)
    }

    /// The longest run of leading characters that every string shares.
    static func commonPrefix(of strings: [String]) -> String {
        guard let first = strings.first else { return "" }
        var prefix = first[...]
        for string in strings.dropFirst() {
            let shared = zip(prefix, string).prefix { $0 == $1 }.count
            prefix = prefix.prefix(shared)
        }
        return String(prefix)
    }
}
