#import <XCTest/XCTest.h>

// rtsh gap: XCTWaiterResult's constants are not defined ("no variable or class named
// 'XCTWaiterResultCompleted'"), though XCTWaiter answers the right numbers (1 to 5).

@interface MMXCTestGapTests : XCTestCase
@end

@implementation MMXCTestGapTests

- (void)testWaiterResultConstants {
    XCTestExpectation *never = [[XCTestExpectation alloc] initWithDescription:@"never"];
    XCTWaiterResult result = [XCTWaiter waitForExpectations:@[never] timeout:0.1];
    XCTAssertEqual(result, XCTWaiterResultTimedOut);
    XCTAssertEqual(XCTWaiterResultCompleted, 1);
    XCTAssertEqual(XCTWaiterResultIncorrectOrder, 3);
    XCTAssertEqual(XCTWaiterResultInvertedFulfillment, 4);
    XCTAssertEqual(XCTWaiterResultInterrupted, 5);
}

@end
