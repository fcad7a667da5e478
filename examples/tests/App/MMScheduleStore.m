#import "MMScheduleStore.h"
#import "MMHTTPClient.h"

@interface MMScheduleStore ()
@property (nonatomic, copy, readwrite) NSArray<NSString *> *sessionTitles;
@property (nonatomic, strong, readwrite, nullable) NSError *lastError;
@end

@implementation MMScheduleStore

- (instancetype)initWithClient:(MMHTTPClient *)client {
    self = [super init];
    if (self) {
        _client = client;
        _sessionTitles = @[];
    }
    return self;
}

- (void)loadScheduleForCoachID:(NSInteger)coachID completion:(void (^)(BOOL succeeded))completion {
    NSString *path = [NSString stringWithFormat:@"coaches/%ld/sessions", (long)coachID];
    __weak typeof(self) weakSelf = self;
    [self.client GET:path completion:^(id JSON, NSError *error) {
        __strong typeof(weakSelf) strongSelf = weakSelf;
        NSArray *sessions = [JSON isKindOfClass:[NSDictionary class]] ? JSON[@"sessions"] : nil;
        if (error != nil || ![sessions isKindOfClass:[NSArray class]]) {
            strongSelf.lastError = error;
            if (completion) {
                completion(NO);
            }
            return;
        }
        NSMutableArray *titles = [NSMutableArray array];
        for (NSDictionary *session in sessions) {
            NSString *title = session[@"title"];
            if (title.length > 0) {
                [titles addObject:title];
            }
        }
        strongSelf.sessionTitles = titles;
        strongSelf.lastError = nil;
        if (completion) {
            completion(YES);
        }
    }];
}

@end
