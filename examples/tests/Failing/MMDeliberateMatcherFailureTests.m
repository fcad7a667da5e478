#import <XCTest/XCTest.h>
#import <OCHamcrest/OCHamcrest.h>

/// OCHamcrest mismatches, failing on purpose: each says what was expected and what was there.
@interface MMDeliberateMatcherFailureTests : XCTestCase
@end

@implementation MMDeliberateMatcherFailureTests

- (void)testTheTitleIsNotWhatWasExpected {
    assertThat(@"Log out", equalTo(@"Log in"));
}

- (void)testTheListLacksAName {
    NSArray *names = @[@"Ada", @"Grace"];
    assertThat(names, hasItem(@"Linus"));
}

- (void)testTheCountIsOff {
    assertThatInt(2 + 2, greaterThan(@5));
}

@end
