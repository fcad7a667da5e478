import CLibEdit

extension LineEditor {
    /// Reads a bracketed paste up to its end marker and inserts it as text: the key
    /// function for the marker a terminal sends before pasted text (`ESC[200~`).
    ///
    /// Nothing in the paste runs a key binding, so a Tab in pasted code is a tab and a line
    /// break does not enter the line: the block waits, whole, for Enter. Ctrl-C or the
    /// end of input while reading stops the paste, and the read ends as they always do.
    func insertPaste(in editor: OpaquePointer) -> cle_key_result {
        var paste = PasteReader()
        var scalar: UInt32 = 0
        while !paste.isFinished {
            guard cle_read_character(editor, &scalar) == 1 else { return CLE_KEY_ERROR }
            // libedit hands over what it decoded; anything else is not text.
            guard let character = Unicode.Scalar(scalar) else { continue }
            _ = paste.add(character)
        }
        let text = paste.text
        guard !text.isEmpty else { return CLE_KEY_NORMAL }
        return cle_insert(editor, text) == 0 ? CLE_KEY_REFRESH : CLE_KEY_ERROR
    }
}
