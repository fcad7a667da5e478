#import <XCTest/XCTest.h>

// rtsh gap: reading a JSON fixture the way a test target does. In `rtsh test`:
// - the main bundle (and +bundleForClass:) has no resource directory, so
//   -pathForResource:ofType: answers nil even for a file in the tree loaded;
// - +[NSData dataWithContentsOfFile:] answers nil for every file, by design;
// - NSJSONSerialization and +[NSString stringWithContentsOfFile:encoding:error:] are
//   stand-ins.
// Run from the repository root: rtsh test examples/tests/Gaps/MMFixtureFileTests.m
// (coaches.json is in examples/tests/Passing/fixtures/).

@interface MMFixtureFileTests : XCTestCase
@end

@implementation MMFixtureFileTests

- (NSDictionary *)JSONObjectAtPath:(NSString *)path {
    NSData *data = [NSData dataWithContentsOfFile:path];
    if (data == nil) {
        return nil;
    }
    NSError *error = nil;
    NSDictionary *object = [NSJSONSerialization JSONObjectWithData:data options:0 error:&error];
    XCTAssertNil(error);
    return object;
}

- (void)testBundledFixture {
    NSString *path = [[NSBundle bundleForClass:[self class]] pathForResource:@"coaches" ofType:@"json"];
    XCTAssertNotNil(path, @"coaches.json is not a resource of the test bundle");
}

- (void)testFixtureAtAPath {
    NSDictionary *response = [self JSONObjectAtPath:@"examples/tests/Passing/fixtures/coaches.json"];
    XCTAssertTrue([response isKindOfClass:[NSDictionary class]]);
    XCTAssertEqual([response[@"coaches"] count], (NSUInteger)4);
    XCTAssertEqualObjects(response[@"coaches"][0][@"name"], @"Ada");
}

- (void)testFixtureAsText {
    NSError *error = nil;
    NSString *text = [NSString stringWithContentsOfFile:@"examples/tests/Passing/fixtures/coaches.json" encoding:NSUTF8StringEncoding error:&error];
    XCTAssertNil(error);
    XCTAssertTrue([text hasPrefix:@"{"], @"read %@", text);
}

@end
