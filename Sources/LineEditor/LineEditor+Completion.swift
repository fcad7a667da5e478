import CLibEdit

extension LineEditor {
    /// Completes the word before the cursor, or indents a line of a block that has
    /// nothing before the cursor yet: Tab's key function.
    func completeWord(in editor: OpaquePointer) -> cle_key_result {
        let tab = TabContext(textBeforeCursor: textBeforeCursor(in: editor), isContinuation: isContinuation)
        if tab.indents {
            return cle_insert(editor, TabContext.indentation) == 0 ? CLE_KEY_REFRESH : CLE_KEY_ERROR
        }
        let before = String(tab.lineBeforeCursor)
        let completion = completer(before)
        let start = before.index(before.startIndex, offsetBy: min(max(completion.wordStart, 0), before.count))
        let word = before[start...]

        switch CompletionEdit(word: word, candidates: completion.candidates) {
        case .replaceWord(let replacement):
            guard replacement != word else { return CLE_KEY_NORMAL }
            // libedit counts characters as wide characters, which are Unicode scalars here.
            cle_delete_before_cursor(editor, Int32(clamping: word.unicodeScalars.count))
            guard cle_insert(editor, replacement) == 0 else {
                // Put the word back rather than lose what was typed.
                if !word.isEmpty {
                    _ = cle_insert(editor, String(word))
                }
                return CLE_KEY_ERROR
            }
            return CLE_KEY_REFRESH
        case .list(let candidates):
            let width = Int(cle_terminal_columns(editor))
            let lines = CandidateColumns(candidates).lines(width: width)
            cle_write(editor, "\n" + lines.joined(separator: "\n") + "\n")
            return CLE_KEY_REDISPLAY
        case .noMatch:
            return CLE_KEY_ERROR
        }
    }

    /// The text being edited from its start to the cursor, line breaks included.
    private func textBeforeCursor(in editor: OpaquePointer) -> String {
        var text: UnsafePointer<CChar>?
        var length = 0
        cle_line_before_cursor(editor, &text, &length)
        guard let text else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }
}
