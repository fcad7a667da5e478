import Foundation
import Runtime

/// Foundation's `NSDecimal` struct as a struct value: the fields its header declares
/// (`_exponent`, `_length`, `_isNegative`, `_isCompact`, `_reserved`, `_mantissa[8]`),
/// with the values Foundation's `Decimal` gives them, so a decimal goes from a number to
/// an `NSDecimalNumber` and through the `NSDecimal...` functions exactly, as
/// `[NSDecimalNumber decimalNumberWithDecimal:[number decimalValue]]` takes it.
public enum DecimalStructure {
    /// The struct's name, which its fields are found by.
    public static let name = "NSDecimal"
    /// As clang encodes the header's anonymous struct.
    public static let encoding = "{?=b8b4b1b1b18[8S]}"
    public static let fieldNames = ["_exponent", "_length", "_isNegative", "_isCompact", "_reserved", "_mantissa"]
    /// The fields' types, in order, for the shell's type table.
    public static let fieldTypes: [ObjCType] = [
        .bitField(width: 8, isSigned: true), .bitField(width: 4, isSigned: false), .bitField(width: 1, isSigned: false),
        .bitField(width: 1, isSigned: false), .bitField(width: 18, isSigned: false), .array(count: 8, element: .integer(code: "S")),
    ]

    /// `decimal` as the struct holds it: its mantissa in eight 16-bit words, least
    /// significant first, and its power of ten, as Foundation lays a compact decimal out.
    /// (Foundation's `Decimal` keeps these fields internal on Linux, so they are worked out
    /// from its public significand and exponent.)
    public static func value(of decimal: Decimal) -> Value {
        var words = [Int](repeating: 0, count: 8)
        var length = 0, exponent = 0
        if !decimal.isNaN {
            exponent = decimal.exponent
            // The significand's decimal digits, carried into base 65,536.
            for digit in "\(decimal.significand.magnitude)".compactMap(\.wholeNumberValue) {
                var carry = digit
                for index in words.indices {
                    let sum = words[index] * 10 + carry
                    words[index] = sum & 0xFFFF
                    carry = sum >> 16
                }
            }
            length = (words.lastIndex { $0 != 0 } ?? -1) + 1
        }
        let fields: [Value] = [
            .int(exponent), .int(length), .int(decimal.isNaN || decimal.sign == .minus ? 1 : 0), .int(1), .int(0),
            .array(words.map { .int($0) }),
        ]
        return .structure(StructValue(name: name, fieldNames: fieldNames, fields: fields))
    }

    /// The decimal a struct value holds, or nil when `value` is no `NSDecimal`. A length
    /// of zero with the sign set is NaN, as Foundation marks it.
    public static func decimal(from value: Value) -> Decimal? {
        guard case .structure(let structure) = value, structure.fieldNames == fieldNames,
              let exponent = structure.fields[0].intValue, let length = structure.fields[1].intValue,
              let negative = structure.fields[2].intValue,
              case .array(let words) = structure.fields[5], words.count == 8 else { return nil }
        if length == 0 { return negative != 0 ? .nan : 0 }
        var significand = Decimal(0)
        for word in words.prefix(min(length, 8)).reversed() {
            significand = significand * 65_536 + Decimal(UInt16(truncatingIfNeeded: word.intValue ?? 0))
        }
        return Decimal(sign: negative != 0 ? .minus : .plus, exponent: Int(Int8(truncatingIfNeeded: exponent)), significand: significand)
    }
}
