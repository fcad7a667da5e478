import Foundation
import Shell
import Testing

/// Specta's and Quick's specs as their users write them, run by `rtsh test`: groups,
/// examples and hooks in their order, focused and pending examples, shared examples,
/// `waitUntil` on the virtual clock, Expecta's and Nimble's expectations, and failures at
/// the line of the expectation inside the example's block.
@Suite("Specta and Quick specs, with Expecta and Nimble")
struct SpecTests {
    /// Loads `files` into a fresh session and runs their tests; the lines without timings.
    private func run(_ files: [String: String]) throws -> [String] { try ShellHarness.testLines(files) }

    static let cart = """
        #import <Foundation/Foundation.h>
        @interface MMCart : NSObject
        @property (nonatomic, strong) NSMutableArray *items;
        - (void)add:(NSString *)item;
        - (void)checkOutWithCompletion:(void (^)(BOOL ok))completion;
        @end
        @implementation MMCart
        - (instancetype)init { self = [super init]; _items = [NSMutableArray array]; return self; }
        - (void)add:(NSString *)item { [self.items addObject:item]; }
        - (void)checkOutWithCompletion:(void (^)(BOOL ok))completion {
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(2 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ completion(self.items.count > 0); });
        }
        @end
        """

    @Test func aSpectaSpecRunsItsExamplesWithTheirHooksInOrder() throws {
        let lines = try run(["MMCart.m": Self.cart, "MMCartSpec.m": """
            #import <Specta/Specta.h>
            #import <Expecta/Expecta.h>
            #import "MMCart.h"

            static NSMutableArray *events;

            SpecBegin(MMCart)

            describe(@"a cart", ^{
                __block MMCart *cart;
                beforeAll(^{ events = [NSMutableArray array]; [events addObject:@"all"]; });
                beforeEach(^{ cart = [MMCart new]; [events addObject:@"each"]; });
                afterEach(^{ [events addObject:@"after"]; });
                afterAll(^{ [events addObject:@"done"]; });

                it(@"starts empty", ^{
                    expect(cart.items).to.haveCountOf(0);
                });

                context(@"with an item", ^{
                    beforeEach(^{ [cart add:@"tea"]; });
                    it(@"holds it", ^{
                        expect(cart.items).to.contain(@"tea");
                        expect(events).to.equal(@[@"all", @"each", @"after", @"each"]);
                    });
                    it(@"checks out later", ^{
                        __block BOOL done = NO;
                        waitUntil(^(DoneCallback finished) {
                            [cart checkOutWithCompletion:^(BOOL ok) { done = ok; finished(); }];
                        });
                        expect(done).to.beTruthy();
                    });
                });

                xit(@"is not written yet", ^{});

                it(@"fails where the expectation is", ^{
                    [cart add:@"milk"];
                    expect(cart.items.count).to.equal(2);
                });
            });

            SpecEnd
            """])
        #expect(lines.contains("Test Case '-[MMCartSpec a_cart_starts_empty]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains("Test Case '-[MMCartSpec a_cart_with_an_item_holds_it]' passed (T seconds)."))
        #expect(lines.contains("Test Case '-[MMCartSpec a_cart_with_an_item_checks_out_later]' passed (T seconds)."))
        #expect(lines.contains("MMCartSpec.m:39: error: -[MMCartSpec a_cart_fails_where_the_expectation_is] : expected: 2, got: 1"))
        #expect(lines.contains("MMCartSpec.m:35: -[MMCartSpec a_cart_is_not_written_yet] : pending: a cart is not written yet"))
        #expect(lines.last == "3 passed, 1 failed, 1 skipped", "\(lines)")
    }

