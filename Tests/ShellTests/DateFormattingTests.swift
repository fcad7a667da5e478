import Testing

@Suite("Dates formatted and read")
struct DateFormattingTests {
    @Test func aPatternFormatsAndReadsInTheModelsZoneAndLocale() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSDateFormatter *f = [[NSDateFormatter alloc] init]",
            "f.dateFormat = @\"yyyy-MM-dd HH:mm:ss Z\"",
            "NSDate *d = [NSDate dateWithTimeIntervalSince1970:1700000000]",
            "[f stringFromDate:d]",
            "f.dateFormat = @\"EEEE, d MMMM yyyy 'at' h:mm a\"; [f stringFromDate:d]",
            "f.dateFormat = @\"yyyy-MM-dd\"; [f dateFromString:@\"2023-11-14\"].description",
            "[f dateFromString:@\"not a date\"] == nil",
            "[f stringFromDate:nil] == nil"
        ) == [
            "\"2023-11-14 22:13:20 +0000\"",
            "\"Tuesday, 14 November 2023 at 10:13 PM\"",
            "\"2023-11-14 00:00:00 +0000\"",
            "YES", "YES",
        ])
    }

    /// ISO 8601 text as Foundation writes and reads it: internet date-time in GMT unless
    /// the options or the zone say otherwise (mixpanel's tests compare its event dates so).
    @Test func anISO8601FormatterWritesAndReadsInternetDateTimes() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSISO8601DateFormatter *f = [NSISO8601DateFormatter new]",
            "[f stringFromDate:[NSDate dateWithTimeIntervalSince1970:1700000000]]",
            "@[@(f.formatOptions == NSISO8601DateFormatWithInternetDateTime), f.timeZone.name]",
            "f.formatOptions |= NSISO8601DateFormatWithFractionalSeconds; [f stringFromDate:[NSDate dateWithTimeIntervalSince1970:0.25]]",
            "[f dateFromString:@\"2020-02-03T04:05:06.500Z\"].timeIntervalSince1970",
            "[f dateFromString:@\"03/02/2020\"] == nil",
            "f.formatOptions = NSISO8601DateFormatWithFullDate; [f stringFromDate:[NSDate dateWithTimeIntervalSince1970:0]]",
            "[NSISO8601DateFormatter stringFromDate:[NSDate dateWithTimeIntervalSince1970:0] timeZone:[NSTimeZone timeZoneWithName:@\"Europe/Paris\"] formatOptions:NSISO8601DateFormatWithInternetDateTime]"
        ) == [
            "\"2023-11-14T22:13:20Z\"", "@[YES, \"GMT\"]", "\"1970-01-01T00:00:00.250Z\"", "1580702706.5", "YES", "\"1970-01-01\"",
            "\"1970-01-01T01:00:00+01:00\"",
        ])
    }

    /// NSFormatter's general forms: a date formats and any other object gives nil; a string
    /// reads into `*object`, or gives NO with a description of what was wrong.
    @Test func theFormattersGeneralFormsTakeAnyObject() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSDateFormatter *f = [[NSDateFormatter alloc] init]; f.dateFormat = @\"MMMM d, yyyy\"",
            "[f stringForObjectValue:[NSDate dateWithTimeIntervalSince1970:1183135260]]",
            "[f stringForObjectValue:@3] == nil",
            "id object = nil; NSString *problem = nil",
            "[f getObjectValue:&object forString:@\"September 25, 2015\" errorDescription:&problem]",
            "[object description]",
            "[f getObjectValue:&object forString:@\"September 37, 2015\" errorDescription:&problem]",
            "problem"
        ) == [
            "\"June 29, 2007\"", "YES", "YES", "\"2015-09-25 00:00:00 +0000\"", "NO", "\"The date \u{201C}September 37, 2015\u{201D} is invalid.\"",
        ])
    }

    @Test func stylesClearThePatternAndZonesAndLocalesApply() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSDateFormatter *f = [NSDateFormatter new]",
            "NSDate *d = [NSDate dateWithTimeIntervalSince1970:1700000000]",
            "f.dateFormat = @\"yyyy\"; f.dateStyle = NSDateFormatterShortStyle; [f stringFromDate:d]",
            "f.dateFormat",
            "f.dateFormat = @\"HH:mm zzz\"; f.timeZone = [NSTimeZone timeZoneWithName:@\"America/New_York\"]; [f stringFromDate:d]",
            "f.dateFormat = @\"d MMMM\"; f.locale = [NSLocale localeWithLocaleIdentifier:@\"de_DE\"]; [f stringFromDate:d]",
            "[NSDateFormatter localizedStringFromDate:d dateStyle:NSDateFormatterMediumStyle timeStyle:NSDateFormatterNoStyle]",
            "f.locale = nil; f.timeZone = nil; f.dateStyle = NSDateFormatterMediumStyle; f.timeStyle = NSDateFormatterShortStyle; [f stringFromDate:d]",
            "f.dateFormat"
        ) == [
            "\"11/14/23\"", "\"M/d/yy\"", "\"17:13 EST\"", "\"14 November\"", "\"Nov 14, 2023\"", "\"Nov 14, 2023, 10:13 PM\"",
            "\"MMM d, y, h:mm a\"",
        ])
        #expect(shell.run("[NSDateFormatter new].dateStyle = 9").first?
            .hasSuffix("-[NSDateFormatter setDateStyle:] expects an NSDateFormatterStyle, NSDateFormatterNoStyle (0) to NSDateFormatterFullStyle (4), but got 9") == true)
        #expect(shell.run("[[NSDateFormatter new] stringFromDate:@\"today\"]").first?.hasSuffix("expects an NSDate as argument 1, but got a string") == true)
    }

    @Test func timeZonesKnowTheirOffsetsAndTheModelsZoneIsGMT() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSTimeZone *ny = [NSTimeZone timeZoneWithName:@\"America/New_York\"]",
            "[ny secondsFromGMTForDate:[NSDate dateWithTimeIntervalSince1970:1700000000]]",
            "[ny secondsFromGMTForDate:[NSDate dateWithTimeIntervalSince1970:1690000000]]",
            "[NSTimeZone timeZoneWithName:@\"Nowhere/City\"] == nil",
            "[NSTimeZone localTimeZone].name", "[NSTimeZone timeZoneForSecondsFromGMT:7200].name",
            "[[NSTimeZone timeZoneWithAbbreviation:@\"GMT\"] isEqual:[NSTimeZone defaultTimeZone]]",
            "[NSTimeZone setDefaultTimeZone:ny]; [NSTimeZone systemTimeZone].name",
            "NSDateFormatter *f = [NSDateFormatter new]; f.dateFormat = @\"HH:mm\"; [f stringFromDate:[NSDate dateWithTimeIntervalSince1970:1700000000]]",
            "[NSLocale currentLocale].localeIdentifier", "[NSLocale localeWithLocaleIdentifier:@\"fr_CA\"].countryCode"
        ) == [
            "-18000", "-14400", "YES", "\"GMT\"", "\"GMT+0200\"", "YES", "\"America/New_York\"", "\"17:13\"", "\"en_US\"", "\"CA\"",
        ])
    }

    /// A locale's components by key, and the names it gives countries, languages and
    /// currencies in its own language, as a device-info reporter reads them.
    @Test func localesNameCountriesLanguagesAndCurrencies() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSLocale *us = [NSLocale localeWithLocaleIdentifier:@\"en_US\"];",
            "@[[us displayNameForKey:NSLocaleCountryCode value:@\"US\"], [us displayNameForKey:NSLocaleLanguageCode value:@\"en\"], [us objectForKey:NSLocaleCountryCode], [us objectForKey:NSLocaleLanguageCode]]",
            "@[[us localizedStringForCountryCode:@\"DE\"], [us localizedStringForLanguageCode:@\"de\"], [us localizedStringForCurrencyCode:@\"EUR\"]]",
            "@[us.currencyCode, us.currencySymbol, us.decimalSeparator, us.groupingSeparator, @(us.usesMetricSystem), @([[NSLocale localeWithLocaleIdentifier:@\"de_DE\"] usesMetricSystem])]",
            "[[NSLocale localeWithLocaleIdentifier:@\"de_DE\"] displayNameForKey:NSLocaleIdentifier value:@\"fr_FR\"]"
        ) == [
            "@[\"United States\", \"English\", \"US\", \"en\"]", "@[\"Germany\", \"German\", \"Euro\"]",
            "@[\"USD\", \"$\", \".\", \",\", NO, YES]", "\"Französisch (Frankreich)\"",
        ])
    }

    @Test func calendarsTurnComponentsIntoDatesAndBack() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSDateComponents *parts = [[NSDateComponents alloc] init]",
            "parts.year = 2013; parts.month = 6; parts.day = 6; parts.hour = 19; parts.minute = 6; parts.second = 0",
            "NSDate *d = [[NSCalendar currentCalendar] dateFromComponents:parts]; d.description",
            "parts.day == 6 && [NSDateComponents new].day == NSDateComponentUndefined",
            "NSDateComponents *back = [[NSCalendar currentCalendar] components:NSCalendarUnitYear | NSCalendarUnitWeekday fromDate:d]",
            "back.year", "back.weekday", "back.month == NSDateComponentUndefined",
            "[[NSCalendar currentCalendar] dateByAddingUnit:NSCalendarUnitMonth value:8 toDate:d options:0].description",
            "[[NSCalendar calendarWithIdentifier:NSCalendarIdentifierGregorian] startOfDayForDate:d].description",
            "[NSCalendar calendarWithIdentifier:@\"martian\"] == nil",
            "[[NSCalendar currentCalendar] isDateInToday:[NSDate date]]", "[[NSCalendar currentCalendar] isDateInToday:d]",
            "[[NSCalendar currentCalendar] components:NSCalendarUnitDay fromDate:d toDate:[d dateByAddingTimeInterval:86400 * 3] options:0].day"
        ) == [
            "\"2013-06-06 19:06:00 +0000\"", "YES", "2013", "5", "YES", "\"2014-02-06 19:06:00 +0000\"", "\"2013-06-06 00:00:00 +0000\"",
            "YES", "YES", "NO", "3",
        ])
    }

    @Test func relativeFormattingReadsTheModelsClock() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSDateFormatter *f = [NSDateFormatter new]; f.doesRelativeDateFormatting = YES; f.dateStyle = NSDateFormatterMediumStyle",
            "[f stringFromDate:[NSDate date]]", "[f stringFromDate:[NSDate dateWithTimeIntervalSinceNow:-86400]]",
            "[f stringFromDate:[NSDate dateWithTimeIntervalSinceNow:86400 * 5]]",
            "f.timeStyle = NSDateFormatterShortStyle; [f stringFromDate:[NSDate dateWithTimeIntervalSinceNow:86400 + 3600]]"
        ) == ["\"Today\"", "\"Yesterday\"", "\"Jan 6, 2001\"", "\"Tomorrow at 1:00 PM\""])
    }
    /// Calendar ranges, as code asks how many days a month has, and a now at noon: a second
    /// or an hour either side of it is still today.
    @Test func calendarRangesAndTodayOnTheModelsClock() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSCalendar *c = [NSCalendar currentCalendar]; NSDate *feb = [NSDate dateWithTimeIntervalSinceReferenceDate:86400 * 40]; [c rangeOfUnit:NSCalendarUnitDay inUnit:NSCalendarUnitMonth forDate:feb].length",
            "[c maximumRangeOfUnit:NSCalendarUnitWeekday]", "[c minimumRangeOfUnit:NSCalendarUnitDay]", "[c ordinalityOfUnit:NSCalendarUnitDay inUnit:NSCalendarUnitYear forDate:feb]",
            "[c rangeOfUnit:NSCalendarUnitYear inUnit:NSCalendarUnitDay forDate:feb].location == NSNotFound",
            "[[NSDate date] description]", "[c isDateInToday:[[NSDate date] dateByAddingTimeInterval:-1]] && [c isDateInToday:[[NSDate date] dateByAddingTimeInterval:3600]]"
        ) == ["28", "{1, 7}", "{1, 28}", "41", "YES", "\"2001-01-01 12:00:00 +0000\"", "YES"])
    }
}
