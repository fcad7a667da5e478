#import "KIFUITestActor+MMAdditions.h"

@implementation KIFUITestActor (MMAdditions)

- (void)mm_showInNewWindow:(UIViewController *)controller {
    UIWindow *window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    window.rootViewController = controller;
    [window makeKeyAndVisible];
}

- (void)mm_expectButtonWithLabel:(NSString *)label enabled:(BOOL)enabled {
    UIButton *button = (UIButton *)[self waitForViewWithAccessibilityLabel:label];
    if (button.isEnabled != enabled) {
        [self failWithError:[NSError KIFErrorWithFormat:@"The \"%@\" button is %@", label, button.isEnabled ? @"enabled" : @"disabled"] stopTest:YES];
    }
}

@end
