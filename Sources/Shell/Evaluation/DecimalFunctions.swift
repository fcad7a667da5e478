import Foundation
import Runtime
import UIKitModel

/// Foundation's `NSDecimal` arithmetic, on the structs `-decimalValue` gives
/// (`DecimalStructure`): `NSDecimalAdd(&result, &a, &b, NSRoundPlain)` and its kin write
/// the result through the first pointer and answer an `NSCalculationError`;
/// `NSDecimalCompare(&a, &b)` answers an `NSComparisonResult`; `NSDecimalString(&d, nil)`
/// the decimal's text. Foundation's own functions compute them, so results round and
/// overflow as on a device.
enum DecimalFunctions {
    private static let expectations: [String: String] = [
        "NSDecimalAdd": "pointers to the result and the two operands and a rounding mode, as in NSDecimalAdd(&sum, &a, &b, NSRoundPlain)",
        "NSDecimalSubtract": "pointers to the result and the two operands and a rounding mode, as in NSDecimalSubtract(&difference, &a, &b, NSRoundPlain)",
        "NSDecimalMultiply": "pointers to the result and the two operands and a rounding mode, as in NSDecimalMultiply(&product, &a, &b, NSRoundPlain)",
        "NSDecimalDivide": "pointers to the result and the two operands and a rounding mode, as in NSDecimalDivide(&quotient, &a, &b, NSRoundPlain)",
        "NSDecimalPower": "pointers to the result and the number, a power and a rounding mode, as in NSDecimalPower(&result, &a, 2, NSRoundPlain)",
        "NSDecimalMultiplyByPowerOf10": "pointers to the result and the number, a power of ten and a rounding mode, as in NSDecimalMultiplyByPowerOf10(&result, &a, -2, NSRoundPlain)",
        "NSDecimalRound": "pointers to the result and the number, a scale and a rounding mode, as in NSDecimalRound(&result, &a, 2, NSRoundBankers)",
        "NSDecimalCompare": "pointers to two decimals, as in NSDecimalCompare(&a, &b)",
        "NSDecimalCopy": "pointers to the destination and the source, as in NSDecimalCopy(&copy, &a)",
        "NSDecimalNormalize": "pointers to two decimals and a rounding mode, as in NSDecimalNormalize(&a, &b, NSRoundPlain)",
        "NSDecimalCompact": "a pointer to a decimal, as in NSDecimalCompact(&a)",
        "NSDecimalIsNotANumber": "a pointer to a decimal, as in NSDecimalIsNotANumber(&a)",
        "NSDecimalString": "a pointer to a decimal and a locale or nil, as in NSDecimalString(&a, nil)",
    ]

    /// The functions, sorted.
    static let names = expectations.keys.sorted()

    /// The result of the function `name`, or nil when it is not one of these.
    static func call(_ name: String, _ arguments: [Value], at location: SourceLocation) throws -> Value? {
        guard let expected = expectations[name] else { return nil }
        let call = FunctionCall(function: name, arguments: arguments, expected: expected, location: location)
        /// The decimal the argument at `index` points to.
        func decimal(_ index: Int) throws -> Decimal {
            guard let pointer = try call.pointer(index), let decimal = DecimalStructure.decimal(from: pointer.value) else { throw call.mistake }
            return decimal
        }
        func rounding(_ index: Int) throws -> NSDecimalNumber.RoundingMode {
            NSDecimalNumber.RoundingMode(rawValue: UInt(max(0, try call.integer(index)))) ?? .plain
        }
        /// Writes `compute`'s result through the first argument and answers its `NSCalculationError`.
        func writing(_ compute: (inout Decimal) throws -> NSDecimalNumber.CalculationError) throws -> Value {
            guard let result = try call.pointer(0) else { throw call.mistake }
            var value = Decimal()
            let error = try compute(&value)
            result.value = DecimalStructure.value(of: value)
            return .int(Int(error.rawValue))
        }
        switch name {
        case "NSDecimalAdd", "NSDecimalSubtract", "NSDecimalMultiply", "NSDecimalDivide":
            try call.expect(4)
            var (left, right) = (try decimal(1), try decimal(2))
            let mode = try rounding(3)
            return try writing { result in
                switch name {
                case "NSDecimalAdd": NSDecimalAdd(&result, &left, &right, mode)
                case "NSDecimalSubtract": NSDecimalSubtract(&result, &left, &right, mode)
                case "NSDecimalMultiply": NSDecimalMultiply(&result, &left, &right, mode)
                default: NSDecimalDivide(&result, &left, &right, mode)
                }
            }
        case "NSDecimalPower", "NSDecimalMultiplyByPowerOf10":
            try call.expect(4)
            var number = try decimal(1)
            let (power, mode) = (try call.integer(2), try rounding(3))
            return try writing { result in
                name == "NSDecimalPower" ? NSDecimalPower(&result, &number, power, mode)
                    : NSDecimalMultiplyByPowerOf10(&result, &number, Int16(clamping: power), mode)
            }
        case "NSDecimalRound":
            try call.expect(4)
            var number = try decimal(1)
            let (scale, mode) = (try call.integer(2), try rounding(3))
            _ = try writing { result in
                NSDecimalRound(&result, &number, scale, mode)
                return .noError
            }
            return .nil
        case "NSDecimalCopy":
            try call.expect(2)
            let source = try decimal(1)
            _ = try writing { result in
                result = source
                return .noError
            }
            return .nil
        case "NSDecimalNormalize":
            try call.expect(3)
            guard let first = try call.pointer(0), let second = try call.pointer(1) else { throw call.mistake }
            var (left, right) = (try decimal(0), try decimal(1))
            let error = NSDecimalNormalize(&left, &right, try rounding(2))
            first.value = DecimalStructure.value(of: left)
            second.value = DecimalStructure.value(of: right)
            return .int(Int(error.rawValue))
        case "NSDecimalCompact":
            try call.expect(1)
            var number = try decimal(0)
            NSDecimalCompact(&number)
            try call.pointer(0)?.value = DecimalStructure.value(of: number)
            return .nil
        case "NSDecimalCompare":
            try call.expect(2)
            var (left, right) = (try decimal(0), try decimal(1))
            return .int(NSDecimalCompare(&left, &right).rawValue)
        case "NSDecimalIsNotANumber":
            try call.expect(1)
            return .bool(try decimal(0).isNaN)
        default:
            // NSDecimalString: the locale changes only the decimal separator, which the model keeps as '.'.
            try call.expect(2)
            let number = try decimal(0)
            return .string(number.isNaN ? "NaN" : "\(number)")
        }
    }
}
