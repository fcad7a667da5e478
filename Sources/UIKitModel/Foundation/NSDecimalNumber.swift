import Foundation
import Runtime

extension ClassLibrary {
    /// `NSDecimalNumber`: a base-10 number for money and the like, exact where a double is
    /// not (`0.1 + 0.2` is `0.3`), with Foundation's arithmetic, comparison and rounding
    /// (`NSDecimalNumberHandler`'s scale and rounding mode). An instance keeps its value as
    /// the decimal's text, which Foundation's `Decimal` reads and writes.
    static func defineNSDecimalNumber(in runtime: Runtime, number: Class, root: Class) throws {
        try runtime.registerLazyClass(named: "NSDecimalNumber", superclass: number) { c in
            try c.addIvar("_decimal", type: .object(className: "NSString"))
            @Sendable func make(_ m: borrowing Message, _ decimal: Decimal, as cls: Class? = nil) throws -> Value {
                let made = try m.runtime.createInstance(of: try cls ?? m.runtime.requireClass(named: "NSDecimalNumber"))
                try m.runtime.setIvar("_decimal", of: made, to: .string(decimal.isNaN ? "NaN" : "\(decimal)"))
                return .object(made)
            }
            for (name, value) in [("zero", Decimal(0)), ("one", Decimal(1)), ("notANumber", Decimal.nan), ("maximumDecimalNumber", Decimal.greatestFiniteMagnitude),
                                  ("minimumDecimalNumber", -Decimal.greatestFiniteMagnitude)] {
                try c.addClassMethod(name, types: "@@:") { m in try make(m, value, as: try m.receiverClass()) }
            }
            // A string that does not read as a number gives NaN, as Foundation's does.
            for (name, types) in [("decimalNumberWithString:", "@@:@"), ("decimalNumberWithString:locale:", "@@:@@")] {
                try c.addClassMethod(name, types: types) { m in
                    try make(m, Decimal(string: try m.stringArgument(0)) ?? .nan, as: try m.receiverClass())
                }
            }
            try c.addClassMethod("decimalNumberWithMantissa:exponent:isNegative:", types: "@@:QsB") { m in
                let mantissa = Decimal(try m.integerArgument(0)), exponent = try m.integerArgument(1)
                let value = Decimal(sign: m[2].isTruthy ? .minus : .plus, exponent: exponent, significand: mantissa)
                return try make(m, value, as: try m.receiverClass())
            }
            // `[NSDecimalNumber decimalNumberWithDecimal:[number decimalValue]]`: the struct's decimal, exactly.
            let decimalType = DecimalStructure.encoding
            try c.addClassMethod("decimalNumberWithDecimal:", types: "@@:" + decimalType) { m in
                guard let value = DecimalStructure.decimal(from: m[0]) else { throw m.wrongArgument(0, expected: "an NSDecimal, as -decimalValue gives") }
                return try make(m, value, as: try m.receiverClass())
            }
            try c.addMethod("initWithDecimal:", types: "@@:" + decimalType) { m in
                guard let value = DecimalStructure.decimal(from: m[0]) else { throw m.wrongArgument(0, expected: "an NSDecimal, as -decimalValue gives") }
                try m.runtime.setIvar("_decimal", of: m.receiver, to: .string(value.isNaN ? "NaN" : "\(value)"))
                return .object(m.receiver)
            }
            try c.addMethod("decimalValue", types: decimalType + "@:") { m in DecimalStructure.value(of: try decimal(of: m.receiver, m) ?? .nan) }
            try c.addMethod("initWithString:", types: "@@:@") { m in
                try m.runtime.setIvar("_decimal", of: m.receiver, to: .string(Decimal(string: try m.stringArgument(0)).map { "\($0)" } ?? "NaN"))
                return .object(m.receiver)
            }
            for name in ["initWithDouble:", "initWithInteger:", "initWithInt:", "initWithLongLong:", "initWithFloat:"] {
                try c.addMethod(name, types: name.contains("Double") || name.contains("Float") ? "@@:d" : "@@:q") { m in
                    try m.runtime.setIvar("_decimal", of: m.receiver, to: .string("\(try decimal(m[0], m) ?? .nan)"))
                    return .object(m.receiver)
                }
            }
            let operations: [(String, @Sendable (Decimal, Decimal) -> Decimal)] = [
                ("decimalNumberByAdding:", { $0 + $1 }), ("decimalNumberBySubtracting:", { $0 - $1 }),
                ("decimalNumberByMultiplyingBy:", { $0 * $1 }), ("decimalNumberByDividingBy:", { $0 / $1 }),
            ]
            for (name, operation) in operations {
                for withBehavior in [false, true] {
                    try c.addMethod(name + (withBehavior ? "withBehavior:" : ""), types: withBehavior ? "@@:@@" : "@@:@") { m in
                        guard let a = try decimal(of: m.receiver, m), let b = try decimal(m[0], m) else { throw m.wrongArgument(0, expected: "an NSDecimalNumber") }
                        if name == "decimalNumberByDividingBy:", b.isZero {
                            throw try exception(named: "NSDecimalNumberDivideByZeroException", reason: "NSDecimalNumber divide by zero exception", in: m.runtime)
                        }
                        let result = operation(a, b)
                        return try make(m, withBehavior ? try rounded(result, by: m[1], m) : result)
                    }
                }
            }
            try c.addMethod("decimalNumberByRaisingToPower:", types: "@@:Q") { m in
                guard let a = try decimal(of: m.receiver, m) else { return .nil }
                return try make(m, pow(a, max(0, try m.integerArgument(0))))
            }
            try c.addMethod("decimalNumberByMultiplyingByPowerOf10:", types: "@@:s") { m in
                guard let a = try decimal(of: m.receiver, m) else { return .nil }
                let exponent = try m.integerArgument(0), power = pow(Decimal(10), abs(exponent))
                return try make(m, exponent < 0 ? a / power : a * power)
            }
            try c.addMethod("decimalNumberByRoundingAccordingToBehavior:", types: "@@:@") { m in
                guard let a = try decimal(of: m.receiver, m) else { return .nil }
                return try make(m, try rounded(a, by: m[0], m))
            }
            try c.addMethod("compare:", types: "q@:@") { m in
                guard let a = try decimal(of: m.receiver, m), let b = try decimal(m[0], m) else { throw m.wrongArgument(0, expected: "a number") }
                return .int(a < b ? -1 : a > b ? 1 : 0)
            }
            for name in ["isEqual:", "isEqualToNumber:"] {
                try c.addMethod(name, types: "B@:@") { m in
                    guard let a = try decimal(of: m.receiver, m), let b = try decimal(m[0], m) else { return .bool(false) }
                    return .bool(a == b)
                }
            }
            try c.addMethod("hash", types: "Q@:") { m in .int((try m.ivar("_decimal").text?.hashValue ?? 0) & Int.max) }
            for name in ["stringValue", "description"] {
                try c.addMethod(name, types: "@@:") { m in try m.ivar("_decimal") }
            }
            try c.addMethod("descriptionWithLocale:", types: "@@:@") { m in try m.ivar("_decimal") }
            // Read from the decimal's text, which is exact, rather than through its binary approximation.
            for name in ["doubleValue", "floatValue"] {
                try c.addMethod(name, types: name == "doubleValue" ? "d@:" : "f@:") { m in .double(Double(try m.ivar("_decimal").text ?? "") ?? .nan) }
            }
            for name in ["integerValue", "intValue", "longValue", "longLongValue", "unsignedIntegerValue"] {
                try c.addMethod(name, types: "q@:") { m in .int(try decimal(of: m.receiver, m).map { NSDecimalNumber(decimal: $0).intValue } ?? 0) }
            }
            try c.addMethod("boolValue", types: "B@:") { m in .bool(try decimal(of: m.receiver, m).map { !$0.isZero } ?? false) }
            try c.addMethod("objCType", types: "r*@:") { _ in .string("d") }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
        }
        // `[NSDecimalNumberHandler decimalNumberHandlerWithRoundingMode:NSRoundPlain scale:2 ...]`:
        // how results round; the raise flags are kept and not acted on.
        try runtime.registerLazyClass(named: "NSDecimalNumberHandler", superclass: root) { c in
            try c.addIvar("_roundingMode", type: .integer(code: "q"))
            try c.addIvar("_scale", type: .integer(code: "q"))
            try c.addClassMethod("decimalNumberHandlerWithRoundingMode:scale:raiseOnExactness:raiseOnOverflow:raiseOnUnderflow:raiseOnDivideByZero:", types: "@@:qsBBBB") { m in
                let handler = try m.runtime.createInstance(of: try m.receiverClass())
                try m.runtime.setIvar("_roundingMode", of: handler, to: m[0])
                try m.runtime.setIvar("_scale", of: handler, to: m[1])
                return .object(handler)
            }
            try c.addClassMethod("defaultDecimalNumberHandler", types: "@@:") { m in
                let handler = try m.runtime.createInstance(of: try m.receiverClass())
                try m.runtime.setIvar("_roundingMode", of: handler, to: .int(0))
                try m.runtime.setIvar("_scale", of: handler, to: .int(Int(Int16.max)))
                return .object(handler)
            }
            try c.addMethod("roundingMode", types: "q@:") { m in try m.ivar("_roundingMode") }
            try c.addMethod("scale", types: "s@:") { m in try m.ivar("_scale") }
        }
    }

