import Foundation

/// The pieces `-[NSString enumerateSubstringsInRange:options:usingBlock:]` hands out, as
/// Foundation cuts them: lines, paragraphs, composed characters, words or sentences, each
/// with its range and its enclosing range (the piece with the separators after it), in
/// UTF-16 code units counted from the start of the whole string.
enum SubstringUnits {
    /// `NSStringEnumerationOptions`' unit, in its low byte.
    enum Unit: Int {
        case lines = 0, paragraphs, composedCharacterSequences, words, sentences
    }

    /// `NSStringEnumerationReverse` and `NSStringEnumerationSubstringNotRequired`.
    static let reverse = 1 << 8, substringNotRequired = 1 << 9

    struct Piece: Equatable {
        let range: NSRange
        let enclosing: NSRange
    }

    /// The pieces of `text`'s characters within `range`, in order.
    static func pieces(of text: String, in range: NSRange, by unit: Unit) -> [Piece] {
        let whole = text as NSString
        let part = whole.substring(with: range)
        // Each character with the UTF-16 offset it starts at.
        var characters: [(character: Character, offset: Int)] = []
        var offset = range.location
        for character in part {
            characters.append((character, offset))
            offset += character.utf16.count
        }
        let end = offset
        func start(_ index: Int) -> Int { index < characters.count ? characters[index].offset : end }

        switch unit {
        case .composedCharacterSequences:
            return characters.indices.map { index in
                let span = NSRange(location: characters[index].offset, length: start(index + 1) - characters[index].offset)
                return Piece(range: span, enclosing: span)
            }
        case .lines, .paragraphs:
            var pieces: [Piece] = [], first = 0
            for (index, entry) in characters.enumerated() where ends(unit, with: entry.character) {
                pieces.append(piece(from: start(first), to: entry.offset, enclosingTo: start(index + 1)))
                first = index + 1
            }
            if first < characters.count { pieces.append(piece(from: start(first), to: end, enclosingTo: end)) }
            return pieces
        case .words:
            // A word is a run of letters and digits, an apostrophe between letters kept in it
            // (`don't`); its enclosing range runs on to the next word.
            func isWordCharacter(_ index: Int) -> Bool {
                let character = characters[index].character
                if character.isLetter || character.isNumber { return true }
                guard character == "'" || character == "\u{2019}", index > 0, index + 1 < characters.count else { return false }
                return characters[index - 1].character.isLetter && characters[index + 1].character.isLetter
            }
            var words: [(first: Int, last: Int)] = [], index = 0
            while index < characters.count {
                guard isWordCharacter(index) else { index += 1; continue }
                let first = index
                while index < characters.count, isWordCharacter(index) { index += 1 }
                words.append((first, index - 1))
            }
            return words.enumerated().map { number, word in
                let next = number + 1 < words.count ? start(words[number + 1].first) : end
                return piece(from: start(word.first), to: start(word.last + 1), enclosingTo: next)
            }
        case .sentences:
            // A sentence ends at `.`, `!` or `?` (and any closing quotes or brackets after it)
            // followed by white space or the end; the white space is in its enclosing range.
            var pieces: [Piece] = [], first = 0, index = 0
            while index < characters.count {
                let character = characters[index].character
                index += 1
                guard ".!?".contains(character) else { continue }
                while index < characters.count, "\"'\u{201D})]".contains(characters[index].character) { index += 1 }
                guard index == characters.count || characters[index].character.isWhitespace else { continue }
                let close = index
                while index < characters.count, characters[index].character.isWhitespace { index += 1 }
                pieces.append(piece(from: start(first), to: start(close), enclosingTo: start(index)))
                first = index
            }
            if first < characters.count {
                var last = characters.count
                while last > first, characters[last - 1].character.isWhitespace { last -= 1 }
                pieces.append(piece(from: start(first), to: start(last), enclosingTo: end))
            }
            return pieces
        }
    }

    private static func piece(from start: Int, to end: Int, enclosingTo enclosingEnd: Int) -> Piece {
        Piece(range: NSRange(location: start, length: end - start), enclosing: NSRange(location: start, length: enclosingEnd - start))
    }

    /// Whether `character` ends a line (`\n`, `\r`, `\r\n`, U+0085, U+2028, U+2029) or a
    /// paragraph (the same but U+2028, a line separator within a paragraph).
    private static func ends(_ unit: Unit, with character: Character) -> Bool {
        guard character.isNewline else { return false }
        return unit == .lines || character != "\u{2028}"
    }
}
