#import "UIView+RTLayout.h"

@implementation UIView (RTLayout)

- (CGFloat)rt_width {
    return CGRectGetWidth(self.frame);
}

- (void)rt_setOrigin:(CGPoint)origin {
    CGRect frame = self.frame;
    frame.origin = origin;
    self.frame = frame;
}

@end
