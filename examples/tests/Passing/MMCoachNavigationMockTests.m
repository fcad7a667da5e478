#import <XCTest/XCTest.h>
#import <OCMock/OCMock.h>
#import "MMCoach.h"
#import "MMCoachesViewController.h"
#import "MMProfileViewController.h"

/// The coaches screen's collaborators mocked as OCMock users do: the navigation controller
/// it pushes onto (checked with a class constraint) and a table's data source (a protocol mock).
@interface MMCoachNavigationMockTests : XCTestCase
@end

@implementation MMCoachNavigationMockTests

- (void)testShowingACoachPushesTheirProfile {
    MMCoach *coach = [[MMCoach alloc] initWithName:@"Ada" sport:@"Rowing" years:7];
    id navigation = OCMClassMock([UINavigationController class]);
    id screen = OCMPartialMock([MMCoachesViewController new]);
    OCMStub([screen navigationController]).andReturn(navigation);

    [screen showCoach:coach];

    OCMVerify([navigation pushViewController:[OCMArg checkWithBlock:^BOOL(id pushed) {
        return [pushed isKindOfClass:[MMProfileViewController class]] && [pushed coach] == coach;
    }] animated:YES]);
}

- (void)testATableAsksItsDataSourceMockForRows {
    id source = OCMProtocolMock(@protocol(UITableViewDataSource));
    // A protocol mock answers the optional methods too: with zero sections unless told.
    OCMStub([source numberOfSectionsInTableView:OCMOCK_ANY]).andReturn(1);
    OCMStub([source tableView:OCMOCK_ANY numberOfRowsInSection:0]).andReturn(3);
    OCMStub([source tableView:OCMOCK_ANY cellForRowAtIndexPath:OCMOCK_ANY]).andReturn([UITableViewCell new]);
    UITableView *table = [UITableView new];
    table.dataSource = source;

    XCTAssertEqual([table numberOfRowsInSection:0], 3);
    OCMVerify([source tableView:table numberOfRowsInSection:0]);
}

@end
