import Foundation
import Testing
@testable import Shell

/// CommonCrypto's ciphers, HMAC and key derivation, checked against the published test
/// vectors (FIPS 197, NIST SP 800-38A, RFC 4231, RFC 6070) as an app's encryption helper calls them.
@Suite("CommonCrypto")
struct CommonCryptoTests {
    /// A shell with `mm_data(@"00ff")` (bytes from hex) and `mm_hex(bytes, length)`.
    private func cryptoShell() throws -> ShellHarness {
        let shell = try ShellHarness()
        shell.run("""
            NSData *mm_data(NSString *hex) {
                NSMutableData *data = [NSMutableData data];
                for (NSUInteger i = 0; i + 1 < hex.length; i += 2) {
                    unsigned int byte = 0;
                    [[NSScanner scannerWithString:[hex substringWithRange:NSMakeRange(i, 2)]] scanHexInt:&byte];
                    unsigned char c = byte;
                    [data appendBytes:&c length:1];
                }
                return data;
            }
            NSString *mm_hex(const unsigned char *bytes, size_t length) {
                NSMutableString *text = [NSMutableString string];
                for (size_t i = 0; i < length; i++) [text appendFormat:@"%02x", bytes[i]];
                return [text copy];
            }
            NSString *mm_crypt(CCOperation op, CCOptions options, NSString *key, NSString *iv, NSString *input) {
                NSData *keyData = mm_data(key), *ivData = iv ? mm_data(iv) : nil, *data = mm_data(input);
                NSMutableData *output = [NSMutableData dataWithLength:data.length + kCCBlockSizeAES128];
                size_t moved = 0;
                CCCryptorStatus status = CCCrypt(op, kCCAlgorithmAES, options, keyData.bytes, keyData.length, ivData.bytes,
                                                 data.bytes, data.length, output.mutableBytes, output.length, &moved);
                if (status != kCCSuccess) return [NSString stringWithFormat:@"status %d", status];
                return mm_hex(output.bytes, moved);
            }
            """)
        return shell
    }