    /// Also: a tree that vendors Specta (CocoaPods' `Pods/Specta`) loads, its functions
    /// named as the DSL's macros read as its own.
    @Test func focusedExamplesRunAloneAndSharedExamplesGetTheirData() throws {
        let lines = try run(["MMCart.m": Self.cart, "Pods/Specta/Specta/SpectaDSL.m": """
            #import <Specta/SpectaDSL.h>
            void describe(NSString *name, void (^block)(void)) { block(); }
            void it(NSString *name, void (^block)(void)) { block(); }
            """, "Pods/Specta/Specta/SpectaDSL.h": """
            void describe(NSString *name, void (^block)(void));
            void it(NSString *name, void (^block)(void));
            """, "MMSharedSpec.m": """
            #import <Specta/Specta.h>
            #import <Expecta/Expecta.h>
            #import "MMCart.h"

            SpecBegin(MMShared)

            sharedExamplesFor(@"a container", ^(NSDictionary *data) {
                it(@"counts what it holds", ^{
                    expect([data[@"container"] count]).to.equal([data[@"count"] integerValue]);
                });
            });

            describe(@"a list", ^{
                itShouldBehaveLike(@"a container", @{@"container": @[@1, @2], @"count": @2});
            });

            fdescribe(@"a set", ^{
                itShouldBehaveLike(@"a container", @{@"container": [NSSet setWithObject:@1], @"count": @1});
                it(@"is focused too", ^{ expect(YES).to.beTruthy(); });
            });

            it(@"is left out while others are focused", ^{ expect(NO).to.beTruthy(); });

            SpecEnd
            """])
        #expect(lines.contains("Test Case '-[MMSharedSpec a_set_a_container_counts_what_it_holds]' passed (T seconds)."), "\(lines)")
        #expect(!lines.contains { $0.contains("error") }, "\(lines)")
        #expect(lines.last == "2 passed, 0 failed", "\(lines)")
    }

    @Test func aQuickSpecWithNimbleAndSharedExamplesFromAConfiguration() throws {
        let lines = try run(["MMCart.m": Self.cart, "MMCartExamples.m": """
            #import <Quick/Quick.h>
            #import <Nimble/Nimble.h>

            QuickConfigurationBegin(MMCartExamples)
            + (void)configure:(Configuration *)configuration {
                sharedExamples(@"a non-empty cart", ^(QCKDSLSharedExampleContext data) {
                    it(@"has items", ^{
                        MMCart *cart = data()[@"cart"];
                        expect(@(cart.items.count)).to(beGreaterThan(@0));
                    });
                });
                // Quick's prefixed spellings, as code that turns the short ones off writes them.
                qck_sharedExamples(@"an empty cart", ^(QCKDSLSharedExampleContext data) {
                    qck_it(@"has no items", ^{
                        MMCart *cart = data()[@"cart"];
                        expect(@(cart.items.count)).to(equal(@0));
                    });
                    qck_xit(@"is not checked yet", ^{ });
                });
            }
            QuickConfigurationEnd
            """, "MMCartQuickSpec.m": """
            @import Quick;
            @import Nimble;

            QuickSpecBegin(MMCartQuickSpec)

            __block MMCart *cart;
            beforeEach(^{ cart = [MMCart new]; });

            it(@"starts empty", ^{
                expect(cart.items).to(beEmpty());
                expect(cart).notTo(beNil());
                expect(cart).to(beAKindOf([MMCart class]));
            });
            qck_itBehavesLike(@"an empty cart", ^{ return @{@"cart": cart}; });

            describe(@"adding", ^{
                beforeEach(^{ [cart add:@"tea"]; });
                itBehavesLike(@"a non-empty cart", ^{ return @{@"cart": cart}; });
                it(@"keeps the item", ^{
                    expect(cart.items.firstObject).to(equal(@"tea"));
                    expect(cart.items).to(contain(@"tea"));
                    expect(cart.items.firstObject).to(beAKindOf([NSString class]));
                    expect(@{@"tea": @1}).to(beAKindOf([NSDictionary class]));
                    expect(cart.items).notTo(beAKindOf([NSDictionary class]));
                });
                it(@"reports a mismatch in Nimble's words", ^{
                    expect(cart.items.firstObject).to(equal(@"coffee"));
                });
            });

            QuickSpecEnd
            """])
        #expect(lines.contains("Test Case '-[MMCartQuickSpec adding_a_non_empty_cart_has_items]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains("Test Case '-[MMCartQuickSpec an_empty_cart_has_no_items]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains("Test Case '-[MMCartQuickSpec an_empty_cart_is_not_checked_yet]' skipped (T seconds)."), "\(lines)")
        #expect(lines.contains("MMCartQuickSpec.m:27: error: -[MMCartQuickSpec adding_reports_a_mismatch_in_Nimble_s_words] : expected to equal <coffee>, got <tea>"))
        #expect(lines.last == "4 passed, 1 failed, 1 skipped", "\(lines)")
    }

