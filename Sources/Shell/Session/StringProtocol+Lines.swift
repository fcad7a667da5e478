extension StringProtocol {
    /// The text's lines, split at LF or CRLF (a Windows checkout reads as its LF form);
    /// a text ending in a newline has an empty last line. Carriage returns at the end of a
    /// line are dropped, all of them, so that a line written back out reads the same.
    var lines: [SubSequence] {
        // Line breaks are found in the UTF-8 bytes, by offset: a line break is one byte, and
        // walking Characters (or String.Index by String.Index) would cost far more on every
        // line printed. LF and CR are grapheme boundaries on both sides (a CR before an LF
        // is dropped), so every slice is whole characters.
        // Text printed is split only when it is not one line (``isOneLine``), so this is
        // left to find the bounds.
        let bounds = utf8.withContiguousStorageIfAvailable { Self.lineBounds(of: $0) } ?? Self.lineBounds(of: Array(utf8))
        let base = utf8.startIndex
        return bounds.map { line in
            let start = utf8.index(base, offsetBy: line.start)
            return self[start..<utf8.index(start, offsetBy: line.end - line.start)]
        }
    }

    /// Whether the text is one line, with no LF or CR in it: then it is its only line,
    /// whole, and printing it needs no split.
    var isOneLine: Bool {
        utf8.withContiguousStorageIfAvailable { !Self.hasLineBreak($0) } ?? !Self.hasLineBreak(utf8)
    }

    private static func hasLineBreak<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }

    /// Where each line starts and ends (before its line break and trailing returns), as
    /// byte offsets.
    private static func lineBounds<Bytes: RandomAccessCollection<UInt8>>(of bytes: Bytes) -> [(start: Int, end: Int)] where Bytes.Index == Int {
        // A line ends before the run of carriage returns its line break follows, if any.
        func end(of start: Int, before lineBreak: Int) -> Int {
            var end = lineBreak
            while end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return end
        }
        var bounds: [(start: Int, end: Int)] = []
        var start = bytes.startIndex
        // A search for each line feed reads a script's text faster than a test of every byte.
        while let lineFeed = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            bounds.append((start, end(of: start, before: lineFeed)))
            start = lineFeed + 1
        }
        bounds.append((start, end(of: start, before: bytes.endIndex)))
        return bounds
    }
}

extension String {
    /// The text without a leading byte-order mark, which some Windows editors write.
    var droppingByteOrderMark: Substring {
        hasPrefix("\u{FEFF}") ? dropFirst() : self[...]
    }
}
