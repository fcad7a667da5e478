#import "RTUser.h"
#import "RTConstants.h"

static NSString *const kGuestName = @"Guest";

@interface RTUser ()
@property (nonatomic, copy, readwrite) NSString *name;
@end

@implementation RTUser

+ (instancetype)guest {
    static RTUser *guest = nil;
    if (guest == nil) {
        guest = [[self alloc] initWithName:kGuestName];
    }
    return guest;
}

- (instancetype)initWithName:(NSString *)name {
    NSParameterAssert(name != nil);
    self = [super init];
    if (self) {
        _name = [name copy];
        _admin = NO;
    }
    return self;
}

- (NSString *)displayName {
    return self.email.length > 0 ? self.email : self.name;
}

- (id)copyWithZone:(NSZone *)zone {
    RTUser *copy = [[[self class] alloc] initWithName:self.name];
    copy.email = self.email;
    copy->_admin = _admin;
    return copy;
}

- (BOOL)isEqual:(id)object {
    if (self == object) return YES;
    if (![object isKindOfClass:[RTUser class]]) return NO;
    return [self.name isEqual:((RTUser *)object).name];
}

- (NSUInteger)hash {
    return [self.name hash];
}

@end
