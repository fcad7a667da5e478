import Foundation
import Runtime

extension ClassLibrary {
    /// `NSDateFormatter`: dates to text and back, by a pattern (`yyyy-MM-dd HH:mm`) or by
    /// date and time styles, in a time zone and a locale. The work is the toolchain's
    /// Foundation's (ICU's patterns and data, the same on every machine); the zone and the
    /// locale are the model's defaults (GMT, `en_US`) unless set, never the machine's.
    /// Setting a style clears the pattern, as Foundation's does.
    static func defineNSDateFormatter(in runtime: Runtime, root: Class, environment: ModelEnvironment) throws {
        try runtime.registerLazyClass(named: "NSFormatter", superclass: root) { _ in }
        try runtime.registerLazyClass(named: "NSDateFormatter", superclass: runtime.requireClass(named: "NSFormatter")) { c in
            try c.addProperty(Property(name: "dateFormat", type: .object(className: "NSString"), attributes: [.copy]))
            try c.addProperty(Property(name: "dateStyle", type: .integer(code: "Q"), attributes: []))
            try c.addProperty(Property(name: "timeStyle", type: .integer(code: "Q"), attributes: []))
            try c.addProperty(Property(name: "timeZone", type: .object(className: "NSTimeZone"), attributes: [.copy]))
            try c.addProperty(Property(name: "locale", type: .object(className: "NSLocale"), attributes: []))
            try c.addProperty(Property(name: "lenient", type: .bool, attributes: []))
            try c.addProperty(Property(name: "doesRelativeDateFormatting", type: .bool, attributes: []))
            try c.addMethod("dateFormat", types: "@@:") { m in .string(plainSpaces(try formatter(for: m.receiver, in: m.runtime, environment: environment).dateFormat)) }
            for (setter, ivar) in [("setDateStyle:", "_dateStyle"), ("setTimeStyle:", "_timeStyle")] {
                try c.addMethod(setter, types: "v@:Q") { m in
                    let style = try m.integerArgument(0)
                    guard style >= 0, DateFormatter.Style(rawValue: UInt(style)) != nil else {
                        throw ClassLibraryError.wrongArgument(
                            method: m.methodName, expected: "an NSDateFormatterStyle, NSDateFormatterNoStyle (0) to NSDateFormatterFullStyle (4)", got: "\(style)")
                    }
                    try m.setIvar(ivar, .int(style))
                    try m.setIvar("_dateFormat", .nil)
                    return .nil
                }
            }
            try c.addMethod("setLocalizedDateFormatFromTemplate:", types: "v@:@") { m in
                let made = try formatter(for: m.receiver, in: m.runtime, environment: environment)
                made.setLocalizedDateFormatFromTemplate(try m.stringArgument(0))
                try m.setIvar("_dateFormat", .string(made.dateFormat))
                return .nil
            }
            try c.addMethod("stringFromDate:", types: "@@:@") { m in
                if case .nil = m[0] { return .nil }
                let made = try formatter(for: m.receiver, in: m.runtime, environment: environment), date = try dateArgument(m, 0)
                let relative = try m.ivar("_doesRelativeDateFormatting").isTruthy ? relativeText(of: date, by: made, environment: environment) : nil
                return .string(plainSpaces(relative ?? made.string(from: date)))
            }
            try c.addMethod("dateFromString:", types: "@@:@") { m in
                if case .nil = m[0] { return .nil }
                guard let date = try formatter(for: m.receiver, in: m.runtime, environment: environment).date(from: try m.stringArgument(0)) else { return .nil }
                return try makeDate(date, m)
            }
            // NSFormatter's general forms: a date formats, any other object gives nil; a string
            // that does not read as a date gives NO with a description in `*error`.
            try c.addMethod("stringForObjectValue:", types: "@@:@") { m in
                guard let object = m[0].object, let date = m.runtime.class(named: "NSDate"), object.isKind(of: date) else { return .nil }
                return try m.send("stringFromDate:", to: m.receiver, m[0])
            }
            try c.addMethod("getObjectValue:forString:errorDescription:", types: "B@:^@@^@") { m in
                let text = try m.stringArgument(1)
                let parsed = try m.send("dateFromString:", to: m.receiver, .string(text))
                if parsed != .nil, case .reference(let object) = m[0] { object.value = parsed }
                if parsed == .nil, case .reference(let error) = m[2] { error.value = .string("The date \u{201C}\(text)\u{201D} is invalid.") }
                return .bool(parsed != .nil)
            }
            try c.addClassMethod("localizedStringFromDate:dateStyle:timeStyle:", types: "@@:@QQ") { m in
                let made = modelFormatter(environment)
                made.dateStyle = DateFormatter.Style(rawValue: UInt(clamping: try m.integerArgument(1))) ?? .none
                made.timeStyle = DateFormatter.Style(rawValue: UInt(clamping: try m.integerArgument(2))) ?? .none
                return .string(plainSpaces(made.string(from: try dateArgument(m, 0))))
            }
            try c.addClassMethod("dateFormatFromTemplate:options:locale:", types: "@@:@Q@") { m in
                let locale = locale(of: try m.objectArgument(2), in: m.runtime) ?? Locale(identifier: modelLocaleIdentifier)
                return DateFormatter.dateFormat(fromTemplate: try m.stringArgument(0), options: 0, locale: locale).map(Value.string) ?? .nil
            }
        }
    }

