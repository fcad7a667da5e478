extension StringProtocol {
    /// The text's lines, split at LF or CRLF (a Windows checkout reads as its LF form);
    /// a text ending in a newline has an empty last line. Carriage returns at the end of a
    /// line are dropped, all of them, so that a line written back out reads the same.
    var lines: [SubSequence] {
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map { line in
            var end = line.endIndex
            while end > line.startIndex, line[line.index(before: end)] == "\r" { end = line.index(before: end) }
            return line[..<end]
        }
    }
}

extension String {
    /// The text without a leading byte-order mark, which some Windows editors write.
    var droppingByteOrderMark: Substring {
        hasPrefix("\u{FEFF}") ? dropFirst() : self[...]
    }
}
