#import <UIKit/UIKit.h>

@class MMCoach;

NS_ASSUME_NONNULL_BEGIN

/// Shows one coach; counts how often it has been on screen.
@interface MMProfileViewController : UIViewController

- (instancetype)initWithCoach:(nullable MMCoach *)coach;

@property (nonatomic, strong, nullable) MMCoach *coach;
@property (nonatomic, strong, readonly) UILabel *nameLabel;
@property (nonatomic, strong, readonly) UILabel *detailLabel;
@property (nonatomic, assign, readonly) NSInteger appearanceCount;

@end

NS_ASSUME_NONNULL_END
