/// The string encodings Foundation's string and data methods take (`NSStringEncoding`),
/// as bytes in and bytes out: ASCII, UTF-8, ISO Latin 1, Mac OS Roman and Windows-1252 (the
/// single-byte encodings older text files and CSV exports are in), UTF-16 and UTF-32 with
/// their byte orders.
///
/// As Foundation: UTF-16 and UTF-32 without a stated order write a byte order mark and
/// then the host's order (little-endian, on every device), and read a byte order mark when
/// there is one, big-endian when there is none.
enum TextEncoding: Equatable {
    case ascii, utf8, latin1, macRoman, windows1252
    case utf16(bigEndian: Bool?), utf32(bigEndian: Bool?)

    /// The encoding `NSStringEncoding` number `value` names; nil for one the model lacks.
    init?(_ value: Int) {
        switch value {
        case 1: self = .ascii
        case 4: self = .utf8
        case 5: self = .latin1
        case 12: self = .windows1252
        case 30: self = .macRoman
        case 10: self = .utf16(bigEndian: nil)
        case 0x9000_0100: self = .utf16(bigEndian: true)
        case 0x9400_0100: self = .utf16(bigEndian: false)
        case 0x8C00_0100: self = .utf32(bigEndian: nil)
        case 0x9800_0100: self = .utf32(bigEndian: true)
        case 0x9C00_0100: self = .utf32(bigEndian: false)
        default: return nil
        }
    }

    /// The encoding with its byte order, for bytes that carry no byte order mark (a C
    /// string, a count of bytes): UTF-16 and UTF-32 in the host's order.
    var withoutMark: TextEncoding {
        switch self {
        case .utf16(nil): .utf16(bigEndian: false)
        case .utf32(nil): .utf32(bigEndian: false)
        default: self
        }
    }

    /// What an error says the encodings are.
    static let expected = "a string encoding, such as NSUTF8StringEncoding (4), NSASCIIStringEncoding (1), NSISOLatin1StringEncoding (5) or NSUTF16StringEncoding (10)"

    /// Whether every character of `text` can be written in this encoding.
    func canEncode(_ text: String) -> Bool {
        switch self {
        case .ascii: text.unicodeScalars.allSatisfy { $0.value < 0x80 }
        case .latin1: text.unicodeScalars.allSatisfy { $0.value < 0x100 }
        case .macRoman, .windows1252: text.unicodeScalars.allSatisfy { singleByte(for: $0) != nil }
        case .utf8, .utf16, .utf32: true
        }
    }

    /// `text` in this encoding; nil when a character cannot be written in it.
    func encode(_ text: String) -> [UInt8]? {
        guard canEncode(text) else { return nil }
        switch self {
        case .ascii, .latin1: return text.unicodeScalars.map { UInt8($0.value) }
        case .macRoman, .windows1252: return text.unicodeScalars.compactMap { singleByte(for: $0) }
        case .utf8: return Array(text.utf8)
        case .utf16(let bigEndian):
            let mark: [UInt8] = bigEndian == nil ? [0xFF, 0xFE] : []
            return mark + text.utf16.flatMap { Self.bytes(of: UInt32($0), count: 2, bigEndian: bigEndian ?? false) }
        case .utf32(let bigEndian):
            let mark: [UInt8] = bigEndian == nil ? [0xFF, 0xFE, 0, 0] : []
            return mark + text.unicodeScalars.flatMap { Self.bytes(of: $0.value, count: 4, bigEndian: bigEndian ?? false) }
        }
    }

    /// The text `bytes` hold in this encoding; nil when they are not text in it.
    func decode(_ bytes: [UInt8]) -> String? {
        switch self {
        case .ascii:
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        case .utf8:
            return String(validating: bytes, as: UTF8.self)
        case .latin1:
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case .macRoman, .windows1252:
            var scalars = String.UnicodeScalarView()
            for byte in bytes {
                // Windows-1252 leaves five bytes undefined: no text holds them.
                guard let scalar = byte < 0x80 ? Unicode.Scalar(byte) : Unicode.Scalar(upperHalf[Int(byte) - 0x80]), scalar.value != 0 else { return nil }
                scalars.append(scalar)
            }
            return String(scalars)
        case .utf16(let stated):
            let (bigEndian, body) = Self.order(of: bytes, stated: stated, marks: ([0xFE, 0xFF], [0xFF, 0xFE]))
            guard body.count % 2 == 0 else { return nil }
            let units = stride(from: 0, to: body.count, by: 2).map { UInt16(Self.number(body[$0..<$0 + 2], bigEndian: bigEndian)) }
            // A lone surrogate is no text a Swift string can hold.
            return String(validating: units, as: UTF16.self)
        case .utf32(let stated):
            let (bigEndian, body) = Self.order(of: bytes, stated: stated, marks: ([0, 0, 0xFE, 0xFF], [0xFF, 0xFE, 0, 0]))
            guard body.count % 4 == 0 else { return nil }
            var scalars = String.UnicodeScalarView()
            for start in stride(from: 0, to: body.count, by: 4) {
                guard let scalar = Unicode.Scalar(Self.number(body[start..<start + 4], bigEndian: bigEndian)) else { return nil }
                scalars.append(scalar)
            }
            return String(scalars)
        }
    }

