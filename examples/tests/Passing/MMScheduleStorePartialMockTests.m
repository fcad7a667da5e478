#import <XCTest/XCTest.h>
#import <OCMock/OCMock.h>
#import "MMHTTPClient.h"
#import "MMScheduleStore.h"

/// The schedule store over a partial mock of the real HTTP client, as OCMock users write it:
/// the network call answers through its completion block, while the client's own request
/// building still runs.
@interface MMScheduleStorePartialMockTests : XCTestCase
@property (nonatomic, strong) MMHTTPClient *client;
@property (nonatomic, strong) id clientMock;
@property (nonatomic, strong) MMScheduleStore *store;
@end

@implementation MMScheduleStorePartialMockTests

- (void)setUp {
    [super setUp];
    self.client = [[MMHTTPClient alloc] initWithBaseURL:[NSURL URLWithString:@"https://api.example.com/v1"]];
    self.clientMock = OCMPartialMock(self.client);
    self.store = [[MMScheduleStore alloc] initWithClient:self.client];
}

- (void)tearDown {
    [self.clientMock stopMocking];
    [super tearDown];
}

- (void)testTheScheduleIsWhatTheServiceAnswers {
    NSDictionary *answer = @{@"sessions": @[@{@"title": @"Intervals"}, @{@"title": @"Long row"}]};
    OCMStub([self.clientMock GET:@"coaches/7/sessions" completion:[OCMArg invokeBlockWithArgs:answer, [NSNull null], nil]]);

    __block BOOL succeeded = NO;
    [self.store loadScheduleForCoachID:7 completion:^(BOOL worked) {
        succeeded = worked;
    }];

    XCTAssertTrue(succeeded);
    XCTAssertEqualObjects(self.store.sessionTitles, (@[@"Intervals", @"Long row"]));
    OCMVerify([self.clientMock GET:@"coaches/7/sessions" completion:OCMOCK_ANY]);
}

- (void)testAnErrorIsKeptAndTheOldScheduleStays {
    NSError *offline = [NSError errorWithDomain:NSURLErrorDomain code:NSURLErrorNotConnectedToInternet userInfo:nil];
    OCMStub([self.clientMock GET:OCMOCK_ANY completion:[OCMArg invokeBlockWithArgs:[NSNull null], offline, nil]]);

    __block BOOL succeeded = YES;
    [self.store loadScheduleForCoachID:7 completion:^(BOOL worked) {
        succeeded = worked;
    }];

    XCTAssertFalse(succeeded);
    XCTAssertEqual(self.store.lastError.code, NSURLErrorNotConnectedToInternet);
    XCTAssertEqualObjects(self.store.sessionTitles, @[]);
}

- (void)testTheClientStillBuildsItsOwnRequests {
    OCMStub([self.clientMock GET:OCMOCK_ANY completion:OCMOCK_ANY]);
    self.client.authToken = @"t0k3n";

    NSURLRequest *request = [self.client requestWithPath:@"coaches/7/sessions"];

    XCTAssertEqualObjects(request.URL.absoluteString, @"https://api.example.com/v1/coaches/7/sessions");
    XCTAssertEqualObjects([request valueForHTTPHeaderField:@"Authorization"], @"Bearer t0k3n");
    XCTAssertEqualObjects([request valueForHTTPHeaderField:@"Accept"], @"application/json");
}

- (void)testAnAnswerThatComesLaterIsWaitedFor {
    OCMStub([self.clientMock GET:@"coaches/3/sessions" completion:OCMOCK_ANY]).andDo(^(NSInvocation *invocation) {
        __unsafe_unretained void (^completion)(id JSON, NSError *error);
        [invocation getArgument:&completion atIndex:3];
        dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1.5 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
            completion(@{@"sessions": @[@{@"title": @"Recovery"}]}, nil);
        });
    });

    XCTestExpectation *loaded = [self expectationWithDescription:@"schedule loaded"];
    [self.store loadScheduleForCoachID:3 completion:^(BOOL worked) {
        XCTAssertTrue(worked);
        [loaded fulfill];
    }];
    XCTAssertEqualObjects(self.store.sessionTitles, @[], @"nothing yet: the answer comes in 1.5 seconds");

    [self waitForExpectationsWithTimeout:2 handler:nil];
    XCTAssertEqualObjects(self.store.sessionTitles, @[@"Recovery"]);
}

- (void)testEachLoadAsksOnceAndNeverForAnotherCoach {
    OCMStub([self.clientMock GET:OCMOCK_ANY completion:OCMOCK_ANY]);
    [self.store loadScheduleForCoachID:7 completion:nil];
    [self.store loadScheduleForCoachID:7 completion:nil];

    OCMVerify(times(2), [self.clientMock GET:@"coaches/7/sessions" completion:OCMOCK_ANY]);
    OCMVerify(never(), [self.clientMock GET:@"coaches/8/sessions" completion:OCMOCK_ANY]);
}

@end
