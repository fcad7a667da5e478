/// The string encodings Foundation's string and data methods take (`NSStringEncoding`),
/// as bytes in and bytes out: ASCII, UTF-8, ISO Latin 1, UTF-16 and UTF-32 with their
/// byte orders.
///
/// As Foundation: UTF-16 and UTF-32 without a stated order write a byte order mark and
/// then the host's order (little-endian, on every device), and read a byte order mark when
/// there is one, big-endian when there is none.
enum TextEncoding: Equatable {
    case ascii, utf8, latin1
    case utf16(bigEndian: Bool?), utf32(bigEndian: Bool?)

    /// The encoding `NSStringEncoding` number `value` names; nil for one the model lacks.
    init?(_ value: Int) {
        switch value {
        case 1: self = .ascii
        case 4: self = .utf8
        case 5: self = .latin1
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
        case .utf8, .utf16, .utf32: true
        }
    }

    /// `text` in this encoding; nil when a character cannot be written in it.
    func encode(_ text: String) -> [UInt8]? {
        guard canEncode(text) else { return nil }
        switch self {
        case .ascii, .latin1: return text.unicodeScalars.map { UInt8($0.value) }
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
