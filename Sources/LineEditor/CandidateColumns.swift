/// Completion candidates laid out in columns for the terminal, as `ls` lays out names:
/// down each column first, then across.
struct CandidateColumns: Equatable {
    /// The candidates in display order.
    var candidates: [String]
    /// At most this many candidates are shown; a last line says how many more there are.
    var limit: Int

    /// The space between two columns.
    static let gap = 2

    init(_ candidates: [String], limit: Int = 100) {
        self.candidates = candidates
        self.limit = max(1, limit)
    }

    /// The lines to print for a terminal `width` columns wide, without line breaks and
    /// without trailing spaces.
    func lines(width: Int) -> [String] {
        let shown = Array(candidates.prefix(limit))
        guard !shown.isEmpty else { return [] }
        let widest = shown.map(\.count).max() ?? 0
        let columns = max(1, (width + Self.gap) / (widest + Self.gap))
        let rows = (shown.count + columns - 1) / columns
        let cellWidth = widest + Self.gap
        var lines: [String] = []
        for row in 0..<rows {
            let cells = stride(from: row, to: shown.count, by: rows).map { shown[$0] }
            let padded = cells.dropLast().map { $0 + String(repeating: " ", count: cellWidth - $0.count) }
            lines.append((padded + cells.suffix(1)).joined())
        }
        let hidden = candidates.count - shown.count
        if hidden > 0 {
            lines.append("... and \(hidden) more")
        }
        return lines
    }
}
