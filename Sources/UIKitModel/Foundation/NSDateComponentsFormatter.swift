import Foundation
import Runtime

extension ClassLibrary {
    /// `NSDateComponentsFormatter`: a duration as text, in the model's locale (`en_US`), as
    /// a timer or a step's instructions show it ("2 minutes, 10 seconds", "2:10").
    ///
    /// A time interval is split into the allowed units (`allowedUnits`; every unit from
    /// years to seconds when none are set), largest first: a year is 365 days and a month
    /// 30, as the model keeps no reference date. With `maximumUnitCount`, the units after
    /// that many are rounded into the last one shown. Zero units are left out as
    /// `zeroFormattingBehavior` says; its default drops every zero unit but keeps the
    /// smallest when all are zero ("0 seconds"), and for the positional style drops only
    /// the leading ones, keeping minutes and seconds ("0:10"). Each style writes units as
    /// Foundation's English does: positional `1:05:00`, abbreviated `1h 5m`, short
    /// `1 hr, 5 min`, full `1 hour, 5 minutes`, spelled out `one hour, five minutes`, brief
    /// `1hr 5min`. `includesApproximationPhrase` and `includesTimeRemainingPhrase` add
    /// "About " and " remaining".
    static func defineNSDateComponentsFormatter(in runtime: Runtime) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSDateComponentsFormatter", superclass: runtime.requireClass(named: "NSFormatter")) { c in
            for name in ["unitsStyle", "allowedUnits", "zeroFormattingBehavior", "maximumUnitCount", "formattingContext"] {
                try c.addProperty(Property(name: name, type: .integer(code: "q"), attributes: [.nonatomic]))
            }
            for name in ["allowsFractionalUnits", "collapsesLargestUnit", "includesApproximationPhrase", "includesTimeRemainingPhrase"] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic]))
            }
            for name in ["calendar", "referenceDate"] {
                try c.addProperty(Property(name: name, type: .object(className: name == "calendar" ? "NSCalendar" : "NSDate"), attributes: [.nonatomic, .copy]))
            }
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_zeroFormattingBehavior", of: this, to: .int(1)) }
            }
            try c.addMethod("stringFromTimeInterval:", types: "@@:d") { m in
                .string(try DurationText(m.receiver, m).text(of: try m.numberArgument(0)))
            }
            try c.addMethod("stringFromDate:toDate:", types: "@@:@@") { m in
                guard let start = try m.objectArgument(0), let end = try m.objectArgument(1) else { return .nil }
                let interval = try m.send("timeIntervalSinceDate:", to: end, .object(start)).numberValue ?? 0
                return .string(try DurationText(m.receiver, m).text(of: interval))
            }
            try c.addMethod("stringFromDateComponents:", types: "@@:@") { m in
                guard let components = try m.objectArgument(0) else { return .nil }
                return .string(try DurationText(m.receiver, m).text(of: try dateComponents(of: components, in: m.runtime)))
            }
            // A number is a time interval, date components are components; anything else gives nil.
            try c.addMethod("stringForObjectValue:", types: "@@:@") { m in
                if let seconds = m[0].numberValue { return .string(try DurationText(m.receiver, m).text(of: seconds)) }
                guard let object = m[0].object, object.isa.name == "NSDateComponents" else { return .nil }
                return .string(try DurationText(m.receiver, m).text(of: try dateComponents(of: object, in: m.runtime)))
            }
            try c.addClassMethod("localizedStringFromDateComponents:unitsStyle:", types: "@@:@q") { m in
                guard let components = try m.objectArgument(0) else { return .nil }
                var text = DurationText()
                text.style = try DurationText.style(m, 1)
                return .string(text.text(of: try dateComponents(of: components, in: m.runtime)))
            }
        }
    }
}

