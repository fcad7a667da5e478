#import <SenTestingKit/SenTestingKit.h>
#import "MMCoach.h"
#import "MMCoachAPI.h"

/// The model, tested the OCUnit way.
@interface MMCoachSenTests : SenTestCase {
    MMCoach *ada;
}
@end

@implementation MMCoachSenTests

- (void)setUp {
    [super setUp];
    ada = [[MMCoach alloc] initWithName:@"Ada" sport:@"rowing" years:12];
}

- (void)tearDown {
    ada = nil;
    [super tearDown];
}

- (void)testSummary {
    STAssertEqualObjects([ada summary], @"Ada (rowing, 12 years)", @"summary of %@", ada.name);
}

- (void)testOneYearIsSingular {
    MMCoach *rookie = [[MMCoach alloc] initWithName:@"Kit" sport:@"judo" years:1];
    STAssertEqualObjects([rookie summary], @"Kit (judo, 1 year)", nil);
}

- (void)testCoachFromDictionary {
    MMCoach *coach = [MMCoach coachWithDictionary:@{@"name": @"Grace", @"sport": @"fencing", @"years": @7}];
    STAssertNotNil(coach, nil);
    STAssertEqualObjects(coach.name, @"Grace", nil);
    STAssertEquals(coach.years, (NSInteger)7, nil);
    STAssertTrue([coach isKindOfClass:[MMCoach class]], @"Incorrect class");
}

- (void)testCoachWithoutANameIsNil {
    STAssertNil([MMCoach coachWithDictionary:@{@"sport": @"chess"}], @"a coach needs a name");
    STAssertNil([MMCoach coachWithDictionary:@{@"name": @""}], @"an empty name is no name");
}

- (void)testMissingFieldsHaveDefaults {
    MMCoach *coach = [MMCoach coachWithDictionary:@{@"name": @"Lin"}];
    STAssertEqualObjects(coach.sport, @"", nil);
    STAssertEquals(coach.years, (NSInteger)0, nil);
}

- (void)testEquality {
    MMCoach *twin = [[MMCoach alloc] initWithName:@"Ada" sport:@"rowing" years:12];
    STAssertEqualObjects(ada, twin, nil);
    STAssertEquals([ada hash], [twin hash], @"equal coaches hash alike");
    STAssertFalse([ada isEqual:[[MMCoach alloc] initWithName:@"Ada" sport:@"sailing" years:12]], nil);
    STAssertFalse([ada isEqual:@"Ada"], nil);
}

- (void)testResponseParsing {
    NSDictionary *response = @{@"coaches": @[@{@"name": @"Ada", @"sport": @"rowing", @"years": @12}, @{@"name": @""}], @"page": @1};
    NSArray *coaches = [MMCoachAPI coachesFromJSONObject:response];
    STAssertEquals(coaches.count, (NSUInteger)1, nil);
    STAssertEqualObjects(coaches.firstObject, ada, nil);
    STAssertNil([MMCoachAPI coachesFromJSONObject:@[]], @"an array is no response");
    STAssertNil([MMCoachAPI coachesFromJSONObject:@{@"coaches": @"none"}], nil);
}

- (void)testAskingForAnUnknownKeyRaises {
    STAssertThrows([ada valueForKey:@"noSuchKey"], @"KVC on a missing key raises");
    STAssertNoThrow([ada summary], nil);
}

@end
