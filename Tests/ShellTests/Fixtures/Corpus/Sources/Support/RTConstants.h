//
//  RTConstants.h
//  A corpus written for rtsh's tests in the style of a 2014-2020 iOS app.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

#define RT_PADDING 16.0
#define RT_ROW_HEIGHT 44.0f
#define RT_CLAMP(value, low, high) MIN(MAX((value), (low)), (high))
#define RTLocalized(key) NSLocalizedString(key, nil)

#ifdef DEBUG
#define RTLog(format, ...) NSLog((@"%s " format), __PRETTY_FUNCTION__, ##__VA_ARGS__)
#else
#define RTLog(...)
#endif

typedef NS_ENUM(NSInteger, RTSection) {
    RTSectionAccount = 0,
    RTSectionNotifications,
    RTSectionAbout,
    RTSectionCount
};

typedef NS_OPTIONS(NSUInteger, RTFeedFilter) {
    RTFeedFilterNone = 0,
    RTFeedFilterUnread = 1 << 0,
    RTFeedFilterStarred = 1 << 1,
    RTFeedFilterAll = RTFeedFilterUnread | RTFeedFilterStarred,
};

typedef void (^RTCompletion)(BOOL finished, NSError * _Nullable error);

FOUNDATION_EXPORT NSString * const RTDidSignInNotification;
extern const NSInteger RTMaximumAttempts;

NS_ASSUME_NONNULL_END
