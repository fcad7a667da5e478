import Foundation
import Runtime

extension ClassLibrary {
    /// `NSISO8601DateFormatter`: dates to ISO 8601 text and back (`2001-01-01T12:00:00Z`), by
    /// `formatOptions` (`NSISO8601DateFormatWithInternetDateTime` unless set) in `timeZone`
    /// (GMT unless set, whatever the model's default zone), as Foundation's. The work is the
    /// toolchain's Foundation's, whose options have Apple's values.
    static func defineNSISO8601DateFormatter(in runtime: Runtime) throws {
        let initialize = try runtime.selector("init")
        let internetDateTime = Value.int(Int(ISO8601DateFormatter.Options.withInternetDateTime.rawValue))
        try runtime.registerLazyClass(named: "NSISO8601DateFormatter", superclass: runtime.requireClass(named: "NSFormatter")) { c in
            try c.addProperty(Property(name: "formatOptions", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "timeZone", type: .object(className: "NSTimeZone"), attributes: [.nonatomic, .copy]))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_formatOptions", of: this, to: internetDateTime) }
            }
            try c.addMethod("timeZone", types: "@@:") { m in
                let own = try m.ivar("_timeZone")
                return own != .nil ? own : try m.send("timeZoneWithName:", to: m.runtime.requireClass(named: "NSTimeZone"), "GMT")
            }
            try c.addMethod("stringFromDate:", types: "@@:@") { m in
                if case .nil = m[0] { return .nil }
                return .string(try formatter(options: m.ivar("_formatOptions"), zone: m.ivar("_timeZone"), m).string(from: dateArgument(m, 0)))
            }
            try c.addMethod("dateFromString:", types: "@@:@") { m in
                if case .nil = m[0] { return .nil }
                guard let date = try formatter(options: m.ivar("_formatOptions"), zone: m.ivar("_timeZone"), m).date(from: m.stringArgument(0)) else {
                    return .nil
                }
                return try makeDate(date, m)
            }
            try c.addMethod("stringForObjectValue:", types: "@@:@") { m in
                guard let object = m[0].object, let date = m.runtime.class(named: "NSDate"), object.isKind(of: date) else { return .nil }
                return try m.send("stringFromDate:", to: m.receiver, m[0])
            }
            try c.addClassMethod("stringFromDate:timeZone:formatOptions:", types: "@@:@@Q") { m in
                .string(try formatter(options: m[2], zone: m[1], m).string(from: dateArgument(m, 0)))
            }
        }
    }

    /// A Foundation ISO 8601 formatter with `options` in the zone `zone` names (GMT for nil).
    private static func formatter(options: Value, zone: Value, _ m: borrowing Message) throws -> ISO8601DateFormatter {
        let made = ISO8601DateFormatter()
        made.formatOptions = ISO8601DateFormatter.Options(rawValue: UInt(truncatingIfNeeded: options.intValue ?? 0))
        made.timeZone = Self.zone(of: zone.object, in: m.runtime) ?? .gmt
        return made
    }
}
