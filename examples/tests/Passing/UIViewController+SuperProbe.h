#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// Probes that stand in for UIViewController's lifecycle methods while a test checks that
/// an override calls super. Each marks the controller, then calls its own name, which after
/// method_exchangeImplementations runs the original UIKit implementation.
@interface UIViewController (SuperProbe)

- (void)superProbe_viewDidLoad;
- (void)superProbe_viewWillAppear:(BOOL)animated;
- (void)superProbe_viewDidAppear:(BOOL)animated;
- (void)superProbe_viewWillDisappear:(BOOL)animated;
- (void)superProbe_viewDidDisappear:(BOOL)animated;

/// Whether a probe ran for this controller since the flag was last cleared.
@property (nonatomic, assign) BOOL superProbeReached;

@end

NS_ASSUME_NONNULL_END
