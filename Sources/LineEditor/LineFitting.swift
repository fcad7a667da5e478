/// Long lines of structured output (trees, traces and view listings, whose lines are
/// indented) wrapped to the terminal's width, each continuation indented under the
/// line's text, so that the structure still reads where the terminal would have wrapped
/// the line at its first column.
///
/// Only for showing output on a terminal: what is recorded or compared is never fitted,
/// so transcripts and scripts read the same at any width.
///
/// ```swift
/// LineFitting.fit("    super -[MMBaseViewController viewWillAppear:] <MMLoginViewController: 0x1> NO", width: 40)
/// // ["    super -[MMBaseViewController",
/// //  "      viewWillAppear:]",
/// //  "      <MMLoginViewController: 0x1> NO"]
/// ```
public enum LineFitting {
    /// The label a trace line starts with, before its indentation.
    static let traceLabel = "trace:"
    /// Characters that draw a tree's structure, counted as indentation.
    static let treeCharacters: Set<Character> = [" ", "│", "├", "└", "─"]

    /// `line` as the lines to show on a terminal `width` columns wide: itself when it fits
    /// or is not structured (it does not start with indentation, a tree or `trace:`), else
    /// wrapped at spaces, or within a word that is wider than the room there is.
    public static func fit(_ line: String, width: Int) -> [String] {
        guard width >= 8, line.count > width, let textStart = textStart(of: line) else { return [line] }
        // Deep indentation would leave no room for the text: continuations go no further in
        // than half the width.
        let hanging = String(repeating: " ", count: min(textStart + 2, width / 2))
        var lines: [String] = []
        var rest = Substring(line)
        var prefix = ""
        while prefix.count + rest.count > width {
            let room = width - prefix.count
            let candidate = rest.prefix(room + 1)
            // Break at the last space that leaves text on both sides, past the indentation.
            let minimum = lines.isEmpty ? textStart : 0
            let breakAt = candidate.indices.last { index in
                candidate[index] == " " && candidate.distance(from: candidate.startIndex, to: index) > minimum
            }
            if let breakAt {
                lines.append(prefix + rest[..<breakAt])
                rest = rest[rest.index(after: breakAt)...].drop { $0 == " " }
            } else {
                lines.append(prefix + rest.prefix(room))
                rest = rest.dropFirst(room)
            }
            prefix = hanging
            if rest.isEmpty { return lines }
        }
        lines.append(prefix + rest)
        return lines
    }

    /// Where the text of a structured line starts, in characters; nil for a line that is
    /// not structured.
    static func textStart(of line: String) -> Int? {
        var characters = Substring(line)
        var start = 0
        if characters.hasPrefix(traceLabel + " ") {
            characters = characters.dropFirst(traceLabel.count)
            start = traceLabel.count
        } else if characters.first.map(treeCharacters.contains) != true {
            return nil
        }
        let indentation = characters.prefix { treeCharacters.contains($0) }
        return start + indentation.count
    }
}
