import Foundation
import Runtime

extension ClassLibrary {
    /// `NSNumberFormatter`: numbers to text and back, by style (decimal, currency, percent,
    /// scientific, spelled out, ordinal and the currency forms) and the attributes that
    /// refine it (digits, separators, symbols, prefixes, rounding). The work is the
    /// toolchain's Foundation's (ICU's rules and data, the same on every machine), in the
    /// model's locale (`en_US`) unless one is set, never the machine's.
    ///
    /// What code sets is kept in order and applied to a Foundation formatter made for each
    /// use: the locale, the style, then what was set after the style, so setting a style
    /// resets the digits and separators set before it, as on iOS; an attribute read back
    /// is what that formatter answers (a style's default until set).
    static func defineNSNumberFormatter(in runtime: Runtime) throws {
        try runtime.registerLazyClass(named: "NSNumberFormatter", superclass: runtime.requireClass(named: "NSFormatter")) { c in
            try c.addIvar("_settings", type: .object(className: "NSArray"))
            for setting in NumberSetting.all {
                try c.addMethod(setting.getter, types: setting.encoding + "@:") { m in
                    try setting.read(from: try formatter(for: m), m)
                }
                try c.addMethod(setting.setter, types: "v@:" + setting.encoding) { m in
                    try setting.check(m[0], m)
                    let settings = try m.ivar("_settings").arrayElements
                    try m.setIvar("_settings", .array(settings + [.array([.string(setting.name), m[0]])]))
                    return .nil
                }
            }
            // Any object for stringForObjectValue:: a number formats, anything else gives nil.
            for selector in ["stringFromNumber:", "stringForObjectValue:"] {
                try c.addMethod(selector, types: "@@:@") { m in
                    guard let number = Self.number(m[0]) else { return .nil }
                    return text(of: number, by: try formatter(for: m)).map(Value.string) ?? .nil
                }
            }
            try c.addMethod("numberFromString:", types: "@@:@") { m in
                guard m[0] != .nil, let number = try formatter(for: m).number(from: try m.stringArgument(0)) else { return .nil }
                return value(of: number)
            }
            // YES with the number put in `*object`; NO with Foundation's description in `*error`.
            try c.addMethod("getObjectValue:forString:errorDescription:", types: "B@:^@@^@") { m in
                let parsed = m[1] == .nil ? nil : try formatter(for: m).number(from: try m.stringArgument(1))
                if let parsed, case .reference(let object) = m[0] { object.value = value(of: parsed) }
                if parsed == nil, case .reference(let error) = m[2] { error.value = .string("Invalid number") }
                return .bool(parsed != nil)
            }
            try c.addClassMethod("localizedStringFromNumber:numberStyle:", types: "@@:@Q") { m in
                guard let number = Self.number(m[0]) else { throw m.wrongArgument(0, expected: "an NSNumber") }
                let made = modelNumberFormatter()
                made.numberStyle = try numberStyle(m, 1)
                return text(of: number, by: made).map(Value.string) ?? .nil
            }
        }
    }

    /// The Foundation formatter the receiver's settings make.
    private static func formatter(for m: borrowing Message) throws -> NumberFormatter {
        let made = modelNumberFormatter()
        let settings = try m.ivar("_settings").arrayElements.compactMap { pair -> (NumberSetting, Value)? in
            let parts = pair.arrayElements
            guard parts.count == 2, case .string(let name) = parts[0], let setting = NumberSetting.named[name] else { return nil }
            return (setting, parts[1])
        }
        // The locale first: Foundation's keeps the attributes set before it, where the
        // toolchain's would drop them on a change of locale. Then the style, which on iOS
        // resets every attribute set before it to the style's own; then those set since.
        if let locale = settings.last(where: { $0.0.name == "locale" }) { locale.0.apply(locale.1, to: made, in: m.runtime) }
        let lastStyle = settings.lastIndex { $0.0.name == "numberStyle" }
        for (setting, value) in settings[(lastStyle ?? 0)...] where setting.name != "locale" { setting.apply(value, to: made, in: m.runtime) }
        return made
    }

    /// `number` as `formatter` writes it, with its fraction digits as Foundation on iOS
    /// bounds them: the toolchain's formatter shows up to its style's default digits
    /// once a minimum is set (1 and 1 write 1234.5678 as "1,234.568"), so the number is
    /// first rounded to the maximum, by the formatter's rounding mode.
    private static func text(of number: NSNumber, by formatter: NumberFormatter) -> String? {
        let style = formatter.numberStyle
        guard formatter.minimumFractionDigits > 0, !formatter.usesSignificantDigits,
              [.none, .decimal, .currency, .currencyISOCode, .currencyPlural, .currencyAccounting].contains(style) else {
            return formatter.string(from: number)
        }
        var exact = number.decimalValue, rounded = Decimal()
        let negative = exact < 0
        let mode: NSDecimalNumber.RoundingMode = switch formatter.roundingMode {
        case .ceiling: .up
        case .floor: .down
        case .down: negative ? .up : .down
        case .up: negative ? .down : .up
        case .halfUp, .halfDown: .plain
        default: .bankers
        }
        NSDecimalRound(&rounded, &exact, formatter.maximumFractionDigits, mode)
        return formatter.string(from: NSDecimalNumber(decimal: rounded))
    }

