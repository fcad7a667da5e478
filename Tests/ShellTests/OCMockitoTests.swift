import Foundation
import Shell
import Testing

/// OCMockito's API as its users write it, run by `rtsh test`: every kind of mock, `given`
/// with answers in turn and matchers for scalar arguments, `verify` and `verifyCount`
/// counting only calls no earlier verification counted, argument captors, and failures
/// worded as OCMockito words them, at the macro's place or on the test case given.
@Suite("OCMockito, as its users write it")
struct OCMockitoTests {
    /// Loads `files` into a fresh session and runs their tests; the lines without timings.
    private func run(_ files: [String: String]) throws -> [String] { try ShellHarness.testLines(files) }

    static let collaborators = """
        #import <Foundation/Foundation.h>
        @protocol MMFeedDelegate <NSObject>
        - (void)feedDidLoad:(NSArray *)items;
        - (void)feedDidFail;
        @optional
        - (BOOL)feedShouldRetry;
        @end

        @interface MMStore : NSObject
        + (instancetype)sharedStore;
        - (NSString *)itemAtIndex:(NSUInteger)index;
        - (NSUInteger)count;
        - (void)save:(NSString *)item;
        @end
        @implementation MMStore
        + (instancetype)sharedStore { return [self new]; }
        - (NSString *)itemAtIndex:(NSUInteger)index { return @"real"; }
        - (NSUInteger)count { return 99; }
        - (void)save:(NSString *)item {}
        @end

        @interface MMFeed : NSObject
        @property (nonatomic, strong) MMStore *store;
        @property (nonatomic, weak) id<MMFeedDelegate> delegate;
        - (void)load;
        @end
        @implementation MMFeed
        - (void)load {
            NSMutableArray *items = [NSMutableArray array];
            for (NSUInteger i = 0; i < [self.store count]; i++) [items addObject:[self.store itemAtIndex:i]];
            if (items.count == 0) { [self.delegate feedDidFail]; return; }
            [self.store save:@"loaded"];
            [self.delegate feedDidLoad:items];
        }
        @end
        """

    @Test func mocksStubAndVerifyAsOCMockitosUsersExpect() throws {
        let lines = try run(["MMFeed.m": Self.collaborators, "MMFeedTests.m": """
            #import <XCTest/XCTest.h>
            #import <OCHamcrest/OCHamcrest.h>
            #import <OCMockito/OCMockito.h>
            @interface MMFeedTests : XCTestCase
            @end
            @implementation MMFeedTests
            - (void)testGivenAnswersInTurnAndVerifyCountsOnce {
                MMStore *store = mock([MMStore class]);
                id<MMFeedDelegate> delegate = mockProtocol(@protocol(MMFeedDelegate));
                [given([store count]) willReturnUnsignedInteger:2];
                [[given([store itemAtIndex:0]) willReturn:@"first"] willReturn:@"again"];
                [given([store itemAtIndex:1]) willReturn:@"second"];
                MMFeed *feed = [MMFeed new];
                feed.store = store;
                feed.delegate = delegate;
                [feed load];
                [verify(delegate) feedDidLoad:@[@"first", @"second"]];
                [verifyCount(delegate, never()) feedDidFail];
                [verifyCount(store, times(2)) itemAtIndex:anything()];
                XCTAssertEqualObjects([store itemAtIndex:0], @"again");
                XCTAssertEqualObjects([store itemAtIndex:0], @"again", @"the last answer stays");
                [verifyCount(store, times(2)) itemAtIndex:0];
                [verifyCount(store, atLeastOnce()) count];
            }
            - (void)testTheNewestStubWinsAndAMatcherTakesAScalar {
                MMStore *store = mock([MMStore class]);
                [[given([store itemAtIndex:0]) withMatcher:anything() forArgument:0] willReturn:@"any"];
                [given([store itemAtIndex:3]) willReturn:@"three"];
                XCTAssertEqualObjects([store itemAtIndex:3], @"three");
                XCTAssertEqualObjects([store itemAtIndex:8], @"any");
                [[verifyCount(store, times(2)) withMatcher:greaterThan(@2) forArgument:0] itemAtIndex:0];
            }
            - (void)testCaptorsWillDoAndWillThrow {
                MMStore *store = mock([MMStore class]);
                [store save:@"a"];
                [store save:@"b"];
                MKTArgumentCaptor *captor = [[MKTArgumentCaptor alloc] init];
                [verifyCount(store, times(2)) save:[captor capture]];
                assertThat([captor allValues], contains(@"a", @"b", nil));
                assertThat([captor value], is(@"b"));
                [given([store itemAtIndex:5]) willDo:^id(NSInvocation *invocation) {
                    return [NSString stringWithFormat:@"item %@", [invocation mkt_arguments][0]];
                }];
                XCTAssertEqualObjects([store itemAtIndex:5], @"item 5");
                [given([store count]) willThrow:[NSException exceptionWithName:@"MMOffline" reason:@"no disk" userInfo:nil]];
                XCTAssertThrowsSpecificNamed([store count], NSException, @"MMOffline");
            }
            - (void)testClassMocksPropertiesAndProtocolsWithoutOptionals {
                id storeClass = mockClass([MMStore class]);
                MMStore *shared = mock([MMStore class]);
                [given([storeClass sharedStore]) willReturn:shared];
                XCTAssertEqual([storeClass sharedStore], shared);
                XCTAssertNotEqual([MMStore sharedStore], shared, @"the class itself is untouched");
                MMFeed *feed = mock([MMFeed class]);
                stubProperty(feed, store, shared);
                XCTAssertEqual(feed.store, shared);
                XCTAssertEqual([feed valueForKey:@"store"], shared);
                id<MMFeedDelegate> strict = mockProtocolWithoutOptionals(@protocol(MMFeedDelegate));
                XCTAssertFalse([strict respondsToSelector:@selector(feedShouldRetry)]);
                XCTAssertTrue([strict respondsToSelector:@selector(feedDidFail)]);
                id both = mockObjectAndProtocol([MMStore class], @protocol(MMFeedDelegate));
                XCTAssertTrue([both conformsToProtocol:@protocol(MMFeedDelegate)]);
                XCTAssertTrue([both isKindOfClass:[MMStore class]]);
                [both feedDidFail];
                [verify(both) feedDidFail];
                [givenVoid([both save:@"x"]) willThrow:[NSException exceptionWithName:@"MMFull" reason:@"full" userInfo:nil]];
                XCTAssertThrows([both save:@"x"]);
                stopMocking(both);
                [both save:@"x"];
            }
            @end
            """])
        #expect(lines.last == "4 passed, 0 failed", "\(lines)")
    }

