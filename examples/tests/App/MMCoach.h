#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// One coach, as the coaches endpoint describes them.
@interface MMCoach : NSObject

@property (nonatomic, copy, readonly) NSString *name;
@property (nonatomic, copy, readonly) NSString *sport;
@property (nonatomic, assign, readonly) NSInteger years;

/// A coach from one entry of the endpoint's "coaches" array; nil when it has no name.
+ (nullable instancetype)coachWithDictionary:(NSDictionary *)dictionary;

- (instancetype)initWithName:(NSString *)name sport:(NSString *)sport years:(NSInteger)years NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

/// "Ada (rowing, 12 years)"
- (NSString *)summary;

@end

NS_ASSUME_NONNULL_END
