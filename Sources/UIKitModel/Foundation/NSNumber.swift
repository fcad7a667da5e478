import Foundation
import Runtime

extension ClassLibrary {
    /// `NSNumber`: the class of every number and boolean (`@42`, `@YES`, `3.5`), a kind of
    /// `NSValue` as in Foundation (`[@1 isKindOfClass:[NSValue class]]`), whose encoding is
    /// the number's own.
    static func defineNSNumber(in runtime: Runtime, value: Class) throws -> Class {
        try runtime.registerLazyClass(named: "NSNumber", superclass: value) { c in
            try addValueBasics(to: &c, empty: .int(0)) { value in
                value.intValue ?? Int(truncatingIfNeeded: (value.numberValue ?? 0).bitPattern)
            }
            @Sendable func number(_ m: borrowing Message) -> Value {
                m.receiver({ $0.numberValue == nil ? nil : $0 }, empty: .int(0))
            }
            /// The value as an integer, truncated toward zero as a C cast does.
            @Sendable func integer(_ m: borrowing Message) -> Int {
                let value = number(m)
                if let exact = value.intValue { return exact }
                let double = value.numberValue ?? 0
                return double.isFinite && abs(double) < 9.2e18 ? Int(double.rounded(.towardZero)) : 0
            }

            // Making numbers: each keeps the kind its name says.
            for name in ["Int", "Integer", "Long", "LongLong", "Short", "Char", "UnsignedInt", "UnsignedInteger", "UnsignedLong",
                         "UnsignedLongLong", "UnsignedShort", "UnsignedChar"] {
                let argument = name.hasPrefix("Unsigned") ? "Q" : "q"
                try c.addClassMethod("numberWith\(name):", types: "@@:\(argument)") { m in .int(try m.integerArgument(0)) }
                let initializer = "initWith\(name):"
                try c.addMethod(initializer, types: "@@:\(argument)") { m in .int(try m.integerArgument(0)) }
            }
            for name in ["Double", "Float"] {
                let body: Implementation.Body = { m in
                    guard let value = m[0].numberValue else { throw m.wrongArgument(0, expected: "a number") }
                    return .double(name == "Float" ? Double(Float(value)) : value)
                }
                try c.addClassMethod("numberWith\(name):", types: "@@:\(name == "Double" ? "d" : "f")", body)
                try c.addMethod("initWith\(name):", types: "@@:\(name == "Double" ? "d" : "f")", body)
            }
            try c.addClassMethod("numberWithBool:", types: "@@:B") { m in .bool(m[0].isTruthy) }
            try c.addMethod("initWithBool:", types: "@@:B") { m in .bool(m[0].isTruthy) }

            // Reading them back, each wrapped to its C type's width as a C conversion does.
            for (name, types) in [("intValue", "i@:"), ("integerValue", "q@:"), ("longValue", "q@:"), ("longLongValue", "q@:"),
                                  ("unsignedIntegerValue", "Q@:"), ("unsignedIntValue", "I@:"), ("unsignedLongValue", "Q@:"),
                                  ("unsignedLongLongValue", "Q@:"), ("shortValue", "s@:"), ("unsignedShortValue", "S@:"),
                                  ("charValue", "c@:"), ("unsignedCharValue", "C@:")] {
                let returned = ObjCType.integer(code: types.first ?? "q")
                try c.addMethod(name, types: types) { m in .int(returned.wrapping(integer(m))) }
            }
            try c.addMethod("doubleValue", types: "d@:") { m in .double(number(m).numberValue ?? 0) }
            try c.addMethod("floatValue", types: "f@:") { m in .double(Double(Float(number(m).numberValue ?? 0))) }
            try c.addMethod("boolValue", types: "B@:") { m in .bool(number(m).isTruthy) }
            try c.addMethod("stringValue", types: "@@:") { m in .string(text(of: number(m))) }
            // The decimal of the number's text, as Foundation's is the shortest that reads back.
            try c.addMethod("decimalValue", types: DecimalStructure.encoding + "@:") { m in
                let value = number(m)
                let decimal = value.intValue.map { Decimal($0) } ?? Decimal(string: text(of: value)) ?? .nan
                return DecimalStructure.value(of: decimal)
            }
            try c.addMethod("description", types: "@@:") { m in .string(text(of: number(m))) }
            // What the number was made from: `c` for a BOOL, `d` for a double, `q` otherwise.
            try c.addMethod("objCType", types: "r*@:") { m in
                switch number(m) {
                case .bool: .string("c")
                case .double: .string("d")
                default: .string("q")
                }
            }
            try c.addMethod("isEqualToNumber:", types: "B@:@") { m in .bool(number(m).isEqual(to: m[0])) }
            try c.addMethod("compare:", types: "q@:@") { m in
                // NSOrderedAscending, NSOrderedSame, NSOrderedDescending.
                guard let other = m[0].numberValue else { throw m.wrongArgument(0, expected: "a number") }
                if let whole = number(m).wholeNumber, let otherWhole = m[0].wholeNumber {
                    return .int(whole < otherWhole ? -1 : whole > otherWhole ? 1 : 0)
                }
                let value = number(m).numberValue ?? 0
                return .int(value < other ? -1 : value > other ? 1 : 0)
            }
        }
    }

    /// A number as NSNumber's `-description` writes it: a boolean as 1 or 0, a float's value
    /// as a float (``Format/text(of:)``).
    private static func text(of number: Value) -> String {
        switch number {
        case .bool(let flag): flag ? "1" : "0"
        case .double(let value): Format.text(of: value)
        default: number.description
        }
    }
}
