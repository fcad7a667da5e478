#import "RTBaseViewController.h"
#import "RTConstants.h"

NS_ASSUME_NONNULL_BEGIN

@interface RTFeedViewController : RTBaseViewController
@property (nonatomic, assign) RTFeedFilter filter;
@property (nonatomic, copy) NSArray<NSDictionary<NSString *, id> *> *items;
- (NSArray *)visibleItems;
- (CGRect)frameForItemAtIndex:(NSUInteger)index inWidth:(CGFloat)width;
@end

NS_ASSUME_NONNULL_END
