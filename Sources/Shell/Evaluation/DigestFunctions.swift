import Foundation
import Runtime

/// CommonCrypto's one-shot digests, as caches name files after a key's MD5 and code signs
/// or checks data: `CC_MD5`, `CC_SHA1`, `CC_SHA224`, `CC_SHA256`, `CC_SHA384` and
/// `CC_SHA512` read `length` bytes from a pointer
/// (a C string, memory, an NSData's `bytes`) and write the digest into the buffer given,
/// which they return. The digests are computed here, byte for byte as RFC 1321, FIPS 180-4
/// define them. `CCHmac(algorithm, key, keyLength, data, dataLength, macOut)` signs with
/// one of them as RFC 2104's HMAC (`kCCHmacAlgSHA1` 0, `kCCHmacAlgMD5` 1, `kCCHmacAlgSHA256` 2,
/// `kCCHmacAlgSHA384` 3, `kCCHmacAlgSHA512` 4, `kCCHmacAlgSHA224` 5). The streaming forms
/// (`CC_MD5_Init(&context)`, `CC_MD5_Update(&context, data, length)`,
/// `CC_MD5_Final(digest, &context)`, and each SHA's) keep the bytes given so far
/// in the context and digest them at the end.
enum DigestFunctions {
    private static let expectations: [String: String] = [
        "CC_MD5": "data, its length and a buffer of CC_MD5_DIGEST_LENGTH bytes, as in CC_MD5(str, (CC_LONG)strlen(str), digest)",
        "CC_SHA1": "data, its length and a buffer of CC_SHA1_DIGEST_LENGTH bytes, as in CC_SHA1(data.bytes, (CC_LONG)data.length, digest)",
        "CC_SHA256": "data, its length and a buffer of CC_SHA256_DIGEST_LENGTH bytes, as in CC_SHA256(data.bytes, (CC_LONG)data.length, digest)",
        "CC_SHA224": "data, its length and a buffer of CC_SHA224_DIGEST_LENGTH bytes, as in CC_SHA224(data.bytes, (CC_LONG)data.length, digest)",
        "CC_SHA384": "data, its length and a buffer of CC_SHA384_DIGEST_LENGTH bytes, as in CC_SHA384(data.bytes, (CC_LONG)data.length, digest)",
        "CC_SHA512": "data, its length and a buffer of CC_SHA512_DIGEST_LENGTH bytes, as in CC_SHA512(data.bytes, (CC_LONG)data.length, digest)",
    ]

    /// The streaming digests by prefix, each with its context's struct and its one-shot digest.
    private static let streams: [String: (context: String, digest: @Sendable ([UInt8]) -> [UInt8])] = [
        "CC_MD5": ("CC_MD5state_st", md5), "CC_SHA1": ("CC_SHA1state_st", sha1), "CC_SHA256": ("CC_SHA256state_st", sha256),
        // SHA-224 keeps SHA-256's context, SHA-384 SHA-512's, as CommonCrypto declares them.
        "CC_SHA224": ("CC_SHA256state_st", sha224), "CC_SHA384": ("CC_SHA512state_st", sha384), "CC_SHA512": ("CC_SHA512state_st", sha512),
    ]

    /// The functions, sorted.
    static let names = (expectations.keys + ["CCHmac"] + streams.keys.flatMap { ["\($0)_Init", "\($0)_Update", "\($0)_Final"] }).sorted()

    /// CommonCrypto's HMAC algorithms, by their `kCCHmacAlg` number: the digest and the
    /// size of its block, which the key is padded to.
    private static let hmacDigests: [Int: (digest: @Sendable ([UInt8]) -> [UInt8], block: Int)] = [
        0: (sha1, 64), 1: (md5, 64), 2: (sha256, 64), 3: (sha384, 128), 4: (sha512, 128), 5: (sha224, 64),
    ]

    /// The HMAC of `kCCHmacAlg` number `algorithm`, taking the key and the message.
    static func hmacFunction(algorithm: Int) -> (@Sendable ([UInt8], [UInt8]) -> [UInt8])? {
        guard let (digest, block) = hmacDigests[algorithm] else { return nil }
        return { key, message in hmac(key: key, message: message, digest: digest, blockSize: block) }
    }

    /// The HMAC of a PBKDF2 pseudo-random function, `kCCPRFHmacAlgSHA1` (1) to `kCCPRFHmacAlgSHA512` (5).
    static func hmacFunction(pseudoRandom: Int) -> (@Sendable ([UInt8], [UInt8]) -> [UInt8])? {
        let algorithms = [1: 0, 2: 5, 3: 2, 4: 3, 5: 4]
        return algorithms[pseudoRandom].flatMap { hmacFunction(algorithm: $0) }
    }

