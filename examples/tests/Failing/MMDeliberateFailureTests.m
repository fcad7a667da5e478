#import <XCTest/XCTest.h>
#import "MMCoach.h"
#import "MMCoachAPI.h"
#import "MMLoginViewController.h"

/// Every test here but the first fails on purpose, each in its own way; the output is
/// kept in expected-output.txt and compared by ../check-failing.sh.
@interface MMDeliberateFailureTests : XCTestCase
@property (nonatomic, strong) MMCoach *ada;
@end

@implementation MMDeliberateFailureTests

- (void)setUp {
    [super setUp];
    self.ada = [[MMCoach alloc] initWithName:@"Ada" sport:@"rowing" years:12];
}

- (void)testAPassingTestForContrast {
    XCTAssertEqualObjects(self.ada.name, @"Ada");
}

- (void)testEqualObjectsMismatchWithAMessage {
    XCTAssertEqualObjects([self.ada summary], @"Ada (rowing, 12 yrs)", @"the summary of %@ after %ld years", self.ada.name, (long)self.ada.years);
}

- (void)testEqualNumbers {
    NSArray *coaches = [MMCoachAPI coachesFromJSONObject:@{@"coaches": @[@{@"name": @"Ada"}, @{@"name": @"Grace"}]}];
    XCTAssertEqual(coaches.count, (NSUInteger)3);
    XCTAssertEqual(self.ada.years, 11, @"Ada's years");
}

- (void)testNil {
    MMCoach *nobody = [MMCoach coachWithDictionary:@{@"name": @"Nobody"}];
    XCTAssertNil(nobody, @"a coach without a sport should not be made");
}

- (void)testFail {
    XCTFail(@"not written yet: %@", @"the coach search");
}

- (void)testAnExceptionEscapes {
    NSString *missingName = nil;
    MMCoach *nameless = [[MMCoach alloc] initWithName:missingName sport:@"chess" years:3];
    XCTAssertNotNil(nameless, @"never reached");
}

- (void)testAnExpectationTimesOut {
    XCTestExpectation *loaded = [self expectationWithDescription:@"coaches loaded"];
    [MMCoachAPI coachesFromJSONObject:@{@"coaches": @[]}];
    (void)loaded;
    [self waitForExpectationsWithTimeout:1 handler:nil];
}

- (void)testStopsAtTheFirstFailure {
    self.continueAfterFailure = NO;
    XCTAssertTrue(self.ada.years > 20, @"first failure: stops the test");
    XCTFail(@"second failure: never reported");
}

- (void)testGoesOnAfterAFailureByDefault {
    XCTAssertFalse(self.ada.years > 10, @"first of two failures");
    XCTAssertGreaterThan(self.ada.years, 20, @"second of two failures");
}

- (void)testSkipped {
    XCTSkip(@"the coach search is not built yet");
    XCTFail(@"never reached: the test was skipped");
}

- (void)testSkippedIf {
    MMLoginViewController *login = [[MMLoginViewController alloc] init];
    XCTSkipIf(login.delegate == nil, @"no delegate to log in to");
    XCTFail(@"never reached: the test was skipped");
}

@end
