#import <UIKit/UIKit.h>

@interface UIView (RTLayout)
@property (nonatomic, readonly) CGFloat rt_width;
- (void)rt_setOrigin:(CGPoint)origin;
@end
