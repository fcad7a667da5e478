/// What Tab sees: the line the cursor is on, and whether Tab indents it instead of
/// completing.
///
/// The text being edited can hold several lines (a block recalled from the history or
/// pasted); completion looks only at the line the cursor is on. Tab indents where
/// nothing but blanks precede the cursor on a line inside a block: a continuation line
/// (`...> `) or any line after the first of the text, where code is being written and
/// there is no word to complete.
struct TabContext: Equatable {
    /// What Tab inserts to indent: four spaces, as the examples' Objective-C is written.
    static let indentation = "    "

    /// The line the cursor is on, from its start to the cursor.
    let lineBeforeCursor: Substring
    /// Whether Tab inserts ``indentation`` rather than completing.
    let indents: Bool

    /// - Parameters:
    ///   - textBeforeCursor: everything before the cursor, line breaks included.
    ///   - isContinuation: whether the prompt asks for a further line of a block.
    init(textBeforeCursor: String, isContinuation: Bool) {
        let lineStart = textBeforeCursor.lastIndex(of: "\n").map(textBeforeCursor.index(after:))
        lineBeforeCursor = textBeforeCursor[(lineStart ?? textBeforeCursor.startIndex)...]
        let insideBlock = isContinuation || lineStart != nil
        indents = insideBlock && lineBeforeCursor.allSatisfy { $0 == " " || $0 == "\t" }
    }
}
