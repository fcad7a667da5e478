import Foundation
import Shell
import Testing

/// Kiwi's specs as their users write them, run by `rtsh test`: `SPEC_BEGIN`, `let`, the
/// `should` family with its matchers, stubs and mocks, message expectations, capture spies
/// and notifications, with each failure at the line of its expectation, in Kiwi's words.
@Suite("Kiwi specs")
struct KiwiSpecTests {
    private func run(_ files: [String: String]) throws -> [String] { try ShellHarness.testLines(files) }

    static let calculator = """
        #import <Foundation/Foundation.h>
        @protocol MMStore <NSObject>
        - (NSString *)load:(NSString *)key;
        @end
        @interface MMCalculator : NSObject
        @property (nonatomic, strong) id<MMStore> store;
        - (NSInteger)add:(NSInteger)a to:(NSInteger)b;
        - (NSString *)greeting;
        - (void)notify;
        - (void)notifyLater;
        + (instancetype)shared;
        @end
        @implementation MMCalculator
        - (NSInteger)add:(NSInteger)a to:(NSInteger)b { return a + b; }
        - (NSString *)greeting { return [NSString stringWithFormat:@"Hello, %@", [self.store load:@"name"]]; }
        - (void)notify { [[NSNotificationCenter defaultCenter] postNotificationName:@"MMDidAdd" object:self userInfo:@{@"sum": @3}]; }
        - (void)notifyLater { [self performSelector:@selector(notify) withObject:nil afterDelay:0.5]; }
        + (instancetype)shared { return [self new]; }
        @end
        """

    @Test func matchersCheckTheirSubjectsAndFailWhereTheyAreWritten() throws {
        let lines = try run(["MMCalculator.m": Self.calculator, "MMCalculatorSpec.m": """
            #import <Kiwi/Kiwi.h>
            #import "MMCalculator.h"

            SPEC_BEGIN(MMCalculatorSpec)

            describe(@"a calculator", ^{
                __block MMCalculator *calculator;
                beforeEach(^{ calculator = [MMCalculator new]; });

                it(@"adds", ^{
                    [[theValue([calculator add:2 to:3]) should] equal:theValue(5)];
                    [[@([calculator add:2 to:2]) shouldNot] equal:@5];
                    [[calculator should] beKindOfClass:[MMCalculator class]];
                    [[calculator shouldNot] beNil];
                    [calculator shouldNotBeNil];
                    [[@[@1, @2] should] haveCountOf:2];
                    [[@[@1, @2] should] contain:@2];
                    [[@"hello" should] startWithString:@"he"];
                    [[@"hello" should] matchPattern:@"^h.l+o$"];
                    [[theValue(3) should] beGreaterThan:theValue(2)];
                    [[theValue(2.5) should] beBetween:theValue(2) and:theValue(3)];
                    [[theValue(YES) should] beTrue];
                    [[theValue(0) should] beZero];
                    [[calculator should] respondToSelector:@selector(greeting)];
                    [[[@{@"a": @1, @"b": @2} should] have:2] allKeys];
                    [[[@{@"a": @1} should] haveAtMost:1] allValues];
                    CGPoint origin = CGPointMake(10, 20);
                    [[theValue(origin) should] equal:theValue(CGPointMake(10.f, 20.f))];
                    [[[KWValue valueWithInt:4] should] equal:theValue(4)];
                });
                it(@"runs blocks", ^{
                    [[theBlock(^{ [NSException raise:@"MMBad" format:@"bad"]; }) should] raiseWithName:@"MMBad"];
                    NSMutableArray *list = [NSMutableArray array];
                    [[theBlock(^{ [list addObject:@1]; }) should] change:^NSInteger{ return list.count; } by:1];
                    [[theBlock(^{ [@[@1, @2] objectAtIndex:5]; }) should] raiseWithName:NSRangeException];
                    KWBlock *block = [[KWBlock alloc] initWithBlock:^{ [NSSet set].anyObject; }];
                    [[block shouldNot] raise];
                    [[@[@1, @2, @3] should] containObjects:@3, @1, nil];
                });
                it(@"treats a nil subject as Kiwi does", ^{
                    NSString *missing = nil;
                    [[missing should] beNil];
                    [[missing shouldNot] beNonNil];
                    [missing shouldBeNil];
                });
                it(@"fails to equal", ^{
                    [[theValue([calculator add:1 to:1]) should] equal:theValue(3)];
                });
                it(@"fails on a nil subject", ^{
                    NSString *missing = nil;
                    [[missing should] equal:@"x"];
                });
                it(@"fails shouldBeNil", ^{
                    [calculator shouldBeNil];
                });
                it(@"fails explicitly", ^{
                    fail(@"not yet: %d", 3);
                });
            });

            SPEC_END
            """])
        for name in ["adds", "runs_blocks", "treats_a_nil_subject_as_Kiwi_does"] {
            #expect(lines.contains("Test Case '-[MMCalculatorSpec a_calculator_\(name)]' passed (T seconds)."), "\(lines)")
        }
        #expect(lines.contains("MMCalculatorSpec.m:47: error: -[MMCalculatorSpec a_calculator_fails_to_equal] : expected subject to equal 3, got 2"))
        #expect(lines.contains("MMCalculatorSpec.m:51: error: -[MMCalculatorSpec a_calculator_fails_on_a_nil_subject] : expected subject not to be nil"))
        #expect(lines.contains { $0.hasPrefix("MMCalculatorSpec.m:54: error: -[MMCalculatorSpec a_calculator_fails_shouldBeNil] : expected subject to be nil, got <MMCalculator: 0x") })
        #expect(lines.contains("MMCalculatorSpec.m:57: error: -[MMCalculatorSpec a_calculator_fails_explicitly] : not yet: 3"))
        #expect(lines.last == "3 passed, 4 failed")
    }

