import UIKitModel

/// DEFLATE (RFC 1951) in its zlib (RFC 1950) and gzip (RFC 1952) wrappings: what zlib's
/// `inflate` and `deflate` read and write for `ZlibFunctions`, with zlib's checksums.
///
/// Decompression reads every block type (stored, fixed and dynamic Huffman codes), as the
/// reference decoder `puff` does: a code is read a bit at a time against the counts of
/// codes of each length. Compression writes stored blocks: valid DEFLATE that any inflater
/// reads, which is all code observes of it (the model never measures a ratio).
enum Zlib {
    /// How the stream is wrapped, as zlib's `windowBits` says: 8 to 15 zlib, -8 to -15 raw,
    /// 16 and up gzip, 32 and up either (told by the header).
    enum Wrapping: Equatable {
        case zlib, gzip, raw, detected

        init?(windowBits: Int) {
            switch windowBits {
            case 8...15, 0: self = .zlib
            case -15 ... -8: self = .raw
            case 16...31: self = .gzip
            case 32...47: self = .detected
            default: return nil
            }
        }
    }

    /// Why the data could not be inflated, in zlib's words (its `msg`).
    struct Failure: Error, Equatable {
        let message: String
    }

    /// The bytes `data` inflates to and how many of its bytes the stream took.
    static func inflate(_ data: [UInt8], wrapping: Wrapping) throws(Failure) -> (output: [UInt8], consumed: Int) {
        var reader = BitReader(data)
        var kind = wrapping
        if kind == .detected { kind = data.starts(with: [0x1F, 0x8B]) ? .gzip : .zlib }
        switch kind {
        case .zlib:
            guard data.count >= 2 else { throw Failure(message: "unexpected end of file") }
            let (cmf, flg) = (Int(data[0]), Int(data[1]))
            guard (cmf << 8 | flg) % 31 == 0 else { throw Failure(message: "incorrect header check") }
            guard cmf & 0x0F == 8 else { throw Failure(message: "unknown compression method") }
            guard flg & 0x20 == 0 else { throw Failure(message: "need dictionary") }
            reader.position = 2
        case .gzip:
            reader.position = try gzipHeaderLength(data)
        default:
            break
        }
        var output: [UInt8] = []
        try inflateBlocks(&reader, into: &output)
        reader.alignToByte()
        switch kind {
        case .zlib:
            guard let stored = reader.bigEndian(4) else { throw Failure(message: "unexpected end of file") }
            guard stored == adler32(output) else { throw Failure(message: "incorrect data check") }
        case .gzip:
            guard let crc = reader.littleEndian(4), let size = reader.littleEndian(4) else { throw Failure(message: "unexpected end of file") }
            guard crc == crc32(output) else { throw Failure(message: "incorrect data check") }
            guard size == UInt32(truncatingIfNeeded: output.count) else { throw Failure(message: "incorrect length check") }
        default:
            break
        }
        return (output, reader.position)
    }

