#import <XCTest/XCTest.h>
#import <OCMock/OCMock.h>
#import "MMCoach.h"
#import "MMCoachesViewController.h"

/// Fails on purpose: the screen pushes a profile, and this test insists on a settings screen.
@interface MMDeliberateNavigationMockFailureTests : XCTestCase
@end

@implementation MMDeliberateNavigationMockFailureTests

- (void)testExpectsTheWrongKindOfScreen {
    id navigation = OCMClassMock([UINavigationController class]);
    id screen = OCMPartialMock([MMCoachesViewController new]);
    OCMStub([screen navigationController]).andReturn(navigation);

    [screen showCoach:[[MMCoach alloc] initWithName:@"Ada" sport:@"Rowing" years:7]];

    OCMVerify([navigation pushViewController:[OCMArg checkWithBlock:^BOOL(id pushed) {
        return [pushed isKindOfClass:[UITableViewController class]];
    }] animated:YES]);
}

@end