    @Test func failuresReadAsOCMockitoWordsThemAtTheMacrosPlace() throws {
        let lines = try run(["MMFeed.m": Self.collaborators, "MMFailingTests.m": """
            #import <XCTest/XCTest.h>
            #import <OCMockito/OCMockito.h>
            @interface MMFailingTests : XCTestCase
            @end
            @implementation MMFailingTests
            - (void)testNotInvoked {
                MMStore *store = mock([MMStore class]);
                [verify(store) save:@"x"];
            }
            - (void)testOtherArguments {
                MMStore *store = mock([MMStore class]);
                [store save:@"y"];
                [verify(store) save:@"x"];
            }
            - (void)testTooMany {
                MMStore *store = mock([MMStore class]);
                [store count];
                [store count];
                [verifyCount(store, times(1)) count];
            }
            - (void)testNever {
                MMStore *store = mock([MMStore class]);
                [store count];
                [verifyCount(store, never()) count];
            }
            - (void)testNotAMock {
                [verify(@"text") length];
                given(3);
            }
            @end
            """])
        #expect(lines.contains("MMFailingTests.m:8: error: -[MMFailingTests testNotInvoked] : Wanted but not invoked:"))
        #expect(lines.contains("Actually, there were zero interactions with this mock."))
        #expect(lines.contains("MMFailingTests.m:13: error: -[MMFailingTests testOtherArguments] : Argument(s) are different!"))
        #expect(lines.contains("Wanted: save:\"x\""))
        #expect(lines.contains("MMFailingTests.m:19: error: -[MMFailingTests testTooMany] : Wanted 1 time but was called 2 times."))
        #expect(lines.contains("MMFailingTests.m:24: error: -[MMFailingTests testNever] : Never wanted but was called 1 time."))
        #expect(lines.contains("MMFailingTests.m:27: error: -[MMFailingTests testNotAMock] : Argument passed to verify() should be a mock, but was a string"))
        #expect(lines.contains("MMFailingTests.m:28: error: -[MMFailingTests testNotAMock] : given() requires an argument which is a method call on a mock object."))
        #expect(lines.last == "0 passed, 5 failed", "\(lines)")
    }

