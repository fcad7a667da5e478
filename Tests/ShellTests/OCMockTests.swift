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
    private func run(_ files: [String: String]) throws -> [String] { try ShellHarness.testLines(files) }

    static let client = """
        @interface MMRecord : NSObject
        @property (nonatomic, copy) NSString *title;
        @end
        @implementation MMRecord
        @dynamic title;
        @end

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
            - (void)testDynamicPropertiesAreMockedAsTheirAccessors {
                id record = OCMClassMock([MMRecord class]);
                XCTAssertTrue([record respondsToSelector:@selector(title)]);
                XCTAssertTrue([record respondsToSelector:@selector(setTitle:)]);
                OCMStub([record title]).andReturn(@"stubbed");
                XCTAssertEqualObjects([record title], @"stubbed");
                [record setTitle:@"set"];
                OCMVerify([record setTitle:@"set"]);
                XCTAssertFalse([[MMRecord new] respondsToSelector:@selector(title)], @"@dynamic adds no accessor to the class itself");
            }
            - (void)testThrowPostAndRejectAreCatchable {
                id client = OCMClassMock([MMClient class]);
                OCMStub([client status]).andThrow([NSException exceptionWithName:@"MMOffline" reason:@"no network" userInfo:nil]);
                XCTAssertThrowsSpecificNamed([client status], NSException, @"MMOffline");
                OCMReject([client summary]);
                XCTAssertThrowsSpecificNamed([client summary], NSException, NSInternalInconsistencyException);
            }
            - (void)testMocksMadeByTheirClassesInitializers {
                id client = [[OCClassMockObject alloc] initWithClass:[MMClient class]];
                OCMStub([client status]).andReturn(@"made");
                XCTAssertEqualObjects([client status], @"made");
                id source = [[OCProtocolMockObject alloc] initWithProtocol:@protocol(MMDataSource)];
                XCTAssertTrue([source conformsToProtocol:@protocol(MMDataSource)]);
                MMClient *real = [[MMClient alloc] init];
                id partial = [[OCPartialMockObject alloc] initWithObject:real];
                OCMStub([partial status]).andReturn(@"partial");
                XCTAssertEqualObjects([real summary], @"status partial");
                [partial stopMocking];
            }
            @end
            """])
        #expect(lines.last == "9 passed, 0 failed", "\(lines)")
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
        #expect(lines.contains { $0.contains("testNothingRecorded] : failed: caught \"NSInternalInconsistencyException\", \"Did not record an invocation in OCMStub/OCMExpect/OCMReject. Possible causes: The receiver is not a mock object.") })
        #expect(lines.last == "0 passed, 4 failed", "\(lines)")
    }

    static let notifier = """
        @interface MMNotifier : NSObject
        + (void)announce:(NSString *)name;
        + (void)announce:(NSString *)name info:(NSDictionary *)info;
        + (void)announceLater:(NSString *)name;
        @end
        @implementation MMNotifier
        + (void)announce:(NSString *)name { [[NSNotificationCenter defaultCenter] postNotificationName:name object:self]; }
        + (void)announce:(NSString *)name info:(NSDictionary *)info {
            [[NSNotificationCenter defaultCenter] postNotificationName:name object:self userInfo:info];
        }
        + (void)announceLater:(NSString *)name {
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(2 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ [self announce:name]; });
        }
        @end
        """

    @Test func observerMocksExpectNotificationsAndFailOnOthers() throws {
        let lines = try run(["MMNotifier.m": Self.notifier, "MMObserverTests.m": """
            #import <XCTest/XCTest.h>
            @interface MMObserverTests : XCTestCase
            @end
            @implementation MMObserverTests
            - (void)testExpectedNotificationsAreObserved {
                id observer = OCMObserverMock();
                [[NSNotificationCenter defaultCenter] addMockObserver:observer name:nil object:[MMNotifier class]];
                [[observer expect] notificationWithName:@"MMSaved" object:[MMNotifier class] userInfo:@{@"count": @2}];
                OCMExpect([observer notificationWithName:@"MMLoaded" object:OCMOCK_ANY]);
                [MMNotifier announce:@"MMLoaded"];
                [MMNotifier announce:@"MMSaved" info:@{@"count": @2}];
                OCMVerifyAll(observer);
                OCMVerify([observer notificationWithName:@"MMLoaded" object:[MMNotifier class]]);
                [[observer expect] notificationWithName:@"MMLater" object:[MMNotifier class]];
                [MMNotifier announceLater:@"MMLater"];
                [observer verifyWithDelay:3];
                [[NSNotificationCenter defaultCenter] removeObserver:observer];
                [MMNotifier announce:@"MMUnheard"];
            }
            - (void)testAnExpectedNilObjectTakesOnlyNil {
                id observer = [OCMockObject observerMock];
                [[NSNotificationCenter defaultCenter] addMockObserver:observer name:@"MMSaved" object:nil];
                [[observer expect] notificationWithName:@"MMSaved" object:nil];
                [MMNotifier announce:@"MMSaved"];
                [observer verify];
            }
            - (void)testAnExpectationNeverObserved {
                id observer = OCMObserverMock();
                OCMExpect([observer notificationWithName:@"MMSaved" object:nil]);
                OCMVerifyAll(observer);
            }
            - (void)testTwoExpectationsNeverObserved {
                id observer = OCMObserverMock();
                OCMExpect([observer notificationWithName:@"MMSaved" object:nil]);
                OCMExpect([observer notificationWithName:@"MMLoaded" object:nil]);
                OCMVerifyAll(observer);
            }
            - (void)testAnUnexpectedNotificationRaises {
                id observer = OCMObserverMock();
                [[NSNotificationCenter defaultCenter] addMockObserver:observer name:nil object:[MMNotifier class]];
                [MMNotifier announce:@"MMSurprise"];
            }
            - (void)testOrderMatters {
                id observer = OCMObserverMock();
                [observer setExpectationOrderMatters:YES];
                [[NSNotificationCenter defaultCenter] addMockObserver:observer name:nil object:[MMNotifier class]];
                OCMExpect([observer notificationWithName:@"MMFirst" object:OCMOCK_ANY]);
                OCMExpect([observer notificationWithName:@"MMSecond" object:OCMOCK_ANY]);
                [MMNotifier announce:@"MMSecond"];
            }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMObserverTests testExpectedNotificationsAreObserved]' passed (T seconds)."), "\(lines)")
        // As in OCMock, an expected nil object (or userInfo) takes only a notification without one.
        #expect(lines.contains("<unknown>:0: error: -[MMObserverTests testAnExpectedNilObjectTakesOnlyNil] : failed: caught \"NSInternalInconsistencyException\", \"OCMockObserver: unexpected notification observed: NSNotification {name = MMSaved; object = MMNotifier}\""))
        #expect(lines.contains("MMObserverTests.m:30: error: -[MMObserverTests testAnExpectationNeverObserved] : OCMockObserver: expected notification was not observed: notificationWithName:\"MMSaved\" object:nil userInfo:nil. Notifications observed: none"))
        #expect(lines.contains("MMObserverTests.m:36: error: -[MMObserverTests testTwoExpectationsNeverObserved] : OCMockObserver : 2 expected notifications were not observed: notificationWithName:\"MMSaved\" object:nil userInfo:nil; notificationWithName:\"MMLoaded\" object:nil userInfo:nil. Notifications observed: none"))
        #expect(lines.contains("<unknown>:0: error: -[MMObserverTests testAnUnexpectedNotificationRaises] : failed: caught \"NSInternalInconsistencyException\", \"OCMockObserver: unexpected notification observed: NSNotification {name = MMSurprise; object = MMNotifier}\""))
        #expect(lines.contains { $0.contains("testOrderMatters] : failed: caught \"NSInternalInconsistencyException\", \"OCMockObserver: unexpected notification observed: NSNotification {name = MMSecond;") })
        #expect(lines.last == "1 passed, 5 failed", "\(lines)")
    }

    static let shapes = """
        @interface MMShape : NSObject
        @property (nonatomic, copy) NSString *name;
        - (instancetype)initWithName:(NSString *)name;
        - (BOOL)isRound;
        - (NSInteger)sides;
        - (CGRect)bounds;
        - (NSString *)title;
        - (void)reset;
        @end
        @implementation MMShape
        - (instancetype)initWithName:(NSString *)name { self = [super init]; _name = name; return self; }
        - (BOOL)isRound { return NO; }
        - (NSInteger)sides { return 4; }
        - (CGRect)bounds { return CGRectMake(0, 0, 1, 1); }
        - (NSString *)title { return @"real"; }
        - (void)reset {}
        @end
        @interface MMFactory : NSObject
        + (MMShape *)circle;
        + (MMShape *)blank;
        @end
        @implementation MMFactory
        + (MMShape *)circle { return [[MMShape alloc] initWithName:@"circle"]; }
        + (MMShape *)blank { return [MMShape new]; }
        @end
        """

    @Test func scalarAndStructResultsAreBoxedAndCheckedAsOCMockChecksThem() throws {
        let lines = try run(["MMShape.m": Self.shapes, "MMReturnTests.m": """
            #import <XCTest/XCTest.h>
            @interface MMReturnTests : XCTestCase
            @end
            @implementation MMReturnTests
            - (void)testBoxedValues {
                id shape = OCMStrictClassMock([MMShape class]);
                [[[shape stub] andReturnValue:@YES] isRound];
                [[[shape stub] andReturnValue:OCMOCK_VALUE(6)] sides];
                CGRect frame = CGRectMake(1, 2, 3, 4);
                NSValue *boxed = [NSValue valueWithCGRect:frame];
                [[[shape stub] andReturnValue:boxed] bounds];
                XCTAssertTrue([shape isRound]);
                XCTAssertEqual([shape sides], 6);
                XCTAssertEqual([shape bounds].size.width, 3);
                XCTAssertTrue(CGRectEqualToRect([boxed CGRectValue], frame));
                XCTAssertEqualObjects(boxed, [NSValue valueWithCGRect:frame]);
                XCTAssertEqualObjects([boxed description], @"NSRect: {{1, 2}, {3, 4}}");
                NSInteger seven = 7;
                NSValue *number = [NSValue value:&seven withObjCType:@encode(NSInteger)];
                XCTAssertEqualObjects(@([number objCType]), @"q");
                id other = OCMClassMock([MMShape class]);
                OCMStub([other bounds]).andReturn(frame);
                OCMStub([other sides]).andReturn(5);
                OCMStub([other title]).andReturn(nil);
                XCTAssertEqual([other bounds].origin.y, 2);
                XCTAssertEqual([other sides], 5);
            }
            - (void)testAnObjectForABool {
                id shape = OCMClassMock([MMShape class]);
                OCMStub([shape isRound]).andReturn(@"round");
                XCTAssertFalse([shape isRound], @"the result that does not fit is not kept");
            }
            - (void)testAStructForAnObject {
                id shape = OCMClassMock([MMShape class]);
                OCMStub([shape title]).andReturn(CGRectMake(0, 0, 1, 1));
            }
            - (void)testAValueForVoid {
                id shape = OCMClassMock([MMShape class]);
                OCMStub([shape reset]).andReturn(@"done");
            }
            - (void)testABoxedNumberForAnObjectRaises {
                id shape = OCMClassMock([MMShape class]);
                [[[shape stub] andReturnValue:@5] title];
            }
            - (void)testAnObjectForABoolOldStyleRaises {
                id shape = OCMClassMock([MMShape class]);
                XCTAssertThrowsSpecificNamed([[[shape stub] andReturn:@"round"] isRound], NSException, NSInvalidArgumentException);
                [[[shape stub] andReturnValue:[NSValue valueWithCGPoint:CGPointMake(1, 1)]] isRound];
            }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMReturnTests testBoxedValues]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains("MMReturnTests.m:30: error: -[MMReturnTests testAnObjectForABool] : Expected invocation with object return type. Did you mean to use andReturnValue: instead? (-[MMShape isRound] returns 'B', and \"round\" is an object)"))
        #expect(lines.contains("Test Case '-[MMReturnTests testAnObjectForABool]' failed (T seconds)."))
        #expect(lines.contains("MMReturnTests.m:35: error: -[MMReturnTests testAStructForAnObject] : Return value cannot be used for method -[MMShape title]; method signature declares '@' but value is '{CGRect={CGPoint=dd}{CGSize=dd}}'."))
        #expect(lines.contains("MMReturnTests.m:39: error: -[MMReturnTests testAValueForVoid] : Expected invocation with object return type. Did you mean to use andReturnValue: instead? (-[MMShape reset] returns 'v', and \"done\" is an object)"))
        #expect(lines.contains("<unknown>:0: error: -[MMReturnTests testABoxedNumberForAnObjectRaises] : failed: caught \"NSInvalidArgumentException\", \"Return value cannot be used for method -[MMShape title]; method signature declares '@' but value is 'q'.\""))
        #expect(lines.contains("<unknown>:0: error: -[MMReturnTests testAnObjectForABoolOldStyleRaises] : failed: caught \"NSInvalidArgumentException\", \"Return value cannot be used for method -[MMShape isRound]; method signature declares 'B' but value is '{CGPoint=dd}'.\""))
        #expect(lines.last == "1 passed, 5 failed", "\(lines)")
    }

    @Test func allocAndInitChainsAnswerTheMockAsOCMockDocuments() throws {
        let lines = try run(["MMShape.m": Self.shapes, "MMCreationTests.m": """
            #import <XCTest/XCTest.h>
            @interface MMCreationTests : XCTestCase
            @end
            @implementation MMCreationTests
            - (void)testAllocAndInitWithAnswerTheMock {
                id shapeMock = OCMClassMock([MMShape class]);
                OCMStub([shapeMock alloc]).andReturn(shapeMock);
                OCMStub([shapeMock initWithName:OCMOCK_ANY]).andReturn(shapeMock);
                OCMStub([shapeMock title]).andReturn(@"mocked");
                MMShape *circle = [MMFactory circle];
                XCTAssertEqual(circle, shapeMock);
                XCTAssertEqualObjects([circle title], @"mocked");
                OCMVerify([shapeMock initWithName:@"circle"]);
                XCTAssertEqual([[MMShape alloc] init], shapeMock, @"a mock answers init with itself");
                [shapeMock stopMocking];
                XCTAssertEqualObjects([[MMFactory circle] name], @"circle");
            }
            - (void)testNewAnswersWhatIsStubbed {
                id shapeMock = OCMStrictClassMock([MMShape class]);
                MMShape *square = [[MMShape alloc] initWithName:@"square"];
                OCMStub([shapeMock new]).andReturn(square);
                XCTAssertEqual([MMFactory blank], square);
                OCMVerify(times(1), [shapeMock new]);
            }
            - (void)testInitCannotBeStubbed {
                id shapeMock = OCMClassMock([MMShape class]);
                OCMStub([shapeMock init]).andReturn(shapeMock);
            }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMCreationTests testAllocAndInitWithAnswerTheMock]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains("Test Case '-[MMCreationTests testNewAnswersWhatIsStubbed]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains("<unknown>:0: error: -[MMCreationTests testInitCannotBeStubbed] : failed: caught \"NSInternalInconsistencyException\", \"Method init invoked on a mock inside OCMStub. Are you trying to mock the init method? This is not supported: a mock answers init with itself, so stub alloc (or new) to return the mock, and initWith… methods as any other\""))
        #expect(lines.last == "2 passed, 1 failed", "\(lines)")
    }

    /// A stubbing DSL of the code's own whose block properties share OCMock's dot-form names
    /// (Nocilla's `stubRequest(...).andReturn(201).withBody(...)`) keeps its meaning, in a
    /// tree whose other tests mock with OCMock's `.andReturn(x)` and `.andDo(b)`.
    @Test func aDSLOfTheCodesOwnKeepsOCMocksDotFormNames() throws {
        let lines = try run([
            "MMClient.m": Self.client,
            "MMStub.m": """
                @interface MMStub : NSObject
                @property (nonatomic) NSInteger status;
                @property (nonatomic, copy) NSString *body;
                @property (nonatomic, readonly) MMStub *(^andReturn)(NSInteger status);
                @property (nonatomic, readonly) MMStub *(^andDo)(NSString *body);
                @end
                @implementation MMStub
                - (MMStub *(^)(NSInteger))andReturn { return ^(NSInteger status) { self.status = status; return self; }; }
                - (MMStub *(^)(NSString *))andDo { return ^(NSString *body) { self.body = body; return self; }; }
                @end
                """,
            "MMStubTests.m": """
                #import <XCTest/XCTest.h>
                #import "MMStub.h"
                @interface MMStubTests : XCTestCase
                @end
                @implementation MMStubTests
                - (void)testTheDSLsOwnBlocksAnswer {
                    MMStub *stub = [MMStub new].andReturn(201).andDo(@"created");
                    XCTAssertEqual(stub.status, 201);
                    XCTAssertEqualObjects(stub.body, @"created");
                }
                @end
                """,
            "MMMockTests.m": """
                #import <XCTest/XCTest.h>
                #import <OCMock/OCMock.h>
                @interface MMMockTests : XCTestCase
                @end
                @implementation MMMockTests
                - (void)testOCMocksDotFormsStillRecord {
                    id client = OCMClassMock([MMClient class]);
                    __block NSInteger sent = 0;
                    OCMStub([client status]).andReturn(@"stubbed");
                    OCMStub([client sendCount:3]).andDo(^(NSInvocation *invocation) { sent += 1; });
                    XCTAssertEqualObjects([client status], @"stubbed");
                    [client sendCount:3];
                    XCTAssertEqual(sent, 1);
                }
                @end
                """,
        ])
        #expect(lines.contains("Test Case '-[MMStubTests testTheDSLsOwnBlocksAnswer]' passed (T seconds)."), "\(lines)")
        #expect(lines.last == "2 passed, 0 failed", "\(lines)")
    }

    /// OCMock's own suite, as its tree holds it, taught these: a framework class's API the
    /// model lacks is still a mock's to stub; an exception inside a recording macro goes on
    /// as raised; `CONSTRAINT`, `CONSTRAINTV` and `OCMVerifyAllWithDelay` expand as OCMock's;
    /// and a copy of OCMock in the tree (its macros, its categories on the recorder) leaves
    /// rtsh's in place.
    @Test func ocmocksOwnSuiteWritesMocksThisWay() throws {
        let lines = try run([
            "Pods/OCMock/OCMock.h": "#define OCMStub(invocation) [OCMMacroState beginStubMacro]\n#define andReturn(aValue) _andReturn(OCMIsObjectType(aValue))\n",
            "Pods/OCMock/OCMStubRecorder+Properties.m": """
                #import "OCMock.h"
                @implementation OCMStubRecorder (Properties)
                - (id (^)(id))_andReturn { return nil; }
                @end
                """,
            "MMClient.m": Self.client,
            "MMSuiteTests.m": """
                #import <XCTest/XCTest.h>
                #import "OCMock.h"
                @interface MMSuiteTests : XCTestCase
                @property (nonatomic, strong) id handler;
                @property (nonatomic, readonly) id (^transform)(void (^)(NSString *));
                @end
                @implementation MMSuiteTests
                - (BOOL)isShort:(NSString *)text { return text.length < 4; }
                - (BOOL)isShort:(NSString *)text than:(NSNumber *)limit { return text.length < limit.integerValue; }
                - (void)testFrameworkAPITheModelLacksIsStubbed {
                    id text = OCMClassMock([NSString class]);
                    OCMStub([text commonPrefixWithString:@"abc" options:0]).andReturn(@"ab");
                    XCTAssertEqualObjects([text commonPrefixWithString:@"abc" options:0], @"ab");
                    OCMVerify([text commonPrefixWithString:@"abc" options:0]);
                }
                - (void)testAnExceptionInsideAMacroGoesOn {
                    id client = OCMClassMock([MMClient class]);
                    XCTAssertThrowsSpecificNamed(OCMStub([client status:@"no such argument"]), NSException, NSInvalidArgumentException);
                    OCMStub([client status]).andReturn(@"recorded after");
                    XCTAssertEqualObjects([client status], @"recorded after");
                }
                - (void)testConstraintsAndDelayedVerification {
                    id client = OCMStrictClassMock([MMClient class]);
                    OCMExpect([client loadInto:CONSTRAINT(@selector(isShort:))]).andReturn(YES);
                    OCMExpect([client loadInto:CONSTRAINTV(@selector(isShort:than:), @10)]).andReturn(YES);
                    XCTAssertTrue([client loadInto:(NSError **)@"abc"]);
                    XCTAssertTrue([client loadInto:(NSError **)@"abcdefg"]);
                    OCMVerifyAllWithDelay(client, 0.5);
                }
                @end
                """,
        ])
        #expect(lines.last == "3 passed, 0 failed", "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("error:") }, "\(lines)")
    }

    /// Refusals and rejections as OCMock makes them: no mock of nil, no second partial mock
    /// of one object, no action on a rejection; a rejected call caught by the code under
    /// test is raised again by `verify`; `performSelector:` is recorded as the call; and a
    /// partial mock names itself.
    @Test func refusalsAndRejectionsAsOCMockMakesThem() throws {
        let lines = try run(["MMClient.m": Self.client, "MMRefusalTests.m": """
            #import <XCTest/XCTest.h>
            @interface MMRefusalTests : XCTestCase
            @end
            @implementation MMRefusalTests
            - (void)testRefusals {
                XCTAssertThrowsSpecificNamed(OCMClassMock(nil), NSException, NSInvalidArgumentException);
                MMClient *real = [MMClient new];
                id partial = OCMPartialMock(real);
                XCTAssertEqualObjects([partial description], @"OCPartialMockObject(MMClient)");
                XCTAssertThrowsSpecificNamed(OCMPartialMock(real), NSException, NSInvalidArgumentException);
                id client = OCMClassMock([MMClient class]);
                XCTAssertThrows([[[client reject] andReturn:@"x"] status]);
            }
            - (void)testARejectedCallIsRaisedAgainByVerify {
                id client = OCMClassMock([MMClient class]);
                [[client reject] status];
                @try { [client status]; } @catch (NSException *swallowed) {}
                XCTAssertThrows([client verify]);
            }
            - (void)testPerformSelectorIsTheCallRecorded {
                id client = OCMStrictClassMock([MMClient class]);
                [[client expect] performSelector:@selector(status)];
                [client performSelector:@selector(status)];
                [client verify];
            }
            @end
            """])
        #expect(lines.last == "3 passed, 0 failed", "\(lines)")
    }

    /// Class methods as OCMock scopes them: a mock of a class leaves its subclasses' class
    /// methods alone; an old-style stub of a name only a class method has stubs the class
    /// method; and `[[mock verify] call]` checks the call was made.
    @Test func classMethodsAndOldStyleVerifyAsOCMockScopesThem() throws {
        let lines = try run(["MMClient.m": Self.client, "MMScopeTests.m": """
            #import <XCTest/XCTest.h>
            @interface MMSubClient : MMClient
            @end
            @implementation MMSubClient
            @end
            @interface MMScopeTests : XCTestCase
            @end
            @implementation MMScopeTests
            - (void)testAMockOfTheSuperclassLeavesTheSubclass {
                id mock = OCMClassMock([MMClient class]);
                [[[mock stub] andReturn:@"https://fake"] baseURL];
                XCTAssertEqualObjects([MMClient baseURL], @"https://fake");
                XCTAssertEqualObjects([MMSubClient baseURL], @"https://real");
            }
            - (void)testVerifyThenTheCall {
                id mock = OCMClassMock([MMClient class]);
                [mock status];
                [[mock verify] status];
                XCTAssertThrows([[mock verify] summary]);
            }
            @end
            """])
        #expect(lines.last == "2 passed, 0 failed", "\(lines)")
    }
}
