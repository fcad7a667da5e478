#import <XCTest/XCTest.h>
#import <objc/runtime.h>
#import "UIViewController+SuperProbe.h"

/// Tests that write themselves: for every view controller of the app (class prefix MM),
/// and every lifecycle method it overrides, a test that the override calls super.
@interface MMSuperCallTests : XCTestCase
@end

@implementation MMSuperCallTests

typedef void (^MMLifecycleEvent)(UIViewController *controller);

/// Each lifecycle method checked, and how a test makes it happen.
+ (NSDictionary<NSString *, MMLifecycleEvent> *)lifecycleEvents {
    return @{
        @"viewDidLoad": ^(UIViewController *controller) {
            __unused UIView *view = controller.view;
        },
        @"viewWillAppear:": ^(UIViewController *controller) {
            [controller viewWillAppear:NO];
        },
        @"viewDidAppear:": ^(UIViewController *controller) {
            [controller viewDidAppear:NO];
        },
        @"viewWillDisappear:": ^(UIViewController *controller) {
            [controller viewWillDisappear:NO];
        },
        @"viewDidDisappear:": ^(UIViewController *controller) {
            [controller viewDidDisappear:NO];
        },
    };
}

+ (NSArray<Class> *)appViewControllerClasses {
    NSMutableArray<Class> *found = [NSMutableArray array];
    unsigned int count = 0;
    Class *classes = objc_copyClassList(&count);
    for (unsigned int i = 0; i < count; i++) {
        Class candidate = classes[i];
        if (![NSStringFromClass(candidate) hasPrefix:@"MM"]) {
            continue;
        }
        for (Class ancestor = class_getSuperclass(candidate); ancestor != Nil; ancestor = class_getSuperclass(ancestor)) {
            if (ancestor == [UIViewController class]) {
                [found addObject:candidate];
                break;
            }
        }
    }
    free(classes);
    [found sortUsingComparator:^NSComparisonResult(Class a, Class b) {
        return [NSStringFromClass(a) compare:NSStringFromClass(b)];
    }];
    return found;
}

+ (BOOL)class:(Class)cls overridesSelector:(SEL)selector {
    unsigned int count = 0;
    Method *methods = class_copyMethodList(cls, &count);
    BOOL overrides = NO;
    for (unsigned int i = 0; i < count; i++) {
        if (method_getName(methods[i]) == selector) {
            overrides = YES;
            break;
        }
    }
    free(methods);
    return overrides;
}

+ (void)initialize {
    if (self != [MMSuperCallTests class]) {
        return;
    }
    NSDictionary<NSString *, MMLifecycleEvent> *events = [self lifecycleEvents];
    NSArray<NSString *> *selectorNames = [events.allKeys sortedArrayUsingSelector:@selector(compare:)];
    for (Class controllerClass in [self appViewControllerClasses]) {
        for (NSString *selectorName in selectorNames) {
            SEL lifecycleSelector = NSSelectorFromString(selectorName);
            if (![self class:controllerClass overridesSelector:lifecycleSelector]) {
                continue;
            }
            NSString *bareName = [selectorName stringByReplacingOccurrencesOfString:@":" withString:@""];
            NSString *capitalized = [[[bareName substringToIndex:1] uppercaseString] stringByAppendingString:[bareName substringFromIndex:1]];
            NSString *testName = [NSString stringWithFormat:@"test%@%@CallsSuper", NSStringFromClass(controllerClass), capitalized];
            MMLifecycleEvent event = events[selectorName];
            IMP test = imp_implementationWithBlock(^(MMSuperCallTests *testCase) {
                [testCase checkThatClass:controllerClass callsSuperFrom:lifecycleSelector whenEventHappens:event];
            });
            class_addMethod(self, NSSelectorFromString(testName), test, "v@:");
        }
    }
}

- (void)checkThatClass:(Class)controllerClass callsSuperFrom:(SEL)lifecycleSelector whenEventHappens:(MMLifecycleEvent)event {
    UIViewController *controller = [[controllerClass alloc] init];
    if (lifecycleSelector != @selector(viewDidLoad)) {
        // Load the view first, so that only the event under test reaches the probe.
        [controller view];
    }
    controller.superProbeReached = NO;

    SEL probeSelector = NSSelectorFromString([@"superProbe_" stringByAppendingString:NSStringFromSelector(lifecycleSelector)]);
    Class superclass = class_getSuperclass(controllerClass);
    Method original = class_getInstanceMethod(superclass, lifecycleSelector);
    Method probe = class_getInstanceMethod(superclass, probeSelector);
    XCTAssertTrue(original != NULL && probe != NULL, @"no %@ to swap", NSStringFromSelector(lifecycleSelector));

    method_exchangeImplementations(original, probe);
    @try {
        event(controller);
    } @finally {
        method_exchangeImplementations(original, probe);
    }

    XCTAssertTrue(controller.superProbeReached, @"-[%@ %@] does not call super",
                  NSStringFromClass(controllerClass), NSStringFromSelector(lifecycleSelector));
}

- (void)testTheSweepFoundTheAppsControllers {
    NSArray *names = [[[self class] appViewControllerClasses] valueForKey:@"description"];
    NSArray *expected = @[@"MMCoachesViewController", @"MMLoginViewController", @"MMProfileViewController", @"MMSessionBookingViewController", @"MMSettingsTableViewController", @"MMSignInViewController"];
    XCTAssertEqualObjects(names, expected);
}

- (void)testTheProbesAreBackWhereTheyWere {
    UIViewController *plain = [[UIViewController alloc] init];
    plain.superProbeReached = NO;
    [plain viewWillAppear:NO];
    XCTAssertFalse(plain.superProbeReached, @"a probe was left in place");
}

@end
