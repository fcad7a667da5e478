#import <UIKit/UIKit.h>

@class MMCoach;

NS_ASSUME_NONNULL_BEGIN

/// The list of coaches, fetched from MMCoachAPI when the screen loads and on refresh.
@interface MMCoachesViewController : UIViewController

@property (nonatomic, copy, readonly) NSArray *coaches;
@property (nonatomic, strong, readonly, nullable) NSError *lastError;
@property (nonatomic, assign, readonly, getter=isLoading) BOOL loading;

/// Fetches again; `completion` (may be nil) runs once the list is updated.
- (void)refreshWithCompletion:(nullable void (^)(void))completion;

/// Pushes the coach's profile onto the navigation stack.
- (void)showCoach:(MMCoach *)coach;

@end

NS_ASSUME_NONNULL_END
