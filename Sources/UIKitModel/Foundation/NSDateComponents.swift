import Foundation
import Runtime

extension ClassLibrary {
    /// `NSDateComponentUndefined` (`NSIntegerMax`): a component not set.
    static let undefinedComponent = Int.max

    /// The calendar units (`NSCalendarUnit`), each with Foundation's component and the
    /// `NSDateComponents` property that holds it.
    static let calendarUnits: [(bit: Int, component: Calendar.Component, property: String)] = [
        (2, .era, "era"), (4, .year, "year"), (8, .month, "month"), (16, .day, "day"), (32, .hour, "hour"), (64, .minute, "minute"),
        (128, .second, "second"), (512, .weekday, "weekday"), (1024, .weekdayOrdinal, "weekdayOrdinal"), (2048, .quarter, "quarter"),
        (4096, .weekOfMonth, "weekOfMonth"), (8192, .weekOfYear, "weekOfYear"), (16384, .yearForWeekOfYear, "yearForWeekOfYear"),
        (32768, .nanosecond, "nanosecond"),
    ]

    /// `NSDateComponents`: a year, a month, a day, an hour... each `NSDateComponentUndefined`
    /// until set, with the calendar and zone that `date` reads them in.
    static func defineNSDateComponents(in runtime: Runtime, root: Class, environment: ModelEnvironment) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "NSDateComponents", superclass: root) { c in
            for unit in calendarUnits {
                try c.addProperty(Property(name: unit.property, type: .integer(code: "q"), attributes: []))
            }
            try c.addProperty(Property(name: "calendar", type: .object(className: "NSCalendar"), attributes: [.copy]))
            try c.addProperty(Property(name: "timeZone", type: .object(className: "NSTimeZone"), attributes: [.copy]))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in
                    for unit in calendarUnits { try m.runtime.setIvar("_" + unit.property, of: this, to: .int(undefinedComponent)) }
                }
            }
            try c.addMethod("date", types: "@@:") { m in
                var calendar = calendar(of: try m.ivar("_calendar").object, in: m.runtime, environment: environment)
                if let zone = zone(of: try m.ivar("_timeZone").object, in: m.runtime) { calendar.timeZone = zone }
                guard let date = calendar.date(from: try dateComponents(of: m.receiver, in: m.runtime)) else { return .nil }
                return try makeDate(date, m)
            }
            // NSSecureCoding: each component, the calendar and the zone, under keys of the model's own.
            try addCoding(of: calendarUnits.map { "_" + $0.property } + ["_calendar", "_timeZone"], keyedBy: "NSDateComponents", initializer: initialize, secure: true, to: &c)
            try c.addMethod("valueForComponent:", types: "q@:Q") { m in try m.ivar("_" + (try unit(m, 0).property)) }
            try c.addMethod("setValue:forComponent:", types: "v@:qQ") { m in
                try m.setIvar("_" + (try unit(m, 1).property), .int(try m.integerArgument(0)))
                return .nil
            }
        }
    }

    /// The one unit argument `index` names.
    private static func unit(_ m: borrowing Message, _ index: Int) throws -> (bit: Int, component: Calendar.Component, property: String) {
        let bit = try m.integerArgument(index)
        guard let found = calendarUnits.first(where: { $0.bit == bit }) else {
            throw ClassLibraryError.wrongArgument(method: m.methodName, expected: "one NSCalendarUnit, such as NSCalendarUnitDay (16)", got: "\(bit)")
        }
        return found
    }

    /// The components set in the `NSDateComponents` `object`.
    static func dateComponents(of object: Object, in runtime: Runtime) throws -> DateComponents {
        var components = DateComponents()
        for unit in calendarUnits {
            if let value = try runtime.ivarValue("_" + unit.property, of: object).intValue, value != undefinedComponent {
                components.setValue(value, for: unit.component)
            }
        }
        return components
    }

    /// A new `NSDateComponents` holding `components`.
    static func makeDateComponents(_ components: DateComponents, _ m: borrowing Message) throws -> Value {
        let made = try m.make("NSDateComponents", m.runtime.selector("init"))
        for unit in calendarUnits {
            if let value = components.value(for: unit.component), value != undefinedComponent {
                try m.runtime.setIvar("_" + unit.property, of: made.object, to: .int(value))
            }
        }
        return made
    }

    /// A new `NSDate` at `date`.
    static func makeDate(_ date: Date, _ m: borrowing Message) throws -> Value {
        try m.make("NSDate", m.runtime.selector("initWithTimeIntervalSinceReferenceDate:"), Arguments(.double(date.timeIntervalSinceReferenceDate)))
    }
}
