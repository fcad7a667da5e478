#import "RTConstants.h"

NSString * const RTDidSignInNotification = @"RTDidSignInNotification";
const NSInteger RTMaximumAttempts = 3;
