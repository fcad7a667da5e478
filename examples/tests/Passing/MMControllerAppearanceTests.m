#import <XCTest/XCTest.h>
#import <objc/runtime.h>
#import "MMLoginViewController.h"
#import "MMProfileViewController.h"
#import "MMSettingsTableViewController.h"

/// Another abstract XCTest case with dynamically named tests, this time added when XCTest
/// asks the class for its test invocations: each concrete subclass gets
/// test<Class>AppearsAndDisappears.
@interface MMControllerAppearanceTestCase : XCTestCase
+ (Class)classUnderTest;
@end

@implementation MMControllerAppearanceTestCase

+ (Class)classUnderTest {
    return Nil;
}

+ (NSArray<NSInvocation *> *)testInvocations {
    Class controllerClass = [self classUnderTest];
    if (controllerClass == Nil) {
        return @[];
    }
    NSString *testName = [NSString stringWithFormat:@"test%@AppearsAndDisappears", NSStringFromClass(controllerClass)];
    SEL testSelector = NSSelectorFromString(testName);
    if (![self instancesRespondToSelector:testSelector]) {
        IMP test = imp_implementationWithBlock(^(MMControllerAppearanceTestCase *testCase) {
            [testCase checkAppearanceOf:controllerClass];
        });
        class_addMethod(self, testSelector, test, "v@:");
    }
    return [super testInvocations];
}

- (void)checkAppearanceOf:(Class)controllerClass {
    UIViewController *controller = [[controllerClass alloc] init];
    UIWindow *window = [[UIWindow alloc] initWithFrame:CGRectMake(0, 0, 320, 480)];
    window.rootViewController = controller;
    [window makeKeyAndVisible];
    XCTAssertTrue(controller.isViewLoaded, @"%@ did not load its view", NSStringFromClass(controllerClass));
    XCTAssertEqual(controller.view.window, window);

    [controller beginAppearanceTransition:NO animated:NO];
    [controller endAppearanceTransition];
    XCTAssertNotNil(controller.view);
}

@end

@interface MMLoginAppearanceTests : MMControllerAppearanceTestCase
@end

@implementation MMLoginAppearanceTests
+ (Class)classUnderTest { return [MMLoginViewController class]; }
@end

@interface MMProfileAppearanceTests : MMControllerAppearanceTestCase
@end

@implementation MMProfileAppearanceTests
+ (Class)classUnderTest { return [MMProfileViewController class]; }

- (void)testCountsEachAppearance {
    MMProfileViewController *profile = [[MMProfileViewController alloc] init];
    for (int i = 0; i < 2; i++) {
        [profile beginAppearanceTransition:YES animated:NO];
        [profile endAppearanceTransition];
        [profile beginAppearanceTransition:NO animated:NO];
        [profile endAppearanceTransition];
    }
    XCTAssertEqual(profile.appearanceCount, 2);
}
@end

@interface MMSettingsAppearanceTests : MMControllerAppearanceTestCase
@end

@implementation MMSettingsAppearanceTests
+ (Class)classUnderTest { return [MMSettingsTableViewController class]; }
@end
