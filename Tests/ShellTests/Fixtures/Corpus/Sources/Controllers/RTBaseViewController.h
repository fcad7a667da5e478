#import <UIKit/UIKit.h>

@interface RTBaseViewController : UIViewController
@property (nonatomic, assign) NSInteger appearanceCount;
- (void)configureNavigationItem;
@end
