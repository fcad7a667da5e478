import Shell
import Testing

/// NSNumberFormatter and NSValueTransformer as model code uses them: numbers to text by
/// style and back, in the model's locale or one set, and named transformers.
@Suite("Number formatting and value transformers")
struct NumberFormattingTests {
    /// Each style writes as iOS writes it in en_US, and text reads back to the number.
    @Test func stylesWriteAndReadNumbers() throws {
        let shell = try ShellHarness()
        shell.run("NSNumberFormatter *f = [[NSNumberFormatter alloc] init];")
        #expect(shell.run(
            "f.numberStyle = NSNumberFormatterDecimalStyle; @[[f stringFromNumber:@12345.678], @(f.maximumFractionDigits), [f numberFromString:@\"12,345.678\"]]",
            "[f numberFromString:@\"twelve\"]",
            "f.numberStyle = NSNumberFormatterCurrencyStyle; @[[f stringFromNumber:@(-3.5)], [f stringFromNumber:@1234]]",
            "f.numberStyle = NSNumberFormatterPercentStyle; [f stringFromNumber:@0.256]",
            "f.numberStyle = NSNumberFormatterNoStyle; [f stringFromNumber:@12345.678]",
            "[NSNumberFormatter localizedStringFromNumber:@42 numberStyle:NSNumberFormatterSpellOutStyle]",
            "[f stringFromNumber:nil]"
        ) == ["@[\"12,345.678\", 3, 12345.678]", "nil", "@[\"-$3.50\", \"$1,234.00\"]", "\"26%\"", "\"12346\"", "\"forty-two\"", "nil"])
    }

    /// A duration in each units style, as Foundation writes it in English: the allowed units
    /// largest first, zero units dropped (the leading ones for the positional style),
    /// the units past the maximum count rounded into the last shown.
    @Test func durationsAreWrittenInEachUnitsStyle() throws {
        let shell = try ShellHarness()
        shell.run("NSDateComponentsFormatter *f = [[NSDateComponentsFormatter alloc] init];")
        #expect(shell.run(
            "@[[f stringFromTimeInterval:10], [f stringFromTimeInterval:130], [f stringFromTimeInterval:3900]]",
            "f.allowedUnits = NSCalendarUnitMinute | NSCalendarUnitSecond; f.unitsStyle = NSDateComponentsFormatterUnitsStyleFull; @[[f stringFromTimeInterval:10], [f stringFromTimeInterval:60], [f stringFromTimeInterval:3900], [f stringFromTimeInterval:0]]",
            "f.maximumUnitCount = 1; @[[f stringFromTimeInterval:150], [f stringFromTimeInterval:140]]",
            "f.maximumUnitCount = 0; f.unitsStyle = NSDateComponentsFormatterUnitsStyleAbbreviated; [f stringFromTimeInterval:130]",
            "f.unitsStyle = NSDateComponentsFormatterUnitsStyleShort; [f stringFromTimeInterval:130]",
            "f.unitsStyle = NSDateComponentsFormatterUnitsStyleSpellOut; [f stringFromTimeInterval:130]",
            "f.unitsStyle = NSDateComponentsFormatterUnitsStyleBrief; f.includesApproximationPhrase = YES; f.includesTimeRemainingPhrase = YES; [f stringFromTimeInterval:-130]",
            "NSDateComponents *parts = [NSDateComponents new]; parts.hour = 2; parts.minute = 5; [NSDateComponentsFormatter localizedStringFromDateComponents:parts unitsStyle:NSDateComponentsFormatterUnitsStyleFull]"
        ) == [
            "@[\"0:10\", \"2:10\", \"1:05:00\"]", "@[\"10 seconds\", \"1 minute\", \"65 minutes\", \"0 seconds\"]", "@[\"3 minutes\", \"2 minutes\"]",
            "\"2m 10s\"", "\"2 min, 10 sec\"", "\"two minutes, ten seconds\"", "\"About -2min 10sec remaining\"", "\"2 hours, 5 minutes\"",
        ])
        let refused = shell.run("[NSDateComponentsFormatter localizedStringFromDateComponents:[NSDateComponents new] unitsStyle:9]")
        #expect(refused.first?.contains("expects a units style from NSDateComponentsFormatterUnitsStylePositional (0) to NSDateComponentsFormatterUnitsStyleBrief (5)") == true)
    }

    /// Digits, separators and locale apply as set; a style set later resets the digits,
    /// as Foundation's does; a style out of range is refused.
    @Test func attributesRefineTheStyle() throws {
        let shell = try ShellHarness()
        shell.run("NSNumberFormatter *f = [NSNumberFormatter new]; f.numberStyle = NSNumberFormatterDecimalStyle;")
        #expect(shell.run(
            "f.maximumFractionDigits = 1; f.minimumFractionDigits = 1; @[[f stringFromNumber:@1234.5678], [f stringFromNumber:@2]]",
            "f.usesGroupingSeparator = NO; [f stringFromNumber:@1234.5]",
            "f.numberStyle = NSNumberFormatterDecimalStyle; @(f.maximumFractionDigits)",
            "f.locale = [NSLocale localeWithLocaleIdentifier:@\"de_DE\"]; f.maximumFractionDigits = 1; [f stringFromNumber:@1234.56]",
            "id value = nil; NSString *problem = nil; @[@([f getObjectValue:&value forString:@\"1,5\" errorDescription:&problem]), value]",
            "@[@([f getObjectValue:&value forString:@\"x\" errorDescription:&problem]), problem]"
        ) == ["@[\"1,234.6\", \"2.0\"]", "\"1234.5\"", "3", "\"1.234,6\"", "@[YES, 1.5]", "@[NO, \"Invalid number\"]"])
        let refused = shell.run("f.numberStyle = 42;")
        #expect(refused.first?.contains("expects an NSNumberFormatterStyle, NSNumberFormatterNoStyle (0) to NSNumberFormatterCurrencyAccountingStyle (10)") == true)
    }

    /// Foundation's named transformers are there by name; a subclass registered under a
    /// name is found by it; a reverse transform the class does not allow raises.
    @Test func namedTransformersTransformAndReverse() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMUpper : NSValueTransformer
            @end
            @implementation MMUpper
            + (BOOL)allowsReverseTransformation { return NO; }
            - (id)transformedValue:(id)value { return [value uppercaseString]; }
            @end
            [NSValueTransformer setValueTransformer:[MMUpper new] forName:@"MMUpper"];
            NSValueTransformer *archive = [NSValueTransformer valueTransformerForName:NSKeyedUnarchiveFromDataTransformerName];
            """)
        #expect(shell.run(
            "NSValueTransformer *negate = [NSValueTransformer valueTransformerForName:NSNegateBooleanTransformerName]; @[[negate transformedValue:@YES], [negate reverseTransformedValue:@NO]]",
            "@[[[NSValueTransformer valueTransformerForName:NSIsNilTransformerName] transformedValue:nil], [[NSValueTransformer valueTransformerForName:@\"MMUpper\"] transformedValue:@\"abc\"]]",
            "[archive transformedValue:[archive reverseTransformedValue:@[@1, @\"two\"]]]",
            "[NSValueTransformer valueTransformerForName:@\"MMMissing\"]"
        ) == ["@[NO, YES]", "@[YES, \"ABC\"]", "@[1, \"two\"]", "nil"])
        let raised = shell.run("[[NSValueTransformer valueTransformerForName:@\"MMUpper\"] reverseTransformedValue:@\"abc\"]")
        #expect(raised.first?.contains("NSInternalInconsistencyException: MMUpper does not allow reverse transformations") == true)
    }

    /// `setValuesForKeysWithDictionary:` sets each entry by its key, NSNull as nil.
    @Test func aDictionarySetsValuesByKey() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMPerson : NSObject
            @property (nonatomic, copy) NSString *name;
            @property (nonatomic) NSInteger age;
            @end
            @implementation MMPerson
            @end
            MMPerson *person = [MMPerson new]; person.name = @"old";
            """)
        #expect(shell.run(
            "[person setValuesForKeysWithDictionary:@{@\"name\": [NSNull null], @\"age\": @41}]; @[@(person.name == nil), @(person.age)]"
        ) == ["@[YES, 41]"])
    }
}
