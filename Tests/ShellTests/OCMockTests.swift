import Foundation
import Shell
import Testing

/// OCMock's Objective-C API as its users write it, run by `rtsh test`: every kind of mock,
/// the recording macros and the old-style recorders, actions, argument constraints
/// (OCMArg's and a user's OCMConstraint subclass), class methods, quantifiers, and
/// failures worded as OCMock words them at the macro's file and line.
@Suite("OCMock, as its users write it")
struct OCMockTests {
    /// Loads `files` into a fresh session and runs their tests; the lines without timings.
    private func run(_ files: [String: String]) throws -> [String] {
        let tree = try SourceTree(files)
        let shell = try ShellHarness()
        _ = shell.session.testSources([tree.root.path], selection: Session.TestSelection())
        return shell.take().all.filter { !$0.hasPrefix("loaded ") }
            .map { $0.replacing(tree.root.path + "/", with: "").replacing(/\d+\.\d{3} seconds/, with: "T seconds") }
    }

    static let client = """
        @protocol MMDataSource <NSObject>
        - (NSInteger)numberOfItems;
        - (NSString *)titleAtIndex:(NSInteger)index;
        @end

        @interface MMClient : NSObject
        + (NSString *)baseURL;
        - (void)fetchWithCompletion:(void (^)(NSArray *items, NSError *error))completion;
        - (NSString *)status;
        - (NSString *)summary;
        - (BOOL)loadInto:(NSError **)error;
        - (void)sendCount:(NSInteger)count;
        @end
        @implementation MMClient
        + (NSString *)baseURL { return @"https://real"; }
        - (void)fetchWithCompletion:(void (^)(NSArray *items, NSError *error))completion { completion(@[@"real"], nil); }
        - (NSString *)status { return @"real"; }
        - (NSString *)summary { return [NSString stringWithFormat:@"status %@", [self status]]; }
        - (BOOL)loadInto:(NSError **)error { return YES; }
        - (void)sendCount:(NSInteger)count {}
        @end

        // The fourth seed article's constraint, as its readers write it.
        @interface MMKindConstraint : OCMConstraint
        { @public Class testClass; }
        @end
        @implementation MMKindConstraint
        - (BOOL)evaluate:(id)value { return [value isKindOfClass:testClass]; }
        @end
        @implementation OCMConstraint (MMExtensions)
        + (id)isKindOfClass:(Class)cls { MMKindConstraint *c = [MMKindConstraint constraint]; c->testClass = cls; return c; }
        @end
        """

