#import "MMHTTPClient.h"

@implementation MMHTTPClient

- (instancetype)initWithBaseURL:(NSURL *)baseURL {
    self = [super init];
    if (self) {
        _baseURL = baseURL;
    }
    return self;
}

- (NSURLRequest *)requestWithPath:(NSString *)path {
    NSURL *url = [self.baseURL URLByAppendingPathComponent:path];
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:url];
    [request setValue:@"application/json" forHTTPHeaderField:@"Accept"];
    if (self.authToken.length > 0) {
        [request setValue:[@"Bearer " stringByAppendingString:self.authToken] forHTTPHeaderField:@"Authorization"];
    }
    return request;
}

- (void)GET:(NSString *)path completion:(void (^)(id JSON, NSError *error))completion {
    NSURLRequest *request = [self requestWithPath:path];
    NSURLSessionDataTask *task = [[NSURLSession sharedSession] dataTaskWithRequest:request completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        id JSON = nil;
        if (data != nil && error == nil) {
            JSON = [NSJSONSerialization JSONObjectWithData:data options:0 error:&error];
        }
        dispatch_async(dispatch_get_main_queue(), ^{
            completion(JSON, error);
        });
    }];
    [task resume];
}

@end
