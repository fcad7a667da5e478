/// Collects the text of a bracketed paste: the characters a terminal sends between
/// `ESC[200~` (read by then) and `ESC[201~`, so that they go into the line as text
/// instead of running key bindings (a Tab would complete, a line break would enter).
///
/// Kept apart from the terminal so that it can be tested on its own: feed it the
/// characters that follow the start marker until it says the paste is over.
struct PasteReader {
    /// The marker a terminal sends after the pasted text.
    static let endMarker = Array("\u{1B}[201~".unicodeScalars)
    /// The most characters a paste keeps; beyond it the rest is read and dropped, so that
    /// a runaway paste cannot take all memory.
    static let capacity = 1 << 20

    /// The text so far, as pasted (line breaks as the terminal sent them).
    private var scalars: [Unicode.Scalar] = []
    /// How many characters of the end marker the last characters matched.
    private var matched = 0
    /// Whether characters were dropped beyond ``capacity``.
    private(set) var overflowed = false
    /// Whether the end marker was read.
    private(set) var isFinished = false

    /// Takes the next character of input. Returns true once the end marker has been read:
    /// the paste is over and ``text`` is whole.
    mutating func add(_ scalar: Unicode.Scalar) -> Bool {
        guard !isFinished else { return true }
        if scalar == Self.endMarker[matched] {
            matched += 1
            if matched == Self.endMarker.count { isFinished = true }
            return isFinished
        }
        // What looked like the start of the marker was text after all.
        let held = Self.endMarker[..<matched]
        matched = 0
        for character in held { keep(character) }
        if scalar == Self.endMarker[0] {
            matched = 1
        } else {
            keep(scalar)
        }
        return false
    }

    private mutating func keep(_ scalar: Unicode.Scalar) {
        guard scalars.count < Self.capacity else {
            overflowed = true
            return
        }
        scalars.append(scalar)
    }

    /// The pasted text as it goes into the line: line breaks (`\r\n`, `\r`, which
    /// terminals send for pasted line ends, and `\n`) become `\n`, tabs stay, other control
    /// characters are dropped (pasted escapes and Ctrl keys mean nothing in a statement and
    /// could upset the display), and line breaks at the end are left out, so that a block
    /// copied with its last line end waits for Enter like any other edit.
    var text: String {
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in scalars {
            defer { previous = scalar }
            switch scalar {
            case "\r":
                result.append("\n")
            case "\n":
                if previous != "\r" { result.append("\n") }
            case "\t":
                result.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
                result.append(scalar)
            }
        }
        while result.last == "\n" { result.removeLast() }
        return String(result)
    }
}
