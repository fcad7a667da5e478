#import <XCTest/XCTest.h>
#import <OCMock/OCMock.h>
#import "MMCoachAPI.h"
#import "MMCoachesViewController.h"

/// Fails on purpose, as OCMock reports each failure: an expectation never met, a call
/// counted wrong, and a strict mock called unexpectedly.
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

@end
