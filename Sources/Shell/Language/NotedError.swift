/// An error that carries notes on what was done about it, after its message
/// (`-[MMBroken bad] is left out of the class`).
protocol NotedError: Error {
    var notes: [String] { get set }
}

extension NotedError {
    /// The same error with one more note.
    func noting(_ note: String) -> Self {
        var noted = self
        noted.notes.append(note)
        return noted
    }
}