/// What an `NSDateComponentsFormatter`'s settings make of a duration (see
/// ``ClassLibrary/defineNSDateComponentsFormatter(in:)``).
struct DurationText {
    /// The units a duration is written in, largest first: the calendar unit's bit, its
    /// length in seconds, and its names (singular, plural) in each style.
    private static let units: [(bit: Int, component: Calendar.Component, seconds: Double, full: String, short: (String, String), abbreviated: String)] = [
        (4, .year, 365 * 86_400, "year", ("yr", "yrs"), "y"), (8, .month, 30 * 86_400, "month", ("mth", "mths"), "mo"),
        (4096, .weekOfMonth, 7 * 86_400, "week", ("wk", "wks"), "w"), (16, .day, 86_400, "day", ("day", "days"), "d"),
        (32, .hour, 3600, "hour", ("hr", "hr"), "h"), (64, .minute, 60, "minute", ("min", "min"), "m"), (128, .second, 1, "second", ("sec", "sec"), "s"),
    ]

    enum Style: Int { case positional, abbreviated, short, full, spellOut, brief }

    var style = Style.positional
    var allowedUnits = 0
    var zeroBehavior = 1
    var maximumUnitCount = 0
    var allowsFractionalUnits = false
    var approximation = false
    var remaining = false

    init() {}

    /// The settings of the formatter `formatter`.
    init(_ formatter: Object, _ m: borrowing Message) throws {
        let runtime = m.runtime
        func integer(_ name: String) throws -> Int { try runtime.ivarValue("_" + name, of: formatter).intValue ?? 0 }
        func flag(_ name: String) throws -> Bool { try runtime.ivarValue("_" + name, of: formatter).isTruthy }
        style = Style(rawValue: try integer("unitsStyle")) ?? .positional
        allowedUnits = try integer("allowedUnits")
        zeroBehavior = try integer("zeroFormattingBehavior")
        maximumUnitCount = try integer("maximumUnitCount")
        allowsFractionalUnits = try flag("allowsFractionalUnits")
        approximation = try flag("includesApproximationPhrase")
        remaining = try flag("includesTimeRemainingPhrase")
    }

    /// A units style argument: `NSDateComponentsFormatterUnitsStylePositional` (0) to `...Brief` (5).
    static func style(_ m: borrowing Message, _ index: Int) throws -> Style {
        let raw = try m.integerArgument(index)
        guard let style = Style(rawValue: raw) else {
            throw ClassLibraryError.wrongArgument(method: m.methodName, expected: "a units style from NSDateComponentsFormatterUnitsStylePositional (0) to NSDateComponentsFormatterUnitsStyleBrief (5)", got: "\(raw)")
        }
        return style
    }

    /// The allowed units, largest first.
    private var shownUnits: [Int] {
        let allowed = Self.units.indices.filter { allowedUnits & Self.units[$0].bit != 0 }
        return allowed.isEmpty ? Array(Self.units.indices) : allowed
    }

    /// `interval` seconds, split into the allowed units.
    func text(of interval: Double) -> String {
        let shown = shownUnits
        var rest = abs(interval)
        var values = shown.map { index -> Double in
            let length = Self.units[index].seconds
            let whole = (rest / length).rounded(.towardZero)
            rest -= whole * length
            return whole
        }
        if allowsFractionalUnits, let last = shown.last { values[values.count - 1] += rest / Self.units[last].seconds }
        return write(limited(values, of: shown), of: shown, negative: interval < 0)
    }

    /// The components set in `components`, each in its own unit (none carried into another).
    func text(of components: DateComponents) -> String {
        let shown = shownUnits
        let values = shown.map { Double(components.value(for: Self.units[$0].component) ?? 0) }
        return write(limited(values, of: shown), of: shown, negative: values.contains { $0 < 0 })
    }

