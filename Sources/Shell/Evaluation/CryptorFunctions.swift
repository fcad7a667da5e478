import Runtime

/// CommonCrypto's symmetric encryption, as an app's encryption helper (`NSData+AES`) or a
/// token store calls it: `CCCrypt` in one go, and a cryptor that streams
/// (`CCCryptorCreate`, `CCCryptorCreateWithMode`, `CCCryptorUpdate`, `CCCryptorFinal`,
/// `CCCryptorGetOutputLength`, `CCCryptorReset`, `CCCryptorRelease`), with AES in ECB,
/// CBC and CTR modes and PKCS#7 padding; HMAC that streams (`CCHmacInit`, `CCHmacUpdate`,
/// `CCHmacFinal`); and PBKDF2 (`CCKeyDerivationPBKDF`). The bytes are those CommonCrypto
/// gives: AES by FIPS 197 (``AES``), HMAC by RFC 2104 and PBKDF2 by RFC 8018, over the
/// digests of ``DigestFunctions``.
///
/// Each answers CommonCrypto's status: `kCCSuccess`, `kCCBufferTooSmall` (with the size
/// needed in `dataOutMoved`), `kCCAlignmentError` for data that is no whole number of
/// blocks without padding, `kCCDecodeError` for padding that does not check out,
/// `kCCKeySizeError`, `kCCParamError`. A cryptor is a pointer to its state: the key, the
/// chaining block and the bytes held back for the next call.
enum CryptorFunctions {
    private static let expectations: [String: String] = [
        "CCCrypt": "an operation (kCCEncrypt or kCCDecrypt), an algorithm (kCCAlgorithmAES), options (kCCOptionPKCS7Padding, kCCOptionECBMode), a key and its length, an IV (or NULL), the data and its length, a buffer and its size, and the address of the count written, as in CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key, kCCKeySizeAES256, iv, data.bytes, data.length, buffer, bufferSize, &moved)",
        "CCCryptorCreate": "an operation, an algorithm, options, a key and its length, an IV (or NULL) and the address of a cryptor, as in CCCryptorCreate(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key, kCCKeySizeAES128, iv, &cryptor)",
        "CCCryptorCreateWithMode": "an operation, a mode (kCCModeCBC, kCCModeECB, kCCModeCTR), an algorithm, a padding (ccNoPadding, ccPKCS7Padding), an IV, a key and its length, a tweak and its length (NULL, 0), rounds (0), mode options and the address of a cryptor, as in CCCryptorCreateWithMode(kCCEncrypt, kCCModeCTR, kCCAlgorithmAES, ccNoPadding, iv, key, keyLength, NULL, 0, 0, kCCModeOptionCTR_BE, &cryptor)",
        "CCCryptorUpdate": "a cryptor, the data and its length, a buffer and its size, and the address of the count written, as in CCCryptorUpdate(cryptor, data.bytes, data.length, buffer.mutableBytes, buffer.length, &moved)",
        "CCCryptorFinal": "a cryptor, a buffer and its size, and the address of the count written, as in CCCryptorFinal(cryptor, buffer.mutableBytes, buffer.length, &moved)",
        "CCCryptorGetOutputLength": "a cryptor, the length of the data to come and whether it is the last, as in CCCryptorGetOutputLength(cryptor, data.length, true)",
        "CCCryptorReset": "a cryptor and a new IV (or NULL), as in CCCryptorReset(cryptor, iv)",
        "CCCryptorRelease": "a cryptor, as in CCCryptorRelease(cryptor)",
        "CCHmacInit": "the address of a context, an algorithm (kCCHmacAlgSHA256), a key and its length, as in CCHmacInit(&context, kCCHmacAlgSHA256, key.bytes, key.length)",
        "CCHmacUpdate": "the address of a context, data and its length, as in CCHmacUpdate(&context, data.bytes, data.length)",
        "CCHmacFinal": "the address of a context and a buffer for the MAC, as in CCHmacFinal(&context, mac.mutableBytes)",
        "CCKeyDerivationPBKDF": "kCCPBKDF2, a password and its length, a salt and its length, a pseudo-random function (kCCPRFHmacAlgSHA1), rounds, and a buffer and its length for the key, as in CCKeyDerivationPBKDF(kCCPBKDF2, password, passwordLength, salt, saltLength, kCCPRFHmacAlgSHA256, 10000, key, kCCKeySizeAES256)",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// CommonCrypto's status codes.
    fileprivate enum Status: Int, Error {
        case success = 0, paramError = -4300, bufferTooSmall = -4301, alignmentError = -4303, decodeError = -4304, keySizeError = -4310
    }

    /// The cryptor state's struct, and the HMAC context's (see ``TypeTable``).
    static let cryptorStruct = "_CCCryptor", hmacStruct = "CCHmacContext"

    /// `kCCModeECB`, `kCCModeCBC`, `kCCModeCTR`: the modes a cryptor works in.
    private static let ecb = 1, cbc = 2, ctr = 4

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], interpreter: Interpreter, at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        let strings = interpreter.context.framework.cStrings
        func bytes(_ index: Int, count: Int) throws -> [UInt8] {
            guard count >= 0 else { throw call.mistake }
            return try DigestFunctions.bytes(call[index], count: count, strings: strings, call)
        }
        switch name {
        case "CCCrypt":
            try call.expect(11)
            try requireAES(call, 1)
            let options = try call.integer(2)
            let key = try bytes(3, count: try call.integer(4))
            guard var cryptor = Cryptor(
                encrypting: try operation(call, 0), mode: options & 2 != 0 ? ecb : cbc, padded: options & 1 != 0, key: key,
                iv: try initialVector(call, 5, strings: strings))
            else { return .int(Status.keySizeError.rawValue) }
            let input = try bytes(6, count: try call.integer(7))
            // The whole output is worked out first: what does not fit is no partial write.
            var output: [UInt8]
            do {
                output = try cryptor.update(input)
                output += try cryptor.finish()
            } catch {
                return .int(error.rawValue)
            }
            return try deliver(output, call, buffer: 8, size: 9, moved: 10)
        case "CCCryptorCreate", "CCCryptorCreateWithMode":
            let isWithMode = name == "CCCryptorCreateWithMode"
            try call.expect(isWithMode ? 12 : 7)
            try requireAES(call, isWithMode ? 2 : 1)
            guard let handle = try call.pointer(isWithMode ? 11 : 6) else { throw call.mistake }
            let made: Cryptor?
            if isWithMode {
                let mode = try call.integer(1)
                guard [ecb, cbc, ctr].contains(mode) else {
                    throw unmodelled(call, "mode \(mode)", available: "kCCModeECB (1), kCCModeCBC (2) and kCCModeCTR (4)")
                }
                made = Cryptor(
                    encrypting: try operation(call, 0), mode: mode, padded: try call.integer(3) == 1,
                    key: try bytes(5, count: try call.integer(6)), iv: try initialVector(call, 4, strings: strings))
            } else {
                let options = try call.integer(2)
                made = Cryptor(
                    encrypting: try operation(call, 0), mode: options & 2 != 0 ? ecb : cbc, padded: options & 1 != 0,
                    key: try bytes(3, count: try call.integer(4)), iv: try initialVector(call, 5, strings: strings))
            }
            guard let made else { return .int(Status.keySizeError.rawValue) }
            handle.value = .reference(Reference(made.state))
            return .int(Status.success.rawValue)
        case "CCCryptorUpdate", "CCCryptorFinal":
            let isFinal = name == "CCCryptorFinal"
            try call.expect(isFinal ? 4 : 6)
            let (handle, cryptor) = try self.cryptor(call)
            var working = cryptor
            let input = isFinal ? [] : try bytes(1, count: try call.integer(2))
            let output: [UInt8]
            do {
                output = isFinal ? try working.finish() : try working.update(input)
            } catch {
                return .int(error.rawValue)
            }
            let status = try deliver(output, call, buffer: isFinal ? 1 : 3, size: isFinal ? 2 : 4, moved: isFinal ? 3 : 5)
            // What did not fit is not taken: the call can be made again with room.
            if status == .int(Status.success.rawValue) { handle.value = working.state }
            return status
        case "CCCryptorGetOutputLength":
            try call.expect(3)
            let (_, cryptor) = try self.cryptor(call)
            return .int(cryptor.outputLength(forMore: max(0, try call.integer(1)), isFinal: call[2].isTruthy))
        case "CCCryptorReset":
            try call.expect(2)
            let (handle, cryptor) = try self.cryptor(call)
            handle.value = cryptor.reset(iv: try initialVector(call, 1, strings: strings)).state
            return .int(Status.success.rawValue)
        case "CCCryptorRelease":
            try call.expect(1)
            // The state goes with the last pointer to it; a NULL cryptor is let go of as well.
            if call[0] != .nil { _ = try cryptor(call) }
            return .int(Status.success.rawValue)
        case "CCHmacInit", "CCHmacUpdate", "CCHmacFinal":
            return try streamedHmac(name, call, bytes: bytes)
        default:
            try call.expect(9)
            let algorithm = try call.integer(0)
            guard algorithm == 2 else { throw unmodelled(call, "key derivation \(algorithm)", available: "kCCPBKDF2 (2)") }
            guard let function = DigestFunctions.hmacFunction(pseudoRandom: try call.integer(5)) else { return .int(Status.paramError.rawValue) }
            let password = try bytes(1, count: try call.integer(2)), salt = try bytes(3, count: try call.integer(4))
            let rounds = try call.integer(6), length = try call.integer(8)
            guard rounds > 0, length > 0, let output = try call.pointer(7) else { return .int(Status.paramError.rawValue) }
            output.write(pbkdf2(password: password, salt: salt, rounds: rounds, length: length, hmac: function).map { .int(Int($0)) })
            return .int(Status.success.rawValue)
        }
    }

    // MARK: Arguments

    private static func operation(_ call: FunctionCall, _ index: Int) throws -> Bool {
        switch try call.integer(index) {
        case 0: true
        case 1: false
        default: throw call.mistake
        }
    }

    private static func unmodelled(_ call: FunctionCall, _ given: String, available: String) -> EvaluationError {
        EvaluationError(.unmodelledCryptography(function: call.function, given: given, available: available), at: call.location)
    }

    private static func requireAES(_ call: FunctionCall, _ index: Int) throws {
        let algorithm = try call.integer(index)
        guard algorithm == 0 else {
            throw unmodelled(call, "algorithm \(algorithm) (DES, 3DES, CAST, RC4, RC2, Blowfish)", available: "AES (kCCAlgorithmAES, 0)")
        }
    }

    /// The IV at `index`, 16 bytes, or zeros for NULL as CommonCrypto takes it.
    private static func initialVector(_ call: FunctionCall, _ index: Int, strings: CStringMemory) throws -> [UInt8] {
        guard call[index] != .nil else { return Array(repeating: 0, count: AES.blockSize) }
        return try DigestFunctions.bytes(call[index], count: AES.blockSize, strings: strings, call)
    }

    /// The cryptor the first argument points at, with the pointer to its state.
    private static func cryptor(_ call: FunctionCall) throws -> (Reference, Cryptor) {
        guard case .reference(let handle) = call[0], let cryptor = Cryptor(state: handle.value) else { throw call.mistake }
        return (handle, cryptor)
    }

    /// Writes `output` into the buffer at `buffer` when `size` has room for it, and the
    /// count into `moved` (when not NULL) either way: what was written, or what is needed.
    private static func deliver(_ output: [UInt8], _ call: FunctionCall, buffer: Int, size: Int, moved: Int) throws -> Value {
        let movedPointer = try call.pointer(moved)
        movedPointer?.value = .int(output.count)
        guard output.count <= (try call.integer(size)) else { return .int(Status.bufferTooSmall.rawValue) }
        if !output.isEmpty {
            guard let destination = try call.pointer(buffer) else { throw call.mistake }
            destination.write(output.map { .int(Int($0)) })
        }
        return .int(Status.success.rawValue)
    }

    // MARK: HMAC

    /// `CCHmacInit` keeps the algorithm and key in the context, `CCHmacUpdate` the bytes
    /// given so far, and `CCHmacFinal` signs them all.
    private static func streamedHmac(_ name: String, _ call: FunctionCall, bytes: (Int, Int) throws -> [UInt8]) throws -> Value {
        try call.expect(name == "CCHmacInit" ? 4 : name == "CCHmacUpdate" ? 3 : 2)
        guard let context = try call.pointer(0) else { throw call.mistake }
        func store(_ algorithm: Int, _ key: [UInt8], _ data: [UInt8]) {
            context.value = .structure(StructValue(
                name: hmacStruct, fieldNames: ["algorithm", "key", "data"], fields: [.int(algorithm), Self.value(key), Self.value(data)]))
        }
        if name == "CCHmacInit" {
            let algorithm = try call.integer(1)
            guard DigestFunctions.hmacFunction(algorithm: algorithm) != nil else { throw call.mistake }
            store(algorithm, try bytes(2, try call.integer(3)), [])
            return .nil
        }
        // A context CCHmacInit never set up is a mistake, as CommonCrypto's would sign garbage.
        guard case .structure(let fields) = context.value, fields.name == hmacStruct, let algorithm = fields["algorithm"]?.intValue,
              let function = DigestFunctions.hmacFunction(algorithm: algorithm), let key = fields["key"].flatMap(Self.bytes),
              let data = fields["data"].flatMap(Self.bytes) else {
            throw call.mistake
        }
        if name == "CCHmacUpdate" {
            store(algorithm, key, data + (try bytes(1, try call.integer(2))))
        } else {
            guard let output = try call.pointer(1) else { throw call.mistake }
            output.write(function(key, data).map { .int(Int($0)) })
        }
        return .nil
    }

    /// PBKDF2 (RFC 8018): each block the XOR of `rounds` chained HMACs of the password.
    static func pbkdf2(password: [UInt8], salt: [UInt8], rounds: Int, length: Int, hmac: ([UInt8], [UInt8]) -> [UInt8]) -> [UInt8] {
        var derived: [UInt8] = []
        var block: UInt32 = 1
        while derived.count < length {
            var step = hmac(password, salt + (0..<4).map { UInt8(truncatingIfNeeded: block >> (8 * (3 - $0))) })
            var sum = step
            for _ in 1..<rounds {
                step = hmac(password, step)
                for index in sum.indices { sum[index] ^= step[index] }
            }
            derived += sum
            block += 1
        }
        return Array(derived.prefix(length))
    }

    static func value(_ bytes: [UInt8]) -> Value { .array(bytes.map { .int(Int($0)) }) }

    static func bytes(_ value: Value) -> [UInt8]? {
        guard case .array(let elements) = value else { return nil }
        return elements.map { UInt8(truncatingIfNeeded: $0.intValue ?? 0) }
    }

    // MARK: The cryptor

    /// A cryptor's state, kept as a struct value behind the pointer the code holds.
    fileprivate struct Cryptor {
        let encrypting: Bool
        let mode: Int
        let padded: Bool
        let key: [UInt8]
        /// CBC's last cipher block, or CTR's counter.
        var chain: [UInt8]
        /// Bytes short of a block, or (deciphering with padding) the last block, held for
        /// the next call.
        var pending: [UInt8] = []
        /// CTR's key stream not yet used.
        var stream: [UInt8] = []
        let cipher: AES

        /// A cryptor, or nil when the key is no AES key's size.
        init?(encrypting: Bool, mode: Int, padded: Bool, key: [UInt8], iv: [UInt8]) {
            guard let cipher = AES(key: key) else { return nil }
            // Padding makes no sense for a stream: CommonCrypto ignores it in CTR.
            (self.encrypting, self.mode, self.padded, self.key, self.chain, self.cipher) = (encrypting, mode, padded && mode != ctr, key, iv, cipher)
        }

        init?(state: Value) {
            guard case .structure(let fields) = state, fields.name == CryptorFunctions.cryptorStruct,
                  let encrypting = fields["encrypting"]?.intValue, let mode = fields["mode"]?.intValue, let padded = fields["padded"]?.intValue,
                  let key = fields["key"].flatMap(CryptorFunctions.bytes), let chain = fields["chain"].flatMap(CryptorFunctions.bytes),
                  let pending = fields["pending"].flatMap(CryptorFunctions.bytes), let stream = fields["stream"].flatMap(CryptorFunctions.bytes),
                  let cipher = AES(key: key) else { return nil }
            (self.encrypting, self.mode, self.padded, self.key, self.chain, self.pending, self.stream, self.cipher) =
                (encrypting != 0, mode, padded != 0, key, chain, pending, stream, cipher)
        }

        var state: Value {
            .structure(StructValue(
                name: CryptorFunctions.cryptorStruct, fieldNames: ["encrypting", "mode", "padded", "key", "chain", "pending", "stream"],
                fields: [.int(encrypting ? 1 : 0), .int(mode), .int(padded ? 1 : 0), CryptorFunctions.value(key), CryptorFunctions.value(chain),
                         CryptorFunctions.value(pending), CryptorFunctions.value(stream)]))
        }

        func reset(iv: [UInt8]) -> Cryptor {
            var fresh = self
            (fresh.chain, fresh.pending, fresh.stream) = (iv, [], [])
            return fresh
        }

        /// The bytes `input` gives now: every whole block, less the last when deciphering
        /// padded data (which only the end can say is the last).
        mutating func update(_ input: [UInt8]) throws(Status) -> [UInt8] {
            if mode == ctr { return counterMode(input) }
            pending += input
            var whole = pending.count / AES.blockSize * AES.blockSize
            if !encrypting && padded && whole == pending.count { whole -= AES.blockSize }
            guard whole > 0 else { return [] }
            let blocks = Array(pending.prefix(whole))
            pending.removeFirst(whole)
            return transform(blocks)
        }

        /// The rest: the last block padded (enciphering) or unpadded (deciphering).
        mutating func finish() throws(Status) -> [UInt8] {
            if mode == ctr { return [] }
            defer { pending = [] }
            if encrypting {
                guard padded else {
                    guard pending.isEmpty else { throw .alignmentError }
                    return []
                }
                let padding = AES.blockSize - pending.count
                return transform(pending + Array(repeating: UInt8(padding), count: padding))
            }
            guard !pending.isEmpty else { return [] }
            guard pending.count == AES.blockSize else { throw .alignmentError }
            let last = transform(pending)
            guard padded else { return last }
            guard let count = last.last.map(Int.init), count >= 1, count <= AES.blockSize,
                  last.suffix(count).allSatisfy({ Int($0) == count }) else { throw .decodeError }
            return Array(last.dropLast(count))
        }

        /// What the next update of `more` bytes, or the end after it, writes at most.
        func outputLength(forMore more: Int, isFinal: Bool) -> Int {
            let total = (mode == ctr ? 0 : pending.count) + more
            guard mode != ctr else { return total }
            guard isFinal else { return total / AES.blockSize * AES.blockSize }
            return encrypting && padded ? (total / AES.blockSize + 1) * AES.blockSize : (total + AES.blockSize - 1) / AES.blockSize * AES.blockSize
        }

        /// Whole blocks enciphered or deciphered in this cryptor's block mode.
        private mutating func transform(_ data: [UInt8]) -> [UInt8] {
            var output: [UInt8] = []
            output.reserveCapacity(data.count)
            for start in stride(from: 0, to: data.count, by: AES.blockSize) {
                let block = Array(data[start..<start + AES.blockSize])
                switch (mode, encrypting) {
                case (ecb, true): output += cipher.encrypt(block)
                case (ecb, false): output += cipher.decrypt(block)
                case (_, true):
                    chain = cipher.encrypt(zip(block, chain).map { $0 ^ $1 })
                    output += chain
                default:
                    output += zip(cipher.decrypt(block), chain).map { $0 ^ $1 }
                    chain = block
                }
            }
            return output
        }

        /// CTR: the data XORed with the enciphered counter, which counts up big-endian.
        private mutating func counterMode(_ input: [UInt8]) -> [UInt8] {
            var output: [UInt8] = []
            output.reserveCapacity(input.count)
            for byte in input {
                if stream.isEmpty {
                    stream = cipher.encrypt(chain)
                    for index in chain.indices.reversed() {
                        chain[index] &+= 1
                        if chain[index] != 0 { break }
                    }
                }
                output.append(byte ^ stream.removeFirst())
            }
            return output
        }
    }
}
