import Runtime

extension ClassLibrary {
    /// Seconds from 1970-01-01 (the Unix epoch) to 2001-01-01, NSDate's reference date.
    static let referenceDateSince1970 = 978_307_200.0

    /// `NSDate`: an instant, in seconds since 2001-01-01 00:00:00 UTC. Now is the model's
    /// clock, read as ``ModelEnvironment/readPresent()`` reads it (a microsecond a reading),
    /// which moves only as timers, waits, `advance` and readings move it, so dates made
    /// "now" are the same on every run. Dates describe themselves in UTC, as
    /// `2001-01-01 00:00:00 +0000`.
    static func defineNSDate(in runtime: Runtime, root: Class, environment: ModelEnvironment) throws {
        let initSinceReference = try runtime.selector("initWithTimeIntervalSinceReferenceDate:"), initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSDate", superclass: root) { c in
            try c.addProperty(Property(name: "timeIntervalSinceReferenceDate", type: .double, attributes: [.readOnly]))
            @Sendable func interval(_ value: Value, _ m: borrowing Message) throws -> Double? {
                guard let object = value.object, let date = m.runtime.class(named: "NSDate"), object.isKind(of: date) else { return nil }
                return try m.runtime.ivarValue("_timeIntervalSinceReferenceDate", of: object).numberValue
            }
            @Sendable func own(_ m: borrowing Message) throws -> Double { try interval(.object(m.receiver), m) ?? 0 }
            @Sendable func dateArgument(_ m: borrowing Message, _ index: Int) throws -> Double {
                guard let seconds = try interval(m[index], m) else { throw m.wrongArgument(index, expected: "an NSDate") }
                return seconds
            }
            try c.addMethod("initWithTimeIntervalSinceReferenceDate:", types: "@@:d") { m in
                let seconds = try m.numberArgument(0)
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_timeIntervalSinceReferenceDate", of: this, to: .double(seconds)) }
            }
            try c.addMethod("init", types: "@@:") { m in try m.send(initSinceReference, to: m.receiver, Arguments(.double(environment.readPresent()))) }
            try c.addMethod("initWithTimeIntervalSinceNow:", types: "@@:d") { m in
                try m.send(initSinceReference, to: m.receiver, Arguments(.double(environment.readPresent() + (try m.numberArgument(0)))))
            }
            try c.addMethod("initWithTimeIntervalSince1970:", types: "@@:d") { m in
                try m.send(initSinceReference, to: m.receiver, Arguments(.double(try m.numberArgument(0) - referenceDateSince1970)))
            }
            try c.addMethod("initWithTimeInterval:sinceDate:", types: "@@:d@") { m in
                try m.send(initSinceReference, to: m.receiver, Arguments(.double(try m.numberArgument(0) + (try dateArgument(m, 1)))))
            }
            // The present, as a number: `NSDate.timeIntervalSinceReferenceDate`.
            try c.addClassMethod("timeIntervalSinceReferenceDate", types: "d@:") { _ in .double(environment.readPresent()) }
            try c.addClassMethod("date", types: "@@:") { m in try m.allocInit(initSinceReference, Arguments(.double(environment.readPresent()))) }
            try c.addClassMethod("dateWithTimeIntervalSinceNow:", types: "@@:d") { m in
                try m.allocInit(initSinceReference, Arguments(.double(environment.readPresent() + (try m.numberArgument(0)))))
            }
            try c.addClassMethod("dateWithTimeIntervalSince1970:", types: "@@:d") { m in
                try m.allocInit(initSinceReference, Arguments(.double(try m.numberArgument(0) - referenceDateSince1970)))
            }
            try c.addClassMethod("dateWithTimeIntervalSinceReferenceDate:", types: "@@:d") { m in
                try m.allocInit(initSinceReference, Arguments(.double(try m.numberArgument(0))))
            }
            try c.addClassMethod("dateWithTimeInterval:sinceDate:", types: "@@:d@") { m in
                try m.allocInit(initSinceReference, Arguments(.double(try m.numberArgument(0) + (try dateArgument(m, 1)))))
            }
            // Foundation's distant past and future: year 1 and year 4001.
            try c.addClassMethod("distantPast", types: "@@:") { m in try m.allocInit(initSinceReference, Arguments(.double(-63_114_076_800))) }
            try c.addClassMethod("distantFuture", types: "@@:") { m in try m.allocInit(initSinceReference, Arguments(.double(63_113_904_000))) }

            try c.addMethod("timeIntervalSince1970", types: "d@:") { m in .double(try own(m) + referenceDateSince1970) }
            try c.addMethod("timeIntervalSinceNow", types: "d@:") { m in .double(try own(m) - environment.readPresent()) }
            try c.addMethod("timeIntervalSinceDate:", types: "d@:@") { m in .double(try own(m) - (try dateArgument(m, 0))) }
            try c.addMethod("dateByAddingTimeInterval:", types: "@@:d") { m in
                try m.make("NSDate", initSinceReference, Arguments(.double(try own(m) + (try m.numberArgument(0)))))
            }
            try c.addMethod("compare:", types: "q@:@") { m in
                let mine = try own(m), other = try dateArgument(m, 0)
                return .int(mine < other ? -1 : mine > other ? 1 : 0)
            }
            for (name, earlier) in [("earlierDate:", true), ("laterDate:", false)] {
                try c.addMethod(name, types: "@@:@") { m in
                    let mine = try own(m), other = try dateArgument(m, 0)
                    // The receiver when they are equal, as Foundation answers.
                    return (earlier ? other < mine : other > mine) ? m[0] : .object(m.receiver)
                }
            }
            try c.addMethod("isEqualToDate:", types: "B@:@") { m in .bool(try interval(m[0], m) == (try own(m))) }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(try interval(m[0], m) == (try own(m))) }
            try c.addMethod("hash", types: "Q@:") { m in .int(Int(exactly: (try own(m)).rounded(.down)) ?? 0) }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
            try c.addMethod("description", types: "@@:") { m in .string(utcDescription(secondsSinceReferenceDate: try own(m))) }
        }
    }

    /// `2001-01-01 00:00:00 +0000`: the date in UTC, in the proleptic Gregorian calendar,
    /// worked out here so that no time zone or locale of the machine enters.
    static func utcDescription(secondsSinceReferenceDate seconds: Double) -> String {
        let total = Int((seconds + referenceDateSince1970).rounded(.down))
        var days = total / 86_400, rest = total % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let digits = String(year.magnitude)
        let yearText = (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        return "\(yearText)-\(two(month))-\(two(day)) \(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60)) +0000"
    }
}
