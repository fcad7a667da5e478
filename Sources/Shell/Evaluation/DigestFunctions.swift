import Foundation
import Runtime

/// CommonCrypto's one-shot digests, as caches name files after a key's MD5 and code signs
/// or checks data: `CC_MD5`, `CC_SHA1` and `CC_SHA256` read `length` bytes from a pointer
/// (a C string, memory, an NSData's `bytes`) and write the digest into the buffer given,
/// which they return. The digests are computed here, byte for byte as RFC 1321, FIPS 180-4
/// define them. `CCHmac(algorithm, key, keyLength, data, dataLength, macOut)` signs with
/// one of them as RFC 2104's HMAC (`kCCHmacAlgSHA1` 0, `kCCHmacAlgMD5` 1, `kCCHmacAlgSHA256` 2).
/// The streaming forms (`CC_MD5_Init(&context)`, `CC_MD5_Update(&context, data, length)`,
/// `CC_MD5_Final(digest, &context)`, and SHA-1's and SHA-256's) keep the bytes given so far
/// in the context and digest them at the end.
enum DigestFunctions {
    private static let expectations: [String: String] = [
        "CC_MD5": "data, its length and a buffer of CC_MD5_DIGEST_LENGTH bytes, as in CC_MD5(str, (CC_LONG)strlen(str), digest)",
        "CC_SHA1": "data, its length and a buffer of CC_SHA1_DIGEST_LENGTH bytes, as in CC_SHA1(data.bytes, (CC_LONG)data.length, digest)",
        "CC_SHA256": "data, its length and a buffer of CC_SHA256_DIGEST_LENGTH bytes, as in CC_SHA256(data.bytes, (CC_LONG)data.length, digest)",
    ]

    /// The streaming digests by prefix, each with its context's struct and its one-shot digest.
    private static let streams: [String: (context: String, digest: @Sendable ([UInt8]) -> [UInt8])] = [
        "CC_MD5": ("CC_MD5state_st", md5), "CC_SHA1": ("CC_SHA1state_st", sha1), "CC_SHA256": ("CC_SHA256state_st", sha256),
    ]

    /// The functions, sorted.
    static let names = (expectations.keys + ["CCHmac"] + streams.keys.flatMap { ["\($0)_Init", "\($0)_Update", "\($0)_Final"] }).sorted()

