#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// A JSON client for one web service: builds each request (the service's base URL, the
/// signed-in user's token) and answers on the main queue.
@interface MMHTTPClient : NSObject

- (instancetype)initWithBaseURL:(NSURL *)baseURL NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

@property (nonatomic, strong, readonly) NSURL *baseURL;
/// Sent as a bearer token with every request once the user has signed in.
@property (nonatomic, copy, nullable) NSString *authToken;

/// The request for a path under the base URL.
- (NSURLRequest *)requestWithPath:(NSString *)path;

/// Fetches a path and calls back on the main queue with the decoded JSON, or an error.
- (void)GET:(NSString *)path completion:(void (^)(id _Nullable JSON, NSError * _Nullable error))completion;

@end

NS_ASSUME_NONNULL_END
