import Runtime
import Shell
import Testing

/// OCHamcrest as its users write it: `assertThat` with the library's matchers, worded as
/// OCHamcrest words a mismatch, and matchers of their own, subclassing `HCBaseMatcher`.
@Suite("OCHamcrest")
struct HamcrestTests {
    /// What an assertion typed at the prompt says: nil when it holds, else its failure,
    /// without the `error: line 1, column 1: ` before it.
    /// The message of the error `statement` raises, whole when it takes several lines (a
    /// collection's description), without the echoed source and caret after it.
    private func failure(_ statement: String, in shell: ShellHarness) -> String? {
        let lines = shell.run(statement)
        guard let first = lines.first else { return nil }
        let place = "error: line 1, column 1: "
        guard first.hasPrefix(place), lines.count >= 3 else { return first }
        return String(lines.dropLast(2).joined(separator: "\n").dropFirst(place.count))
    }

    // MARK: Assertions

    @Test func assertThatSaysWhatWasExpectedAndWhatCame() throws {
        let shell = try ShellHarness()
        #expect(failure(#"assertThat(@"Login", equalTo(@"Login"));"#, in: shell) == nil)
        #expect(shell.run(#"assertThat(@"Logout", equalTo(@"Login"));"#) == [
            #"error: line 1, column 1: Expected "Login", but was "Logout""#,
            #"  assertThat(@"Logout", equalTo(@"Login"));"#,
            "  ^",
        ])
        // The short names are OCHamcrest's macros for the HC_ ones; both are here.
        #expect(failure(#"HC_assertThat(@"Logout", HC_equalTo(@"Login"));"#, in: shell) == #"Expected "Login", but was "Logout""#)
        #expect(shell.session.failureCount == 2)
    }

    /// `HCDescribeMismatch` words a mismatch as a failed assertion does, for code that
    /// reports it itself; it takes a matcher first.
    @Test func describeMismatchWordsItAsAnAssertionWould() throws {
        let shell = try ShellHarness()
        #expect(shell.run(#"NSString *message = HCDescribeMismatch(equalTo(@"Login"), @"Logout")"#, "message")
            == [#""Expected \"Login\", but was \"Logout\"""#])
        #expect(shell.run(#"HCDescribeMismatch(@"Login", @"Logout")"#).first?.hasSuffix(
            "HCDescribeMismatch takes a matcher as its first argument, such as equalTo(@\"Ada\") or hasItem(@\"Ada\"), but was given a string: "
                + "make one with equalTo(...) or another OCHamcrest function, or a subclass of HCBaseMatcher") == true)
    }

    @Test func theTypedAssertionsBoxTheirNumber() throws {
        let shell = try ShellHarness()
        shell.run("NSInteger count = 3;", "BOOL flag = NO;", "double x = 1.5;")
        #expect(failure("assertThatInt(count, equalToInt(3));", in: shell) == nil)
        #expect(failure("assertThatInt(count, equalToInt(4));", in: shell) == "Expected <4>, but was <3>")
        #expect(failure("assertThatInteger(count, equalToInteger(2));", in: shell) == "Expected <2>, but was <3>")
        #expect(failure("assertThatUnsignedInteger(count, equalToUnsignedInteger(3));", in: shell) == nil)
        #expect(failure("assertThatLong(count, greaterThan(@5));", in: shell) == "Expected a value greater than <5>, but was <3>")
        #expect(failure("assertThatBool(flag, isFalse());", in: shell) == nil)
        #expect(failure("assertThatBool(flag, isTrue());", in: shell) == "Expected true (non-zero), but was <0>")
        #expect(failure("assertThatBool(YES, isFalse());", in: shell) == "Expected false (zero), but was <1>")
        #expect(failure("assertThatDouble(x, closeTo(1.0, 0.01));", in: shell) == "Expected a numeric value within <0.01> of <1>, but <1.5> differed by <0.5>")
        #expect(failure("assertThatDouble(x, equalToDouble(1.5));", in: shell) == nil)
        // A float is a float: 0.1f boxes as the float nearest 0.1, which equalToFloat(0.1) makes too.
        #expect(failure("assertThatFloat(0.1f, equalToFloat(0.1));", in: shell) == nil)
        #expect(failure("assertThatFloat(0.5f, equalToFloat(0.25));", in: shell) == "Expected <0.25>, but was <0.5>")
    }

    @Test func aFailureInARunningTestIsRecordedWhereTheAssertionIs() throws {
        let shell = try ShellHarness()
        let runtime = shell.session.runtime
        let testCase = try runtime.createInstance(of: try runtime.requireClass(named: "XCTestCase"))
        shell.session.library.tests.begin(testCase, named: "-[XCTestCase testTitle]")
        #expect(shell.run(#"assertThat(@"Logout", equalTo(@"Login"));"#) == [])
        let issues = shell.session.library.tests.end()?.issues ?? []
        #expect(issues.map(\.message) == [#"Expected "Login", but was "Logout""#])
        #expect(issues.first?.file == "<prompt>" && issues.first?.line == 1)
    }

    @Test func aFailureInsideAMethodNamesItsFileLine() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMTitleCheck : NSObject
            @end
            @implementation MMTitleCheck
            - (void)check:(NSString *)title {
                assertThat(title, startsWith(@"Log"));
            }
            @end
            """)
        #expect(shell.run(#"[[MMTitleCheck new] check:@"Login"]"#) == [])
        #expect(shell.run(#"[[MMTitleCheck new] check:@"Welcome"]"#).first
            == #"error: line 3, column 5: Expected a string starting with "Log", but was "Welcome""#)
    }

    @Test func assertWithTimeoutRunsTheVirtualClockUntilTheValueMatches() throws {
        let shell = try ShellHarness()
        shell.run(#"__block NSString *state = @"loading";"#)
        shell.run(#"dispatch_after(dispatch_time(DISPATCH_TIME_NOW, 2 * NSEC_PER_SEC), dispatch_get_main_queue(), ^{ state = @"done"; });"#)
        #expect(failure(#"assertWithTimeout(5, thatEventually(state), equalTo(@"done"));"#, in: shell) == nil)
        #expect(shell.session.library.clock.seconds == 2)
        shell.run(#"dispatch_after(dispatch_time(DISPATCH_TIME_NOW, 10 * NSEC_PER_SEC), dispatch_get_main_queue(), ^{ state = @"late"; });"#)
        #expect(failure(#"assertWithTimeout(1, thatEventually(state), equalTo(@"late"));"#, in: shell) == #"Expected "late", but was "done""#)
        #expect(shell.session.library.clock.seconds == 3)
    }

    // MARK: The library's matchers

    @Test func objectMatchers() throws {
        let shell = try ShellHarness()
        shell.run("o = [NSObject new]", "p = [NSObject new]")
        let expectations: [(String, String?)] = [
            ("assertThat(@3, equalTo(@3.0));", nil),
            ("assertThat(nil, equalTo(nil));", nil),
            (#"assertThat(nil, equalTo(@"x"));"#, #"Expected "x", but was nil"#),
            (#"assertThat(@"a\n\"b\"", equalTo(@"c"));"#, #"Expected "c", but was "a\n\"b\"""#),
            (#"assertThat(o, equalTo(@"c"));"#, #"Expected "c", but was <NSObject: 0x1>"#),
            ("assertThat((@[@1, @2]), equalTo(@[@1]));", "Expected <(\n    1\n)>, but was <(\n    1,\n    2\n)>"),
            ("assertThat(@3, is(@3));", nil),
            ("assertThat(@3, is(equalTo(@4)));", "Expected <4>, but was <3>"),
            ("assertThat(@3, isNot(@3));", "Expected not <3>, but was <3>"),
            ("assertThat(@3, isNot(equalTo(@4)));", nil),
            // Nil wrapped is equalTo(nil), where OCHamcrest would be left with no matcher.
            ("assertThat(nil, is(nil));", nil),
            ("assertThat(@1, isNot(nil));", nil),
            ("assertThat(nil, nilValue());", nil),
            ("assertThat(@1, nilValue());", "Expected nil, but was <1>"),
            ("assertThat(nil, is(notNilValue()));", "Expected not nil, but was nil"),
            ("assertThat(o, notNilValue());", nil),
            (#"assertThat(@"s", instanceOf([NSString class]));"#, nil),
            (#"assertThat(@"s", instanceOf([NSNumber class]));"#, #"Expected an instance of NSNumber, but was NSString instance "s""#),
            ("assertThat(nil, instanceOf([NSNumber class]));", "Expected an instance of NSNumber, but was nil"),
            (#"assertThat(@"s", isA([NSMutableString class]));"#, #"Expected an exact instance of NSMutableString, but was NSString instance "s""#),
            ("assertThat([UIButton new], instanceOf([UIView class]));", nil),
            ("assertThat(o, sameInstance(o));", nil),
            ("assertThat(p, sameInstance(o));", "Expected same instance as 0x1 <NSObject: 0x1>, but was 0x2 <NSObject: 0x2>"),
            (#"assertThat(@"b", sameInstance(@"a"));"#, #"Expected same instance as 0x0 "a", but was 0x0 "b""#),
            ("assertThat(nil, sameInstance(o));", "Expected same instance as 0x1 <NSObject: 0x1>, but was nil"),
            ("assertThat(nil, anything());", nil),
            (#"assertThat(@3, isNot(anythingWithDescription(@"whatever")));"#, "Expected not whatever, but was <3>"),
        ]
        for (statement, expected) in expectations {
            #expect(failure(statement, in: shell) == expected, "\(statement)")
        }
    }

    /// `hasProperty`, `hasDescription` and `throwsException`, as OCHamcrest words them.
    @Test func propertyDescriptionAndExceptionMatchers() throws {
        let shell = try ShellHarness()
        shell.run("UIViewController *vc = [UIViewController new]; vc.title = @\"Login\"")
        let expectations: [(String, String?)] = [
            (#"assertThat(vc, hasProperty(@"title", @"Login"));"#, nil),
            (#"assertThat(vc, hasProperty(@"title", startsWith(@"Log")));"#, nil),
            (#"assertThat(vc, hasProperty(@"title", @"Home"));"#, #"Expected an object with title "Home", but title was "Login" on <UIViewController: 0x1>"#),
            (#"assertThat(vc, hasProperty(@"colour", @"red"));"#, #"Expected an object with colour "red", but no colour on <UIViewController: 0x1>"#),
            (#"assertThat(@3, hasDescription(@"3"));"#, nil),
            (#"assertThat(@3, hasDescription(startsWith(@"4")));"#, #"Expected an object with description a string starting with "4", but was "3""#),
            (#"assertThat(^{ [NSException raise:@"MMOffline" format:@"down"]; }, throwsException(hasProperty(@"name", @"MMOffline")));"#, nil),
            ("assertThat(^{ }, throwsException(anything()));", "Expected a block with no arguments, throwing an exception which is ANYTHING, but no exception thrown"),
            ("assertThat(@1, throwsException(anything()));", "Expected a block with no arguments, throwing an exception which is ANYTHING, but was non-block <1>"),
        ]
        for (statement, expected) in expectations {
            #expect(failure(statement, in: shell) == expected, "\(statement)")
        }
    }

    @Test func collectionMatchers() throws {
        let shell = try ShellHarness()
        shell.run("names = @[@\"Bob\"]", "a = @[@1, @2, @3]", "set = [NSSet setWithArray:a]", "m = [NSMutableArray arrayWithObject:@\"Ada\"]")
        let expectations: [(String, String?)] = [
            (#"assertThat(names, hasItem(@"Ada"));"#, #"Expected a collection containing "Ada", but mismatches were: [was "Bob"]"#),
            (#"assertThat(m, hasItem(@"Ada"));"#, nil),
            (#"assertThat(@[], hasItem(@"Ada"));"#, #"Expected a collection containing "Ada", but was empty"#),
            (#"assertThat(@"Ada", hasItem(@"Ada"));"#, #"Expected a collection containing "Ada", but was non-collection "Ada""#),
            ("assertThat(set, hasItem(greaterThan(@2)));", nil),
            ("assertThat(a, hasItems(@1, @5, nil));",
             "Expected (a collection containing <1> and a collection containing <5>), but instead of a collection containing <5>, mismatches were: [was <1>, was <2>, was <3>]"),
            ("assertThat(a, hasCountOf(3));", nil),
            ("assertThat(a, hasCountOf(2));", "Expected a collection with count of <2>, but was count of <3> with <(\n    1,\n    2,\n    3\n)>"),
            ("assertThat(a, hasCount(lessThan(@3)));", "Expected a collection with count of a value less than <3>, but was count of <3> with <(\n    1,\n    2,\n    3\n)>"),
            ("assertThat(@5, hasCountOf(1));", "Expected a collection with count of <1>, but was <5>"),
            ("assertThat(@[], isEmpty());", nil),
            ("assertThat(a, isEmpty());", "Expected empty collection, but was <(\n    1,\n    2,\n    3\n)>"),
            ("assertThat(a, contains(@1, @2, @3, nil));", nil),
            ("assertThat(a, contains(@1, @2, nil));", "Expected a collection containing [<1>, <2>], but exceeded count of 2 with item <3>"),
            ("assertThat(a, contains(@1, @3, @2, nil));", "Expected a collection containing [<1>, <3>, <2>], but item 1: was <2>"),
            ("assertThat(a, contains(@1, @2, @3, @4, nil));", "Expected a collection containing [<1>, <2>, <3>, <4>], but no item was <4>"),
            ("assertThat(a, containsInAnyOrder(@3, @1, @2, nil));", nil),
            ("assertThat(a, containsInAnyOrder(@1, @2, nil));", "Expected a collection over [<1>, <2>] in any order, but not matched: <3>"),
            ("assertThat(a, containsInAnyOrder(@1, @2, @3, @4, nil));",
             "Expected a collection over [<1>, <2>, <3>, <4>] in any order, but no item matches: <4> in [<1>, <2>, <3>]"),
            ("assertThat(a, everyItem(lessThan(@4)));", nil),
            ("assertThat(a, everyItem(lessThan(@2)));", "Expected every item is a value less than <2>, but mismatches were: [was <2>, was <3>]"),
            ("assertThat(@[], everyItem(lessThan(@2)));", "Expected every item is a value less than <2>, but was empty"),
        ]
        for (statement, expected) in expectations {
            #expect(failure(statement, in: shell) == expected, "\(statement)")
        }
    }

    @Test func dictionaryMatchers() throws {
        let shell = try ShellHarness()
        shell.run(#"d = @{@"name": @"Ada", @"age": @36}"#, "m = [d mutableCopy]")
        let expectations: [(String, String?)] = [
            (#"assertThat(d, hasEntry(@"name", @"Ada"));"#, nil),
            (#"assertThat(m, hasEntry(@"age", greaterThan(@30)));"#, nil),
            (#"assertThat(d, hasEntry(@"name", @"Bob"));"#,
             "Expected a dictionary containing { \"name\" = \"Bob\"; }, but was <{\n    age = 36;\n    name = Ada;\n}>"),
            (#"assertThat(d, hasKey(@"age"));"#, nil),
            (#"assertThat(d, hasKey(@"email"));"#, "Expected a dictionary containing key \"email\", but was <{\n    age = 36;\n    name = Ada;\n}>"),
            (#"assertThat(d, hasValue(startsWith(@"A")));"#, nil),
            (#"assertThat(@[], hasValue(@"Ada"));"#, "Expected a dictionary containing value \"Ada\", but was <(\n)>"),
        ]
        for (statement, expected) in expectations {
            #expect(failure(statement, in: shell) == expected, "\(statement)")
        }
    }

    @Test func textMatchers() throws {
        let shell = try ShellHarness()
        shell.run(#"m = [NSMutableString stringWithString:@"Login"]"#)
        let expectations: [(String, String?)] = [
            (#"assertThat(@"Login", startsWith(@"Log"));"#, nil),
            (#"assertThat(@"Login", startsWith(@"in"));"#, #"Expected a string starting with "in", but was "Login""#),
            (#"assertThat(m, endsWith(@"in"));"#, nil),
            (#"assertThat(@"Login", endsWith(@"Log"));"#, #"Expected a string ending with "Log", but was "Login""#),
            (#"assertThat(@"Login", containsSubstring(@"gi"));"#, nil),
            (#"assertThat(@3, containsSubstring(@"3"));"#, #"Expected a string containing "3", but was <3>"#),
            (#"assertThat(m, equalToIgnoringCase(@"LOGIN"));"#, nil),
            (#"assertThat(@"Login", equalToIgnoringCase(@"logout"));"#, #"Expected "logout" ignoring case, but was "Login""#),
        ]
        for (statement, expected) in expectations {
            #expect(failure(statement, in: shell) == expected, "\(statement)")
        }
    }

    @Test func numberMatchers() throws {
        let shell = try ShellHarness()
        let expectations: [(String, String?)] = [
            ("assertThat(@1.004, closeTo(1.0, 0.01));", nil),
            (#"assertThat(@"1", closeTo(1.0, 0.01));"#, #"Expected a numeric value within <0.01> of <1>, but was "1""#),
            ("assertThat(@5, greaterThan(@1));", nil),
            ("assertThat(@5, greaterThanOrEqualTo(@5));", nil),
            ("assertThat(@5, lessThan(@5));", "Expected a value less than <5>, but was <5>"),
            ("assertThat(@5, lessThanOrEqualTo(@4));", "Expected a value less than or equal to <4>, but was <5>"),
            (#"assertThat(@"b", greaterThan(@"a"));"#, nil),
            // What the expected value cannot compare with does not match.
            (#"assertThat(@"b", greaterThan(@3));"#, #"Expected a value greater than <3>, but was "b""#),
            ("assertThat(nil, lessThan(@3));", "Expected a value less than <3>, but was nil"),
            ("assertThat(@2, isTrue());", nil),
            (#"assertThat(@"YES", isTrue());"#, #"Expected true (non-zero), but was "YES""#),
            ("assertThat(@0, isFalse());", nil),
            ("assertThatBool(YES, equalToBool(YES));", nil),
            ("assertThatBool(YES, equalToBool(NO));", "Expected a BOOL with value <NO>, but was <YES>"),
        ]
        for (statement, expected) in expectations {
            #expect(failure(statement, in: shell) == expected, "\(statement)")
        }
    }

    @Test func logicalMatchersAndNilTerminatedLists() throws {
        let shell = try ShellHarness()
        let expectations: [(String, String?)] = [
            ("assertThat(@5, allOf(greaterThan(@1), lessThan(@10), nil));", nil),
            ("assertThat(@50, allOf(greaterThan(@1), lessThan(@10), nil));",
             "Expected (a value greater than <1> and a value less than <10>), but instead of a value less than <10>, was <50>"),
            ("assertThat(@5, anyOf(@4, @5, nil));", nil),
            ("assertThat(@6, anyOf(@4, @5, nil));", "Expected (<4> or <5>), but was <6>"),
            // A list ends at its first nil, as a variadic C function reads it.
            ("assertThat(@5, allOf(greaterThan(@1), nil, lessThan(@2)));", nil),
            ("assertThat(@[@1], contains(@1, nil, @2, nil));", nil),
            ("assertThat(@6, allOfIn(@[@6, greaterThan(@5)]));", nil),
            ("assertThat((@[@2, @1]), containsInAnyOrderIn(@[@1, @2]));", nil),
        ]
        for (statement, expected) in expectations {
            #expect(failure(statement, in: shell) == expected, "\(statement)")
        }
    }

    @Test func describedAsFillsInItsValues() throws {
        let shell = try ShellHarness()
        #expect(failure(#"assertThat(@5, describedAs(@"a big number, over %0 (%1)", greaterThan(@1000), @1000, @"k", nil));"#, in: shell)
            == #"Expected a big number, over <1000> ("k"), but was <5>"#)
        // A % followed by no digit is itself.
        #expect(failure(#"assertThat(@5, describedAs(@"33% more than %0", equalTo(@2), @1.5, nil));"#, in: shell)
            == "Expected 33% more than <1.5>, but was <5>")
        #expect(failure(#"assertThat(@2, describedAs(@"two", equalTo(@2), nil));"#, in: shell) == nil)
    }

    @Test func plainValuesAreWrappedInEqualTo() throws {
        let shell = try ShellHarness()
        #expect(shell.run(#"[hasItem(@"a") description]"#) == [#""a collection containing \"a\"""#])
        #expect(shell.run("[is(@3) description]", "[HC_is(HC_equalTo(@3)) description]") == [#""<3>""#, #""<3>""#])
        #expect(shell.run(#"[hasEntry(@"k", @"v") description]"#) == [#""a dictionary containing { \"k\" = \"v\"; }""#])
        #expect(shell.run("[HCWrapInMatcher(@3) class]", "m = equalTo(@3)", "HCWrapInMatcher(m) == m") == ["HCIsEqual", "YES"])
        // A matcher compared as a value is set apart in angle brackets.
        #expect(shell.run("[equalTo(equalTo(@3)) description]") == [#""<<3>>""#])
    }

    // MARK: Matchers of one's own

    @Test func aSubclassOfHCBaseMatcherIsAskedByMessages() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMIsEven : HCBaseMatcher
            @end
            @implementation MMIsEven
            - (BOOL)matches:(id)item {
                return [item integerValue] % 2 == 0;
            }
            - (void)describeTo:(id<HCDescription>)description {
                [description appendText:@"an even number"];
            }
            @end
            @interface MMIsSmall : HCBaseMatcher
            @end
            @implementation MMIsSmall
            - (BOOL)matches:(id)item { return [item integerValue] < 10; }
            - (void)describeTo:(id<HCDescription>)description {
                [[[description appendText:@"one of "] appendList:@[@1, @"two"] start:@"[" separator:@"; " end:@"]"] appendDescriptionOf:nil];
            }
            - (void)describeMismatchOf:(id)item to:(id<HCDescription>)mismatchDescription {
                [[mismatchDescription appendDescriptionOf:item] appendText:@" is too big"];
            }
            @end
            """)
        #expect(failure("assertThat(@4, [MMIsEven new]);", in: shell) == nil)
        #expect(failure("assertThat(@3, is([MMIsEven new]));", in: shell) == "Expected an even number, but was <3>")
        #expect(failure("assertThat(@12, [MMIsSmall new]);", in: shell) == #"Expected one of [<1>; "two"]nil, but <12> is too big"#)
        // In the library's matchers, the subclass is asked as theirs are.
        #expect(failure("assertThat(@12, allOf([MMIsEven new], [MMIsSmall new], nil));", in: shell)
            == #"Expected (an even number and one of [<1>; "two"]nil), but instead of one of [<1>; "two"]nil, <12> is too big"#)
        #expect(failure("assertThat((@[@3, @12]), hasItem([MMIsEven new]));", in: shell) == nil)
        #expect(failure("assertThat((@[@2, @3, @5]), everyItem([MMIsEven new]));", in: shell)
            == "Expected every item is an even number, but mismatches were: [was <3>, was <5>]")
        #expect(shell.run("[[MMIsEven new] description]", "[[MMIsEven new] conformsToProtocol:@protocol(HCMatcher)]") == [#""an even number""#, "YES"])
    }

    @Test func aSubclassOfHCDiagnosingMatcherFindsTheMismatchAsItMatches() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMHasTitle : HCDiagnosingMatcher
            @end
            @implementation MMHasTitle
            - (BOOL)matches:(id)item describingMismatchTo:(id<HCDescription>)mismatch {
                if ([item title] != nil) return YES;
                [[mismatch appendText:@"had no title: "] appendDescriptionOf:item];
                return NO;
            }
            - (void)describeTo:(id<HCDescription>)description { [description appendText:@"a titled controller"]; }
            @end
            """)
        shell.run("vc = [UIViewController new]")
        #expect(failure("assertThat(vc, [MMHasTitle new]);", in: shell) == "Expected a titled controller, but had no title: <UIViewController: 0x1>")
        shell.run(#"vc.title = @"Login""#)
        #expect(failure("assertThat(vc, [MMHasTitle new]);", in: shell) == nil)
    }

    @Test func aMatcherThatDoesNotOverrideWhatItMustRaises() throws {
        let shell = try ShellHarness()
        shell.run("@interface MMLazy : HCBaseMatcher\n@end\n@implementation MMLazy\n@end")
        #expect(shell.run("assertThat(@3, [MMLazy new]);").first
            == "error: uncaught exception: NSGenericException: -[MMLazy matches:] not implemented: a subclass of HCBaseMatcher overrides it")
    }

    @Test func descriptionsCanBeMadeAndReadDirectly() throws {
        let shell = try ShellHarness()
        shell.run("d = [HCStringDescription stringDescription]", #"[[d appendText:@"list "] appendList:@[@"a", @2] start:@"(" separator:@", " end:@")"]"#)
        #expect(shell.run("[d description]", "[HCStringDescription stringFrom:containsInAnyOrder(@1, nil)]") == [
            #""list (\"a\", <2>)""#, #""a collection over [<1>] in any order""#,
        ])
    }

    // MARK: Mistakes

    @Test func aMistakenArgumentSaysWhatWasWrongAndWhatWouldBeRight() throws {
        let shell = try ShellHarness()
        #expect(failure(#"assertThat(@"x", @"x");"#, in: shell) == #"assertThat takes a matcher as its second argument, such as equalTo(@"Ada") or hasItem(@"Ada"), "#
            + "but was given a string: make one with equalTo(...) or another OCHamcrest function, or a subclass of HCBaseMatcher")
        #expect(failure(#"everyItem(@"a")"#, in: shell)?.hasPrefix("everyItem takes a matcher as its first argument") == true)
        #expect(failure("hasItem(nil)", in: shell)
            == #"hasItem takes a matcher or a value, as in hasItem(@"Ada") or hasItem(startsWith(@"A")), but was given nil"#)
        #expect(failure("equalTo()", in: shell) == #"equalTo takes the value to compare with, as in equalTo(@"Login"), but was given nothing"#)
        #expect(failure("allOf(nil)", in: shell)
            == "allOf takes matchers or values ending with nil, as in allOf(greaterThan(@1), lessThan(@10), nil), but was given nil")
        #expect(failure("greaterThan([NSObject new])", in: shell)
            == "greaterThan takes a value that answers compare:, as in greaterThan(@5), but was given an object")
        #expect(failure(#"assertThatInt(@"3", equalToInt(3));"#, in: shell)
            == "assertThatInt takes a number and a matcher, as in assertThatInt(count, equalTo(@3)), but was given a string, an object")
        #expect(failure(#"describedAs(@"%0 and %1", equalTo(@1), @1, nil)"#, in: shell)
            == #"NSInvalidArgumentException in -[HCDescribedAs initWithDescription:forMatcher:overValues:]: the description "%0 and %1" names %1, "#
            + "but 1 value follows it: give a value for each %N, from %0")
    }

    @Test func anArrayLiteralInAnAssertionIsParenthesizedAsInC() throws {
        let shell = try ShellHarness()
        // The preprocessor splits a macro's arguments at commas outside parentheses, brackets
        // included, as clang's does: OCHamcrest's users write assertThat((@[...]), ...).
        #expect(failure("assertThat(@[@1, @2], hasCountOf(2));", in: shell) == "the macro assertThat takes 2 arguments, but 3 are given")
        #expect(failure("assertThat((@[@1, @2]), hasCountOf(2));", in: shell) == nil)
    }

    @Test func theMatcherNamesLeaveCodeOfTheSameNamesAlone() throws {
        let shell = try ShellHarness()
        // Only the assertions are macros: a variable named as a matcher function is a variable.
        #expect(shell.run("BOOL is = YES;", "NSArray *contains = @[@1];", "is", "contains.count") == ["YES", "1"])
        #expect(shell.run("[@[@1, @2] containsObject:@2]") == ["YES"])
    }
}