    /// A single-byte encoding's characters for the bytes 0x80 to 0xFF (0 for a byte it leaves undefined).
    private var upperHalf: [UInt32] { self == .macRoman ? Self.macRomanUpperHalf : Self.windows1252UpperHalf }

    /// The byte a single-byte encoding writes `scalar` as; nil when it has none.
    private func singleByte(for scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value < 0x80 { return UInt8(scalar.value) }
        return upperHalf.firstIndex(of: scalar.value).map { UInt8($0 + 0x80) }
    }

    /// Mac OS Roman (with the euro at 0xDB, as since Mac OS 8.5).
    private static let macRomanUpperHalf: [UInt32] = [
        0x00C4, 0x00C5, 0x00C7, 0x00C9, 0x00D1, 0x00D6, 0x00DC, 0x00E1, 0x00E0, 0x00E2, 0x00E4, 0x00E3, 0x00E5, 0x00E7, 0x00E9, 0x00E8,
        0x00EA, 0x00EB, 0x00ED, 0x00EC, 0x00EE, 0x00EF, 0x00F1, 0x00F3, 0x00F2, 0x00F4, 0x00F6, 0x00F5, 0x00FA, 0x00F9, 0x00FB, 0x00FC,
        0x2020, 0x00B0, 0x00A2, 0x00A3, 0x00A7, 0x2022, 0x00B6, 0x00DF, 0x00AE, 0x00A9, 0x2122, 0x00B4, 0x00A8, 0x2260, 0x00C6, 0x00D8,
        0x221E, 0x00B1, 0x2264, 0x2265, 0x00A5, 0x00B5, 0x2202, 0x2211, 0x220F, 0x03C0, 0x222B, 0x00AA, 0x00BA, 0x03A9, 0x00E6, 0x00F8,
        0x00BF, 0x00A1, 0x00AC, 0x221A, 0x0192, 0x2248, 0x2206, 0x00AB, 0x00BB, 0x2026, 0x00A0, 0x00C0, 0x00C3, 0x00D5, 0x0152, 0x0153,
        0x2013, 0x2014, 0x201C, 0x201D, 0x2018, 0x2019, 0x00F7, 0x25CA, 0x00FF, 0x0178, 0x2044, 0x20AC, 0x2039, 0x203A, 0xFB01, 0xFB02,
        0x2021, 0x00B7, 0x201A, 0x201E, 0x2030, 0x00C2, 0x00CA, 0x00C1, 0x00CB, 0x00C8, 0x00CD, 0x00CE, 0x00CF, 0x00CC, 0x00D3, 0x00D4,
        0xF8FF, 0x00D2, 0x00DA, 0x00DB, 0x00D9, 0x0131, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9, 0x02DA, 0x00B8, 0x02DD, 0x02DB, 0x02C7,
    ]

    /// Windows-1252: ISO Latin 1 with printable characters in place of most C1 controls.
    private static let windows1252UpperHalf: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
        0x00A0, 0x00A1, 0x00A2, 0x00A3, 0x00A4, 0x00A5, 0x00A6, 0x00A7, 0x00A8, 0x00A9, 0x00AA, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x00AF,
        0x00B0, 0x00B1, 0x00B2, 0x00B3, 0x00B4, 0x00B5, 0x00B6, 0x00B7, 0x00B8, 0x00B9, 0x00BA, 0x00BB, 0x00BC, 0x00BD, 0x00BE, 0x00BF,
        0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C6, 0x00C7, 0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
        0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D7, 0x00D8, 0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00DF,
        0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E6, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB, 0x00EC, 0x00ED, 0x00EE, 0x00EF,
        0x00F0, 0x00F1, 0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00F7, 0x00F8, 0x00F9, 0x00FA, 0x00FB, 0x00FC, 0x00FD, 0x00FE, 0x00FF,
    ]

    /// The byte order of `bytes` and the bytes after any byte order mark: the stated order,
    /// else the mark's, else big-endian.
    private static func order(of bytes: [UInt8], stated: Bool?, marks: (big: [UInt8], little: [UInt8])) -> (bigEndian: Bool, body: [UInt8]) {
        if let stated { return (stated, bytes) }
        if bytes.starts(with: marks.big) { return (true, Array(bytes.dropFirst(marks.big.count))) }
        if bytes.starts(with: marks.little) { return (false, Array(bytes.dropFirst(marks.little.count))) }
        return (true, bytes)
    }

    private static func bytes(of value: UInt32, count: Int, bigEndian: Bool) -> [UInt8] {
        let little = (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        return bigEndian ? little.reversed() : little
    }

    private static func number(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> UInt32 {
        let ordered = bigEndian ? Array(bytes) : bytes.reversed()
        return ordered.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
