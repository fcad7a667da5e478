#import <KIF/KIF.h>

/// What the hooks and tests did, in order, across the whole class.
static NSMutableArray<NSString *> *MMHookLog;

@interface MMLifecycleHooksKIFTests : KIFTestCase
@end

@implementation MMLifecycleHooksKIFTests

- (void)beforeAll {
    [super beforeAll];
    MMHookLog = [NSMutableArray arrayWithObject:@"beforeAll"];
}

- (void)beforeEach {
    [super beforeEach];
    [MMHookLog addObject:@"beforeEach"];
}

- (void)afterEach {
    [MMHookLog addObject:@"afterEach"];
    [super afterEach];
}

- (void)afterAll {
    [MMHookLog addObject:@"afterAll"];
    NSArray *expected = @[@"beforeAll",
                          @"beforeEach", @"test A", @"afterEach",
                          @"beforeEach", @"test B", @"afterEach",
                          @"beforeEach", @"test C", @"afterEach",
                          @"afterAll"];
    XCTAssertEqualObjects(MMHookLog, expected, @"the hooks ran out of order");
    [super afterAll];
}

- (void)testA_BeforeAllRanFirst {
    XCTAssertEqualObjects(MMHookLog, (@[@"beforeAll", @"beforeEach"]));
    [MMHookLog addObject:@"test A"];
}

- (void)testB_EachTestHasItsOwnBeforeEach {
    NSArray *expected = @[@"beforeAll", @"beforeEach", @"test A", @"afterEach", @"beforeEach"];
    XCTAssertEqualObjects(MMHookLog, expected);
    [MMHookLog addObject:@"test B"];
}

- (void)testC_AfterAllHasNotRunYet {
    XCTAssertFalse([MMHookLog containsObject:@"afterAll"]);
    NSUInteger beforeEachCount = 0;
    for (NSString *entry in MMHookLog) {
        if ([entry isEqualToString:@"beforeEach"]) beforeEachCount++;
    }
    XCTAssertEqual(beforeEachCount, (NSUInteger)3);
    [MMHookLog addObject:@"test C"];
}

@end
