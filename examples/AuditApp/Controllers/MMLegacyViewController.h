#import <UIKit/UIKit.h>

/// An older screen that builds its view by hand.
@interface MMLegacyViewController : UIViewController
@end
