#import <KIF/KIF.h>
#import "MMSessionBookingViewController.h"

/// The booking screen's steps failing on purpose, each in KIF's words: a title the picker
/// does not have, a press too short for the recognizer, and a return key the field refuses.
@interface MMDeliberateBookingFailureTests : KIFTestCase
@property (nonatomic, strong) MMSessionBookingViewController *booking;
@end

@implementation MMDeliberateBookingFailureTests

- (void)beforeEach {
    [super beforeEach];
    self.booking = [[MMSessionBookingViewController alloc] init];
    UIWindow *window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    window.rootViewController = self.booking;
    [window makeKeyAndVisible];
}

- (void)testAPickerTitleThatIsNotThere {
    [[tester usingTimeout:1] selectPickerViewRowWithTitle:@"90 min"];
}

- (void)testAPressTooShortToCancel {
    [tester tapViewWithAccessibilityLabel:@"Book"];
    [tester longPressViewWithAccessibilityLabel:@"Booked: 30 min on Monday" duration:0.5];
    [[tester usingTimeout:1] waitForViewWithAccessibilityLabel:@"Cancelled"];
}

- (void)testReturnOnAnEmptyNote {
    [tester enterText:@"\n" intoViewWithAccessibilityLabel:@"Note"];
    XCTAssertFalse(self.booking.noteField.isFirstResponder, @"the field refuses return while the note is empty");
}

@end