    /// A protocol's properties are its methods, as clang lists them: a mock of the protocol
    /// answers their accessors, and stubs them (Nocilla's request protocol, mocked in its specs).
    @Test func aProtocolMockAnswersItsPropertiesAccessors() throws {
        let lines = try run(["MMRequestSpec.m": """
            #import "Kiwi.h"
            @protocol MMRequest <NSObject>
            @property (nonatomic, strong, readonly) NSURL *url;
            @property (nonatomic, strong, readonly) NSString *method;
            @property (nonatomic, getter=isSecure) BOOL secure;
            - (NSString *)method;
            @optional
            @property (nonatomic, copy) NSString *note;
            @end

            SPEC_BEGIN(MMRequestSpec)
            it(@"stubs a property's getter", ^{
                NSObject<MMRequest> *request = [KWMock nullMockForProtocol:@protocol(MMRequest)];
                [request stub:@selector(method) andReturn:@"GET"];
                [request stub:@selector(url) andReturn:[NSURL URLWithString:@"http://example.com"]];
                [[request.method should] equal:@"GET"];
                [[request.url.host should] equal:@"example.com"];
                [[theValue(request.isSecure) should] beNo];
            });
            it(@"lists the accessors in the protocol's sections", ^{
                [[theValue(protocol_getMethodDescription(@protocol(MMRequest), @selector(setSecure:), YES, YES).name != NULL) should] beYes];
                [[theValue(protocol_getMethodDescription(@protocol(MMRequest), @selector(setNote:), NO, YES).name != NULL) should] beYes];
                [[theValue(protocol_getMethodDescription(@protocol(MMRequest), @selector(setUrl:), YES, YES).name == NULL) should] beYes];
            });
            SPEC_END
            """])
        #expect(lines.last == "2 passed, 0 failed", "\(lines)")
    }

    /// A `let` is set before each example, before the `beforeEach` hooks; an outer `let`
    /// that reads a name an inner context defines again reads the inner definition.
    @Test func letsAreSetBeforeEachExampleFromTheirInnermostDefinition() throws {
        let lines = try run(["GreetingSpec.m": """
            #import <Kiwi/Kiwi.h>

            SPEC_BEGIN(GreetingSpec)

            describe(@"a greeting", ^{
                let(subject, nil);
                let(greeting, ^{ return [NSString stringWithFormat:@"Hello, %@!", subject]; });
                __block NSString *seenBefore;
                beforeEach(^{ seenBefore = greeting; });

                context(@"to the world", ^{
                    let(subject, ^{ return @"world"; });
                    it(@"greets the world", ^{
                        [[greeting should] equal:@"Hello, world!"];
                        [[seenBefore should] equal:greeting];
                    });
                });
                context(@"to Kiwi", ^{
                    let(subject, ^{ return @"Kiwi"; });
                    specify(^{ [[greeting should] equal:@"Hello, Kiwi!"]; });
                });
                it(@"greets nobody", ^{ [[greeting should] equal:@"Hello, (null)!"]; });
            });

            SPEC_END
            """])
        #expect(lines.last == "3 passed, 0 failed", "\(lines)")
    }

