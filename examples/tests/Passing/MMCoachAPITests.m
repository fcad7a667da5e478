#import <XCTest/XCTest.h>
#import "MMSwizzler.h"
#import "MMCoachAPI.h"
#import "MMCoach.h"
#import "MMCoachesViewController.h"

static const NSTimeInterval kFakeNetworkDelay = 0.3;

#pragma mark - Stand-ins for the web service

/// Answers +fetchCoachesWithCompletion: with the canned response in fixtures/coaches.json,
/// a little later, as the network would.
@interface MMCoachAPIFixtureResponse : NSObject
+ (void)fetchCoachesWithCompletion:(void (^)(NSArray *coaches, NSError *error))completion;
+ (NSDictionary *)coachesFixture;
@end

@implementation MMCoachAPIFixtureResponse

+ (void)fetchCoachesWithCompletion:(void (^)(NSArray *coaches, NSError *error))completion {
    // Once swizzled, this runs as +[MMCoachAPI fetchCoachesWithCompletion:], so self is
    // MMCoachAPI: name this class to reach its own methods.
    NSDictionary *response = [MMCoachAPIFixtureResponse coachesFixture];
    NSArray *coaches = [MMCoachAPI coachesFromJSONObject:response];
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(kFakeNetworkDelay * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
        completion(coaches, nil);
    });
}

/// The canned response, read from the test bundle as on a device (rtsh's bundle holds the
/// files beside the loaded sources).
+ (NSDictionary *)coachesFixture {
    NSString *path = [[NSBundle bundleForClass:self] pathForResource:@"coaches" ofType:@"json"];
    NSAssert(path != nil, @"coaches.json is missing from the test bundle");
    NSData *data = [NSData dataWithContentsOfFile:path];
    NSError *error = nil;
    NSDictionary *response = [NSJSONSerialization JSONObjectWithData:data options:0 error:&error];
    NSAssert(response != nil, @"coaches.json is not JSON: %@", error);
    return response;
}

@end

/// Answers +fetchCoachesWithCompletion: as if the device were offline.
@interface MMCoachAPIOfflineResponse : NSObject
+ (void)fetchCoachesWithCompletion:(void (^)(NSArray *coaches, NSError *error))completion;
@end

@implementation MMCoachAPIOfflineResponse

+ (void)fetchCoachesWithCompletion:(void (^)(NSArray *coaches, NSError *error))completion {
    NSError *offline = [NSError errorWithDomain:NSURLErrorDomain
                                           code:NSURLErrorNotConnectedToInternet
                                       userInfo:@{NSLocalizedDescriptionKey: @"The Internet connection appears to be offline."}];
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(kFakeNetworkDelay * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
        completion(nil, offline);
    });
}

@end

#pragma mark - Tests

@interface MMCoachAPITests : XCTestCase
@property (nonatomic, strong) MMSwizzler *swizzler;
@end

@implementation MMCoachAPITests

- (void)setUp {
    [super setUp];
    self.swizzler = [[MMSwizzler alloc] init];
}

- (void)tearDown {
    [self.swizzler deswizzle];
    self.swizzler = nil;
    [super tearDown];
}

- (void)answerWith:(Class)standIn {
    [self.swizzler swizzleClassMethod:@selector(fetchCoachesWithCompletion:) ofClass:[MMCoachAPI class] withClass:standIn];
}

- (void)testFetchingCoachesAnswersTheFixture {
    [self answerWith:[MMCoachAPIFixtureResponse class]];

    __block BOOL done = NO;
    __block NSArray *fetched = nil;
    __block NSError *fetchError = nil;
    [MMCoachAPI fetchCoachesWithCompletion:^(NSArray *coaches, NSError *error) {
        fetched = coaches;
        fetchError = error;
        done = YES;
    }];
    XCTAssertFalse(done, @"the completion ran before the response came");

    while (!done) {
        [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate dateWithTimeIntervalSinceNow:0.1]];
    }

    XCTAssertNil(fetchError);
    XCTAssertEqual(fetched.count, (NSUInteger)3, @"the entry without a name is dropped");
    NSInteger i = 0;
    for (MMCoach *coach in fetched) {
        XCTAssertTrue([coach isKindOfClass:[MMCoach class]], @"entry %ld is a %@", (long)i, [coach class]);
        i++;
    }
    XCTAssertEqualObjects(fetched[0], [[MMCoach alloc] initWithName:@"Ada" sport:@"rowing" years:12]);
    XCTAssertEqualObjects([fetched.lastObject summary], @"Katherine (climbing, 1 year)");
}

- (void)testTheResponseComesAfterTheDelay {
    [self answerWith:[MMCoachAPIFixtureResponse class]];

    __block NSDate *answeredAt = nil;
    NSDate *askedAt = [NSDate date];
    [MMCoachAPI fetchCoachesWithCompletion:^(NSArray *coaches, NSError *error) {
        answeredAt = [NSDate date];
    }];

    NSDate *giveUp = [NSDate dateWithTimeIntervalSinceNow:5];
    while (answeredAt == nil && [giveUp timeIntervalSinceNow] > 0) {
        [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate dateWithTimeIntervalSinceNow:0.1]];
    }
    XCTAssertNotNil(answeredAt, @"no answer within 5 seconds");
    XCTAssertEqualWithAccuracy([answeredAt timeIntervalSinceDate:askedAt], kFakeNetworkDelay, 0.15);
}

- (void)testTheCoachesScreenShowsWhatTheServiceAnswers {
    [self answerWith:[MMCoachAPIFixtureResponse class]];
    MMCoachesViewController *screen = [[MMCoachesViewController alloc] init];

    __block BOOL done = NO;
    [screen refreshWithCompletion:^{
        done = YES;
    }];
    XCTAssertTrue(screen.isLoading);

    while (!done) {
        [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate dateWithTimeIntervalSinceNow:0.1]];
    }

    XCTAssertFalse(screen.isLoading);
    XCTAssertNil(screen.lastError);
    XCTAssertEqual(screen.coaches.count, (NSUInteger)3);
    XCTAssertEqualObjects([screen.coaches.firstObject name], @"Ada");
}

- (void)testTheCoachesScreenKeepsItsListWhenOffline {
    [self answerWith:[MMCoachAPIOfflineResponse class]];
    MMCoachesViewController *screen = [[MMCoachesViewController alloc] init];

    __block BOOL done = NO;
    [screen refreshWithCompletion:^{
        done = YES;
    }];
    while (!done) {
        [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate dateWithTimeIntervalSinceNow:0.1]];
    }

    XCTAssertEqualObjects(screen.lastError.domain, NSURLErrorDomain);
    XCTAssertEqual(screen.lastError.code, NSURLErrorNotConnectedToInternet);
    XCTAssertEqualObjects(screen.coaches, @[]);
}

- (void)testDeswizzlingPutsTheRealMethodBack {
    IMP real = [MMCoachAPI methodForSelector:@selector(fetchCoachesWithCompletion:)];
    [self answerWith:[MMCoachAPIFixtureResponse class]];
    XCTAssertNotEqual([MMCoachAPI methodForSelector:@selector(fetchCoachesWithCompletion:)], real);
    [self.swizzler deswizzle];
    XCTAssertEqual([MMCoachAPI methodForSelector:@selector(fetchCoachesWithCompletion:)], real);
    XCTAssertFalse(self.swizzler.isSwizzled);
}

@end