    /// OCMockito's own suite passes a test case of its own to the `…WithLocation` forms, to
    /// see the failure a verification reports.
    @Test func aFailureGoesToTheTestCaseTheMacroNames() throws {
        let lines = try run(["MMFeed.m": Self.collaborators, "MMLocationTests.m": """
            #import <XCTest/XCTest.h>
            #import <OCMockito/OCMockito.h>
            @interface MMRecordingCase : NSObject
            @property (nonatomic) NSUInteger failureCount;
            @property (nonatomic, copy) NSString *failureDescription;
            @end
            @implementation MMRecordingCase
            - (void)recordFailureWithDescription:(NSString *)description inFile:(NSString *)file atLine:(NSUInteger)line expected:(BOOL)expected {
                self.failureCount += 1;
                self.failureDescription = description;
            }
            @end
            @interface MMLocationTests : XCTestCase
            @end
            @implementation MMLocationTests
            - (void)testTheGivenCaseRecordsTheFailure {
                MMStore *store = mock([MMStore class]);
                MMRecordingCase *recording = [MMRecordingCase new];
                [store count];
                [MKTVerifyCountWithLocation(store, times(2), recording, __FILE__, __LINE__) count];
                XCTAssertEqual(recording.failureCount, 1);
                XCTAssertEqualObjects(recording.failureDescription, @"Wanted 2 times but was called 1 time.");
                [MKTVerifyWithLocation(nil, recording, __FILE__, __LINE__) count];
                XCTAssertEqualObjects(recording.failureDescription, @"Argument passed to verify() should be a mock, but was nil");
            }
            @end
            """])
        #expect(lines.last == "1 passed, 0 failed", "\(lines)")
    }

    /// `stubSingleton` has the real class method answer as the class mock does, until the
    /// mock stops; `@import OCMockito;` brings the macros as the header does.
    @Test func aSingletonAnswersAsItsClassMockUntilTheMockStops() throws {
        let lines = try run(["MMFeed.m": Self.collaborators, "MMSingletonTests.m": """
            @import XCTest;
            @import OCMockito;
            @interface MMSingletonTests : XCTestCase
            @end
            @implementation MMSingletonTests
            - (void)testTheSharedStoreIsTheMocks {
                id storeClass = mockClass([MMStore class]);
                MMStore *shared = mock([MMStore class]);
                stubSingleton(storeClass, sharedStore);
                [given([storeClass sharedStore]) willReturn:shared];
                XCTAssertEqual([MMStore sharedStore], shared);
                [verifyCount(storeClass, times(1)) sharedStore];
                stopMocking(storeClass);
                XCTAssertNotEqual([MMStore sharedStore], shared);
                XCTAssertNotNil([MMStore sharedStore]);
            }
            - (void)testOnlyAClassMocksClassMethodCanStandIn {
                stubSingleton(mock([MMStore class]), sharedStore);
                stubSingleton(mockClass([MMStore class]), count);
            }
            @end
            """])
        #expect(lines.contains("MMSingletonTests.m:18: error: -[MMSingletonTests testOnlyAClassMocksClassMethodCanStandIn] : Argument passed to stubSingleton() should be a class mock, but was type MMStore_Mock"))
        #expect(lines.contains("MMSingletonTests.m:19: error: -[MMSingletonTests testOnlyAClassMocksClassMethodCanStandIn] : Method name passed to stubSingleton() should be a class method of MMStore, but was count"))
        #expect(lines.last == "1 passed, 1 failed", "\(lines)")
    }

    /// A tree that vendors OCMockito's sources (CocoaPods' `Pods/OCMockito`) loads without
    /// errors: its files keep their own macros, whose names rtsh's macros and OCMock's
    /// quantifiers would otherwise expand, and rtsh's classes stand for its own.
    @Test func aVendoredCopyOfOCMockitoLoadsBesideRTSHs() throws {
        let tree = try TemporaryTree([
            "Pods/OCMockito/OCMockito/MKTOngoingStubbing.h": "@interface MKTOngoingStubbing : NSObject\n- (MKTOngoingStubbing *)willReturn:(id)object;\n@end\n",
            "Pods/OCMockito/OCMockito/OCMockito.h": """
                #import <OCMockito/MKTOngoingStubbing.h>
                FOUNDATION_EXPORT id MKTMock(Class classToMock);
                static inline id mock(Class classToMock) { return MKTMock(classToMock); }
                FOUNDATION_EXPORT id MKTNever(void);
                static inline id never(void) { return MKTNever(); }
                static inline id times(NSUInteger wantedNumberOfInvocations) { return nil; }
                #define MKTGiven(methodCall) MKTGivenWithLocation(self, __FILE__, __LINE__, methodCall)
                """,
            "Pods/OCMockito/OCMockito/OCMockito.m": """
                #import "OCMockito.h"
                id MKTMock(Class classToMock) { return nil; }
                id MKTNever(void) { return nil; }
                """,
            "MMFeed.m": Self.collaborators,
            "Tests/MMVendoredTests.m": """
                #import <XCTest/XCTest.h>
                #import <OCMockito/OCMockito.h>
                @interface MMVendoredTests : XCTestCase
                @end
                @implementation MMVendoredTests
                - (void)testRTSHsOCMockitoAnswers {
                    MMStore *store = mock([MMStore class]);
                    [given([store count]) willReturnInteger:2];
                    XCTAssertEqual([store count], 2);
                    [verifyCount(store, times(1)) count];
                    [verifyCount(store, never()) save:anything()];
                }
                @end
                """,
        ])
        let shell = try ShellHarness()
        _ = shell.session.testSources([tree.root.path], selection: Session.TestSelection())
        let lines = shell.take().all
        #expect(lines.contains { $0.hasPrefix("loaded ") && $0.hasSuffix("; 0 errors") }, "\(lines)")
        #expect(lines.last == "1 passed, 0 failed", "\(lines)")
    }