    /// A Foundation number formatter in the model's locale (`en_US`), never the machine's.
    static func modelNumberFormatter() -> NumberFormatter {
        let made = NumberFormatter()
        made.locale = Locale(identifier: modelLocaleIdentifier)
        return made
    }

    /// A style argument: `NSNumberFormatterNoStyle` (0) to `NSNumberFormatterCurrencyAccountingStyle` (10).
    fileprivate static func numberStyle(_ m: borrowing Message, _ index: Int) throws -> NumberFormatter.Style {
        let raw = try m.integerArgument(index)
        guard raw >= 0, raw != 7, let style = NumberFormatter.Style(rawValue: UInt(raw)) else {
            throw m.wrongArgument(index, expected: "an NSNumberFormatterStyle, NSNumberFormatterNoStyle (0) to NSNumberFormatterCurrencyAccountingStyle (10)")
        }
        return style
    }

    /// A number value as Foundation's formatter takes it; nil for anything else.
    fileprivate static func number(_ value: Value) -> NSNumber? {
        switch value {
        case .int(let number): NSNumber(value: number)
        case .double(let number): NSNumber(value: number)
        case .bool(let flag): NSNumber(value: flag ? 1 : 0)
        default: nil
        }
    }

    /// What Foundation's formatter read, as the model holds a number: an integer when it is whole.
    fileprivate static func value(of number: NSNumber) -> Value {
        let double = number.doubleValue
        if double.rounded() == double, abs(double) < 9.2e18 { return .int(Int(double)) }
        return .double(double)
    }
}

/// One attribute of `NSNumberFormatter`: its accessors' names and encoding, and how it
/// reads from and applies to a Foundation formatter.
private struct NumberSetting: Sendable {
    enum Kind: Sendable {
        case integer(ReferenceWritableKeyPath<NumberFormatter, Int> & Sendable)
        case boolean(ReferenceWritableKeyPath<NumberFormatter, Bool> & Sendable)
        case text(ReferenceWritableKeyPath<NumberFormatter, String?> & Sendable)
        /// Text Foundation never leaves unset (`nilSymbol`, "" by default).
        case plainText(ReferenceWritableKeyPath<NumberFormatter, String> & Sendable)
        case number(ReferenceWritableKeyPath<NumberFormatter, NSNumber?> & Sendable)
        case style, rounding, locale
    }

    let name: String
    let kind: Kind
    /// `isLenient` for `lenient`, as Foundation names the getters of its BOOL attributes.
    var getterName: String?

    var getter: String { getterName ?? name }
    var setter: String { "set" + name.prefix(1).uppercased() + name.dropFirst() + ":" }

    var encoding: String {
        switch kind {
        case .integer, .style, .rounding: "Q"
        case .boolean: "B"
        case .text, .plainText, .number, .locale: "@"
        }
    }

    func read(from formatter: NumberFormatter, _ m: borrowing Message) throws -> Value {
        switch kind {
        case .integer(let path): .int(formatter[keyPath: path])
        case .boolean(let path): .bool(formatter[keyPath: path])
        case .text(let path): formatter[keyPath: path].map(Value.string) ?? .nil
        case .plainText(let path): .string(formatter[keyPath: path])
        case .number(let path): formatter[keyPath: path].map(ClassLibrary.value(of:)) ?? .nil
        case .style: .int(Int(formatter.numberStyle.rawValue))
        case .rounding: .int(Int(formatter.roundingMode.rawValue))
        case .locale: try m.send("currentLocale", to: try m.runtime.requireClass(named: "NSLocale"))
        }
    }

    /// Refuses a value the attribute cannot take, as the setter is called.
    func check(_ value: Value, _ m: borrowing Message) throws {
        switch kind {
        case .integer: _ = try m.integerArgument(0)
        case .style: _ = try ClassLibrary.numberStyle(m, 0)
        case .rounding:
            guard let raw = value.intValue, (0...6).contains(raw) else {
                throw m.wrongArgument(0, expected: "an NSNumberFormatterRoundingMode, NSNumberFormatterRoundCeiling (0) to NSNumberFormatterRoundHalfUp (6)")
            }
        case .text, .plainText: if value != .nil { _ = try m.stringArgument(0) }
        case .number:
            if value != .nil, ClassLibrary.number(value) == nil { throw m.wrongArgument(0, expected: "an NSNumber") }
        case .boolean, .locale: break
        }
    }

