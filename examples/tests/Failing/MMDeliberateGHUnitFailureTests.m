#import <GHUnitIOS/GHUnit.h>
#import "MMCoach.h"

@interface MMDeliberateGHUnitFailureTests : GHTestCase
@end

@implementation MMDeliberateGHUnitFailureTests

- (void)testSummaryPasses {
    MMCoach *grace = [[MMCoach alloc] initWithName:@"Grace" sport:@"fencing" years:7];
    GHAssertEqualStrings([grace summary], @"Grace (fencing, 7 years)", nil);
}

- (void)testYearsFailAndStopTheTest {
    MMCoach *grace = [[MMCoach alloc] initWithName:@"Grace" sport:@"fencing" years:7];
    GHAssertEquals(grace.years, (NSInteger)8, @"GHUnit stops a test at its first failure");
    GHFail(@"never reached");
}

- (void)testSportFails {
    MMCoach *grace = [[MMCoach alloc] initWithName:@"Grace" sport:@"fencing" years:7];
    GHAssertEqualObjects(grace.sport, @"sabre", @"%@'s sport", grace.name);
}

@end