    @Test func everyKindOfMockAnswersAsItsUsersExpect() throws {
        let lines = try run(["MMClient.m": Self.client, "MMPassingTests.m": """
            #import <XCTest/XCTest.h>
            @interface MMPassingTests : XCTestCase
            @end
            @implementation MMPassingTests
            - (void)testStubAndVerifyWithQuantifiers {
                id client = OCMClassMock([MMClient class]);
                OCMStub([client status]).andReturn(@"stubbed");
                XCTAssertEqualObjects([client status], @"stubbed");
                XCTAssertNil([client summary], @"a nice mock answers nil to what nothing stubs");
                OCMVerify([client status]);
                OCMVerify(times(1), [client status]);
                OCMVerify(atLeast(1), [client summary]);
                OCMVerify(never(), [client fetchWithCompletion:OCMOCK_ANY]);
            }
            - (void)testOldStyleExpectationWithAUserConstraint {
                id nav = [OCMockObject mockForClass:[UINavigationController class]];
                [[nav expect] pushViewController:[OCMConstraint isKindOfClass:[UIViewController class]] animated:YES];
                [nav pushViewController:[[UIViewController alloc] init] animated:YES];
                [nav verify];
                [[[nav stub] andReturn:@"Files"] title];
                XCTAssertEqualObjects([nav title], @"Files");
            }
            - (void)testClassMethodsAreStubbedWhileTheMockLives {
                id mock = OCMClassMock([MMClient class]);
                OCMStub([MMClient baseURL]).andReturn(@"https://fake");
                XCTAssertEqualObjects([MMClient baseURL], @"https://fake");
                [mock stopMocking];
                XCTAssertEqualObjects([MMClient baseURL], @"https://real");
            }
            - (void)testBlockArgumentsAndProtocolMocks {
                id client = OCMClassMock([MMClient class]);
                OCMStub([client fetchWithCompletion:[OCMArg invokeBlockWithArgs:@[@"a", @"b"], [NSNull null], nil]]);
                __block NSArray *got = nil;
                [client fetchWithCompletion:^(NSArray *items, NSError *error) { got = items; }];
                XCTAssertEqual(got.count, 2);
                id source = OCMProtocolMock(@protocol(MMDataSource));
                OCMStub([source numberOfItems]).andReturn(3);
                OCMStub([source titleAtIndex:1]).andReturn(@"one");
                XCTAssertEqual([source numberOfItems], 3);
                XCTAssertEqualObjects([source titleAtIndex:1], @"one");
                XCTAssertNil([source titleAtIndex:2]);
                XCTAssertTrue([source conformsToProtocol:@protocol(MMDataSource)]);
            }
            - (void)testAPartialMockKeepsTheRealMethodsAndReachesSelf {
                MMClient *real = [[MMClient alloc] init];
                id partial = OCMPartialMock(real);
                OCMStub([partial status]).andReturn(@"partial");
                XCTAssertEqualObjects([real summary], @"status partial");
                XCTAssertEqualObjects([partial summary], @"status partial");
                OCMVerify([partial summary]);
                [partial stopMocking];
                XCTAssertEqualObjects([real summary], @"status real");
            }
            - (void)testOutParametersAndDoBlocksAndIgnoredScalars {
                id client = OCMClassMock([MMClient class]);
                NSError *stubError = [NSError errorWithDomain:@"MMTest" code:7 userInfo:nil];
                OCMStub([client loadInto:[OCMArg setTo:stubError]]).andReturn(NO);
                NSError *error = nil;
                XCTAssertFalse([client loadInto:&error]);
                XCTAssertEqual(error.code, 7);
                OCMStub([client summary]).andDo(^(NSInvocation *invocation) { NSString *s = @"done"; [invocation setReturnValue:&s]; });
                XCTAssertEqualObjects([client summary], @"done");
                OCMExpect([client sendCount:0]).ignoringNonObjectArgs();
                [client sendCount:5];
                OCMVerifyAll(client);
            }
            - (void)testThrowPostAndRejectAreCatchable {
                id client = OCMClassMock([MMClient class]);
                OCMStub([client status]).andThrow([NSException exceptionWithName:@"MMOffline" reason:@"no network" userInfo:nil]);
                XCTAssertThrowsSpecificNamed([client status], NSException, @"MMOffline");
                OCMReject([client summary]);
                XCTAssertThrowsSpecificNamed([client summary], NSException, NSInternalInconsistencyException);
            }
            @end
            """])
        #expect(lines.last == "7 passed, 0 failed", "\(lines)")
    }

    @Test func failuresReadAsOCMockWordsThemAtTheMacrosPlace() throws {
        let lines = try run(["MMClient.m": Self.client, "MMFailingTests.m": """
            #import <XCTest/XCTest.h>
            @interface MMFailingTests : XCTestCase
            @end
            @implementation MMFailingTests
            - (void)testUnmetExpectation {
                id client = OCMStrictClassMock([MMClient class]);
                OCMExpect([client status]);
                OCMVerifyAll(client);
            }
            - (void)testWrongCount {
                id client = OCMClassMock([MMClient class]);
                [client status];
                OCMVerify(times(2), [client status]);
            }
            - (void)testUnexpectedCallOnAStrictMock {
                id client = OCMStrictClassMock([MMClient class]);
                [client summary];
            }
            - (void)testNothingRecorded {
                OCMStub([[MMClient alloc] init]);
            }
            @end
            """])
        #expect(lines.contains("MMFailingTests.m:8: error: -[MMFailingTests testUnmetExpectation] : OCClassMockObject(MMClient): expected method was not invoked: status. Calls received: none"))
        #expect(lines.contains("MMFailingTests.m:13: error: -[MMFailingTests testWrongCount] : OCClassMockObject(MMClient): Method `status` was invoked once; but was expected exactly 2 times. Calls received: status"))
        #expect(lines.contains("<unknown>:0: error: -[MMFailingTests testUnexpectedCallOnAStrictMock] : failed: caught \"NSInternalInconsistencyException\", \"OCClassMockObject(MMClient): unexpected method invoked: summary. Calls received: summary\""))
        #expect(lines.contains { $0.contains("testNothingRecorded] : failed: caught \"NSInternalInconsistencyException\", \"OCMStub recorded no call") })
        #expect(lines.last == "0 passed, 4 failed", "\(lines)")
    }
}
