#import <KIF/KIF.h>
#import "KIFUITestActor+MMAdditions.h"
#import "MMSignInViewController.h"
#import "MMSettingsTableViewController.h"

/// The sign-in screen driven as a user drives it, by what VoiceOver reads out: no outlets
/// are touched to make things happen, only to check what happened.
@interface MMSignInKIFTests : KIFTestCase
@property (nonatomic, strong) MMSignInViewController *signIn;
@end

@implementation MMSignInKIFTests

- (void)beforeEach {
    [super beforeEach];
    self.signIn = [[MMSignInViewController alloc] init];
    [tester mm_showInNewWindow:self.signIn];
}

- (void)testSigningInShowsASpinnerThenTheWelcome {
    [tester waitForViewWithAccessibilityLabel:@"Email"];
    [tester enterText:@"ada@example.com" intoViewWithAccessibilityLabel:@"Email"];
    [tester enterText:@"lovelace" intoViewWithAccessibilityLabel:@"Password"];
    NSTimeInterval tapped = CACurrentMediaTime();
    [tester tapViewWithAccessibilityLabel:@"Sign In" traits:UIAccessibilityTraitButton];

    [tester waitForViewWithAccessibilityLabel:@"Signing in"];
    [tester waitForAbsenceOfViewWithAccessibilityLabel:@"Signing in"];
    [tester waitForViewWithAccessibilityLabel:@"Welcome, ada!" traits:UIAccessibilityTraitStaticText];

    // The two seconds passed on the run loop's clock, not the wall's.
    XCTAssertEqualWithAccuracy(CACurrentMediaTime() - tapped, 2.0, 0.001);
    XCTAssertEqual(self.signIn.signInCount, (NSUInteger)1);
}

- (void)testTheButtonWaitsForAnAddressAndAPassword {
    NSError *error = nil;
    XCTAssertFalse([tester tryFindingTappableViewWithAccessibilityLabel:@"Sign In" error:&error]);
    XCTAssertTrue([error.localizedDescription containsString:@"is not enabled for interaction"]);
    [tester mm_expectButtonWithLabel:@"Sign In" enabled:NO];

    [tester enterText:@"grace@example.com" intoViewWithAccessibilityLabel:@"Email"];
    [tester mm_expectButtonWithLabel:@"Sign In" enabled:NO];
    [tester enterText:@"cobol" intoViewWithAccessibilityLabel:@"Password"];
    [tester waitForTappableViewWithAccessibilityLabel:@"Sign In"];
    XCTAssertTrue([tester tryFindingTappableViewWithAccessibilityLabel:@"Sign In" error:NULL]);
}

- (void)testThePasswordFieldRefusesSpacesThroughItsDelegate {
    [tester enterText:@"two words" intoViewWithAccessibilityLabel:@"Password" traits:UIAccessibilityTraitNone expectedResult:@"twowords"];
    XCTAssertEqualObjects(self.signIn.passwordField.text, @"twowords");
    [tester waitForFirstResponderWithAccessibilityLabel:@"Password"];
}

- (void)testClearingAndRetypingTheEmail {
    [tester enterText:@"ada@example" intoViewWithAccessibilityLabel:@"Email"];
    [tester enterText:@".com" intoViewWithAccessibilityLabel:@"Email"];
    XCTAssertEqualObjects(self.signIn.emailField.text, @"ada@example.com");
    [tester clearTextFromAndThenEnterText:@"grace@example.com" intoViewWithAccessibilityLabel:@"Email"];
    [tester waitForViewWithAccessibilityLabel:@"Email" value:@"grace@example.com" traits:UIAccessibilityTraitNone];
    [tester clearTextFromViewWithAccessibilityLabel:@"Email"];
    XCTAssertEqualObjects(self.signIn.emailField.text, @"");
}