    @Test func aesEnciphersAndDeciphersThePublishedVectors() throws {
        let shell = try cryptoShell()
        let plain = "00112233445566778899aabbccddeeff"
        // FIPS 197 appendix C: one block under a 128-, 192- and 256-bit key.
        #expect(shell.run(
            #"mm_crypt(kCCEncrypt, kCCOptionECBMode, @"000102030405060708090a0b0c0d0e0f", nil, @"\#(plain)")"#,
            #"mm_crypt(kCCEncrypt, kCCOptionECBMode, @"000102030405060708090a0b0c0d0e0f1011121314151617", nil, @"\#(plain)")"#,
            #"mm_crypt(kCCEncrypt, kCCOptionECBMode, @"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", nil, @"\#(plain)")"#,
            #"mm_crypt(kCCDecrypt, kCCOptionECBMode, @"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", nil, @"8ea2b7ca516745bfeafc49904b496089")"#
        ) == [
            "\"69c4e0d86a7b0430d8cdb78070b4c55a\"", "\"dda97ca4864cdfe06eaf70a0ec0d7191\"", "\"8ea2b7ca516745bfeafc49904b496089\"", "\"\(plain)\"",
        ])
        // SP 800-38A F.2.1, CBC: two blocks chained; padded, a third block of padding follows
        // and deciphering takes it off again.
        let key = "2b7e151628aed2a6abf7158809cf4f3c", iv = "000102030405060708090a0b0c0d0e0f"
        let twoBlocks = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        #expect(shell.run(
            #"mm_crypt(kCCEncrypt, 0, @"\#(key)", @"\#(iv)", @"\#(twoBlocks)")"#,
            #"NSString *padded = mm_crypt(kCCEncrypt, kCCOptionPKCS7Padding, @"\#(key)", @"\#(iv)", @"\#(twoBlocks)"); @(padded.length)"#,
            #"[padded substringToIndex:64]"#,
            #"mm_crypt(kCCDecrypt, kCCOptionPKCS7Padding, @"\#(key)", @"\#(iv)", padded)"#,
            #"mm_crypt(kCCDecrypt, kCCOptionPKCS7Padding, @"\#(key)", @"\#(iv)", mm_crypt(kCCEncrypt, kCCOptionPKCS7Padding, @"\#(key)", @"\#(iv)", @"0102"))"#
        ) == [
            "\"7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2\"", "96",
            "\"7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2\"", "\"\(twoBlocks)\"", "\"0102\"",
        ])
    }

    @Test func aCryptorStreamsWhatCCCryptGivesInOneGo() throws {
        let shell = try cryptoShell()
        shell.run(#"""
            NSData *key = mm_data(@"2b7e151628aed2a6abf7158809cf4f3c"), *iv = mm_data(@"000102030405060708090a0b0c0d0e0f");
            NSData *message = [@"The quick brown fox jumps over the lazy dog" dataUsingEncoding:NSUTF8StringEncoding];
            NSString *mm_stream(CCOperation op, NSData *input, NSUInteger split) {
                CCCryptorRef cryptor = NULL;
                CCCryptorCreate(op, kCCAlgorithmAES128, kCCOptionPKCS7Padding, key.bytes, key.length, iv.bytes, &cryptor);
                NSMutableData *output = [NSMutableData dataWithLength:CCCryptorGetOutputLength(cryptor, input.length, true)];
                size_t first = 0, second = 0, last = 0;
                CCCryptorUpdate(cryptor, input.bytes, split, output.mutableBytes, output.length, &first);
                CCCryptorUpdate(cryptor, (const char *)input.bytes + split, input.length - split, (char *)output.mutableBytes + first, output.length - first, &second);
                CCCryptorStatus status = CCCryptorFinal(cryptor, (char *)output.mutableBytes + first + second, output.length - first - second, &last);
                CCCryptorRelease(cryptor);
                if (status != kCCSuccess) return [NSString stringWithFormat:@"status %d", status];
                output.length = first + second + last;
                return [NSString stringWithFormat:@"%zu+%zu+%zu %@", first, second, last, mm_hex(output.bytes, output.length)];
            }
            """#)
        let whole = shell.run(#"mm_crypt(kCCEncrypt, kCCOptionPKCS7Padding, @"2b7e151628aed2a6abf7158809cf4f3c", @"000102030405060708090a0b0c0d0e0f", mm_hex(message.bytes, message.length))"#)
        #expect(whole.first?.count == 2 + 96)
        let cipher = String(whole[0].dropFirst().dropLast())
        // 43 bytes in pieces of 7 and 36: a block after the first piece's 7 and the second's
        // 9, another, and the padded rest at the end.
        #expect(shell.run("mm_stream(kCCEncrypt, message, 7)") == ["\"0+32+16 \(cipher)\""])
        // Deciphering holds the last block back until the end, which takes the padding off.
        #expect(shell.run(#"NSData *sealed = mm_data(@"\#(cipher)"); mm_stream(kCCDecrypt, sealed, 20)"#)
            == ["\"16+16+11 \(Self.hex("The quick brown fox jumps over the lazy dog"))\""])
    }

    @Test func counterModeIsAStreamOfAnyLength() throws {
        let shell = try cryptoShell()
        // SP 800-38A F.5.1, CTR: the first block and five bytes of the second, fed a byte short.
        #expect(shell.run(#"""
            NSData *key = mm_data(@"2b7e151628aed2a6abf7158809cf4f3c"), *counter = mm_data(@"f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
            NSData *input = mm_data(@"6bc1bee22e409f96e93d7e117393172aae2d8a571e");
            CCCryptorRef ctr = NULL;
            CCCryptorStatus made = CCCryptorCreateWithMode(kCCEncrypt, kCCModeCTR, kCCAlgorithmAES, ccNoPadding, counter.bytes, key.bytes, key.length, NULL, 0, 0, kCCModeOptionCTR_BE, &ctr);
            unsigned char out[21]; size_t a = 0, b = 0;
            CCCryptorUpdate(ctr, input.bytes, 15, out, 21, &a);
            CCCryptorUpdate(ctr, (const unsigned char *)input.bytes + 15, 6, out + a, 21 - a, &b);
            [NSString stringWithFormat:@"%d %zu %zu %@", made, a, b, mm_hex(out, a + b)]
            """#).last == "\"0 15 6 874d6191b620e3261bef6864990db6ce9806f66b79\"")
    }

    @Test func cryptorStatusesSayWhatWasWrong() throws {
        let shell = try cryptoShell()
        let key = "2b7e151628aed2a6abf7158809cf4f3c"
        #expect(shell.run(
            // A key of 10 bytes is no AES key.
            #"mm_crypt(kCCEncrypt, 0, @"00112233445566778899", nil, @"00")"#,
            // Without padding, data must be whole blocks.
            #"mm_crypt(kCCEncrypt, 0, @"\#(key)", nil, @"0011")"#,
            // A last block whose padding does not check out.
            #"mm_crypt(kCCDecrypt, kCCOptionPKCS7Padding, @"\#(key)", nil, @"3ad77bb40d7a3660a89ecaf32466ef97")"#
        ) == ["\"status -4310\"", "\"status -4303\"", "\"status -4304\""])
        // Too small a buffer: nothing written, and the size needed in dataOutMoved.
        #expect(shell.run(#"""
            NSData *k = mm_data(@"\#(key)"); unsigned char small[8] = {0}; size_t needed = 0;
            CCCryptorStatus tooSmall = CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, k.bytes, k.length, NULL, "hello", 5, small, 8, &needed);
            [NSString stringWithFormat:@"%d %zu %d", tooSmall, needed, small[0]]
            """#) == ["\"-4301 16 0\""])
        let unmodelled = shell.run(#"unsigned char out[16]; size_t n; CCCrypt(kCCEncrypt, kCCAlgorithmDES, 0, "12345678", 8, NULL, "abcdefgh", 8, out, 16, &n)"#)
        #expect(unmodelled.first?.contains("CCCrypt: rtsh's CommonCrypto does not have algorithm 1") == true, "\(unmodelled)")
        #expect(unmodelled.first?.contains("it has AES (kCCAlgorithmAES, 0)") == true)
        #expect(shell.run("CCCryptorUpdate(NULL, \"x\", 1, NULL, 0, NULL)").first?.contains("CCCryptorUpdate takes a cryptor") == true)
    }

    @Test func hmacStreamsAndLongerDigestsMatchThePublishedValues() throws {
        let shell = try cryptoShell()
        // FIPS 180-4's "abc" examples.
        #expect(shell.run(
            #"unsigned char d224[CC_SHA224_DIGEST_LENGTH]; CC_SHA224("abc", 3, d224); mm_hex(d224, 28)"#,
            #"unsigned char d384[CC_SHA384_DIGEST_LENGTH]; CC_SHA384("abc", 3, d384); mm_hex(d384, 48)"#,
            #"unsigned char d512[CC_SHA512_DIGEST_LENGTH]; CC_SHA512("abc", 3, d512); mm_hex(d512, 64)"#,
            #"CC_SHA512_CTX c512; CC_SHA512_Init(&c512); CC_SHA512_Update(&c512, "a", 1); CC_SHA512_Update(&c512, "bc", 2); CC_SHA512_Final(d512, &c512); mm_hex(d512, 64)"#
        ).filter { $0 != "1" && $0 != "<pointer>" } == [
            "\"23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7\"",
            "\"cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7\"",
            "\"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f\"",
            "\"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f\"",
        ])
        // RFC 4231 test case 2 (key "Jefe"), in one go and streamed in two updates.
        #expect(shell.run(
            #"const char *jefe = "Jefe", *what = "what do ya want for nothing?"; unsigned char mac[64]; CCHmac(kCCHmacAlgSHA512, jefe, 4, what, 28, mac); mm_hex(mac, 64)"#,
            #"CCHmacContext context; CCHmacInit(&context, kCCHmacAlgSHA256, jefe, 4); CCHmacUpdate(&context, what, 10); CCHmacUpdate(&context, what + 10, 18); CCHmacFinal(&context, mac); mm_hex(mac, 32)"#
        ).filter { $0 != "nil" } == [
            "\"164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737\"",
            "\"5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843\"",
        ])
        #expect(shell.run("CCHmacContext unset; CCHmacUpdate(&unset, \"x\", 1);").first?.contains("CCHmacUpdate takes the address of a context") == true)
    }

    @Test func pbkdf2DerivesRFC6070sKeys() throws {
        let shell = try cryptoShell()
        #expect(shell.run(
            #"unsigned char derived[32]; CCKeyDerivationPBKDF(kCCPBKDF2, "password", 8, (const uint8_t *)"salt", 4, kCCPRFHmacAlgSHA1, 1, derived, 20); mm_hex(derived, 20)"#,
            #"CCKeyDerivationPBKDF(kCCPBKDF2, "password", 8, (const uint8_t *)"salt", 4, kCCPRFHmacAlgSHA1, 4096, derived, 20); mm_hex(derived, 20)"#,
            #"CCKeyDerivationPBKDF(kCCPBKDF2, "password", 8, (const uint8_t *)"salt", 4, kCCPRFHmacAlgSHA256, 1, derived, 32); mm_hex(derived, 32)"#
        ).filter { $0 != "0" } == [
            "\"0c60c80f961f0e71f3a9b524af6012062fe037a6\"", "\"4b007901b765489abead49d926f721d065a429c1\"",
            "\"120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b\"",
        ])
    }

    private static func hex(_ text: String) -> String {
        text.utf8.map { String(format: "%02x", $0) }.joined()
    }
}
