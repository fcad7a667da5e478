extension StringProtocol {
    /// The text's lines, split at LF or CRLF (a Windows checkout reads as its LF form);
    /// a text ending in a newline has an empty last line. Carriage returns at the end of a
    /// line are dropped, all of them, so that a line written back out reads the same.
    var lines: [SubSequence] {
        // Line breaks are found in the UTF-8 bytes, by offset: a line break is one byte, and
        // walking Characters (or String.Index by String.Index) would cost far more on every
        // line printed. LF and CR are grapheme boundaries on both sides (a CR before an LF
        // is dropped), so every slice is whole characters.
        var bounds: [(start: Int, end: Int)] = []
        let isOneLine: Bool? = utf8.withContiguousStorageIfAvailable { bytes in
            // Most text printed is one line: it is returned whole, with no scan for bounds.
            if !bytes.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) { return true }
            bounds = Self.lineBounds(of: bytes)
            return false
        }
        if isOneLine == true { return [self[...]] }
        if isOneLine == nil { bounds = Self.lineBounds(of: Array(utf8)) }
        let base = utf8.startIndex
        return bounds.map { line in
            let start = utf8.index(base, offsetBy: line.start)
            return self[start..<utf8.index(start, offsetBy: line.end - line.start)]
        }
    }

    /// Where each line starts and ends (before its line break and trailing returns), as
    /// byte offsets.
    private static func lineBounds<Bytes: RandomAccessCollection<UInt8>>(of bytes: Bytes) -> [(start: Int, end: Int)] where Bytes.Index == Int {
        var bounds: [(start: Int, end: Int)] = []
        var start = bytes.startIndex
        // Where the run of carriage returns the line ends with starts, if it ends with one.
        var returns: Int?
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                bounds.append((start, returns ?? index))
                start = index + 1
                returns = nil
            case UInt8(ascii: "\r"):
                if returns == nil { returns = index }
            default:
                returns = nil
            }
        }
        bounds.append((start, returns ?? bytes.endIndex))
        return bounds
    }
}

extension String {
    /// The text without a leading byte-order mark, which some Windows editors write.
    var droppingByteOrderMark: Substring {
        hasPrefix("\u{FEFF}") ? dropFirst() : self[...]
    }
}
