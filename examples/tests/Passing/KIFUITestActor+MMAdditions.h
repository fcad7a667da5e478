#import <KIF/KIF.h>

/// Steps of the suite's own, added to KIF's tester as a category.
@interface KIFUITestActor (MMAdditions)

/// Shows `controller` in a new key window the size of the screen, as the app delegate would.
- (void)mm_showInNewWindow:(UIViewController *)controller;

/// Fails the test at the step's place unless the button with `label` is enabled as expected.
- (void)mm_expectButtonWithLabel:(NSString *)label enabled:(BOOL)enabled;

@end
