/// URL percent-encoding as Foundation and CoreFoundation do it: a character outside the
/// allowed ones is written as `%XX` for each byte of its UTF-8, and decoding reads every
/// `%XX` back, failing (nil) on a malformed escape or bytes that are not UTF-8.
public enum PercentEncoding {
    /// The characters a URL may hold unescaped (RFC 3986's unreserved and reserved ones):
    /// what `-stringByAddingPercentEscapesUsingEncoding:` and
    /// `CFURLCreateStringByAddingPercentEscapes` leave as they are.
    public static let legalURLCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/?#[]")

    /// `text` with every character `isAllowed` refuses percent-encoded.
    public static func encode(_ text: String, allowing isAllowed: (Character) throws -> Bool) rethrows -> String {
        var encoded = ""
        for character in text {
            if try isAllowed(character) {
                encoded.append(character)
            } else {
                for byte in String(character).utf8 { encoded += "%" + hexDigits(of: byte) }
            }
        }
        return encoded
    }

    /// `text` with its escapes decoded, but for those that decode to a character in
    /// `leavingEscaped`; nil when an escape is malformed or the bytes are not UTF-8.
    public static func decode(_ text: String, leavingEscaped: Set<Character> = []) -> String? {
        var bytes: [UInt8] = []
        var input = text.utf8[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard input.count >= 2, let high = hexValue(input[input.startIndex]), let low = hexValue(input[input.index(after: input.startIndex)]) else {
                return nil
            }
            let decoded = high << 4 | low
            if decoded < 0x80, leavingEscaped.contains(Character(Unicode.Scalar(decoded))) {
                bytes += [byte, input[input.startIndex], input[input.index(after: input.startIndex)]]
            } else {
                bytes.append(decoded)
            }
            input = input.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexDigits(of byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
