import Foundation
import Runtime

/// Turning a date picker's wheels as a finger does, as KIF's `selectDatePickerValue:`
/// names them: the date changes and the picker sends `UIControlEventValueChanged`.
extension ClassLibrary {
    /// Sets the date picker on screen (the first responder's input view, or one that can
    /// be seen; the one `query` names, or the input view of the field it names) to the
    /// wheels' titles, in the picker's mode and time zone, as `en_US` writes them:
    /// - Date: month, day, year (`June`, `17`, `1965`);
    /// - Date and time: day (`Jun 17`, `Mon Jun 17` or `Today`, this year), hour, minute and
    ///   `AM`/`PM`;
    /// - Time: hour, minute and `AM`/`PM`;
    /// - Countdown: hours and minutes.
    /// The date stays between the picker's minimum and maximum.
    public func selectDatePickerValue(_ titles: [String], of query: ViewQuery? = nil, timeout: Double? = nil) throws {
        let picker = try waitForDatePicker(query, timeout: timeout)
        let mode = try runtime.send("datePickerMode", to: picker).intValue ?? 2
        if mode == 3 {
            guard titles.count == 2, let hours = Int(titles[0]), let minutes = Int(titles[1]), (0..<24).contains(hours), (0..<60).contains(minutes) else {
                throw try failure(query, .noDateRow(titles: titles, mode: mode))
            }
            try runtime.send("setCountDownDuration:", to: picker, .double(Double(hours * 3600 + minutes * 60)))
        } else {
            guard let date = try date(from: titles, mode: mode, of: picker) else { throw try failure(query, .noDateRow(titles: titles, mode: mode)) }
            try setDate(date, of: picker)
        }
        try runtime.send("sendActionsForControlEvents:", to: picker, .int(1 << 12))
    }

    /// Sets the date picker on screen to `date` and sends its action, as KIF's
    /// `selectDatePickerDate:` does.
    public func selectDate(_ date: Date, of query: ViewQuery? = nil, timeout: Double? = nil) throws {
        let picker = try waitForDatePicker(query, timeout: timeout)
        try setDate(date, of: picker)
        try runtime.send("sendActionsForControlEvents:", to: picker, .int(1 << 12))
    }

    private func setDate(_ date: Date, of picker: Object) throws {
        let made = try runtime.send(
            "dateWithTimeIntervalSinceReferenceDate:", to: runtime.requireClass(named: "NSDate"), .double(date.timeIntervalSinceReferenceDate))
        try runtime.send("setDate:", to: picker, made)
    }

    /// The date picker `query` names (or whose field it names), else the first
    /// responder's input view, else the first date picker that can be seen.
    private func waitForDatePicker(_ query: ViewQuery?, timeout: Double?) throws -> Object {
        try waitUntil(query, timeout: timeout) { () throws -> Attempt<Object> in
            var candidates: [Object] = []
            if let query {
                guard case .found(let view) = try look(for: query) else { return .notYet(.notFound) }
                candidates = [view] + [try runtime.send("inputView", to: view).object].compactMap { $0 }
            } else {
                if let first = try firstResponder(), runtime.instancesRespond(first.isa, to: try runtime.selector("inputView")),
                   let input = try runtime.send("inputView", to: first).object {
                    candidates.append(input)
                }
                if let root = try screenRoot() { candidates += try subtree(of: root) }
            }
            if let picker = candidates.first(where: { isKind($0, of: "UIDatePicker") }) { return .done(picker) }
            if query != nil, let named = candidates.first { return .notYet(.wrongKind(named, expected: "UIDatePicker")) }
            return .notYet(.noPicker)
        }
    }

    /// The date the titles name in `mode` (Time 0, Date 1, Date and time 2), from the
    /// picker's date in its time zone; nil when a title is no wheel's.
    private func date(from titles: [String], mode: Int, of picker: Object) throws -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.zone(of: try runtime.send("timeZone", to: picker).object, in: runtime)
            ?? Self.zone(named: environment.defaultTimeZoneName) ?? .gmt
        guard let current = Self.seconds(of: try runtime.send("date", to: picker), in: runtime) else { return nil }
        var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSinceReferenceDate: current))
        // The wheels' words are en_US's, never the machine's locale's.
        var english = Calendar(identifier: .gregorian)
        english.locale = Locale(identifier: Self.modelLocaleIdentifier)
        let months = english.monthSymbols, short = english.shortMonthSymbols
        func month(_ word: Substring) -> Int? {
            (months.firstIndex { $0.caseInsensitiveCompare(word) == .orderedSame } ?? short.firstIndex { $0.caseInsensitiveCompare(word) == .orderedSame }).map { $0 + 1 }
        }
        var rest = titles[...]
        switch mode {
        case 1:
            guard titles.count == 3, let m = month(Substring(titles[0])), let d = Int(titles[1]), let y = Int(titles[2]) else { return nil }
            (parts.month, parts.day, parts.year) = (m, d, y)
            rest = []
        case 2:
            guard let day = rest.popFirst() else { return nil }
            if day == "Today" {
                let today = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSinceReferenceDate: environment.now))
                (parts.year, parts.month, parts.day) = (today.year, today.month, today.day)
            } else {
                // `Jun 17`, or with the weekday first as the wheel writes it (`Mon Jun 17`).
                let words = day.split(separator: " ").suffix(2)
                guard words.count == 2, let m = month(words.first!), let d = Int(words.last!) else { return nil }
                (parts.month, parts.day) = (m, d)
            }
        default:
            break
        }
        if mode != 1 {
            let time = Array(rest)
            guard time.count == 2 || time.count == 3, var hour = Int(time[0]), let minute = Int(time[1]), (0..<60).contains(minute) else { return nil }
            if time.count == 3 {
                guard (1...12).contains(hour), time[2] == "AM" || time[2] == "PM" else { return nil }
                hour = hour % 12 + (time[2] == "PM" ? 12 : 0)
            } else {
                guard (0..<24).contains(hour) else { return nil }
            }
            (parts.hour, parts.minute) = (hour, minute)
        }
        guard let made = calendar.date(from: parts), calendar.component(.day, from: made) == parts.day else { return nil }
        return made
    }
}