    /// RFC 2104's HMAC: the key hashed when longer than the block, then padded to it.
    private static func hmac(key: [UInt8], message: [UInt8], digest: ([UInt8]) -> [UInt8], blockSize: Int) -> [UInt8] {
        var key = key
        if key.count > blockSize { key = digest(key) }
        key += Array(repeating: 0, count: blockSize - key.count)
        let inner = digest(key.map { $0 ^ 0x36 } + message)
        return digest(key.map { $0 ^ 0x5C } + inner)
    }

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
        guard let result = streams[name]?.digest(bytes) else { return nil }
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
        guard let sign = hmacFunction(algorithm: try call.integer(0)), let output = try call.pointer(5) else { throw call.mistake }
        let key = try bytes(call[1], count: max(0, try call.integer(2)), strings: strings, call)
        let message = try bytes(call[3], count: max(0, try call.integer(4)), strings: strings, call)
        output.write(sign(key, message).map { .int(Int($0)) })
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
    static func bytes(_ value: Value, count: Int, strings: CStringMemory, _ call: FunctionCall) throws -> [UInt8] {
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
        sha256(message, initial: [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19])
    }

    /// SHA-256 from the initial hash `initial` (SHA-224 differs in it and in its length).
    private static func sha256(_ message: [UInt8], initial: [UInt32]) -> [UInt8] {
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
        var h = initial
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

    static func sha224(_ message: [UInt8]) -> [UInt8] {
        Array(sha256(message, initial: [0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4]).prefix(28))
    }

    static func sha384(_ message: [UInt8]) -> [UInt8] {
        Array(sha512(message, initial: [
            0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
            0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
        ]).prefix(48))
    }

    static func sha512(_ message: [UInt8]) -> [UInt8] {
        sha512(message, initial: [
            0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
            0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
        ])
    }

    /// SHA-512 from the initial hash `initial` (SHA-384 differs in it and in its length):
    /// SHA-256's scheme on 64-bit words, 80 rounds of 128-byte blocks.
    private static func sha512(_ message: [UInt8], initial: [UInt64]) -> [UInt8] {
        var h = initial
        var data = message
        data.append(0x80)
        while data.count % 128 != 112 { data.append(0) }
        let bits = UInt64(message.count) &* 8
        data += Array(repeating: 0, count: 8) + (0..<8).map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64(7 - $0))) }
        func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 { (value >> count) | (value << (64 - count)) }
        for chunk in stride(from: 0, to: data.count, by: 128) {
            var w = (0..<16).map { index in (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(data[chunk + index * 8 + $1]) } }
            for index in 16..<80 {
                let s0 = rotate(w[index - 15], 1) ^ rotate(w[index - 15], 8) ^ (w[index - 15] >> 7)
                let s1 = rotate(w[index - 2], 19) ^ rotate(w[index - 2], 61) ^ (w[index - 2] >> 6)
                w.append(w[index - 16] &+ s0 &+ w[index - 7] &+ s1)
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for index in 0..<80 {
                let s1 = rotate(e, 14) ^ rotate(e, 18) ^ rotate(e, 41)
                let temp1 = hh &+ s1 &+ ((e & f) ^ (~e & g)) &+ sha512Constants[index] &+ w[index]
                let temp2 = (rotate(a, 28) ^ rotate(a, 34) ^ rotate(a, 39)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
            }
            h = [h[0] &+ a, h[1] &+ b, h[2] &+ c, h[3] &+ d, h[4] &+ e, h[5] &+ f, h[6] &+ g, h[7] &+ hh]
        }
        return h.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * UInt64(7 - $0))) } }
    }

    private static let sha512Constants: [UInt64] = [
        0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538, 0x59f111f1b605d019,
        0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
        0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3,
        0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65, 0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
        0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
        0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
        0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b, 0xa2bfe8a14cf10364, 0xa81a664bbc423001,
        0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
        0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb,
        0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
        0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c, 0xd186b8c721c0c207,
        0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
        0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a,
        0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
    ]

    private static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 { (value << count) | (value >> (32 - count)) }
    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 { (value >> count) | (value << (32 - count)) }

    private static func bigEndianWord(_ data: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[offset + $1]) }
    }

    private static func bigEndianBytes(_ word: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32(3 - $0))) }
    }
}
