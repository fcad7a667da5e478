import Foundation
import Runtime

extension ClassLibrary {
    /// The calendars `+calendarWithIdentifier:` knows, by their `NSCalendarIdentifier…` strings.
    static let calendarIdentifiers: [String: Calendar.Identifier] = [
        "gregorian": .gregorian, "iso8601": .iso8601, "buddhist": .buddhist, "japanese": .japanese, "hebrew": .hebrew,
        "islamic": .islamic, "islamic-civil": .islamicCivil, "chinese": .chinese, "persian": .persian, "indian": .indian,
        "roc": .republicOfChina, "coptic": .coptic, "ethiopic": .ethiopicAmeteMihret,
    ]

    /// `NSCalendar`: dates to components and back, and date arithmetic, by the toolchain's
    /// Foundation. The current calendar is the Gregorian one in the model's default zone
    /// (GMT unless set) and locale (`en_US`), on every machine; "today" is the model's
    /// clock's day, not the machine's.
    static func defineNSCalendar(in runtime: Runtime, root: Class, environment: ModelEnvironment) throws {
        let initWithIdentifier = try runtime.selector("initWithCalendarIdentifier:")
        try runtime.registerLazyClass(named: "NSCalendar", superclass: root) { c in
            try c.addProperty(Property(name: "calendarIdentifier", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "timeZone", type: .object(className: "NSTimeZone"), attributes: [.copy]))
            try c.addMethod("initWithCalendarIdentifier:", types: "@@:@") { m in
                let identifier = try m.stringArgument(0)
                guard calendarIdentifiers[identifier] != nil else { return .nil }
                return try m.initializingSuper(try m.runtime.selector("init")) { this in
                    try m.runtime.setIvar("_calendarIdentifier", of: this, to: .string(identifier))
                }
            }
            try c.addClassMethod("calendarWithIdentifier:", types: "@@:@") { m in try m.allocInit(initWithIdentifier, Arguments(m[0])) }
            // Equal by identifier and zone, as Foundation compares calendars; a copy is a
            // calendar of its own, as the zone may be set on either; archived by both.
            @Sendable func settings(_ object: Object?, _ m: borrowing Message) throws -> [Value]? {
                guard let object, object.isa.isSubclass(of: try m.runtime.requireClass(named: "NSCalendar")) else { return nil }
                let zone = try m.runtime.ivarValue("_timeZone", of: object)
                return [try m.runtime.ivarValue("_calendarIdentifier", of: object), zone == .nil ? .nil : try m.send("name", to: zone.object)]
            }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(try settings(m.receiver, m) == settings(m[0].object, m)) }
            try c.addMethod("hash", types: "Q@:") { m in .int((try m.ivar("_calendarIdentifier").text ?? "").utf8.reduce(0) { ($0 &* 31) &+ Int($1) }) }
            try c.addMethod("copyWithZone:", types: "@@:^{_NSZone=}") { m in
                let made = try m.make("NSCalendar", initWithIdentifier, Arguments(try m.ivar("_calendarIdentifier")))
                try m.runtime.setIvar("_timeZone", of: made.object, to: try m.ivar("_timeZone"))
                return made
            }
            try addCoding(of: ["_calendarIdentifier", "_timeZone"], keyedBy: "NSCalendar", initializer: try c.runtime.selector("init"), secure: true, to: &c)
            for name in ["currentCalendar", "autoupdatingCurrentCalendar"] {
                try c.addClassMethod(name, types: "@@:") { m in try m.allocInit(initWithIdentifier, Arguments(.string("gregorian"))) }
            }
            try c.addMethod("firstWeekday", types: "Q@:") { m in .int(try own(m).firstWeekday) }
            try c.addMethod("dateFromComponents:", types: "@@:@") { m in
                guard let components = try m.objectArgument(0) else { return .nil }
                guard let date = try own(m).date(from: try dateComponents(of: components, in: m.runtime)) else { return .nil }
                return try makeDate(date, m)
            }
            try c.addMethod("components:fromDate:", types: "@@:Q@") { m in
                let wanted = Set(try units(m, 0).map(\.component))
                return try makeDateComponents(try own(m).dateComponents(wanted, from: try dateArgument(m, 1)), m)
            }
            try c.addMethod("component:fromDate:", types: "q@:Q@") { m in
                guard let unit = try units(m, 0).first else { return .int(undefinedComponent) }
                return .int(try own(m).component(unit.component, from: try dateArgument(m, 1)))
            }
            try c.addMethod("components:fromDate:toDate:options:", types: "@@:Q@@Q") { m in
                let wanted = Set(try units(m, 0).map(\.component))
                return try makeDateComponents(try own(m).dateComponents(wanted, from: try dateArgument(m, 1), to: try dateArgument(m, 2)), m)
            }
            try c.addMethod("dateByAddingComponents:toDate:options:", types: "@@:@@Q") { m in
                guard let components = try m.objectArgument(0) else { throw m.wrongArgument(0, expected: "an NSDateComponents") }
                let added = try own(m).date(byAdding: try dateComponents(of: components, in: m.runtime), to: try dateArgument(m, 1))
                return try added.map { try makeDate($0, m) } ?? .nil
            }
            try c.addMethod("dateByAddingUnit:value:toDate:options:", types: "@@:Qq@Q") { m in
                guard let unit = try units(m, 0).first else { throw m.wrongArgument(0, expected: "an NSCalendarUnit") }
                let added = try own(m).date(byAdding: unit.component, value: try m.integerArgument(1), to: try dateArgument(m, 2))
                return try added.map { try makeDate($0, m) } ?? .nil
            }
            // NSNotFound and nothing when a unit does not fit in the other, as NSCalendar answers.
            try c.addMethod("rangeOfUnit:inUnit:forDate:", types: "{_NSRange=QQ}@:QQ@") { m in
                guard let smaller = try units(m, 0).first, let larger = try units(m, 1).first,
                      let span = try own(m).range(of: smaller.component, in: larger.component, for: try dateArgument(m, 2)) else {
                    return Geometry.range(notFound, 0)
                }
                return Geometry.range(span.lowerBound, span.count)
            }
            for (name, extreme) in [("maximumRangeOfUnit:", true), ("minimumRangeOfUnit:", false)] {
                try c.addMethod(name, types: "{_NSRange=QQ}@:Q") { m in
                    guard let unit = try units(m, 0).first else { return Geometry.range(notFound, 0) }
                    let calendar = try own(m)
                    guard let span = extreme ? calendar.maximumRange(of: unit.component) : calendar.minimumRange(of: unit.component) else {
                        return Geometry.range(notFound, 0)
                    }
                    return Geometry.range(span.lowerBound, span.count)
                }
            }
            try c.addMethod("ordinalityOfUnit:inUnit:forDate:", types: "Q@:QQ@") { m in
                guard let smaller = try units(m, 0).first, let larger = try units(m, 1).first,
                      let ordinal = try own(m).ordinality(of: smaller.component, in: larger.component, for: try dateArgument(m, 2)) else {
                    return .int(notFound)
                }
                return .int(ordinal)
            }
            try c.addMethod("startOfDayForDate:", types: "@@:@") { m in try makeDate(try own(m).startOfDay(for: try dateArgument(m, 0)), m) }
            try c.addMethod("isDate:inSameDayAsDate:", types: "B@:@@") { m in
                .bool(try own(m).isDate(try dateArgument(m, 0), inSameDayAs: try dateArgument(m, 1)))
            }
            // Today is the model clock's day.
            for (name, offset) in [("isDateInToday:", 0), ("isDateInYesterday:", -1), ("isDateInTomorrow:", 1)] {
                try c.addMethod(name, types: "B@:@") { m in
                    let calendar = try own(m), now = Date(timeIntervalSinceReferenceDate: environment.now)
                    guard let day = calendar.date(byAdding: .day, value: offset, to: now) else { return .bool(false) }
                    return .bool(calendar.isDate(try dateArgument(m, 0), inSameDayAs: day))
                }
            }
        }
        @Sendable func own(_ m: borrowing Message) throws -> Calendar {
            calendar(of: m.receiver, in: m.runtime, environment: environment)
        }
    }

    /// The units the `NSCalendarUnit` mask argument `index` holds.
    private static func units(_ m: borrowing Message, _ index: Int) throws -> [(bit: Int, component: Calendar.Component, property: String)] {
        let mask = try m.integerArgument(index)
        return calendarUnits.filter { mask & $0.bit != 0 }
    }

    /// The calendar the `NSCalendar` `object` stands for; the model's current calendar for
    /// nil or anything else.
    static func calendar(of object: Object?, in runtime: Runtime, environment: ModelEnvironment) -> Calendar {
        var identifier = Calendar.Identifier.gregorian
        var zoneObject: Object?
        if let object, let calendarClass = runtime.class(named: "NSCalendar"), object.isKind(of: calendarClass) {
            if case .string(let name)? = try? runtime.ivarValue("_calendarIdentifier", of: object), let known = calendarIdentifiers[name] {
                identifier = known
            }
            zoneObject = (try? runtime.ivarValue("_timeZone", of: object))?.object
        }
        var calendar = Calendar(identifier: identifier)
        calendar.locale = Locale(identifier: modelLocaleIdentifier)
        calendar.timeZone = zone(of: zoneObject, in: runtime) ?? zone(named: environment.defaultTimeZoneName) ?? .gmt
        return calendar
    }
}
