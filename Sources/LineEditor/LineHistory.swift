import CLibEdit

/// The lines entered before, kept in libedit's history list and, when there is a
/// file, saved there after every new line so a killed session loses nothing.
///
/// An entry may hold line breaks (a block entered as one): libedit escapes them in the
/// file (`strvis`, `\012`) and reads them back, so the file keeps one line per entry.
final class LineHistory {
    /// libedit's history list, which the editor's Up and Down keys walk.
    let handle: OpaquePointer
    /// The history file, or nil to keep the lines in memory only.
    let file: String?

    /// Creates a history of at most `capacity` lines, loading `file` when it exists.
    /// Returns nil only when libedit cannot allocate the list.
    init?(capacity: Int, file: String?) {
        guard let handle = cle_history_init(Int32(clamping: capacity)) else { return nil }
        self.handle = handle
        self.file = file
        if let file {
            // A missing or unreadable file is an empty history, not an error.
            _ = cle_history_load(handle, file)
        }
    }

    deinit {
        cle_history_end(handle)
    }

    /// Appends `line` unless it repeats the previous line, then saves the file.
    /// Returns false when the file could not be written.
    @discardableResult
    func add(_ line: String) -> Bool {
        guard cle_history_enter(handle, line) == 0 else { return false }
        guard let file else { return true }
        return cle_history_save(handle, file) >= 0
    }

    /// Every line, oldest first.
    var lines: [String] {
        var lines: [String] = []
        var text: UnsafePointer<CChar>?
        var found = cle_history_oldest(handle, &text)
        while found == 0, let current = text {
            lines.append(String(cString: current))
            found = cle_history_newer(handle, &text)
        }
        return lines
    }
}
