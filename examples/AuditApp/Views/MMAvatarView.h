#import <UIKit/UIKit.h>

/// A round picture of a user.
@interface MMAvatarView : UIView
@property (nonatomic, strong) UIImageView *imageView;
@end
