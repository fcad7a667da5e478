/// Matches typed words against a ``Signature``: which form they are, which words are which
/// argument, or, for Tab, what could come next.
///
/// Words are matched by their text alone, so completion can match a line still being
/// typed. A phrase argument (an expression, a label) takes the fewest words that let the
/// rest of its form match, so `enter Ada Lovelace into Name` finds its `into`. A command
/// line holds a few words, so trying every split costs nothing; a budget of steps keeps a
/// pathological line (`expect returns returns …`) from taking time that grows as its cube.
struct SignatureMatcher {
    /// What matched: the argument each run of words is, and the literal words and flags given.
    struct Match {
        var values: [(placeholder: String, words: Range<Int>)] = []
        /// A line gives a word or two, so an array is cheaper than a set.
        var given: [String] = []
    }

    private let texts: [String]
    /// The furthest word a form reached before it failed, and what it wanted there.
    private(set) var furthest = 0
    private(set) var wanted: [String] = []
    /// Steps left before matching gives up; see ``exhausted``.
    private var budget = 200_000
    /// Whether matching gave up for the number of ways to split the words.
    var exhausted: Bool { budget <= 0 }

    init(_ texts: [String]) {
        self.texts = texts
    }

    /// The first form every word fits, or nil; ``furthest`` and ``wanted`` then say why not.
    mutating func match(_ signature: Signature) -> Match? {
        for form in signature.forms {
            var matched = Match()
            if match(form[...], at: 0, &matched) { return matched }
        }
        return nil
    }

    /// Whether the words from `index` fit `parts`; `matched` then holds what matched. One
    /// match is built in place and each failed try takes back what it added, rather than
    /// copying it for every try.
    private mutating func match(_ parts: ArraySlice<Part>, at index: Int, _ matched: inout Match) -> Bool {
        budget -= 1
        guard budget > 0 else { return false }
        guard let part = parts.first else {
            if index == texts.count { return true }
            fail(at: index, wanting: "nothing more")
            return false
        }
        let rest = parts.dropFirst()
        switch part {
        case .word(let word):
            guard index < texts.count, texts[index] == word else {
                fail(at: index, wanting: "'\(word)'")
                return false
            }
            let isNew = !matched.given.contains(word)
            if isNew { matched.given.append(word) }
            if match(rest, at: index + 1, &matched) { return true }
            if isNew { matched.given.removeLast() }
            return false
        case .optional(let inner):
            return match(ArraySlice(inner + rest), at: index, &matched) || match(rest, at: index, &matched)
        case .flags(let flags):
            if index < texts.count, flags.contains(texts[index]), !matched.given.contains(texts[index]) {
                matched.given.append(texts[index])
                if match(parts, at: index + 1, &matched) { return true }
                matched.given.removeLast()
            }
            for flag in flags where !matched.given.contains(flag) { fail(at: index, wanting: flag) }
            return match(rest, at: index, &matched)
        case .value(let argument):
            guard index < texts.count else {
                if argument.repeats { return match(rest, at: index, &matched) }
                fail(at: index, wanting: argument.placeholder)
                return false
            }
            let longest = argument.kind.isPhrase ? texts.count - index : 1
            for count in 1...longest {
                matched.values.append((argument.placeholder, index..<index + count))
                if match(argument.repeats ? parts : rest, at: index + count, &matched) { return true }
                matched.values.removeLast()
            }
            return argument.repeats && match(rest, at: index, &matched)
        }
    }

    private mutating func fail(at index: Int, wanting what: String) {
        if index > furthest {
            furthest = index
            wanted = []
        }
        if index == furthest, !wanted.contains(what) { wanted.append(what) }
    }

    /// What may come after the typed words, in any form they begin: literal words and
    /// flags as themselves, arguments as their declaration; each once.
    mutating func next(in signature: Signature) -> [Part] {
        var found: [Part] = []
        for form in signature.forms { next(form[...], at: 0, into: &found) }
        return found
    }

    private mutating func next(_ parts: ArraySlice<Part>, at index: Int, into found: inout [Part]) {
        budget -= 1
        guard budget > 0 else { return }
        if index == texts.count {
            first(of: parts, into: &found)
            return
        }
        guard let part = parts.first else { return }
        let rest = parts.dropFirst()
        switch part {
        case .word(let word):
            if texts[index] == word { next(rest, at: index + 1, into: &found) }
        case .optional(let inner):
            next(ArraySlice(inner + rest), at: index, into: &found)
            next(rest, at: index, into: &found)
        case .flags(let flags):
            if flags.contains(texts[index]) { next(parts, at: index + 1, into: &found) }
            next(rest, at: index, into: &found)
        case .value(let argument):
            let longest = argument.kind.isPhrase ? texts.count - index : 1
            for count in 1...longest {
                next(argument.repeats ? parts : rest, at: index + count, into: &found)
            }
            // A phrase that takes every typed word may go on.
            if argument.kind.isPhrase { found.appendOnce(part) }
            if argument.repeats { next(rest, at: index, into: &found) }
        }
    }

    /// The parts that may come first in `parts`.
    private func first(of parts: ArraySlice<Part>, into found: inout [Part]) {
        guard let part = parts.first else { return }
        let rest = parts.dropFirst()
        switch part {
        case .word, .flags:
            found.appendOnce(part)
            if case .flags = part { first(of: rest, into: &found) }
        case .optional(let inner):
            first(of: ArraySlice(inner + rest), into: &found)
            first(of: rest, into: &found)
        case .value(let argument):
            found.appendOnce(part)
            if argument.repeats { first(of: rest, into: &found) }
        }
    }
}

private extension [Part] {
    /// Few parts can come next, so a linear search keeps them unique in their order.
    mutating func appendOnce(_ part: Part) {
        if !contains(part) { append(part) }
    }
}
