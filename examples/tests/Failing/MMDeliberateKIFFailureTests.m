#import <KIF/KIF.h>
#import "MMSignInViewController.h"

/// KIF steps that fail on purpose: each failure is reported at the step's line, in KIF's
/// words, with the view tree as it was when the step gave up; the test stops there.
@interface MMDeliberateKIFFailureTests : KIFTestCase
@property (nonatomic, strong) MMSignInViewController *signIn;
@end

@implementation MMDeliberateKIFFailureTests

- (void)beforeEach {
    [super beforeEach];
    self.signIn = [[MMSignInViewController alloc] init];
    UIWindow *window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    window.rootViewController = self.signIn;
    [window makeKeyAndVisible];
}

- (void)testAMissingLabelTimesOut {
    [tester waitForViewWithAccessibilityLabel:@"Email"];
    [tester waitForViewWithAccessibilityLabel:@"Forgot Password?"];
    XCTFail(@"not reached: the step above stops the test");
}

- (void)testTheDisabledButtonIsNotTappable {
    [tester enterText:@"ada@example.com" intoViewWithAccessibilityLabel:@"Email"];
    [[tester usingTimeout:1] tapViewWithAccessibilityLabel:@"Sign In"];
}

- (void)testTheSpinnerIsStillThereAfterOneSecond {
    [tester enterText:@"ada@example.com" intoViewWithAccessibilityLabel:@"Email"];
    [tester enterText:@"lovelace" intoViewWithAccessibilityLabel:@"Password"];
    [tester tapViewWithAccessibilityLabel:@"Sign In"];
    [[tester usingTimeout:1] waitForAbsenceOfViewWithAccessibilityLabel:@"Signing in"];
}

@end