    /// `values` with the units after the first `maximumUnitCount` from the largest nonzero
    /// rounded into the last one kept.
    private func limited(_ values: [Double], of shown: [Int]) -> [Double] {
        guard maximumUnitCount > 0, let first = values.firstIndex(where: { $0 != 0 }), first + maximumUnitCount < values.count else { return values }
        let last = first + maximumUnitCount - 1
        var kept = values
        let lengths = shown.map { Self.units[$0].seconds }
        let dropped = (last + 1..<values.count).reduce(0.0) { $0 + abs(values[$1]) * lengths[$1] }
        if dropped * 2 >= lengths[last] { kept[last] += 1 }
        for index in last + 1..<values.count { kept[index] = 0 }
        // A unit rounded up to a whole larger one carries into it (59:59 is an hour).
        for index in stride(from: last, to: first, by: -1) {
            let ratio = lengths[index - 1] / lengths[index]
            if kept[index] >= ratio { kept[index] -= ratio; kept[index - 1] += 1 }
        }
        return kept
    }

    private func write(_ values: [Double], of shown: [Int], negative: Bool) -> String {
        let magnitudes = values.map(abs)
        var text = style == .positional ? positional(magnitudes, of: shown) : named(magnitudes, of: shown)
        if negative { text = "-" + text }
        if approximation { text = "About " + text }
        if remaining { text += " remaining" }
        return text
    }

    /// The fields a zero-formatting behavior keeps: `None` (0) every one, `Pad` (0x10000)
    /// every one padded, else those the drop bits leave (the default: every zero, or for
    /// the positional style the leading ones).
    private func keptFields(_ values: [Double]) -> [Int] {
        let all = Array(values.indices)
        if zeroBehavior == 0 || zeroBehavior & 0x10000 != 0 { return all }
        let dropLeading = zeroBehavior & 2 != 0 || zeroBehavior == 1 && style == .positional
        let dropAll = zeroBehavior == 1 && style != .positional || zeroBehavior & 14 == 14
        let firstNonzero = values.firstIndex { $0 != 0 }, lastNonzero = values.lastIndex { $0 != 0 }
        return all.filter { index in
            guard values[index] == 0 else { return true }
            if dropAll { return false }
            guard let firstNonzero, let lastNonzero else { return !dropLeading }
            if index < firstNonzero { return !dropLeading }
            if index > lastNonzero { return zeroBehavior & 8 == 0 }
            return zeroBehavior & 4 == 0
        }
    }

    private func positional(_ values: [Double], of shown: [Int]) -> String {
        // The fields run from the first kept to the last; the last two stay when the leading
        // zeros go: ten seconds is "0:10".
        let first = min(keptFields(values).first ?? values.count - 1, max(0, values.count - 2))
        let fields = Array(first..<values.count)
        let pad = zeroBehavior & 0x10000 != 0
        return fields.enumerated().map { position, index in
            let number = number(values[index])
            return (position == 0 && !pad) || number.count >= 2 ? number : String(repeating: "0", count: 2 - number.count) + number
        }.joined(separator: ":")
    }

    private func named(_ values: [Double], of shown: [Int]) -> String {
        var fields = keptFields(values)
        if fields.isEmpty, let smallest = values.indices.last { fields = [smallest] }
        let parts = fields.map { index -> String in
            let unit = Self.units[shown[index]], value = values[index]
            let one = value == 1
            switch style {
            case .abbreviated: return number(value) + unit.abbreviated
            case .short: return number(value) + " " + (one ? unit.short.0 : unit.short.1)
            case .brief: return number(value) + (one ? unit.short.0 : unit.short.1)
            case .spellOut: return spelled(value) + " " + unit.full + (one ? "" : "s")
            case .full, .positional: return number(value) + " " + unit.full + (one ? "" : "s")
            }
        }
        return parts.joined(separator: style == .abbreviated || style == .brief ? " " : ", ")
    }

    /// A unit's value: whole, or with up to two fraction digits when fractional units are allowed.
    private func number(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        let text = String(format: "%.2f", value)
        return String(text.reversed().drop { $0 == "0" }.reversed())
    }

    private func spelled(_ value: Double) -> String {
        let formatter = ClassLibrary.modelNumberFormatter()
        formatter.numberStyle = .spellOut
        return formatter.string(from: NSNumber(value: value)) ?? number(value)
    }
}