    /// A built copy of OCMockito (a `.framework` bundle of headers and a binary, as trees
    /// vendor it) counts as its directory: its headers keep their own macros.
    @Test func aBuiltFrameworkOfOCMockitoLoadsBesideRTSHs() throws {
        let tree = try TemporaryTree([
            "Vendor/OCMockitoIOS.framework/Headers/OCMockitoIOS.h": """
                FOUNDATION_EXPORT id MKTMock(Class classToMock);
                FOUNDATION_EXPORT id MKTNever(void);
                #define never() MKTNever()
                """,
            // A header of the tree read before the bundle's, which imports it.
            "MMTestSupport.h": "#import <OCMockitoIOS/OCMockitoIOS.h>\n",
            "MMFeed.m": Self.collaborators,
            "Tests/MMBuiltTests.m": """
                #import <XCTest/XCTest.h>
                #import <OCMockitoIOS/OCMockitoIOS.h>
                @interface MMBuiltTests : XCTestCase
                @end
                @implementation MMBuiltTests
                - (void)testRTSHsOCMockitoAnswers {
                    MMStore *store = mock([MMStore class]);
                    [verifyCount(store, never()) save:anything()];
                }
                @end
                """,
        ])
        let shell = try ShellHarness()
        _ = shell.session.testSources([tree.root.path], selection: Session.TestSelection())
        let lines = shell.take().all
        #expect(lines.contains { $0.hasPrefix("loaded ") && $0.hasSuffix("; 0 errors") }, "\(lines)")
        #expect(lines.last == "1 passed, 0 failed", "\(lines)")
    }

    /// `mock`, `given` and `verify` are OCMockito's only where a file imports it.
    @Test func theMacrosComeWithTheImport() throws {
        let shell = try ShellHarness()
        #expect(shell.run("id m = mock([NSObject class]); [m isKindOfClass:[NSObject class]]") == ["YES"])
        shell.run("#import <OCMockito/OCMockito.h>", "NSMutableArray *list = mock([NSMutableArray class])", "[list addObject:@1]")
        #expect(shell.run("[verify(list) addObject:@1]") == [])
        #expect(shell.run("[verify(list) addObject:@1]").joined(separator: "\n").contains("Wanted but not invoked:"))
    }

    /// A verification counts the calls made since the last one, as OCMockito 3.0 and later
    /// do; a tree whose lock file pins an earlier OCMockito (CocoaPods' or Carthage's) has
    /// every call counted again, as those versions did, and its tests pass as written.
    @Test func verificationCountsFollowThePinnedOCMockito() throws {
        let test = """
            #import <XCTest/XCTest.h>
            #import <OCMockito/OCMockito.h>
            @interface MMCountTests : XCTestCase
            @end
            @implementation MMCountTests
            - (void)testCallsAccumulate {
                MMStore *store = mock([MMStore class]);
                [store save:@"a"];
                [verifyCount(store, times(1)) save:anything()];
                [store save:@"b"];
                [verifyCount(store, times(2)) save:anything()];
            }
            @end
            """
        let current = try ShellHarness.testLines(["MMFeed.m": Self.collaborators, "MMCountTests.m": test])
        #expect(current.contains("MMCountTests.m:11: error: -[MMCountTests testCallsAccumulate] : Wanted 2 times but was called 1 time."), "\(current)")
        let podsLock = "PODS:\n  - OCHamcrest (4.3.0)\n  - OCMockito (1.4.0):\n    - OCHamcrest (~> 4.0)\n\nDEPENDENCIES:\n  - OCMockito (~> 1.0)\n"
        let pods = try ShellHarness.testLines(["MMFeed.m": Self.collaborators, "MMCountTests.m": test, "Podfile.lock": podsLock])
        #expect(pods.last == "1 passed, 0 failed", "\(pods)")
        let carthage = try ShellHarness.testLines([
            "MMFeed.m": Self.collaborators, "MMCountTests.m": test, "Cartfile.resolved": "github \"jonreid/OCHamcrest\" \"v7.0.0\"\ngithub \"jonreid/OCMockito\" \"v2.0.1\"\n",
        ])
        #expect(carthage.last == "1 passed, 0 failed", "\(carthage)")
        let recent = try ShellHarness.testLines([
            "MMFeed.m": Self.collaborators, "MMCountTests.m": test, "Podfile.lock": "PODS:\n  - OCMockito (7.0.2):\n    - OCHamcrest (~> 9.0)\n",
        ])
        #expect(recent.last == "0 passed, 1 failed", "\(recent)")
    }
}