    /// The decimal a value stands for: an `NSDecimalNumber`'s own, or a number's.
    private static func decimal(_ value: Value, _ m: borrowing Message) throws -> Decimal? {
        switch value {
        case .int(let number): return Decimal(number)
        case .double(let number): return Decimal(string: "\(number)")
        case .bool(let flag): return flag ? 1 : 0
        case .object(let object):
            guard let decimalClass = m.runtime.class(named: "NSDecimalNumber"), object.isKind(of: decimalClass) else { return nil }
            return try decimal(of: object, m)
        default: return nil
        }
    }

    private static func decimal(of receiver: Object, _ m: borrowing Message) throws -> Decimal? {
        guard case .string(let text) = try m.runtime.ivarValue("_decimal", of: receiver) else { return nil }
        return text == "NaN" ? .nan : Decimal(string: text)
    }

    /// `value` rounded as an `NSDecimalNumberHandler` says: to its scale, in its mode
    /// (NSRoundPlain 0, NSRoundDown 1, NSRoundUp 2, NSRoundBankers 3).
    private static func rounded(_ value: Decimal, by handler: Value, _ m: borrowing Message) throws -> Decimal {
        guard let handler = handler.object else { return value }
        let scale = try m.runtime.ivarValue("_scale", of: handler).intValue ?? 0
        guard scale < Int(Int16.max) else { return value }
        let mode: NSDecimalNumber.RoundingMode = switch try m.runtime.ivarValue("_roundingMode", of: handler).intValue ?? 0 {
        case 1: .down
        case 2: .up
        case 3: .bankers
        default: .plain
        }
        var input = value, result = Decimal()
        NSDecimalRound(&result, &input, scale, mode)
        return result
    }
}
