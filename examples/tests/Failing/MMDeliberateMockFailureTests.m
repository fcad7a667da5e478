#import <XCTest/XCTest.h>
#import <OCMock/OCMock.h>
#import "MMCoachAPI.h"
#import "MMCoachesViewController.h"

/// Fails on purpose, as OCMock reports each failure: an expectation never met, a call
/// counted wrong, a strict mock called unexpectedly, an object stubbed as a BOOL's result,
/// and a notification an observer mock expected and never observed.
@interface MMDeliberateMockFailureTests : XCTestCase
@end

@implementation MMDeliberateMockFailureTests

- (void)testAnExpectationThatIsNeverMet {
    id api = OCMStrictClassMock([MMCoachAPI class]);
    OCMExpect([MMCoachAPI fetchCoachesWithCompletion:OCMOCK_ANY]);
    // Nothing refreshes the screen, so the service is never asked.
    OCMVerifyAll(api);
}

- (void)testACallCountedWrong {
    id api = OCMClassMock([MMCoachAPI class]);
    MMCoachesViewController *screen = [[MMCoachesViewController alloc] init];
    [screen refreshWithCompletion:nil];
    OCMVerify(times(2), [MMCoachAPI fetchCoachesWithCompletion:OCMOCK_ANY]);
    [api stopMocking];
}

- (void)testAStrictMockCalledUnexpectedly {
    id navigation = [OCMockObject mockForClass:[UINavigationController class]];
    [navigation popViewControllerAnimated:YES];
}

- (void)testAnObjectStubbedForABool {
    MMCoachesViewController *screen = [[MMCoachesViewController alloc] init];
    id partial = OCMPartialMock(screen);
    OCMStub([partial isLoading]).andReturn(@"loading");
}

- (void)testANotificationNeverPosted {
    id observer = OCMObserverMock();
    [[NSNotificationCenter defaultCenter] addMockObserver:observer name:@"MMCoachesRequested" object:nil];
    OCMExpect([observer notificationWithName:@"MMCoachesRequested" object:nil]);
    OCMVerifyAll(observer);
    [[NSNotificationCenter defaultCenter] removeObserver:observer];
}

@end
