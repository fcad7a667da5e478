extension StringProtocol {
    /// The text's lines, split at LF or CRLF (a Windows checkout reads as its LF form);
    /// a text ending in a newline has an empty last line. Carriage returns at the end of a
    /// line are dropped, all of them, so that a line written back out reads the same.
    var lines: [SubSequence] {
        // Read as UTF-8 bytes: a line break is one byte, and walking Characters would pay
        // for grapheme breaking on every line printed. LF and CR are grapheme boundaries on
        // both sides (a CR before an LF is dropped), so every slice is whole characters.
        var lines: [SubSequence] = []
        let bytes = utf8
        var start = bytes.startIndex
        // Where the run of carriage returns the line ends with starts, if it ends with one.
        var returns: String.Index?
        var index = start
        while index != bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                lines.append(self[start..<(returns ?? index)])
                start = bytes.index(after: index)
                returns = nil
            case UInt8(ascii: "\r"):
                if returns == nil { returns = index }
            default:
                returns = nil
            }
            index = bytes.index(after: index)
        }
        lines.append(self[start..<(returns ?? index)])
        return lines
    }
}

extension String {
    /// The text without a leading byte-order mark, which some Windows editors write.
    var droppingByteOrderMark: Substring {
        hasPrefix("\u{FEFF}") ? dropFirst() : self[...]
    }
}