    /// CommonCrypto's HMAC algorithms, by their `kCCHmacAlg` number.
    private static let hmacDigests: [Int: @Sendable ([UInt8]) -> [UInt8]] = [0: sha1, 1: md5, 2: sha256]

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        if name == "CCHmac" { return try hmac(arguments, interpreter: interpreter, at: location) }
        if let underscore = name.lastIndex(of: "_"), let stream = streams[String(name[..<underscore])] {
            return try streamed(name, String(name[name.index(after: underscore)...]), stream, arguments, interpreter: interpreter, at: location)
        }
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        try call.expect(3)
        let length = try call.integer(1)
        guard length >= 0, let digest = try call.pointer(2) else { throw call.mistake }
        let bytes = try Self.bytes(call[0], count: length, strings: interpreter.context.framework.cStrings, call)
        let result = switch name {
        case "CC_MD5": md5(bytes)
        case "CC_SHA1": sha1(bytes)
        default: sha256(bytes)
        }
        digest.write(result.map { .int(Int($0)) })
        return call[2]
    }

    /// `CCHmac`: the key's and the data's bytes signed, written into the buffer given.
    private static func hmac(_ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value {
        let call = FunctionCall(
            function: "CCHmac", arguments: arguments,
            expected: "an algorithm (kCCHmacAlgSHA1, kCCHmacAlgMD5 or kCCHmacAlgSHA256), a key and its length, data and its length, and a buffer for the MAC, as in CCHmac(kCCHmacAlgSHA256, key, keyLength, data, dataLength, mac)",
            location: location)
        try call.expect(6)
        let strings = interpreter.context.framework.cStrings
        guard let digest = hmacDigests[try call.integer(0)], let output = try call.pointer(5) else { throw call.mistake }
        var key = try bytes(call[1], count: max(0, try call.integer(2)), strings: strings, call)
        let message = try bytes(call[3], count: max(0, try call.integer(4)), strings: strings, call)
        // The key is hashed when longer than the block, then padded to it.
        if key.count > 64 { key = digest(key) }
        key += Array(repeating: 0, count: 64 - key.count)
        let inner = digest(key.map { $0 ^ 0x36 } + message)
        output.write(digest(key.map { $0 ^ 0x5C } + inner).map { .int(Int($0)) })
        return .nil
    }

    /// A streaming digest's step: `Init` empties the context, `Update` adds bytes to it,
    /// `Final` writes the digest of them all and empties it. Each answers 1, as CommonCrypto's.
    private static func streamed(
        _ name: String, _ step: String, _ stream: (context: String, digest: @Sendable ([UInt8]) -> [UInt8]), _ arguments: [Value],
        interpreter: Interpreter, at location: SourceLocation
    ) throws -> Value? {
        let prefix = String(name.dropLast(step.count + 1))
        let expected = switch step {
        case "Init": "a pointer to a context, as in \(prefix)_Init(&context)"
        case "Update": "a pointer to a context, data and its length, as in \(prefix)_Update(&context, data.bytes, (CC_LONG)data.length)"
        case "Final": "a buffer for the digest and a pointer to a context, as in \(prefix)_Final(digest, &context)"
        default: ""
        }
        guard !expected.isEmpty else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        try call.expect(step == "Update" ? 3 : step == "Final" ? 2 : 1)
        guard let context = try call.pointer(step == "Final" ? 1 : 0) else { throw call.mistake }
        func store(_ bytes: [UInt8]) {
            context.value = .structure(StructValue(name: stream.context, fieldNames: ["data"], fields: [.array(bytes.map { .int(Int($0)) })]))
        }
        /// What the context holds: Init's, or the bytes of the updates since.
        func held() throws -> [UInt8] {
            // A context Init never emptied is a mistake, as CommonCrypto's would digest garbage.
            guard case .structure(let fields) = context.value, fields.name == stream.context, case .array(let bytes)? = fields["data"] else {
                throw call.mistake
            }
            return bytes.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
        }
        switch step {
        case "Init":
            store([])
        case "Update":
            let length = try call.integer(2)
            guard length >= 0 else { throw call.mistake }
            store(try held() + bytes(call[1], count: length, strings: interpreter.context.framework.cStrings, call))
        default:
            guard let digest = try call.pointer(0) else { throw call.mistake }
            digest.write(stream.digest(try held()).map { .int(Int($0)) })
            store([])
        }
        return .int(1)
    }

    /// `count` bytes from what `value` points at: a C string's (its UTF-8 and NUL), or
    /// memory's elements, each a byte.
    private static func bytes(_ value: Value, count: Int, strings: CStringMemory, _ call: FunctionCall) throws -> [UInt8] {
        guard count > 0 else { return [] }
        guard let pointer = CMemory.pointer(from: value, in: strings) else { throw call.mistake }
        let elements = pointer.elements(upTo: count)
        guard elements.count == count else { throw call.mistake }
        return elements.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
    }

    // MARK: The digests

    /// The message padded as MD5 and SHA pad it: a 1 bit, zeros, and the length in bits,
    /// little-endian for MD5 and big-endian for SHA.
    private static func padded(_ message: [UInt8], bigEndian: Bool) -> [UInt8] {
        var data = message
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) &* 8
        for index in 0..<8 { data.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(bigEndian ? 7 - index : index)))) }
        return data
    }

    static func md5(_ message: [UInt8]) -> [UInt8] {
        let shifts: [UInt32] = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
                                4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21]
        let constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }
        var (a0, b0, c0, d0): (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
        let data = padded(message, bigEndian: false)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            let words = (0..<16).map { index in
                (0..<4).reduce(UInt32(0)) { $0 | UInt32(data[chunk + index * 4 + $1]) << (8 * UInt32($1)) }
            }
            var (a, b, c, d) = (a0, b0, c0, d0)
            for index in 0..<64 {
                var f: UInt32, g: Int
                switch index {
                case 0..<16: (f, g) = ((b & c) | (~b & d), index)
                case 16..<32: (f, g) = ((d & b) | (~d & c), (5 * index + 1) % 16)
                case 32..<48: (f, g) = (b ^ c ^ d, (3 * index + 5) % 16)
                default: (f, g) = (c ^ (b | ~d), (7 * index) % 16)
                }
                f = f &+ a &+ constants[index] &+ words[g]
                (a, d, c) = (d, c, b)
                b = b &+ rotateLeft(f, shifts[index])
            }
            (a0, b0, c0, d0) = (a0 &+ a, b0 &+ b, c0 &+ c, d0 &+ d)
        }
        return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
    }

    static func sha1(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0]
        let data = padded(message, bigEndian: true)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            var w = (0..<16).map { bigEndianWord(data, at: chunk + $0 * 4) }
            for index in 16..<80 { w.append(rotateLeft(w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16], 1)) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch index {
                case 0..<20: ((b & c) | (~b & d), 0x5a82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ed9_eba1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8f1b_bcdc)
                default: (b ^ c ^ d, 0xca62_c1d6)
                }
                let temp = rotateLeft(a, 5) &+ f &+ e &+ k &+ w[index]
                (e, d, c, b, a) = (d, c, rotateLeft(b, 30), a, temp)
            }
            h = [h[0] &+ a, h[1] &+ b, h[2] &+ c, h[3] &+ d, h[4] &+ e]
        }
        return h.flatMap(bigEndianBytes)
    }

    static func sha256(_ message: [UInt8]) -> [UInt8] {
        let k: [UInt32] = [
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
            0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
            0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
            0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
            0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
            0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
            0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
            0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
        ]
        var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        let data = padded(message, bigEndian: true)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            var w = (0..<16).map { bigEndianWord(data, at: chunk + $0 * 4) }
            for index in 16..<64 {
                let s0 = rotateRight(w[index - 15], 7) ^ rotateRight(w[index - 15], 18) ^ (w[index - 15] >> 3)
                let s1 = rotateRight(w[index - 2], 17) ^ rotateRight(w[index - 2], 19) ^ (w[index - 2] >> 10)
                w.append(w[index - 16] &+ s0 &+ w[index - 7] &+ s1)
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for index in 0..<64 {
                let s1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
                let choice = (e & f) ^ (~e & g)
                let temp1 = hh &+ s1 &+ choice &+ k[index] &+ w[index]
                let s0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let temp2 = s0 &+ majority
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
            }
            h = [h[0] &+ a, h[1] &+ b, h[2] &+ c, h[3] &+ d, h[4] &+ e, h[5] &+ f, h[6] &+ g, h[7] &+ hh]
        }
        return h.flatMap(bigEndianBytes)
    }

    private static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 { (value << count) | (value >> (32 - count)) }
    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 { (value >> count) | (value << (32 - count)) }

    private static func bigEndianWord(_ data: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[offset + $1]) }
    }

    private static func bigEndianBytes(_ word: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32(3 - $0))) }
    }
}
