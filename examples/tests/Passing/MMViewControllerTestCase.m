#import "MMViewControllerTestCase.h"
#import <objc/runtime.h>

@implementation MMViewControllerTestCase

- (instancetype)init {
    self = [super init];
    if (self) {
        [self addDynamicTests];
    }
    return self;
}

- (Class)classUnderTest {
    NSAssert(NO, @"%@ must override -classUnderTest to name the view controller it tests", NSStringFromClass([self class]));
    return Nil;
}

- (void)addDynamicTests {
    NSString *testName = [NSString stringWithFormat:@"test%@Creation", NSStringFromClass([self classUnderTest])];
    SEL testSelector = sel_registerName([testName UTF8String]);
    IMP validation = [[self class] instanceMethodForSelector:@selector(validateViewControllerCreated)];
    class_addMethod([self class], testSelector, validation, "v@:");
}

- (void)setUp {
    [super setUp];
    self.viewControllerUnderTest = [[[self classUnderTest] alloc] init];
}

- (void)tearDown {
    self.viewControllerUnderTest = nil;
    [super tearDown];
}

- (void)validateViewControllerCreated {
    GHAssertNotNil(self.viewControllerUnderTest, @"%@ could not be created", NSStringFromClass([self classUnderTest]));
    GHAssertTrue([self.viewControllerUnderTest isMemberOfClass:[self classUnderTest]],
                 @"made a %@, not a %@", NSStringFromClass([self.viewControllerUnderTest class]), NSStringFromClass([self classUnderTest]));
}

@end
