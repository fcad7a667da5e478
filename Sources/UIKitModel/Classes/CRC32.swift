/// The CRC-32 of ISO 3309 (reflected, polynomial 0xEDB88320): what a PNG's chunks carry
/// (`ImageData.header`) and what zlib's `crc32` and a gzip stream's trailer give.
public enum CRC32 {
    /// The CRC of `data`, continuing `initial` (0 for a fresh one).
    public static func checksum(_ data: [UInt8], continuing initial: UInt32 = 0) -> UInt32 {
        var crc = ~initial
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
