#import <XCTest/XCTest.h>
#import "MMLoginViewController.h"

static NSMutableArray<NSString *> *MMAsyncLog;

/// A tiny asynchronous worker, as app code would have one: it answers later on the main queue.
@interface MMDelayedGreeter : NSObject
- (void)greet:(NSString *)name after:(NSTimeInterval)delay completion:(void (^)(NSString *greeting))completion;
@end

@implementation MMDelayedGreeter

- (void)greet:(NSString *)name after:(NSTimeInterval)delay completion:(void (^)(NSString *greeting))completion {
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(delay * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
        completion([NSString stringWithFormat:@"Hello, %@!", name]);
    });
}

@end

@interface MMAsyncExpectationTests : XCTestCase
@property (nonatomic, strong) MMDelayedGreeter *greeter;
@property (nonatomic, strong) XCTestExpectation *pendingExpectation;
@property (nonatomic, assign) NSInteger ticks;
@end

@implementation MMAsyncExpectationTests

+ (void)setUp {
    [super setUp];
    MMAsyncLog = [NSMutableArray array];
    [MMAsyncLog addObject:@"+setUp"];
}

+ (void)tearDown {
    [MMAsyncLog removeAllObjects];
    [super tearDown];
}

- (void)setUp {
    [super setUp];
    self.continueAfterFailure = NO;
    self.greeter = [[MMDelayedGreeter alloc] init];
    self.ticks = 0;
    [MMAsyncLog addObject:[NSString stringWithFormat:@"setUp %@", self.name]];
}

- (void)tearDown {
    self.greeter = nil;
    self.pendingExpectation = nil;
    [MMAsyncLog addObject:@"tearDown"];
    [super tearDown];
}

- (void)testFulfilledFromDispatchAfter {
    XCTestExpectation *greeted = [self expectationWithDescription:@"greeted"];
    __block NSString *greeting = nil;
    [self.greeter greet:@"Ada" after:0.5 completion:^(NSString *text) {
        greeting = text;
        [greeted fulfill];
    }];
    XCTAssertNil(greeting, @"the greeting came at once");

    [self waitForExpectationsWithTimeout:2 handler:^(NSError *error) {
        XCTAssertNil(error, @"the wait failed: %@", error);
    }];
    XCTAssertEqualObjects(greeting, @"Hello, Ada!");
}

- (void)fulfillPending {
    [self.pendingExpectation fulfill];
}

- (void)testFulfilledFromPerformSelectorAfterDelay {
    self.pendingExpectation = [self expectationWithDescription:@"performed"];
    [self performSelector:@selector(fulfillPending) withObject:nil afterDelay:0.25];
    [self waitForExpectationsWithTimeout:1 handler:nil];
}

- (void)timerFired:(NSTimer *)timer {
    self.ticks += 1;
    [self.pendingExpectation fulfill];
    if (self.ticks == 3) {
        [timer invalidate];
    }
}

- (void)testRepeatingTimerWithExpectedFulfillmentCount {
    self.pendingExpectation = [self expectationWithDescription:@"three ticks"];
    self.pendingExpectation.expectedFulfillmentCount = 3;
    NSTimer *timer = [NSTimer scheduledTimerWithTimeInterval:0.1 target:self selector:@selector(timerFired:) userInfo:nil repeats:YES];

    [self waitForExpectationsWithTimeout:1 handler:nil];
    XCTAssertEqual(self.ticks, 3);
    XCTAssertFalse(timer.isValid, @"the timer should have stopped itself");
}

- (void)testBlockTimer {
    XCTestExpectation *fired = [self expectationWithDescription:@"block timer fired"];
    [NSTimer scheduledTimerWithTimeInterval:0.2 repeats:NO block:^(NSTimer *timer) {
        [fired fulfill];
    }];
    [self waitForExpectationsWithTimeout:1 handler:nil];
}

- (void)testInvertedExpectationIsNotFulfilled {
    XCTestExpectation *noLogin = [self expectationWithDescription:@"no login without a name"];
    noLogin.inverted = YES;

    MMLoginViewController *login = [[MMLoginViewController alloc] init];
    [login view];
    [self.greeter greet:@"nobody" after:0.1 completion:^(NSString *text) {
        if (login.loginButton.isEnabled) {
            [noLogin fulfill];
        }
    }];

    [self waitForExpectationsWithTimeout:0.5 handler:nil];
}

- (void)testWaiterWithSeveralExpectationsInOrder {
    XCTestExpectation *first = [[XCTestExpectation alloc] initWithDescription:@"first"];
    XCTestExpectation *second = [[XCTestExpectation alloc] initWithDescription:@"second"];
    [self.greeter greet:@"one" after:0.1 completion:^(NSString *text) {
        [first fulfill];
    }];
    [self.greeter greet:@"two" after:0.3 completion:^(NSString *text) {
        [second fulfill];
    }];

    XCTWaiterResult result = [XCTWaiter waitForExpectations:@[first, second] timeout:1 enforceOrder:YES];
    XCTAssertEqual(result, XCTWaiterResultCompleted);
}

- (void)testWaiterReportsATimeoutWithoutFailingTheTest {
    XCTestExpectation *never = [[XCTestExpectation alloc] initWithDescription:@"never fulfilled"];
    XCTWaiter *waiter = [[XCTWaiter alloc] init];
    XCTWaiterResult result = [waiter waitForExpectations:@[never] timeout:0.2];
    XCTAssertEqual(result, XCTWaiterResultTimedOut);
}

- (void)testWaitForExpectationsTimeout {
    XCTestExpectation *greeted = [self expectationWithDescription:@"greeted"];
    [self.greeter greet:@"Grace" after:0.2 completion:^(NSString *text) {
        [greeted fulfill];
    }];
    [self waitForExpectations:@[greeted] timeout:1];
}

- (void)testTeardownBlocksRunBeforeTearDownLastAddedFirst {
    [self addTeardownBlock:^{
        [MMAsyncLog addObject:@"teardown block 1"];
    }];
    [self addTeardownBlock:^{
        [MMAsyncLog addObject:@"teardown block 2"];
    }];
    [MMAsyncLog addObject:@"test body"];
}

// Runs after testTeardownBlocksRunBeforeTearDownLastAddedFirst: tests run in name order.
- (void)testZZTheLogShowsTheLifeCycle {
    NSUInteger body = [MMAsyncLog indexOfObject:@"test body"];
    XCTAssertNotEqual(body, (NSUInteger)NSNotFound);
    NSArray *afterBody = [MMAsyncLog subarrayWithRange:NSMakeRange(body, 4)];
    NSArray *expected = @[@"test body", @"teardown block 2", @"teardown block 1", @"tearDown"];
    XCTAssertEqualObjects(afterBody, expected);
    XCTAssertEqualObjects(MMAsyncLog.firstObject, @"+setUp");
    XCTAssertEqualObjects(MMAsyncLog.lastObject, @"setUp -[MMAsyncExpectationTests testZZTheLogShowsTheLifeCycle]");
}

@end
