#import "MMCoach.h"

@implementation MMCoach

+ (instancetype)coachWithDictionary:(NSDictionary *)dictionary {
    NSString *name = dictionary[@"name"];
    if (name.length == 0) {
        return nil;
    }
    NSString *sport = dictionary[@"sport"] ?: @"";
    NSInteger years = [dictionary[@"years"] integerValue];
    return [[self alloc] initWithName:name sport:sport years:years];
}

- (instancetype)initWithName:(NSString *)name sport:(NSString *)sport years:(NSInteger)years {
    if (name.length == 0) {
        @throw [NSException exceptionWithName:NSInvalidArgumentException reason:@"a coach needs a name" userInfo:nil];
    }
    self = [super init];
    if (self) {
        _name = [name copy];
        _sport = [sport copy];
        _years = years;
    }
    return self;
}

- (NSString *)summary {
    NSString *unit = self.years == 1 ? @"year" : @"years";
    return [NSString stringWithFormat:@"%@ (%@, %ld %@)", self.name, self.sport, (long)self.years, unit];
}

- (BOOL)isEqual:(id)object {
    if (self == object) {
        return YES;
    }
    if (![object isKindOfClass:[MMCoach class]]) {
        return NO;
    }
    MMCoach *other = object;
    return [self.name isEqualToString:other.name] && [self.sport isEqualToString:other.sport] && self.years == other.years;
}

- (NSUInteger)hash {
    return self.name.hash ^ (NSUInteger)self.years;
}

- (NSString *)description {
    return [NSString stringWithFormat:@"<MMCoach %@>", self.summary];
}

@end
