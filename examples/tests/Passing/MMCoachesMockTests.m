#import <XCTest/XCTest.h>
#import <OCMock/OCMock.h>
#import "MMCoachAPI.h"
#import "MMCoach.h"
#import "MMCoachesViewController.h"

/// The coaches screen against a mocked web service, as OCMock users write it: the class
/// method stubbed through a class mock, answering through the completion block.
@interface MMCoachesMockTests : XCTestCase
@property (nonatomic, strong) id api;
@end

@implementation MMCoachesMockTests

- (void)setUp {
    [super setUp];
    self.api = OCMClassMock([MMCoachAPI class]);
}

- (void)tearDown {
    [self.api stopMocking];
    [super tearDown];
}

- (void)testTheScreenShowsWhatTheServiceAnswers {
    NSArray *answer = @[[[MMCoach alloc] initWithName:@"Ada" sport:@"rowing" years:12]];
    OCMStub([MMCoachAPI fetchCoachesWithCompletion:[OCMArg invokeBlockWithArgs:answer, [NSNull null], nil]]);

    MMCoachesViewController *screen = [[MMCoachesViewController alloc] init];
    __block BOOL done = NO;
    [screen refreshWithCompletion:^{
        done = YES;
    }];

    XCTAssertTrue(done, @"the stub answers at once");
    XCTAssertEqualObjects([screen.coaches.firstObject name], @"Ada");
    OCMVerify([MMCoachAPI fetchCoachesWithCompletion:OCMOCK_ANY]);
}

- (void)testAnOfflineAnswerKeepsTheListAndTheError {
    NSError *offline = [NSError errorWithDomain:NSURLErrorDomain code:NSURLErrorNotConnectedToInternet userInfo:nil];
    OCMStub([MMCoachAPI fetchCoachesWithCompletion:[OCMArg invokeBlockWithArgs:[NSNull null], offline, nil]]);

    MMCoachesViewController *screen = [[MMCoachesViewController alloc] init];
    [screen refreshWithCompletion:nil];

    XCTAssertEqual(screen.lastError.code, NSURLErrorNotConnectedToInternet);
    XCTAssertEqualObjects(screen.coaches, @[]);
}

- (void)testEachRefreshAsksTheServiceOnce {
    MMCoachesViewController *screen = [[MMCoachesViewController alloc] init];
    [screen refreshWithCompletion:nil];
    [screen refreshWithCompletion:nil];
    OCMVerify(times(2), [MMCoachAPI fetchCoachesWithCompletion:OCMOCK_ANY]);
}

- (void)testAPartialMockOfTheScreenKeepsItsOwnMethods {
    MMCoachesViewController *screen = [[MMCoachesViewController alloc] init];
    id partial = OCMPartialMock(screen);
    OCMStub([partial isLoading]).andReturn(YES);
    XCTAssertTrue(screen.isLoading, @"the stub reaches the real object");
    XCTAssertEqualObjects(screen.coaches, @[], @"the rest is the screen's own");
}

- (void)testABoxedResultForTheLoadingFlag {
    MMCoachesViewController *screen = [[MMCoachesViewController alloc] init];
    id partial = OCMPartialMock(screen);
    [[[partial stub] andReturnValue:@YES] isLoading];
    XCTAssertTrue(screen.isLoading, @"andReturnValue: unboxes the NSNumber for a BOOL");
}

- (void)testTheServiceMakesEachCoachThroughAllocAndInit {
    id coachClass = OCMClassMock([MMCoach class]);
    OCMStub([coachClass alloc]).andReturn(coachClass);
    OCMStub([coachClass initWithName:OCMOCK_ANY sport:OCMOCK_ANY years:0]).ignoringNonObjectArgs().andReturn(coachClass);

    NSArray *coaches = [MMCoachAPI coachesFromJSONObject:@{@"coaches": @[@{@"name": @"Ada", @"sport": @"rowing", @"years": @12}]}];

    XCTAssertEqual(coaches.firstObject, coachClass, @"[[MMCoach alloc] initWith...] answers the mock");
    OCMVerify([coachClass initWithName:@"Ada" sport:@"rowing" years:12]);
    [coachClass stopMocking];
}

- (void)testARefreshAnnouncesItselfToAnObserver {
    NSNotification *asked = [NSNotification notificationWithName:@"MMCoachesRequested" object:nil];
    OCMStub([MMCoachAPI fetchCoachesWithCompletion:OCMOCK_ANY]).andPost(asked);
    id observer = OCMObserverMock();
    [[NSNotificationCenter defaultCenter] addMockObserver:observer name:@"MMCoachesRequested" object:nil];
    OCMExpect([observer notificationWithName:@"MMCoachesRequested" object:nil]);

    [[[MMCoachesViewController alloc] init] refreshWithCompletion:nil];

    OCMVerifyAll(observer);
    [[NSNotificationCenter defaultCenter] removeObserver:observer];
}

@end
