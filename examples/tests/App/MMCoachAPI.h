#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

extern NSString * const MMCoachAPIErrorDomain;

typedef NS_ENUM(NSInteger, MMCoachAPIErrorCode) {
    MMCoachAPIErrorBadResponse = 1,
};

/// The coaches web service.
@interface MMCoachAPI : NSObject

/// Fetches the list of coaches, and calls back on the main queue with an array of
/// MMCoach, or with an error.
+ (void)fetchCoachesWithCompletion:(void (^)(NSArray * _Nullable coaches, NSError * _Nullable error))completion;

/// The coaches in a response body's JSON object ({"coaches": [...]}); nil when it has none.
+ (nullable NSArray *)coachesFromJSONObject:(id)JSONObject;

@end

NS_ASSUME_NONNULL_END
