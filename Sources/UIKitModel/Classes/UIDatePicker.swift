import Foundation
import Runtime

extension ClassLibrary {
    /// `UIDatePicker`: a date (now, by the model clock, until set) kept between an optional
    /// minimum and maximum, in a mode (`UIDatePickerModeTime`, `Date`, `DateAndTime`, the
    /// default, or `CountDownTimer`, whose `countDownDuration` is whole minutes of at most
    /// a day), with the locale, calendar and time zone it shows them in. Setting the date
    /// in code sends no action, as in UIKit; a user's change sends `UIControlEventValueChanged`
    /// (see ``selectDatePickerValue(_:searching:timeout:)``).
    static func defineDatePicker(in runtime: Runtime, control: Class, environment: ModelEnvironment) throws {
        let initWithFrame = try runtime.selector("initWithFrame:")
        try runtime.registerLazyClass(named: "UIDatePicker", superclass: control) { c in
            for name in ["date", "minimumDate", "maximumDate"] {
                try c.addProperty(Property(name: name, type: .object(className: "NSDate"), attributes: [.strong, .nonatomic]))
            }
            for (name, className) in [("locale", "NSLocale"), ("calendar", "NSCalendar"), ("timeZone", "NSTimeZone")] {
                try c.addProperty(Property(name: name, type: .object(className: className), attributes: [.strong, .nonatomic]))
            }
            for name in ["datePickerMode", "minuteInterval", "preferredDatePickerStyle"] {
                try c.addProperty(Property(name: name, type: .integer(code: "q"), attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "countDownDuration", type: .double, attributes: [.nonatomic]))
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    let now = try makeDate(Date(timeIntervalSinceReferenceDate: environment.now), m)
                    try m.runtime.setIvars(of: this, ["_date": now, "_datePickerMode": .int(2), "_minuteInterval": .int(1)])
                }
            }
            // What the wheels show: with the automatic style (0), iOS 14's compact one.
            try c.addMethod("datePickerStyle", types: "q@:") { m in
                let preferred = try m.ivar("_preferredDatePickerStyle").intValue ?? 0
                return .int(preferred == 0 ? 2 : preferred)
            }
            try c.addMethod("setDate:", types: "v@:@") { m in
                guard m[0] != .nil else {
                    throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "Invalid parameter not satisfying: date")
                }
                _ = try dateArgument(m, 0)
                try m.setIvar("_date", try pinned(m[0], m))
                return .nil
            }
            try c.addMethod("setDate:animated:", types: "v@:@B") { m in try m.send("setDate:", to: m.receiver, m[0]) }
            for bound in ["minimumDate", "maximumDate"] {
                try c.addMethod("set\(bound.prefix(1).uppercased() + bound.dropFirst()):", types: "v@:@") { m in
                    if m[0] != .nil { _ = try dateArgument(m, 0) }
                    try m.setIvar("_\(bound)", m[0])
                    try m.setIvar("_date", try pinned(try m.ivar("_date"), m))
                    return .nil
                }
            }
            try c.addMethod("setDatePickerMode:", types: "v@:q") { m in
                let mode = try m.integerArgument(0)
                guard (0...3).contains(mode) else {
                    throw m.wrongArgument(0, expected: "a UIDatePickerMode: Time (0), Date (1), DateAndTime (2) or CountDownTimer (3)")
                }
                try m.setIvar("_datePickerMode", .int(mode))
                return .nil
            }
            // Whole minutes from one to a day less a minute, as the countdown wheels hold.
            try c.addMethod("setCountDownDuration:", types: "v@:d") { m in
                let minutes = (try m.numberArgument(0) / 60).rounded(.down)
                try m.setIvar("_countDownDuration", .double(min(max(minutes, 1), 1439) * 60))
                return .nil
            }
            try c.addMethod("setMinuteInterval:", types: "v@:q") { m in
                let interval = try m.integerArgument(0)
                // UIKit ignores an interval that does not divide an hour evenly.
                if interval >= 1, interval <= 30, 60 % interval == 0 { try m.setIvar("_minuteInterval", .int(interval)) }
                return .nil
            }
        }
    }

    /// The seconds since the reference date an `NSDate` holds; nil for anything else.
    static func seconds(of value: Value, in runtime: Runtime) -> Double? {
        guard let object = value.object, let dateClass = runtime.class(named: "NSDate"), object.isKind(of: dateClass) else { return nil }
        return (try? runtime.ivarValue("_timeIntervalSinceReferenceDate", of: object))?.numberValue
    }

    /// `date` (an `NSDate`) kept between the picker's minimum and maximum.
    private static func pinned(_ date: Value, _ m: borrowing Message) throws -> Value {
        guard let given = seconds(of: date, in: m.runtime) else { return date }
        if let low = seconds(of: try m.ivar("_minimumDate"), in: m.runtime), given < low { return try m.ivar("_minimumDate") }
        if let high = seconds(of: try m.ivar("_maximumDate"), in: m.runtime), given > high { return try m.ivar("_maximumDate") }
        return date
    }
}
