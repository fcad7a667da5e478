import Foundation
import Runtime

extension ClassLibrary {
    /// `NSTimeZone`: a zone by its name (`America/New_York`, `GMT`, `GMT+0200`), with its
    /// offset from GMT on a given date, daylight saving included. The rules are the ones the
    /// toolchain's Foundation carries (ICU's), the same on every machine; the machine's own
    /// zone never enters: the local, system and default zones are the model's default,
    /// GMT unless `+setDefaultTimeZone:` changed it.
    static func defineNSTimeZone(in runtime: Runtime, root: Class, environment: ModelEnvironment) throws {
        let initWithName = try runtime.selector("initWithName:")
        try runtime.registerLazyClass(named: "NSTimeZone", superclass: root) { c in
            try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addMethod("initWithName:", types: "@@:@") { m in
                let name = try m.stringArgument(0)
                guard zone(named: name) != nil else { return .nil }
                return try m.initializingSuper(try m.runtime.selector("init")) { this in
                    try m.runtime.setIvar("_name", of: this, to: .string(name))
                }
            }
            try c.addClassMethod("timeZoneWithName:", types: "@@:@") { m in try m.allocInit(initWithName, Arguments(m[0])) }
            try c.addClassMethod("timeZoneWithAbbreviation:", types: "@@:@") { m in
                guard let found = TimeZone(abbreviation: try m.stringArgument(0)) else { return .nil }
                return try m.allocInit(initWithName, Arguments(.string(found.identifier)))
            }
            try c.addClassMethod("timeZoneForSecondsFromGMT:", types: "@@:q") { m in
                guard let found = TimeZone(secondsFromGMT: try m.integerArgument(0)) else { return .nil }
                return try m.allocInit(initWithName, Arguments(.string(found.identifier)))
            }
            for name in ["localTimeZone", "systemTimeZone", "defaultTimeZone"] {
                try c.addClassMethod(name, types: "@@:") { m in
                    try m.allocInit(initWithName, Arguments(.string(environment.defaultTimeZoneName)))
                }
            }
            try c.addClassMethod("setDefaultTimeZone:", types: "v@:@") { m in
                guard let zone = try m.objectArgument(0), case .string(let name) = try m.runtime.ivarValue("_name", of: zone) else {
                    throw m.wrongArgument(0, expected: "an NSTimeZone")
                }
                environment.defaultTimeZoneName = name
                return .nil
            }
            try c.addClassMethod("knownTimeZoneNames", types: "@@:") { _ in
                .array(TimeZone.knownTimeZoneIdentifiers.sorted().map(Value.string))
            }
            try c.addMethod("secondsFromGMT", types: "q@:") { m in
                .int(try ownZone(m).secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: environment.now)))
            }
            try c.addMethod("secondsFromGMTForDate:", types: "q@:@") { m in .int(try ownZone(m).secondsFromGMT(for: try dateArgument(m, 0))) }
            try c.addMethod("abbreviation", types: "@@:") { m in
                try ownZone(m).abbreviation(for: Date(timeIntervalSinceReferenceDate: environment.now)).map(Value.string) ?? .nil
            }
            try c.addMethod("abbreviationForDate:", types: "@@:@") { m in
                try ownZone(m).abbreviation(for: try dateArgument(m, 0)).map(Value.string) ?? .nil
            }
            try c.addMethod("isDaylightSavingTime", types: "B@:") { m in
                .bool(try ownZone(m).isDaylightSavingTime(for: Date(timeIntervalSinceReferenceDate: environment.now)))
            }
            try c.addMethod("isDaylightSavingTimeForDate:", types: "B@:@") { m in .bool(try ownZone(m).isDaylightSavingTime(for: try dateArgument(m, 0))) }
            try c.addMethod("isEqualToTimeZone:", types: "B@:@") { m in .bool(try sameName(m)) }
            try c.addMethod("isEqual:", types: "B@:@") { m in .bool(try sameName(m)) }
            // NSSecureCoding: the zone's name, under a key of the model's own.
            try addCoding(of: ["_name"], keyedBy: "NSTimeZone", initializer: try c.runtime.selector("init"), secure: true, to: &c)
            try c.addMethod("hash", types: "Q@:") { m in .int(try ownName(m).utf8.reduce(0) { ($0 &* 31) &+ Int($1) }) }
            try c.addMethod("copy", types: "@@:") { m in .object(m.receiver) }
            // Foundation's form: `GMT (GMT) offset 0`, `America/New_York (GMT-5) offset -18000`.
            try c.addMethod("description", types: "@@:") { m in
                let zone = try ownZone(m), now = Date(timeIntervalSinceReferenceDate: environment.now)
                let daylight = zone.isDaylightSavingTime(for: now) ? " (Daylight)" : ""
                return .string("\(try ownName(m)) (\(zone.abbreviation(for: now) ?? "GMT")) offset \(zone.secondsFromGMT(for: now))\(daylight)")
            }
        }
    }

    /// The zone a name stands for: an identifier Foundation knows, or an abbreviation
    /// (`EST`, `UTC`).
    static func zone(named name: String) -> TimeZone? {
        TimeZone(identifier: name) ?? TimeZone(abbreviation: name)
    }

    /// The zone `object`, an `NSTimeZone`, stands for; nil for anything else.
    static func zone(of object: Object?, in runtime: Runtime) -> TimeZone? {
        guard let object, let timeZone = runtime.class(named: "NSTimeZone"), object.isKind(of: timeZone),
              case .string(let name)? = try? runtime.ivarValue("_name", of: object) else { return nil }
        return zone(named: name)
    }

    private static func ownName(_ m: borrowing Message) throws -> String {
        try m.ivar("_name").stringValue ?? "GMT"
    }

    private static func ownZone(_ m: borrowing Message) throws -> TimeZone {
        zone(named: try ownName(m)) ?? .gmt
    }

    private static func sameName(_ m: borrowing Message) throws -> Bool {
        guard let other = try m.objectArgument(0), zone(of: other, in: m.runtime) != nil else { return false }
        return try m.runtime.ivarValue("_name", of: other).stringValue == (try ownName(m))
    }

    /// Argument `index` as a Foundation date: an `NSDate`.
    static func dateArgument(_ m: borrowing Message, _ index: Int) throws -> Date {
        guard let object = m[index].object, let date = m.runtime.class(named: "NSDate"), object.isKind(of: date),
              let seconds = try m.runtime.ivarValue("_timeIntervalSinceReferenceDate", of: object).numberValue else {
            throw m.wrongArgument(index, expected: "an NSDate")
        }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
}
