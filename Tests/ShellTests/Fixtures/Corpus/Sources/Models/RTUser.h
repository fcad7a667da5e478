#import <Foundation/Foundation.h>

@class RTSession;

NS_ASSUME_NONNULL_BEGIN

@interface RTUser : NSObject <NSCopying>

@property (nonatomic, copy, readonly) NSString *name;
@property (nonatomic, copy, nullable) NSString *email;
@property (nonatomic, assign, getter=isAdmin) BOOL admin;
@property (nonatomic, strong, nullable) NSArray<NSString *> *roles;

- (instancetype)initWithName:(NSString *)name NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;
+ (instancetype)guest;
- (NSString *)displayName;

@end

NS_ASSUME_NONNULL_END