    /// `text` with ICU's narrow no-break space (before "PM" in a styled time) as a plain
    /// space: as iOS wrote times before iOS 17, and as the tests written then expect.
    private static func plainSpaces(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{202F}", with: " ")
    }

    /// "Today", "Yesterday" or "Tomorrow" (and the time, when the formatter shows it), by
    /// the model clock's day rather than the machine's; nil when the formatter shows no
    /// date style, or the date is further away.
    private static func relativeText(of date: Date, by formatter: DateFormatter, environment: ModelEnvironment) -> String? {
        guard formatter.dateStyle != .none else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = formatter.timeZone
        let today = calendar.startOfDay(for: Date(timeIntervalSinceReferenceDate: environment.now))
        guard let days = calendar.dateComponents([.day], from: today, to: calendar.startOfDay(for: date)).day,
              let word = [-1: "Yesterday", 0: "Today", 1: "Tomorrow"][days] else { return nil }
        guard formatter.timeStyle != .none else { return word }
        let time = DateFormatter()
        time.locale = formatter.locale
        time.timeZone = formatter.timeZone
        time.timeStyle = formatter.timeStyle
        return "\(word) at \(time.string(from: date))"
    }

    /// A Foundation formatter in the model's default zone and locale, with no styles.
    private static func modelFormatter(_ environment: ModelEnvironment) -> DateFormatter {
        let made = DateFormatter()
        made.locale = Locale(identifier: modelLocaleIdentifier)
        made.timeZone = zone(named: environment.defaultTimeZoneName) ?? .gmt
        return made
    }

    /// A Foundation formatter set as the `NSDateFormatter` `object` is: made for each use, as
    /// Foundation's formatters are not to be shared between threads.
    private static func formatter(for object: Object, in runtime: Runtime, environment: ModelEnvironment) throws -> DateFormatter {
        let made = modelFormatter(environment)
        if let locale = locale(of: try runtime.ivarValue("_locale", of: object).object, in: runtime) { made.locale = locale }
        if let zone = zone(of: try runtime.ivarValue("_timeZone", of: object).object, in: runtime) { made.timeZone = zone }
        made.isLenient = try runtime.ivarValue("_lenient", of: object).isTruthy
        // Not doesRelativeDateFormatting: Foundation's would read the machine's clock;
        // relativeText(of:by:environment:) reads the model's.
        if case .string(let pattern) = try runtime.ivarValue("_dateFormat", of: object) {
            made.dateFormat = pattern
        } else {
            made.dateStyle = DateFormatter.Style(rawValue: UInt(clamping: try runtime.ivarValue("_dateStyle", of: object).intValue ?? 0)) ?? .none
            made.timeStyle = DateFormatter.Style(rawValue: UInt(clamping: try runtime.ivarValue("_timeStyle", of: object).intValue ?? 0)) ?? .none
            // A medium or short date joins its time with a comma, as iOS did before iOS 17
            // and as the tests written then expect; newer ICU joins them with "at".
            if made.dateStyle == .medium || made.dateStyle == .short, made.timeStyle != .none {
                made.dateFormat = made.dateFormat.replacingOccurrences(of: " 'at' ", with: ", ")
            }
        }
        return made
    }
}
