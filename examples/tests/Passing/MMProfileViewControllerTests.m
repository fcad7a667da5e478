#import "MMViewControllerTestCase.h"
#import "MMProfileViewController.h"
#import "MMCoach.h"

@interface MMProfileViewControllerTests : MMViewControllerTestCase
@end

@implementation MMProfileViewControllerTests

- (Class)classUnderTest {
    return [MMProfileViewController class];
}

- (void)testShowsTheCoachWhenItAppears {
    MMProfileViewController *profile = (MMProfileViewController *)self.viewControllerUnderTest;
    profile.coach = [[MMCoach alloc] initWithName:@"Katherine" sport:@"climbing" years:1];
    [profile beginAppearanceTransition:YES animated:NO];
    [profile endAppearanceTransition];
    GHAssertEqualStrings(profile.nameLabel.text, @"Katherine", nil);
    GHAssertEqualStrings(profile.detailLabel.text, @"Katherine (climbing, 1 year)", nil);
    GHAssertEquals(profile.appearanceCount, (NSInteger)1, nil);
}

- (void)testWithoutACoachSaysSo {
    MMProfileViewController *profile = (MMProfileViewController *)self.viewControllerUnderTest;
    [profile beginAppearanceTransition:YES animated:NO];
    [profile endAppearanceTransition];
    GHAssertEqualStrings(profile.nameLabel.text, @"No coach", nil);
    GHAssertNil(profile.detailLabel.text, nil);
}

@end