    /// `data` deflated into stored blocks, wrapped as asked (detected writes zlib's).
    static func deflate(_ data: [UInt8], wrapping: Wrapping) -> [UInt8] {
        var output: [UInt8]
        switch wrapping {
        case .gzip: output = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        case .raw: output = []
        default: output = [0x78, 0x01]
        }
        var start = 0
        repeat {
            let end = min(data.count, start + 65_535)
            let length = end - start
            output.append(end == data.count ? 1 : 0)
            output += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            output += data[start..<end]
            start = end
        } while start < data.count
        func bytes(_ value: UInt32, bigEndian: Bool) -> [UInt8] {
            let little = (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return bigEndian ? little.reversed() : little
        }
        switch wrapping {
        case .gzip: output += bytes(crc32(data), bigEndian: false) + bytes(UInt32(truncatingIfNeeded: data.count), bigEndian: false)
        case .raw: break
        default: output += bytes(adler32(data), bigEndian: true)
        }
        return output
    }

    /// zlib's `crc32`, continuing `initial` (0 for a fresh one): the class library's `CRC32`.
    static func crc32(_ data: [UInt8], continuing initial: UInt32 = 0) -> UInt32 {
        CRC32.checksum(data, continuing: initial)
    }

    /// zlib's `adler32`, continuing `initial` (1 for a fresh sum).
    static func adler32(_ data: [UInt8], continuing initial: UInt32 = 1) -> UInt32 {
        var (a, b) = (initial & 0xFFFF, initial >> 16)
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// The gzip header's length: ten bytes, then what its flags add.
    private static func gzipHeaderLength(_ data: [UInt8]) throws(Failure) -> Int {
        guard data.count >= 10 else { throw Failure(message: "unexpected end of file") }
        guard data[0] == 0x1F, data[1] == 0x8B else { throw Failure(message: "incorrect header check") }
        guard data[2] == 8 else { throw Failure(message: "unknown compression method") }
        let flags = data[3]
        var position = 10
        if flags & 4 != 0 {
            guard position + 2 <= data.count else { throw Failure(message: "unexpected end of file") }
            position += 2 + (Int(data[position]) | Int(data[position + 1]) << 8)
        }
        for flag: UInt8 in [8, 16] where flags & flag != 0 {
            while position < data.count, data[position] != 0 { position += 1 }
            position += 1
        }
        if flags & 2 != 0 { position += 2 }
        guard position <= data.count else { throw Failure(message: "unexpected end of file") }
        return position
    }

    // MARK: Inflating

    private struct BitReader {
        let data: [UInt8]
        var position = 0
        private var buffer = 0
        private var count = 0

        init(_ data: [UInt8]) { self.data = data }

        mutating func bits(_ needed: Int) throws(Failure) -> Int {
            while count < needed {
                guard position < data.count else { throw Failure(message: "unexpected end of file") }
                buffer |= Int(data[position]) << count
                position += 1
                count += 8
            }
            let value = buffer & ((1 << needed) - 1)
            buffer >>= needed
            count -= needed
            return value
        }

        mutating func alignToByte() {
            buffer = 0
            count = 0
        }

        mutating func littleEndian(_ bytes: Int) -> UInt32? {
            guard position + bytes <= data.count else { return nil }
            defer { position += bytes }
            return (0..<bytes).reduce(UInt32(0)) { $0 | UInt32(data[position + $1]) << (8 * $1) }
        }

        mutating func bigEndian(_ bytes: Int) -> UInt32? {
            guard position + bytes <= data.count else { return nil }
            defer { position += bytes }
            return (0..<bytes).reduce(UInt32(0)) { $0 << 8 | UInt32(data[position + $1]) }
        }
    }

    /// A canonical Huffman code: how many codes there are of each length, and the symbols
    /// in code order.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) throws(Failure) {
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1..<16 {
                left = left * 2 - counts[length]
                guard left >= 0 else { throw Failure(message: "invalid code lengths set") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
            counts[0] = 0
        }

        func decode(_ reader: inout BitReader) throws(Failure) -> Int {
            var (code, first, index) = (0, 0, 0)
            for length in 1..<16 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw Failure(message: "invalid code")
        }
    }

    private static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtras = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The most a stream inflates to here: each byte is a value in the model, so a bomb is
    /// refused rather than exhausting memory.
    static let maximumOutput = 1 << 26

    private static func inflateBlocks(_ reader: inout BitReader, into output: inout [UInt8]) throws(Failure) {
        var isLast = false
        while !isLast {
            isLast = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0:
                reader.alignToByte()
                guard let length = reader.littleEndian(2), let complement = reader.littleEndian(2) else { throw Failure(message: "unexpected end of file") }
                guard length == ~complement & 0xFFFF else { throw Failure(message: "invalid stored block lengths") }
                guard reader.position + Int(length) <= reader.data.count else { throw Failure(message: "unexpected end of file") }
                output += reader.data[reader.position..<(reader.position + Int(length))]
                reader.position += Int(length)
            case 1:
                let literals = try Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
                let distances = try Huffman(lengths: [Int](repeating: 5, count: 30))
                try inflateCodes(&reader, literals, distances, into: &output)
            case 2:
                let (literals, distances) = try dynamicCodes(&reader)
                try inflateCodes(&reader, literals, distances, into: &output)
            default:
                throw Failure(message: "invalid block type")
            }
        }
    }

    private static func dynamicCodes(_ reader: inout BitReader) throws(Failure) -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257, distanceCount = try reader.bits(5) + 1, codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Failure(message: "too many length or distance symbols") }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[codeLengthOrder[index]] = try reader.bits(3) }
        let lengthCode = try Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try lengthCode.decode(&reader)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure(message: "invalid bit length repeat") }
                lengths += [Int](repeating: previous, count: 3 + (try reader.bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Failure(message: "invalid bit length repeat") }
        guard lengths[256] != 0 else { throw Failure(message: "invalid code -- missing end-of-block") }
        return (try Huffman(lengths: Array(lengths[..<literalCount])), try Huffman(lengths: Array(lengths[literalCount...])))
    }

    private static func inflateCodes(_ reader: inout BitReader, _ literals: Huffman, _ distances: Huffman, into output: inout [UInt8]) throws(Failure) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < lengthBases.count else { throw Failure(message: "invalid literal/length code") }
            let length = lengthBases[index] + (try reader.bits(lengthExtras[index]))
            let distanceSymbol = try distances.decode(&reader)
            guard distanceSymbol < distanceBases.count else { throw Failure(message: "invalid distance code") }
            let distance = distanceBases[distanceSymbol] + (try reader.bits(distanceExtras[distanceSymbol]))
            guard distance <= output.count else { throw Failure(message: "invalid distance too far back") }
            guard output.count + length <= maximumOutput else { throw Failure(message: "the data inflates to more than \(maximumOutput) bytes") }
            let start = output.count - distance
            for offset in 0..<length { output.append(output[start + offset]) }
        }
    }
}
