#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// Every screen of the app: sets up its look, then asks the subclass to configure itself.
@interface MMBaseViewController : UIViewController
/// Subclasses override this to build their screen, and call super first.
- (void)configure;
@end

NS_ASSUME_NONNULL_END
