#import <XCTest/XCTest.h>

// rtsh gaps: errors that Foundation and the runtime raise as NSExceptions, which @catch
// and XCTAssertThrows take, and which an escaping test reports as
// `failed: caught "NAME", "REASON"`.

@interface MMExceptionGapThing : NSObject
@end

@implementation MMExceptionGapThing
@end

@interface MMExceptionGapTests : XCTestCase
@end

@implementation MMExceptionGapTests

// rtsh: "failed: in -[...]: -[MMExceptionGapThing fly]: unrecognized selector sent to
// instance 0x..", not an NSInvalidArgumentException that @catch takes.
- (void)testUnrecognizedSelectorIsAnNSInvalidArgumentException {
    MMExceptionGapThing *thing = [[MMExceptionGapThing alloc] init];
    NSString *caught = nil;
    @try {
        [thing performSelector:@selector(fly)];
    } @catch (NSException *exception) {
        caught = exception.name;
    }
    XCTAssertEqualObjects(caught, NSInvalidArgumentException);
    XCTAssertThrowsSpecificNamed([thing performSelector:@selector(fly)], NSException, NSInvalidArgumentException);
}

// rtsh: "failed: in -[...]: index 3 is beyond the array's bounds (0..0)", not an
// NSRangeException.
- (void)testSubscriptOutOfBoundsIsAnNSRangeException {
    NSArray *one = @[@1];
    XCTAssertThrowsSpecificNamed(one[3], NSException, NSRangeException);
}

// rtsh: the reason says "index 3 beyond bounds [0 .. 1]" for an array of one; Foundation
// gives the last index, "[0 .. 0]" (after the private class's name).
- (void)testObjectAtIndexReasonNamesTheLastIndex {
    NSArray *one = @[@1];
    NSString *reason = nil;
    @try {
        [one objectAtIndex:3];
    } @catch (NSException *exception) {
        reason = exception.reason;
    }
    XCTAssertTrue([reason hasSuffix:@"index 3 beyond bounds [0 .. 0]"], @"reason: %@", reason);
}

// rtsh: NSParameterAssert raises NSInvalidArgumentException; Foundation's assertion
// handler raises NSInternalInconsistencyException.
- (void)testParameterAssertRaisesInternalInconsistency {
    NSString *missing = nil;
    NSString *caught = nil;
    @try {
        NSParameterAssert(missing != nil);
    } @catch (NSException *exception) {
        caught = exception.name;
    }
    XCTAssertEqualObjects(caught, NSInternalInconsistencyException);
}

@end
