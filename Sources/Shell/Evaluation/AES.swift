/// The AES block cipher of FIPS 197, for CommonCrypto's `CCCrypt` and cryptors (see
/// ``CryptorFunctions``): a key of 16, 24 or 32 bytes expanded once into its round keys,
/// then one 16-byte block enciphered or deciphered at a time. Written for the data a test
/// encrypts (a token, a small file), byte by byte as the standard states it, rather than
/// with the lookup tables that make it fast.
struct AES: Sendable {
    /// The bytes of a block.
    static let blockSize = 16

    /// The key sizes AES takes, in bytes.
    static let keySizes: Set<Int> = [16, 24, 32]

    /// The round keys: (rounds + 1) blocks of 16 bytes.
    private let roundKeys: [UInt8]
    private let rounds: Int

    /// The cipher of `key`, or nil when the key is not 16, 24 or 32 bytes long.
    init?(key: [UInt8]) {
        guard Self.keySizes.contains(key.count) else { return nil }
        let keyWords = key.count / 4
        rounds = keyWords + 6
        var expanded = key
        var roundConstant: UInt8 = 1
        for word in keyWords..<(4 * (rounds + 1)) {
            var temp = Array(expanded[(word - 1) * 4..<word * 4])
            if word % keyWords == 0 {
                temp = [temp[1], temp[2], temp[3], temp[0]].map { Self.sBox[Int($0)] }
                temp[0] ^= roundConstant
                roundConstant = Self.times2(roundConstant)
            } else if keyWords > 6 && word % keyWords == 4 {
                temp = temp.map { Self.sBox[Int($0)] }
            }
            for index in 0..<4 { expanded.append(expanded[(word - keyWords) * 4 + index] ^ temp[index]) }
        }
        roundKeys = expanded
    }

    /// `block` (16 bytes) enciphered.
    func encrypt(_ block: [UInt8]) -> [UInt8] {
        var state = block
        addRoundKey(&state, 0)
        for round in 1...rounds {
            state = state.map { Self.sBox[Int($0)] }
            state = Self.shiftRows(state, by: Self.shiftedColumn)
            if round != rounds { Self.mixColumns(&state, by: [2, 3, 1, 1]) }
            addRoundKey(&state, round)
        }
        return state
    }

    /// `block` (16 bytes) deciphered.
    func decrypt(_ block: [UInt8]) -> [UInt8] {
        var state = block
        addRoundKey(&state, rounds)
        for round in stride(from: rounds - 1, through: 0, by: -1) {
            state = Self.shiftRows(state, by: Self.unshiftedColumn)
            state = state.map { Self.inverseSBox[Int($0)] }
            addRoundKey(&state, round)
            if round != 0 { Self.mixColumns(&state, by: [14, 11, 13, 9]) }
        }
        return state
    }

    private func addRoundKey(_ state: inout [UInt8], _ round: Int) {
        for index in 0..<16 { state[index] ^= roundKeys[round * 16 + index] }
    }

    // MARK: The steps

    /// The state is stored column by column; row `r` of column `c` moves to column
    /// `c - r` when enciphering, `c + r` when deciphering.
    private static func shiftedColumn(_ row: Int, _ column: Int) -> Int { (column + row) % 4 }
    private static func unshiftedColumn(_ row: Int, _ column: Int) -> Int { (column - row + 4) % 4 }

    private static func shiftRows(_ state: [UInt8], by source: (Int, Int) -> Int) -> [UInt8] {
        (0..<16).map { index in
            let (column, row) = index.quotientAndRemainder(dividingBy: 4)
            return state[source(row, column) * 4 + row]
        }
    }

    /// Each column multiplied by the circulant matrix whose first row is `coefficients`.
    private static func mixColumns(_ state: inout [UInt8], by coefficients: [UInt8]) {
        for column in 0..<4 {
            let cells = Array(state[column * 4..<column * 4 + 4])
            for row in 0..<4 {
                state[column * 4 + row] = (0..<4).reduce(0) { sum, term in
                    sum ^ multiply(cells[(row + term) % 4], coefficients[term])
                }
            }
        }
    }

    /// Multiplication in GF(2^8), modulo x^8 + x^4 + x^3 + x + 1.
    private static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var (a, b, product): (UInt8, UInt8, UInt8) = (a, b, 0)
        while b != 0 {
            if b & 1 != 0 { product ^= a }
            a = times2(a)
            b >>= 1
        }
        return product
    }

    private static func times2(_ value: UInt8) -> UInt8 {
        (value << 1) ^ (value & 0x80 != 0 ? 0x1B : 0)
    }

    /// The substitution box: each byte's multiplicative inverse, then the affine transform.
    private static let sBox: [UInt8] = (0...255).map { byte in
        let inverse = byte == 0 ? 0 : (1...255).first { multiply(UInt8(byte), UInt8($0)) == 1 }.map(UInt8.init) ?? 0
        var result: UInt8 = 0x63 ^ inverse
        for shift in 1...4 { result ^= (inverse << shift) | (inverse >> (8 - shift)) }
        return result
    }

    private static let inverseSBox: [UInt8] = {
        var inverse = [UInt8](repeating: 0, count: 256)
        for (index, value) in sBox.enumerated() { inverse[Int(value)] = UInt8(index) }
        return inverse
    }()
}