- (void)testTheEditMenuCutsPastesAndSelectsTheEmail {
    [tester enterText:@"ada@example.com" intoViewWithAccessibilityLabel:@"Email"];
    [tester longPressViewWithAccessibilityLabel:@"Email" duration:1];
    [tester tapViewWithAccessibilityLabel:@"Select All"];
    [tester tapViewWithAccessibilityLabel:@"Cut"];
    XCTAssertEqualObjects(self.signIn.emailField.text, @"");
    XCTAssertEqualObjects([UIPasteboard generalPasteboard].string, @"ada@example.com");
    [tester longPressViewWithAccessibilityLabel:@"Email" duration:1];
    [tester tapViewWithAccessibilityLabel:@"Paste"];
    XCTAssertEqualObjects(self.signIn.emailField.text, @"ada@example.com");
    // Typing replaces what Select All selected.
    [tester longPressViewWithAccessibilityLabel:@"Email" duration:1];
    [tester tapViewWithAccessibilityLabel:@"Select All"];
    [tester enterText:@"grace@example.com" intoViewWithAccessibilityLabel:@"Email"];
    XCTAssertEqualObjects(self.signIn.emailField.text, @"grace@example.com");
}

- (void)testRememberMeIsASwitch {
    [tester waitForViewWithAccessibilityLabel:@"Remember me" value:@"0" traits:UIAccessibilityTraitButton];
    [tester setOn:YES forSwitchWithAccessibilityLabel:@"Remember me"];
    XCTAssertTrue(self.signIn.remembersEmail);
    [tester waitForViewWithAccessibilityLabel:@"Remember me" value:@"1" traits:UIAccessibilityTraitButton];
    [tester setOn:NO forSwitchWithAccessibilityLabel:@"Remember me"];
    XCTAssertFalse(self.signIn.remembersEmail);
}

- (void)testTheViewTesterAndTheSystemActor {
    [[viewTester usingLabel:@"Email"] enterText:@"ada@example.com"];
    [[viewTester usingLabel:@"Password"] enterText:@"lovelace"];
    [[viewTester usingIdentifier:@"signInButton"] waitToBecomeTappable];
    [[[viewTester usingIdentifier:@"signInButton"] usingTraits:UIAccessibilityTraitButton] tap];
    NSNotification *finished = [system waitForNotificationName:MMSignInDidFinishNotification object:self.signIn];
    XCTAssertEqual(finished.object, self.signIn);
    [[viewTester usingLabel:@"Signing in"] waitForAbsenceOfView];
    XCTAssertTrue([[viewTester usingLabel:@"Welcome, ada!"] tryFindingView]);
}

- (void)testASettingsRowTappedByIndexPath {
    MMSettingsTableViewController *settings = [[MMSettingsTableViewController alloc] init];
    [tester mm_showInNewWindow:settings];
    [tester waitForViewWithAccessibilityLabel:@"Privacy"];
    [tester tapRowAtIndexPath:[NSIndexPath indexPathForRow:2 inSection:0] inTableViewWithAccessibilityIdentifier:@"Settings Table"];
    XCTAssertEqualObjects(settings.selectedOption, @"Privacy");
    [tester tapViewWithAccessibilityLabel:@"About"];
    XCTAssertEqualObjects(settings.selectedOption, @"About");
    XCTAssertFalse([tester tryFindingViewWithAccessibilityLabel:@"Sign In" error:NULL]);
}

- (void)testWaitingForTimeRunsTheClock {
    [tester enterText:@"ada@example.com" intoViewWithAccessibilityLabel:@"Email"];
    [tester enterText:@"lovelace" intoViewWithAccessibilityLabel:@"Password"];
    [tester tapViewWithAccessibilityLabel:@"Sign In"];
    [tester waitForTimeInterval:1.0];
    XCTAssertTrue(self.signIn.spinner.isAnimating);
    [tester waitForTimeInterval:1.0];
    XCTAssertFalse(self.signIn.spinner.isAnimating);
    XCTAssertFalse(self.signIn.welcomeLabel.hidden);
}

@end
