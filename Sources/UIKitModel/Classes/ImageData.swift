/// What an image file's bytes say about it without decoding its pixels: its format, its
/// width and height in pixels, and how many frames it holds. The model draws nothing, so
/// this is all of an image that code can observe: `imageWithData:` sizes an image by it.
struct ImageData: Equatable {
    enum Format: String, Equatable {
        case png, gif, jpeg, bmp, webp
    }

    let format: Format
    let width: Int
    let height: Int
    /// The frames of an animated GIF (its image descriptors); 1 for every other image.
    let frameCount: Int
    /// Each frame's delay in seconds, as a GIF's graphic control extensions give it; none
    /// for a frame without one and for other formats.
    let frameDelays: [Double?]
    /// How often an animated GIF plays (its NETSCAPE2.0 extension; 0 for ever); nil without one.
    let loopCount: Int?

    /// The image `bytes` hold, read from its header; nil for bytes of no format known here
    /// or a header cut short.
    init?(_ bytes: [UInt8]) {
        if let png = Self.png(bytes) {
            self = png
        } else if let gif = Self.gif(bytes) {
            self = gif
        } else if let jpeg = Self.jpeg(bytes) {
            self = jpeg
        } else if let bmp = Self.bmp(bytes) {
            self = bmp
        } else if let webp = Self.webp(bytes) {
            self = webp
        } else {
            return nil
        }
    }

    private init(_ format: Format, _ width: Int, _ height: Int, frames: Int = 1, delays: [Double?] = [], loopCount: Int? = nil) {
        self.format = format
        self.width = width
        self.height = height
        frameCount = frames
        frameDelays = delays
        self.loopCount = loopCount
    }

    /// The bytes of an image file of `format` (PNG or JPEG) and size that this reads back:
    /// its header, without pixels, which the model never draws. What
    /// `UIImagePNGRepresentation` and `UIImageJPEGRepresentation` give, so data saved and
    /// read again makes an image of the same size.
    static func header(_ format: Format, width: Int, height: Int) -> [UInt8] {
        func word(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        switch format {
        case .jpeg:
            // Start of image; a baseline frame of three 8-bit components; end of image.
            return [0xFF, 0xD8, 0xFF, 0xC0] + word(17, 2) + [8] + word(height, 2) + word(width, 2)
                + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1] + [0xFF, 0xD9]
        default:
            // The signature, IHDR (8-bit RGBA) and IEND, each chunk with its CRC.
            func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
                let body = Array(type.utf8) + data
                return word(data.count, 4) + body + word(Int(CRC32.checksum(body)), 4)
            }
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                + chunk("IHDR", word(width, 4) + word(height, 4) + [8, 6, 0, 0, 0]) + chunk("IEND", [])
        }
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    private static func starts(_ bytes: [UInt8], with prefix: [UInt8], at offset: Int = 0) -> Bool {
        bytes.count >= offset + prefix.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
    }

    /// The signature, then the IHDR chunk, whose data starts with the width and height.
    private static func png(_ bytes: [UInt8]) -> ImageData? {
        guard bytes.count >= 24, starts(bytes, with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        return ImageData(.png, bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
    }

    /// The logical screen's size after the signature; a frame for each image descriptor,
    /// found by walking the blocks (extensions and image data are runs of sub-blocks).
    private static func gif(_ bytes: [UInt8]) -> ImageData? {
        guard bytes.count >= 13, starts(bytes, with: Array("GIF87a".utf8)) || starts(bytes, with: Array("GIF89a".utf8)) else { return nil }
        let (width, height) = (littleEndian(bytes, 6, 2), littleEndian(bytes, 8, 2))
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 0x07) + 1) } // the global colour table
        /// The offset after a run of sub-blocks starting at `start`; nil when cut short.
        func afterSubBlocks(_ start: Int) -> Int? {
            var at = start
            while at < bytes.count {
                let size = Int(bytes[at])
                at += 1 + size
                if size == 0 { return at }
            }
            return nil
        }
        var frames = 0, delays: [Double?] = [], pendingDelay: Double?, loopCount: Int?
        walk: while offset < bytes.count {
            switch bytes[offset] {
            case 0x2C: // an image descriptor, its local colour table, the LZW code size, the data
                guard offset + 10 <= bytes.count else { break walk }
                frames += 1
                delays.append(pendingDelay)
                pendingDelay = nil
                var at = offset + 10
                if bytes[offset + 9] & 0x80 != 0 { at += 3 << (Int(bytes[offset + 9] & 0x07) + 1) }
                guard let next = afterSubBlocks(at + 1) else { break walk }
                offset = next
            case 0x21: // an extension: its label, then sub-blocks
                guard offset + 2 < bytes.count, let next = afterSubBlocks(offset + 2) else { break walk }
                // A graphic control extension's delay, in hundredths of a second, is the next frame's.
                if bytes[offset + 1] == 0xF9, offset + 6 < bytes.count { pendingDelay = Double(littleEndian(bytes, offset + 4, 2)) / 100 }
                // Netscape's application extension says how often the animation loops.
                if bytes[offset + 1] == 0xFF, starts(bytes, with: Array("NETSCAPE2.0".utf8), at: offset + 3), offset + 17 < bytes.count {
                    loopCount = littleEndian(bytes, offset + 16, 2)
                }
                offset = next
            default: // the trailer (0x3B) or bytes no decoder reads on
                break walk
            }
        }
        return ImageData(.gif, width, height, frames: max(frames, 1), delays: delays, loopCount: loopCount)
    }

    /// The markers after the start of image, each with its length, up to a start of frame
    /// (SOF0 to SOF15 but DHT, JPG and DAC), which holds the height and width.
    private static func jpeg(_ bytes: [UInt8]) -> ImageData? {
        guard starts(bytes, with: [0xFF, 0xD8]) else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue } // fill bytes
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue } // markers with no length
            let length = bigEndian(bytes, offset + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 9 <= bytes.count else { return nil }
                return ImageData(.jpeg, bigEndian(bytes, offset + 7, 2), bigEndian(bytes, offset + 5, 2))
            }
            offset += 2 + length
        }
        return nil
    }

    /// The DIB header's width and height (a negative height is a top-down bitmap).
    private static func bmp(_ bytes: [UInt8]) -> ImageData? {
        guard bytes.count >= 26, starts(bytes, with: Array("BM".utf8)) else { return nil }
        let height = Int32(truncatingIfNeeded: littleEndian(bytes, 22, 4))
        return ImageData(.bmp, littleEndian(bytes, 18, 4), Int(height.magnitude))
    }

    /// RIFF's WEBP, then a lossy (VP8), lossless (VP8L) or extended (VP8X) chunk, each of
    /// which spells the size its own way.
    private static func webp(_ bytes: [UInt8]) -> ImageData? {
        guard bytes.count >= 30, starts(bytes, with: Array("RIFF".utf8)), starts(bytes, with: Array("WEBP".utf8), at: 8) else { return nil }
        if starts(bytes, with: Array("VP8 ".utf8), at: 12) {
            return ImageData(.webp, littleEndian(bytes, 26, 2) & 0x3FFF, littleEndian(bytes, 28, 2) & 0x3FFF)
        }
        if starts(bytes, with: Array("VP8L".utf8), at: 12) {
            let bits = littleEndian(bytes, 21, 4)
            return ImageData(.webp, (bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        }
        if starts(bytes, with: Array("VP8X".utf8), at: 12) {
            return ImageData(.webp, littleEndian(bytes, 24, 3) + 1, littleEndian(bytes, 27, 3) + 1)
        }
        return nil
    }
}
