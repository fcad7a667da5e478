#import <XCTest/XCTest.h>
#import <objc/runtime.h>

// rtsh gap: +initialize. The Objective-C runtime sends +initialize to a class before its
// first message, and a class that does not implement it runs its superclass's with self
// being the subclass. rtsh never sends it to app classes, and `rtsh test` sends it only
// to test classes that implement it themselves.

static NSString *MMGreeting = nil;

@interface MMGreeter : NSObject
+ (NSString *)greeting;
@end

@implementation MMGreeter

+ (void)initialize {
    if (self == [MMGreeter class]) {
        MMGreeting = @"hello";
    }
}

+ (NSString *)greeting {
    return MMGreeting;
}

@end

@interface MMInitializeGapTests : XCTestCase
@end

@implementation MMInitializeGapTests

// Expected: passes. rtsh: ("(null)") is not equal to ("hello").
- (void)testInitializeRunsBeforeTheFirstMessage {
    XCTAssertEqualObjects([MMGreeter greeting], @"hello");
}

@end

// The abstract test case whose +initialize adds a test to each subclass.
@interface MMInheritedInitializeTestCase : XCTestCase
@end

@implementation MMInheritedInitializeTestCase

+ (void)initialize {
    if (self == [MMInheritedInitializeTestCase class]) {
        return;
    }
    Method check = class_getInstanceMethod(self, @selector(checkAddedByInitialize));
    class_addMethod(self, NSSelectorFromString([NSString stringWithFormat:@"test%@AddedByInitialize", NSStringFromClass(self)]),
                    method_getImplementation(check), method_getTypeEncoding(check));
}

- (void)checkAddedByInitialize {
    XCTAssertTrue(YES);
}

@end

// Expected: XCTest runs -[MMInheritedInitializeSubclassTests testMMInheritedInitializeSubclassTestsAddedByInitialize]
// and testMarker. rtsh runs only testMarker: the inherited +initialize never ran for this class.
@interface MMInheritedInitializeSubclassTests : MMInheritedInitializeTestCase
@end

@implementation MMInheritedInitializeSubclassTests

- (void)testMarker {
    NSString *added = [NSString stringWithFormat:@"test%@AddedByInitialize", NSStringFromClass([self class])];
    XCTAssertTrue([self respondsToSelector:NSSelectorFromString(added)], @"%@ was not added", added);
}

@end
