#import <XCTest/XCTest.h>
#import <OCMock/OCMock.h>
#import "MMHTTPClient.h"
#import "MMScheduleStore.h"

/// The failing twin of MMScheduleStorePartialMockTests: each test gets the client's call
/// wrong in a way a real suite does, and fails as OCMock and XCTest report it.
@interface MMDeliberatePartialMockFailureTests : XCTestCase
@property (nonatomic, strong) MMHTTPClient *client;
@property (nonatomic, strong) id clientMock;
@property (nonatomic, strong) MMScheduleStore *store;
@end

@implementation MMDeliberatePartialMockFailureTests

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

- (void)testAPathWithALeadingSlashIsNeverAskedFor {
    OCMStub([self.clientMock GET:OCMOCK_ANY completion:OCMOCK_ANY]);
    [self.store loadScheduleForCoachID:7 completion:nil];
    OCMVerify([self.clientMock GET:@"/coaches/7/sessions" completion:OCMOCK_ANY]);
}

- (void)testTheExpectedCoachIsNotTheOneLoaded {
    OCMExpect([self.clientMock GET:@"coaches/7/sessions" completion:OCMOCK_ANY]);
    [self.store loadScheduleForCoachID:8 completion:nil];
    OCMVerifyAll(self.clientMock);
}

- (void)testAnAnswerLaterThanTheWaitTimesOut {
    OCMStub([self.clientMock GET:OCMOCK_ANY completion:OCMOCK_ANY]).andDo(^(NSInvocation *invocation) {
        __unsafe_unretained void (^completion)(id JSON, NSError *error);
        [invocation getArgument:&completion atIndex:3];
        dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(3 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
            completion(@{@"sessions": @[]}, nil);
        });
    });
    XCTestExpectation *loaded = [self expectationWithDescription:@"schedule loaded"];
    [self.store loadScheduleForCoachID:7 completion:^(BOOL worked) {
        [loaded fulfill];
    }];
    [self waitForExpectationsWithTimeout:2 handler:nil];
}

@end
