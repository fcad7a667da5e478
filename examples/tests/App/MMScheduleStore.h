#import <Foundation/Foundation.h>

@class MMHTTPClient;

NS_ASSUME_NONNULL_BEGIN

/// A coach's training sessions, loaded through the app's HTTP client.
@interface MMScheduleStore : NSObject

- (instancetype)initWithClient:(MMHTTPClient *)client;

@property (nonatomic, strong, readonly) MMHTTPClient *client;
/// The titles of the sessions last loaded, in the service's order.
@property (nonatomic, copy, readonly) NSArray<NSString *> *sessionTitles;
@property (nonatomic, strong, readonly, nullable) NSError *lastError;

/// Loads the coach's sessions; `completion` (may be nil) says whether it worked.
- (void)loadScheduleForCoachID:(NSInteger)coachID completion:(nullable void (^)(BOOL succeeded))completion;

@end

NS_ASSUME_NONNULL_END
