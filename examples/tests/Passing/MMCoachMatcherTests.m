#import <XCTest/XCTest.h>
#import <OCHamcrest/OCHamcrest.h>
#import "MMCoach.h"

/// Matches a coach who has coached for at least a number of years.
@interface MMHasCoachedFor : HCBaseMatcher
@property (nonatomic, assign) NSInteger years;
@end

@implementation MMHasCoachedFor

- (BOOL)matches:(id)item {
    return [item isKindOfClass:[MMCoach class]] && [(MMCoach *)item years] >= self.years;
}

- (void)describeTo:(id<HCDescription>)description {
    [[description appendText:@"a coach of at least "] appendText:[NSString stringWithFormat:@"%ld years", (long)self.years]];
}

@end

static MMHasCoachedFor *hasCoachedFor(NSInteger years) {
    MMHasCoachedFor *matcher = [[MMHasCoachedFor alloc] init];
    matcher.years = years;
    return matcher;
}

@interface MMCoachMatcherTests : XCTestCase
@property (nonatomic, strong) NSArray *coaches;
@end

@implementation MMCoachMatcherTests

- (void)setUp {
    [super setUp];
    self.coaches = @[
        [[MMCoach alloc] initWithName:@"Ada" sport:@"rowing" years:12],
        [[MMCoach alloc] initWithName:@"Grace" sport:@"fencing" years:3],
    ];
}

- (void)testTheSummaryReadsAsTheListShowsIt {
    assertThat([self.coaches[0] summary], equalTo(@"Ada (rowing, 12 years)"));
    assertThat([self.coaches[1] summary], allOf(startsWith(@"Grace"), containsSubstring(@"fencing"), nil));
}

- (void)testTheNamesComeInTheirOrder {
    NSArray *names = [self.coaches valueForKey:@"name"];
    assertThat(names, contains(@"Ada", @"Grace", nil));
    assertThat(names, hasItem(@"Grace"));
    assertThatInteger(names.count, equalToInteger(2));
}

- (void)testAUserMatcherJudgesExperience {
    assertThat(self.coaches[0], hasCoachedFor(10));
    assertThat(self.coaches[1], isNot(hasCoachedFor(10)));
    assertThat(self.coaches, everyItem(instanceOf([MMCoach class])));
}

@end