    @Test func stubsMocksAndMessageExpectationsOnObjectsAndClasses() throws {
        let lines = try run(["MMCalculator.m": Self.calculator, "MMDoublesSpec.m": """
            #import <Kiwi/Kiwi.h>
            #import "MMCalculator.h"

            SPEC_BEGIN(MMDoublesSpec)

            describe(@"doubles", ^{
                __block MMCalculator *calculator;
                beforeEach(^{ calculator = [MMCalculator new]; });

                it(@"answers from a mock", ^{
                    id store = [KWMock mockForProtocol:@protocol(MMStore)];
                    [store stub:@selector(load:) andReturn:@"World"];
                    calculator.store = store;
                    [[[calculator greeting] should] equal:@"Hello, World"];
                });
                it(@"stubs a real object and a class", ^{
                    MMCalculator *other = [MMCalculator nullMock];
                    [MMCalculator stub:@selector(shared) andReturn:other];
                    [[[MMCalculator shared] should] beIdenticalTo:other];
                    [calculator stub:@selector(add:to:) withBlock:^id(NSArray *params) { return @([params[0] integerValue] * 10); }];
                    [[theValue([calculator add:4 to:1]) should] equal:theValue(40)];
                });
                it(@"expects messages", ^{
                    [[calculator should] receive:@selector(greeting) andReturn:@"Hi"];
                    [[calculator shouldNot] receive:@selector(notify)];
                    [[[calculator greeting] should] equal:@"Hi"];
                });
                it(@"captures an argument", ^{
                    id store = [KWMock nullMockForProtocol:@protocol(MMStore)];
                    KWCaptureSpy *spy = [store captureArgument:@selector(load:) atIndex:0];
                    calculator.store = store;
                    [calculator greeting];
                    [[spy.argument should] equal:@"name"];
                });
                it(@"hears notifications, now and later", ^{
                    [[@"MMDidAdd" should] bePostedWithObject:calculator userInfo:@{@"sum": @3}];
                    [[@"MMDidAdd" shouldNot] bePostedWithObject:calculator userInfo:@{@"sum": @4}];
                    [calculator notify];
                });
                it(@"waits for what comes later", ^{
                    [[@"MMDidAdd" shouldEventually] bePosted];
                    [calculator notifyLater];
                });
                it(@"fails a message never sent", ^{
                    [[calculator should] receive:@selector(notify) withCount:2];
                    [calculator notify];
                });
                it(@"fails a strict mock's unexpected message", ^{
                    id store = [KWMock mockForProtocol:@protocol(MMStore)];
                    [store load:@"x"];
                });
                it(@"refuses to stub a method the object lacks", ^{
                    [calculator stub:@selector(objectAtIndex:)];
                });
            });

            SPEC_END
            """])
        for name in ["answers_from_a_mock", "stubs_a_real_object_and_a_class", "expects_messages", "captures_an_argument",
                     "hears_notifications__now_and_later", "waits_for_what_comes_later"] {
            #expect(lines.contains("Test Case '-[MMDoublesSpec doubles_\(name)]' passed (T seconds)."), "\(lines)")
        }
        #expect(lines.contains {
            $0.hasPrefix("MMDoublesSpec.m:45: error: -[MMDoublesSpec doubles_fails_a_message_never_sent] : expected <MMCalculator: 0x")
                && $0.hasSuffix("> to receive notify exactly 2 times, but received it once")
        }, "\(lines)")
        #expect(lines.contains { $0.contains("doubles_fails_a_strict_mock_s_unexpected_message] : failed: caught") && $0.contains("KWMock for <MMStore>: unexpected method invoked: load:\"x\"") })
        #expect(lines.contains { $0.contains("doubles_refuses_to_stub_a_method_the_object_lacks]") && $0.contains("cannot be stubbed with objectAtIndex:, a method it does not have") })
        #expect(lines.last == "6 passed, 3 failed")
    }

    /// A matcher of the user's (a `KWMatcher` subclass whose prefix `registerMatchers` names)
    /// is taken by a verifier through its `+matcherStrings`; a mock of a class the model
    /// lacks takes what it is stubbed with, as Kiwi's mocks take messages by forwarding.
    @Test func usersMatchersAndMocksOfClassesTheModelLacks() throws {
        let lines = try run([
            "MMEvenMatcher.h": """
                #import "KWMatcher.h"
                @interface MMEvenMatcher : KWMatcher
                - (void)beEven;
                - (void)beMultipleOf:(id)n;
                @end
                """,
            "MMEvenMatcher.m": """
                #import "MMEvenMatcher.h"
                @interface MMEvenMatcher ()
                @property (nonatomic, strong) NSNumber *divisor;
                @end
                @implementation MMEvenMatcher
                + (NSArray *)matcherStrings { return @[@"beEven", @"beMultipleOf:"]; }
                - (BOOL)evaluate { return [self.subject integerValue] % [self.divisor integerValue] == 0; }
                - (NSString *)failureMessageForShould { return [NSString stringWithFormat:@"expected %@ to be a multiple of %@", self.subject, self.divisor]; }
                - (void)beEven { self.divisor = @2; }
                - (void)beMultipleOf:(id)n { self.divisor = n; }
                @end
                """,
            "NumberSpec.m": """
                #import <Kiwi/Kiwi.h>
                #import "MMEvenMatcher.h"

                SPEC_BEGIN(NumberSpec)

                registerMatchers(@"MM");

                describe(@"numbers", ^{
                    it(@"are even", ^{
                        [[@4 should] beEven];
                        [[@9 should] beMultipleOf:@3];
                        [[@3 shouldNot] beEven];
                    });
                    it(@"fail to be even", ^{ [[@5 should] beEven]; });
                    it(@"show an alert through a mock", ^{
                        UIAlertView *alert = [UIAlertView mock];
                        [[alert should] receive:@selector(showAnimated:) withArguments:any()];
                        [alert showAnimated:YES];
                    });
                });

                SPEC_END
                """,
        ])
        #expect(lines.contains("Test Case '-[NumberSpec numbers_are_even]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains("NumberSpec.m:14: error: -[NumberSpec numbers_fail_to_be_even] : expected 5 to be a multiple of 2"))
        #expect(lines.contains("Test Case '-[NumberSpec numbers_show_an_alert_through_a_mock]' passed (T seconds)."))
    }

    /// Kiwi's matchers and stubs in an XCTest test case: what is left to check (a message
    /// expected) is checked when the test method returns, and `KWClearStubsAndSpies()` in
    /// `tearDown` takes the stubs away.
    @Test func kiwiInAnXCTestCaseIsCheckedWhenTheTestEnds() throws {
        let lines = try run(["MMCalculator.m": Self.calculator, "MMCalculatorTests.m": """
            #import <XCTest/XCTest.h>
            #import <Kiwi/Kiwi.h>
            #import "MMCalculator.h"

            @interface MMCalculatorTests : XCTestCase
            @end
            @implementation MMCalculatorTests
            - (void)tearDown {
                KWClearStubsAndSpies();
                [super tearDown];
            }
            - (void)testStubbedShared {
                [MMCalculator stub:@selector(shared) andReturn:nil];
                XCTAssertNil([MMCalculator shared]);
            }
            - (void)testSharedIsRealAgain {
                XCTAssertNotNil([MMCalculator shared]);
            }
            - (void)testExpectedMessage {
                MMCalculator *calculator = [MMCalculator new];
                [[calculator should] receive:@selector(notify)];
            }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMCalculatorTests testStubbedShared]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains("Test Case '-[MMCalculatorTests testSharedIsRealAgain]' passed (T seconds)."))
        #expect(lines.contains { $0.contains("-[MMCalculatorTests testExpectedMessage] : expected <MMCalculator: ") && $0.hasSuffix("to receive notify exactly once, but received it 0 times") })
    }
}
