#import "MMViewControllerTestCase.h"
#import "MMSettingsTableViewController.h"

@interface MMSettingsTableViewControllerTests : MMViewControllerTestCase
@end

@implementation MMSettingsTableViewControllerTests

- (Class)classUnderTest {
    return [MMSettingsTableViewController class];
}

- (void)testOneRowPerOption {
    MMSettingsTableViewController *settings = (MMSettingsTableViewController *)self.viewControllerUnderTest;
    UITableView *table = settings.tableView;
    GHAssertEquals([table numberOfSections], (NSInteger)1, nil);
    GHAssertEquals([table numberOfRowsInSection:0], (NSInteger)4, nil);
    GHAssertEquals(table.style, UITableViewStyleGrouped, @"init asks for the grouped style");

    UITableViewCell *cell = [settings tableView:table cellForRowAtIndexPath:[NSIndexPath indexPathForRow:2 inSection:0]];
    GHAssertEqualStrings(cell.textLabel.text, @"Privacy", nil);
}

@end
