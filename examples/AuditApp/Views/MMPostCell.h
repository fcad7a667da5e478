#import <UIKit/UIKit.h>

/// A post in the feed.
@interface MMPostCell : UITableViewCell
@property (nonatomic, strong) UIImageView *avatarView;
@end