    /// Nimble's `expectAction(...)` runs the code, and `raiseException()` checks what it
    /// raised, narrowed by name, reason and a block of its own expectations.
    @Test func nimblesRaiseExceptionChecksWhatAnActionRaised() throws {
        let lines = try run(["MMCart.m": Self.cart, "MMRaiseSpec.m": """
            @import Quick;
            @import Nimble;

            QuickSpecBegin(MMRaiseSpec)
            it(@"raises as expected", ^{
                expectAction([@[] objectAtIndex:1]).to(raiseException().named(NSRangeException));
                expectAction(@throw [NSException exceptionWithName:@"MMOops" reason:@"out of tea" userInfo:nil]).to(raiseException().named(@"MMOops").reason(@"out of tea").satisfyingBlock(^(NSException *e) {
                    expect(e.reason).to(beginWith(@"out"));
                }));
                expectAction([MMCart new]).toNot(raiseException());
                expect(@[@1, @2]).to(equal(@[@1, @2]));
            });
            it(@"reports what was raised instead", ^{
                expectAction([@[] objectAtIndex:1]).to(raiseException().reason(@"no such thing"));
            });
            it(@"reports no exception", ^{
                expectAction([MMCart new]).to(raiseException().named(@"MMOops"));
            });
            QuickSpecEnd
            """])
        #expect(lines.contains("Test Case '-[MMRaiseSpec raises_as_expected]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains("MMRaiseSpec.m:14: error: -[MMRaiseSpec reports_what_was_raised_instead] : expected to raise exception with reason <no such thing>, got <NSRangeException { -[NSArray objectAtIndex:]: index 1 beyond bounds for empty array }>"), "\(lines)")
        #expect(lines.contains("MMRaiseSpec.m:17: error: -[MMRaiseSpec reports_no_exception] : expected to raise exception with name <MMOops>, got no exception"), "\(lines)")
        #expect(lines.last == "1 passed, 2 failed", "\(lines)")
    }

    @Test func aWaitThatNeverEndsAndTheDSLOutsideASpecAreReported() throws {
        let lines = try run(["MMCart.m": Self.cart, "MMTimeoutSpec.m": """
            #import <Specta/Specta.h>
            SpecBegin(MMTimeout)
            it(@"waits for nothing", ^{
                setAsyncSpecTimeout(3);
                waitUntil(^(DoneCallback done) {});
            });
            SpecEnd

            @interface MMStray : XCTestCase
            @end
            @implementation MMStray
            - (void)testAnExampleOutsideASpec { it(@"strays", ^{}); }
            @end
            """])
        #expect(lines.contains("MMTimeoutSpec.m:5: error: -[MMTimeoutSpec waits_for_nothing] : waitUntil timed out after 3 seconds: the block did not call done()"), "\(lines)")
        #expect(lines.contains { $0.contains("testAnExampleOutsideASpec] : failed: caught") && $0.contains("it(): it declares part of a spec, so it belongs inside SpecBegin(...) ... SpecEnd or a QuickSpec's -spec") }, "\(lines)")
        #expect(lines.last == "0 passed, 2 failed", "\(lines)")
    }
}
