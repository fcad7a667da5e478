#import <XCTest/XCTest.h>
#import <objc/runtime.h>
#import "MMLoginViewController.h"
#import "MMProfileViewController.h"
#import "MMSettingsTableViewController.h"
#import "MMCoachesViewController.h"

/// The XCTest flavour of the abstract view-controller test case. XCTest asks a class for
/// its tests before it makes any instance, so the dynamically named test is added when the
/// class is initialized, not in -init.
@interface MMControllerCreationTestCase : XCTestCase
+ (Class)classUnderTest;
@property (nonatomic, strong) UIViewController *controller;
@end

@implementation MMControllerCreationTestCase

+ (void)initialize {
    if (self == [MMControllerCreationTestCase class]) {
        return;
    }
    NSString *testName = [NSString stringWithFormat:@"test%@Creation", NSStringFromClass([self classUnderTest])];
    SEL testSelector = NSSelectorFromString(testName);
    Method check = class_getInstanceMethod(self, @selector(checkControllerCreated));
    class_addMethod(self, testSelector, method_getImplementation(check), method_getTypeEncoding(check));
}

+ (Class)classUnderTest {
    return Nil;
}

// The abstract base has no tests of its own.
+ (XCTestSuite *)defaultTestSuite {
    if (self == [MMControllerCreationTestCase class]) {
        return [XCTestSuite testSuiteWithName:NSStringFromClass(self)];
    }
    return [super defaultTestSuite];
}

- (void)setUp {
    [super setUp];
    self.controller = [[[[self class] classUnderTest] alloc] init];
}

- (void)tearDown {
    self.controller = nil;
    [super tearDown];
}

- (void)checkControllerCreated {
    Class expected = [[self class] classUnderTest];
    XCTAssertNotNil(self.controller, @"could not make a %@", NSStringFromClass(expected));
    XCTAssertTrue([self.controller isMemberOfClass:expected], @"made a %@ instead of a %@",
                  NSStringFromClass([self.controller class]), NSStringFromClass(expected));
    XCTAssertNotNil(self.controller.view, @"%@ has no view", NSStringFromClass(expected));
}

@end

@interface MMLoginViewControllerCreationTests : MMControllerCreationTestCase
@end

@implementation MMLoginViewControllerCreationTests
+ (Class)classUnderTest { return [MMLoginViewController class]; }
@end

@interface MMProfileViewControllerCreationTests : MMControllerCreationTestCase
@end

@implementation MMProfileViewControllerCreationTests
+ (Class)classUnderTest { return [MMProfileViewController class]; }

- (void)testTitleIsProfile {
    XCTAssertEqualObjects(self.controller.title, @"Profile");
}
@end

@interface MMSettingsTableViewControllerCreationTests : MMControllerCreationTestCase
@end

@implementation MMSettingsTableViewControllerCreationTests
+ (Class)classUnderTest { return [MMSettingsTableViewController class]; }

- (void)testViewIsTheTable {
    UITableViewController *settings = (UITableViewController *)self.controller;
    XCTAssertEqual(settings.view, settings.tableView);
    XCTAssertEqual(settings.tableView.dataSource, settings);
}
@end

@interface MMCoachesViewControllerCreationTests : MMControllerCreationTestCase
@end

@implementation MMCoachesViewControllerCreationTests
+ (Class)classUnderTest { return [MMCoachesViewController class]; }
@end
