#import "MMCoachAPI.h"
#import "MMCoach.h"

NSString * const MMCoachAPIErrorDomain = @"MMCoachAPIErrorDomain";

static NSString * const kCoachesEndpoint = @"https://api.example.com/v1/coaches?per_page=6&page=1";

@implementation MMCoachAPI

+ (void)fetchCoachesWithCompletion:(void (^)(NSArray *coaches, NSError *error))completion {
    NSURL *url = [NSURL URLWithString:kCoachesEndpoint];
    NSURLSessionDataTask *task = [[NSURLSession sharedSession] dataTaskWithURL:url completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        NSArray *coaches = nil;
        if (data != nil && error == nil) {
            id JSONObject = [NSJSONSerialization JSONObjectWithData:data options:0 error:&error];
            coaches = [self coachesFromJSONObject:JSONObject];
            if (coaches == nil && error == nil) {
                error = [NSError errorWithDomain:MMCoachAPIErrorDomain
                                            code:MMCoachAPIErrorBadResponse
                                        userInfo:@{NSLocalizedDescriptionKey: @"The coaches list could not be read."}];
            }
        }
        dispatch_async(dispatch_get_main_queue(), ^{
            completion(coaches, error);
        });
    }];
    [task resume];
}

+ (NSArray *)coachesFromJSONObject:(id)JSONObject {
    if (![JSONObject isKindOfClass:[NSDictionary class]]) {
        return nil;
    }
    NSArray *entries = JSONObject[@"coaches"];
    if (![entries isKindOfClass:[NSArray class]]) {
        return nil;
    }
    NSMutableArray *coaches = [NSMutableArray arrayWithCapacity:entries.count];
    for (NSDictionary *entry in entries) {
        MMCoach *coach = [MMCoach coachWithDictionary:entry];
        if (coach) {
            [coaches addObject:coach];
        }
    }
    return [coaches copy];
}

@end
