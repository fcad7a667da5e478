#import "MMBaseViewController.h"

/// The signed-in user's profile, refreshed when it appears.
@interface MMProfileViewController : MMBaseViewController
@property (nonatomic, assign, getter=isRefreshing) BOOL refreshing;
@property (nonatomic, strong) UILabel *nameLabel;
@end
