#import <XCTest/XCTest.h>

// rtsh gaps: Foundation API that app and test code use every day. In rtsh each answers
// through a stand-in (a zero value or an RTSHStandIn object), silently in `rtsh test`.

@interface MMFoundationGapPerson : NSObject
@property (nonatomic, copy) NSString *name;
@end

@implementation MMFoundationGapPerson
@end

@interface MMFoundationGapTests : XCTestCase
@end

@implementation MMFoundationGapTests

// rtsh: NSCharacterSet and -[NSString stringByTrimmingCharactersInSet:] are stand-ins.
- (void)testTrimmingWhitespace {
    NSString *trimmed = [@"  Ada " stringByTrimmingCharactersInSet:[NSCharacterSet whitespaceCharacterSet]];
    XCTAssertEqualObjects(trimmed, @"Ada");
}

// rtsh: -[NSArray valueForKey:] is a stand-in.
- (void)testArrayValueForKey {
    NSArray *names = [@[@"ada", @"grace"] valueForKey:@"uppercaseString"];
    XCTAssertEqualObjects(names, (@[@"ADA", @"GRACE"]));
}

// rtsh: -[MMFoundationGapPerson valueForKey:]: unrecognized selector sent to instance.
- (void)testObjectValueForKey {
    MMFoundationGapPerson *person = [[MMFoundationGapPerson alloc] init];
    person.name = @"Ada";
    XCTAssertEqualObjects([person valueForKey:@"name"], @"Ada");
    XCTAssertThrowsSpecificNamed([person valueForKey:@"age"], NSException, NSUndefinedKeyException);
}

// rtsh: NSPredicate is a stand-in class; the filtered array's count reads 0.
- (void)testPredicateFiltering {
    NSArray *log = @[@"beforeEach", @"test", @"beforeEach"];
    NSArray *hooks = [log filteredArrayUsingPredicate:[NSPredicate predicateWithFormat:@"SELF == 'beforeEach'"]];
    XCTAssertEqual(hooks.count, (NSUInteger)2);
}

// rtsh: the constant is a stand-in 0.
- (void)testURLErrorCodes {
    XCTAssertEqual(NSURLErrorNotConnectedToInternet, -1009);
    XCTAssertEqual(NSURLErrorTimedOut, -1001);
}

// rtsh: arrays describe themselves as @["a", 2], which is also what XCTAssertEqualObjects
// prints for them. Foundation writes "(\n    a,\n    2\n)".
- (void)testArrayDescription {
    NSArray *values = @[@"a", @2];
    XCTAssertEqualObjects([values description], @"(\n    a,\n    2\n)");
}

@end
