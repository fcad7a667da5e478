import Shell
import Testing

/// The SDK's enum and string constants, and the C functions on the framework's structs.
@Suite("The framework's constants and struct functions")
struct FrameworkConstantTests {
    @Test func enumConstantsHaveTheSDKsValues() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UITableViewCellStyleSubtitle", "UITableViewCellAccessoryDisclosureIndicator", "UITableViewStyleInsetGrouped",
            "UITableViewRowAnimationAutomatic", "UIControlEventTouchUpInside", "UIControlEventValueChanged", "UIControlEventEditingChanged",
            "UIControlEventAllEvents", "UIControlStateDisabled", "UIAlertControllerStyleAlert", "UIAlertActionStyleDestructive",
            "UIModalPresentationAutomatic", "UIInterfaceOrientationMaskAllButUpsideDown", "UIInterfaceOrientationLandscapeLeft",
            "UIUserInterfaceIdiomPad", "UIViewAutoresizingFlexibleWidth | UIViewAutoresizingFlexibleHeight", "UIRectEdgeAll",
            "NSTextAlignmentNatural", "UIKeyboardTypeEmailAddress", "UIReturnKeyDone", "UIViewAnimationOptionCurveEaseOut",
            "UIActivityIndicatorViewStyleLarge", "NSOrderedAscending", "NSUTF8StringEncoding", "UILayoutPriorityDefaultHigh",
            "NSNotFound == NSIntegerMax"
        ) == [
            "3", "1", "2", "100", "64", "4096", "131072", "4294967295", "2", "1", "2", "-2", "26", "4", "1", "18", "15", "4", "7", "9",
            "131072", "101", "-1", "4", "750.0", "YES",
        ])
    }

    @Test func stringConstantsHoldTheSDKsStrings() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UIKeyboardWillShowNotification", "UIApplicationDidBecomeActiveNotification", "UIKeyboardFrameEndUserInfoKey",
            "NSLocalizedDescriptionKey", "UIFontTextStyleBody", "NSDefaultRunLoopMode", "UIKeyInputUpArrow", "UIKeyInputEscape.length",
            "[[UIApplication sharedApplication].preferredContentSizeCategory isEqualToString:UIContentSizeCategoryLarge]",
            "UIContentSizeCategoryAccessibilityExtraLarge", "NSLayoutFormatAlignAllCenterY | NSLayoutFormatDirectionLeftToRight", "kNilOptions"
        ) == [
            "\"UIKeyboardWillShowNotification\"", "\"UIApplicationDidBecomeActiveNotification\"", "\"UIKeyboardFrameEndUserInfoKey\"",
            "\"NSLocalizedDescription\"", "\"UICTFontTextStyleBody\"", "\"kCFRunLoopDefaultMode\"", "\"UIKeyInputUpArrow\"", "1", "YES",
            "\"UICTContentSizeCategoryAccessibilityXL\"", "66560", "0",
        ])
        // Every text style the SDK names is one UIFont knows (the large title's value is `...Title0`).
        let styles = ["LargeTitle", "Title1", "Title2", "Title3", "Headline", "Subheadline", "Body", "Callout", "Footnote", "Caption1", "Caption2"]
        #expect(shell.run("@[" + styles.map { "@([UIFont preferredFontForTextStyle:UIFontTextStyle\($0)].pointSize)" }.joined(separator: ", ") + "]") == [
            "@[34.0, 28.0, 22.0, 20.0, 17.0, 15.0, 17.0, 16.0, 13.0, 12.0, 11.0]",
        ])
    }

    @Test func constantsWorkWhereCodeUsesThem() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMCells : NSObject
            @end
            @implementation MMCells
            - (NSString *)styleName:(UITableViewCellStyle)style {
                switch (style) {
                    case UITableViewCellStyleDefault: return @"default";
                    case UITableViewCellStyleSubtitle: return @"subtitle";
                    default: return @"other";
                }
            }
            - (BOOL)tracks:(UIControlEvents)events { return (events & UIControlEventTouchUpInside) != 0; }
            @end
            """)
        #expect(shell.run("[[MMCells new] styleName:UITableViewCellStyleSubtitle]", "[[MMCells new] tracks:(UIControlEventTouchDown | UIControlEventTouchUpInside)]") == [
            "\"subtitle\"", "YES",
        ])
    }

    /// The unsigned maxima are all ones, as the same literal is, and print so with `%lu`;
    /// CoreFoundation's booleans are the NSNumbers `@YES` and `@NO` themselves.
    @Test func unsignedMaximaAndCoreFoundationBooleans() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "ULONG_MAX == 0xFFFFFFFFFFFFFFFFUL", "NSUIntegerMax == ULLONG_MAX", "SIZE_MAX == UINT64_MAX",
            "[NSString stringWithFormat:@\"%lu\", ULONG_MAX]", "INTPTR_MAX == LONG_MAX",
            "(id)kCFBooleanTrue == (id)@YES", "[(id)kCFBooleanFalse boolValue]", "[(NSNumber *)kCFBooleanTrue isEqual:@YES]"
        ) == ["YES", "YES", "YES", "\"18446744073709551615\"", "YES", "YES", "NO", "YES"])
    }

    @Test func aTreeThatDefinesAnSDKNameKeepsItsOwn() throws {
        let shell = try ShellHarness()
        #expect(shell.run("""
            typedef NS_ENUM(NSInteger, UITableViewCellStyle) { UITableViewCellStyleDefault = 10, UITableViewCellStyleValue1, UITableViewCellStyleValue2, UITableViewCellStyleSubtitle };
            UITableViewCellStyleSubtitle
            static NSString * const UIKeyboardWillShowNotification = @"MMKeyboardWillShow";
            UIKeyboardWillShowNotification
            UIControlEventTouchUpInside
            """) == ["13", "\"MMKeyboardWillShow\"", "64"])
    }

    @Test func aMistypedConstantSuggestsTheNearest() throws {
        let shell = try ShellHarness()
        #expect(shell.run("UITableViewCellStyleSubtitel").first
            == "error: line 1, column 1: no variable or class named 'UITableViewCellStyleSubtitel'; did you mean 'UITableViewCellStyleSubtitle'?")
    }

    @Test func rectsCompareContainAndPrintAsUIKitDoes() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "NSStringFromCGRect(CGRectMake(0, 0, 320, 480))", "NSStringFromCGPoint(CGPointMake(0.5, -2))", "NSStringFromCGSize(CGSizeMake(0.1, 3))",
            "NSStringFromRange(NSMakeRange(2, 5))", "CGRectEqualToRect(CGRectMake(0, 0, 10, 10), CGRectMake(10, 10, -10, -10))",
            "CGPointEqualToPoint(CGPointZero, CGPointMake(0, 0))", "CGSizeEqualToSize(CGSizeMake(1, 2), CGSizeMake(2, 1))",
            "CGRectContainsPoint(CGRectMake(0, 0, 10, 10), CGPointMake(10, 5))", "CGRectContainsPoint(CGRectMake(0, 0, 10, 10), CGPointMake(0, 0))",
            "CGRectIntersectsRect(CGRectMake(0, 0, 10, 10), CGRectMake(10, 0, 10, 10))", "CGRectIntersectsRect(CGRectMake(0, 0, 10, 10), CGRectMake(9, 9, 10, 10))",
            "NSStringFromCGRect(CGRectInset(CGRectMake(0, 0, 100, 50), 10, 5))", "NSStringFromCGRect(CGRectOffset(CGRectMake(1, 2, 3, 4), 10, 20))",
            "CGRectIsNull(CGRectInset(CGRectMake(0, 0, 10, 10), 6, 0))", "CGRectIsEmpty(CGRectMake(5, 5, 0, 10))", "CGRectIsEmpty(CGRectMake(5, 5, 1, 1))"
        ) == [
            "\"{{0, 0}, {320, 480}}\"", "\"{0.5, -2}\"", "\"{0.10000000000000001, 3}\"", "\"{2, 5}\"", "YES", "YES", "NO", "NO", "YES", "NO", "YES",
            "\"{{10, 5}, {80, 40}}\"", "\"{{11, 22}, {3, 4}}\"", "YES", "YES", "NO",
        ])
    }

    @Test func insetsRectsAndTransformsCombineAsCoreGraphicsDoes() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "UIEdgeInsetsEqualToEdgeInsets(UIEdgeInsetsZero, UIEdgeInsetsMake(0, 0, 0, 0))", "UIEdgeInsetsEqualToEdgeInsets(UIEdgeInsetsZero, UIEdgeInsetsMake(1, 0, 0, 0))",
            "NSStringFromCGRect(CGRectIntegral(CGRectMake(0.5, 0.5, 10.2, 3)))",
            "NSStringFromCGRect(CGRectUnion(CGRectMake(0, 0, 10, 10), CGRectMake(20, 20, 5, 5)))",
            "NSStringFromCGRect(CGRectIntersection(CGRectMake(0, 0, 10, 10), CGRectMake(5, 5, 10, 10)))",
            "CGRectIsNull(CGRectIntersection(CGRectMake(0, 0, 1, 1), CGRectMake(5, 5, 1, 1)))",
            "CGAffineTransformIsIdentity(CGAffineTransformScale(CGAffineTransformMakeScale(2, 4), 0.5, 0.25))",
            "CGAffineTransformTranslate(CGAffineTransformMakeScale(2, 2), 3, 4)",
            "CGAffineTransformEqualToTransform(CGAffineTransformMakeRotation(0), CGAffineTransformIdentity)",
            "CGAffineTransformEqualToTransform(CGAffineTransformMake(1, 0, 0, 1, 3, 4), CGAffineTransformMakeTranslation(3, 4))",
            "UIInterfaceOrientationIsLandscape(UIInterfaceOrientationLandscapeLeft)", "UIDeviceOrientationIsPortrait(UIDeviceOrientationLandscapeRight)"
        ) == [
            "YES", "NO", "\"{{0, 0}, {11, 4}}\"", "\"{{0, 0}, {25, 25}}\"", "\"{{5, 5}, {5, 5}}\"", "YES", "YES",
            // Translating a scaled transform moves by the scaled distance.
            "{2, 0, 0, 2, 6, 8}", "YES", "YES", "YES", "NO",
        ])
    }

    @Test func randomNumbersAreTheSameOnEveryRunAndUniformStaysInRange() throws {
        let draws = ["arc4random_uniform(1000)", "arc4random_uniform(1000)", "arc4random() <= 4294967295", "random() <= RAND_MAX"]
        let first = try ShellHarness().run(draws)
        #expect(first == (try ShellHarness()).run(draws))
        #expect(first[0] != first[1])
        #expect(first.dropFirst(2) == ["YES", "YES"])
        let shell = try ShellHarness()
        let rolls = shell.run("NSMutableSet *seen = [NSMutableSet set]; for (int i = 0; i < 200; i++) { [seen addObject:@(arc4random_uniform(6))]; }",
                              "[[seen allObjects] sortedArrayUsingSelector:@selector(compare:)]", "arc4random_uniform(0)")
        #expect(rolls == ["@[0, 1, 2, 3, 4, 5]", "0"])
        // srandom starts the sequence again.
        #expect(shell.run("srandom(7); long a = random(); srandom(7); a == random()") == ["YES"])
    }

    /// `modf` splits a number, a weak-linked function's address is there (code tests it
    /// before calling), and a bar item takes UIKit's private width setter.
    @Test func modfWeakLinkedFunctionsAndThePrivateWidthSetter() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "double whole = 0; double fraction = modf(-3.25, &whole); @[@(fraction), @(whole)]",
            "float part = 0; modff(2.5f, &part) + part",
            "@[@(&dispatch_block_cancel != NULL), @(&objc_getClassList != NULL)]",
            "UIBarButtonItem *item = [[UIBarButtonItem alloc] initWithTitle:@\"Go\" style:UIBarButtonItemStylePlain target:nil action:nil]; [item _setWidth:60]; item.width"
        ) == ["@[-0.25, -3.0]", "2.5", "@[YES, YES]", "60.0"])
        #expect(shell.run("modf(1.5, 2)").first?.hasSuffix("modf takes a number and a pointer for its whole part, as in modf(x, &whole), but was given a double, an integer") == true)
    }

    /// Random bytes fill a C array or a mutable data's own bytes, as token generators ask
    /// for them, from the same generator: the same bytes on every run.
    @Test func randomBytesFillBuffersTheSameOnEveryRun() throws {
        let statements = [
            "uint8_t bytes[4]; arc4random_buf(bytes, sizeof(bytes)); @[@(bytes[0] + bytes[1] + bytes[2] + bytes[3] > 0), @(bytes[0] != bytes[1] || bytes[1] != bytes[2])]",
            "NSMutableData *data = [NSMutableData dataWithLength:6]; @[@(SecRandomCopyBytes(kSecRandomDefault, data.length, data.mutableBytes) == errSecSuccess), @(data.length)]",
            "[data base64EncodedStringWithOptions:0]",
        ]
        // The declaration of the array answers nothing (nil).
        let first = try ShellHarness().run(statements).filter { $0 != "nil" }
        #expect(first == (try ShellHarness()).run(statements).filter { $0 != "nil" })
        #expect(first.prefix(2) == ["@[YES, YES]", "@[YES, 6]"])
        #expect(first[2] != "\"AAAAAAAA\"")
    }

    @Test func osLogPrintsAsNSLogWithThePrivacyMarksRead() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "os_log(OS_LOG_DEFAULT, \"loaded %{public}@ in %{private}d ms, 100%%\", @\"Home\", 12)",
            "os_log_t log = os_log_create(\"com.example\", \"ui\"); os_log_with_type(log, OS_LOG_TYPE_ERROR, \"failed: %{public, mask.hash}s\", \"disk\")"
        ) == ["loaded Home in 12 ms, 100%", "failed: disk"])
        #expect(shell.run("os_log(OS_LOG_DEFAULT)").first
            == "error: line 1, column 1: os_log takes a log and a format, as in os_log(OS_LOG_DEFAULT, \"loaded %{public}@\", name), but was given nil")
    }

    @Test func variableBindingsAreKeyedByTheVariablesNames() throws {
        let shell = try ShellHarness()
        #expect(shell.run("UIView *button = [UIView new]; UILabel *title = [UILabel new]; NSDictionary *views = NSDictionaryOfVariableBindings(button, title)",
                          "[[views allKeys] sortedArrayUsingSelector:@selector(compare:)]", "views[@\"title\"] == title") == [
            "@[\"button\", \"title\"]", "YES",
        ])
    }

    @Test func minMaxAndAbsFollowCsArithmetic() throws {
        let shell = try ShellHarness()
        #expect(shell.run("MIN(3, 4)", "MIN(3, 4.5)", "MAX(-1, -2)", "MAX(2.5, 1)", "ABS(-7)", "ABS(-2.5)", "int i = 1; MIN(i++, 10); i") == [
            "3", "3.0", "-1", "2.5", "7", "2.5", "1", "2",
        ])
        #expect(shell.run("NSLocalizedString(@\"Sign In\", @\"the button\")", "NSLocalizedStringFromTable(@\"Done\", @\"Main\", nil)") == ["\"Sign In\"", "\"Done\""])
    }

    @Test func cMathFunctionsAndTheirFloatForms() throws {
        let shell = try ShellHarness()
        #expect(shell.run("copysign(2, -0.5)", "fmodf(7.5, 2)", "rint(2.5)", "fdim(1, 3)", "tanh(0)", "sqrtf(2) == sqrt(2)", "floorf(-1.5)") == [
            "-2.0", "1.5", "2.0", "0.0", "0.0", "NO", "-2.0",
        ])
        // The long double forms compute as doubles, the device's long double.
        #expect(shell.run("fabsl(-2.5)", "sqrtl(2) == sqrt(2)", "powl(2, 10)", "ceill(1.2)") == ["2.5", "YES", "1024.0", "2.0"])
    }

    @Test func wrongArgumentsAreLocatedAndSayWhatWouldBeRight() throws {
        let shell = try ShellHarness()
        #expect(shell.run("CGRectContainsPoint(CGRectZero, 3)").first
            == "error: line 1, column 1: CGRectContainsPoint takes a CGRect and a CGPoint, as in CGRectContainsPoint(view.bounds, CGPointMake(10, 10)), but was given a CGRect, an integer")
        #expect(shell.run("NSStringFromCGRect()").first
            == "error: line 1, column 1: NSStringFromCGRect takes a CGRect, as in NSStringFromCGRect(view.frame), but was given nothing")
        #expect(shell.run("MIN(@\"a\", 2)").first == "error: line 1, column 1: MIN takes two numbers")
    }
}
