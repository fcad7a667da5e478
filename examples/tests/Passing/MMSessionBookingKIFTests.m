#import <KIF/KIF.h>
#import "KIFUITestActor+MMAdditions.h"
#import "MMSessionBookingViewController.h"

/// The booking screen driven through its picker, its keyboard's return key, a button
/// below the fold that KIF scrolls to, and a long press on the booking.
@interface MMSessionBookingKIFTests : KIFTestCase
@property (nonatomic, strong) MMSessionBookingViewController *booking;
@end

@implementation MMSessionBookingKIFTests

- (void)beforeEach {
    [super beforeEach];
    self.booking = [[MMSessionBookingViewController alloc] init];
    [tester mm_showInNewWindow:self.booking];
}

- (void)testPickingALengthAndADayUpdatesTheSummary {
    [tester waitForViewWithAccessibilityLabel:@"30 min on Monday"];
    [tester selectPickerViewRowWithTitle:@"45 min"];
    [tester selectPickerViewRowWithTitle:@"Thursday" inComponent:1];
    [tester waitForViewWithAccessibilityLabel:@"45 min on Thursday"];
    [tester waitForViewWithAccessibilityLabel:@"Session" value:@"45 min, Thursday" traits:UIAccessibilityTraitAdjustable];
    XCTAssertEqual([self.booking.picker selectedRowInComponent:1], 3);
}

- (void)testTheViewTesterPicksFromThePickerItDescribes {
    [[viewTester usingLabel:@"Session"] selectPickerViewRowWithTitle:@"Friday" inComponent:1];
    [tester selectPickerViewRowWithTitle:@"60 min" inComponent:0 withSearchOrder:KIFPickerSearchBackwardFromEnd];
    [[viewTester usingLabel:@"60 min on Friday"] waitForView];
}

- (void)testTheReturnKeySavesTheNoteAndPutsTheKeyboardAway {
    [tester enterText:@"Bring water\n" intoViewWithAccessibilityLabel:@"Note"];
    XCTAssertEqualObjects(self.booking.note, @"Bring water");
    XCTAssertFalse(self.booking.noteField.isFirstResponder);
}

- (void)testAnEmptyNoteKeepsTheKeyboard {
    [tester enterText:@"x\b\n" intoViewWithAccessibilityLabel:@"Note"];
    XCTAssertNil(self.booking.note);
    [tester waitForFirstResponderWithAccessibilityLabel:@"Note"];
}

- (void)testBookingScrollsTheFormToTheButton {
    XCTAssertEqual(self.booking.form.contentOffset.y, 0.0);
    [tester tapViewWithAccessibilityLabel:@"Book" traits:UIAccessibilityTraitButton];
    [tester waitForViewWithAccessibilityLabel:@"Booked: 30 min on Monday"];
    XCTAssertEqualObjects(self.booking.booking, @"30 min on Monday");
    XCTAssertGreaterThan(self.booking.form.contentOffset.y, 600.0);
}

- (void)testHoldingTheBookingCancelsIt {
    [tester tapViewWithAccessibilityLabel:@"Book"];
    [tester longPressViewWithAccessibilityLabel:@"Booked: 30 min on Monday" duration:0.3];
    XCTAssertNotNil(self.booking.booking, @"a press shorter than the recognizer's minimum cancels nothing");
    [tester longPressViewWithAccessibilityLabel:@"Booked: 30 min on Monday" duration:1.0];
    [tester waitForViewWithAccessibilityLabel:@"Cancelled"];
    XCTAssertNil(self.booking.booking);
}

@end