    func apply(_ value: Value, to formatter: NumberFormatter, in runtime: Runtime) {
        switch kind {
        case .integer(let path): formatter[keyPath: path] = value.intValue ?? 0
        case .boolean(let path): formatter[keyPath: path] = value.isTruthy
        case .text(let path): formatter[keyPath: path] = value.text
        case .plainText(let path): formatter[keyPath: path] = value.text ?? ""
        case .number(let path): formatter[keyPath: path] = ClassLibrary.number(value)
        case .style: formatter.numberStyle = NumberFormatter.Style(rawValue: UInt(clamping: value.intValue ?? 0)) ?? .none
        case .rounding: formatter.roundingMode = NumberFormatter.RoundingMode(rawValue: UInt(clamping: value.intValue ?? 0)) ?? .halfEven
        case .locale: formatter.locale = ClassLibrary.locale(of: value.object, in: runtime) ?? Locale(identifier: ClassLibrary.modelLocaleIdentifier)
        }
    }

    static let all: [NumberSetting] = [
        NumberSetting(name: "numberStyle", kind: .style),
        NumberSetting(name: "locale", kind: .locale),
        NumberSetting(name: "roundingMode", kind: .rounding),
        NumberSetting(name: "minimumIntegerDigits", kind: .integer(\.minimumIntegerDigits)),
        NumberSetting(name: "maximumIntegerDigits", kind: .integer(\.maximumIntegerDigits)),
        NumberSetting(name: "minimumFractionDigits", kind: .integer(\.minimumFractionDigits)),
        NumberSetting(name: "maximumFractionDigits", kind: .integer(\.maximumFractionDigits)),
        NumberSetting(name: "minimumSignificantDigits", kind: .integer(\.minimumSignificantDigits)),
        NumberSetting(name: "maximumSignificantDigits", kind: .integer(\.maximumSignificantDigits)),
        NumberSetting(name: "groupingSize", kind: .integer(\.groupingSize)),
        NumberSetting(name: "formatWidth", kind: .integer(\.formatWidth)),
        NumberSetting(name: "usesGroupingSeparator", kind: .boolean(\.usesGroupingSeparator)),
        NumberSetting(name: "usesSignificantDigits", kind: .boolean(\.usesSignificantDigits)),
        NumberSetting(name: "allowsFloats", kind: .boolean(\.allowsFloats)),
        NumberSetting(name: "alwaysShowsDecimalSeparator", kind: .boolean(\.alwaysShowsDecimalSeparator)),
        NumberSetting(name: "generatesDecimalNumbers", kind: .boolean(\.generatesDecimalNumbers)),
        NumberSetting(name: "lenient", kind: .boolean(\.isLenient), getterName: "isLenient"),
        NumberSetting(name: "groupingSeparator", kind: .text(\.groupingSeparator)),
        NumberSetting(name: "decimalSeparator", kind: .text(\.decimalSeparator)),
        NumberSetting(name: "currencySymbol", kind: .text(\.currencySymbol)),
        NumberSetting(name: "currencyCode", kind: .text(\.currencyCode)),
        NumberSetting(name: "internationalCurrencySymbol", kind: .text(\.internationalCurrencySymbol)),
        NumberSetting(name: "currencyDecimalSeparator", kind: .text(\.currencyDecimalSeparator)),
        NumberSetting(name: "currencyGroupingSeparator", kind: .text(\.currencyGroupingSeparator)),
        NumberSetting(name: "percentSymbol", kind: .text(\.percentSymbol)),
        NumberSetting(name: "minusSign", kind: .text(\.minusSign)),
        NumberSetting(name: "plusSign", kind: .text(\.plusSign)),
        NumberSetting(name: "exponentSymbol", kind: .text(\.exponentSymbol)),
        NumberSetting(name: "positivePrefix", kind: .text(\.positivePrefix)),
        NumberSetting(name: "positiveSuffix", kind: .text(\.positiveSuffix)),
        NumberSetting(name: "negativePrefix", kind: .text(\.negativePrefix)),
        NumberSetting(name: "negativeSuffix", kind: .text(\.negativeSuffix)),
        NumberSetting(name: "positiveFormat", kind: .text(\.positiveFormat)),
        NumberSetting(name: "negativeFormat", kind: .text(\.negativeFormat)),
        NumberSetting(name: "zeroSymbol", kind: .text(\.zeroSymbol)),
        NumberSetting(name: "nilSymbol", kind: .plainText(\.nilSymbol)),
        NumberSetting(name: "notANumberSymbol", kind: .text(\.notANumberSymbol)),
        NumberSetting(name: "paddingCharacter", kind: .text(\.paddingCharacter)),
        NumberSetting(name: "multiplier", kind: .number(\.multiplier)),
        NumberSetting(name: "roundingIncrement", kind: .number(\.roundingIncrement)),
        NumberSetting(name: "minimum", kind: .number(\.minimum)),
        NumberSetting(name: "maximum", kind: .number(\.maximum)),
    ]

    static let named = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}
