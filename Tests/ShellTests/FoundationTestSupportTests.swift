import Shell
import Testing

/// What test suites lean on in Foundation, UIKit and the runtime: key-value coding,
/// character sets, capacities, `loadViewIfNeeded`, IMPs by selector, exceptions from
/// unrecognized selectors, and the virtual clock's animations and media time.
@Suite("Foundation that test suites use")
struct FoundationTestSupportTests {
    @Test func keyValueCodingReadsGettersIvarsAndArraysAndRaisesForUnknownKeys() throws {
        let shell = try ShellHarness()
        _ = shell.run("@interface MMCoach : NSObject\n@property NSString *name;\n@property BOOL active;\n@end\n@implementation MMCoach\n@end")
        _ = shell.run("ada = [MMCoach new]", "[ada setValue:@\"Ada\" forKey:@\"name\"]", "ada.active = YES")
        #expect(shell.run("[ada valueForKey:@\"name\"]", "[ada valueForKey:@\"active\"]", "[@[ada, @\"abc\"] valueForKey:@\"length\"]").prefix(2) == ["\"Ada\"", "YES"])
        #expect(shell.run("[[@[ada, ada] valueForKey:@\"name\"] componentsJoinedByString:@\",\"]") == ["\"Ada,Ada\""])
        #expect(shell.run("[ada valueForKey:@\"age\"]").first?.contains(
            "NSUnknownKeyException: [<MMCoach 0x") == true)
    }

    @Test func characterSetsTrimAndSplitStrings() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "[@\"  Grace \\n\" stringByTrimmingCharactersInSet:[NSCharacterSet whitespaceAndNewlineCharacterSet]]",
            "[@\"a1b22c\" componentsSeparatedByCharactersInSet:[NSCharacterSet decimalDigitCharacterSet]]",
            "[[NSCharacterSet characterSetWithCharactersInString:@\"xy\"] characterIsMember:'y']") == [
            "\"Grace\"", "@[\"a\", \"b\", \"\", \"c\"]", "YES",
        ])
        #expect(shell.run("[@\"a\" stringByTrimmingCharactersInSet:@\"b\"]").first?.contains("expects an NSCharacterSet") == true)
    }

    @Test func mutableCollectionsTakeACapacity() throws {
        let shell = try ShellHarness()
        _ = shell.run("a = [NSMutableArray arrayWithCapacity:4]", "[a addObject:@1]", "d = [[NSMutableDictionary alloc] initWithCapacity:2]", "d[@\"k\"] = @2")
        #expect(shell.run("a.count", "d.count", "[a class]") == ["1", "1", "NSMutableArray"])
        _ = shell.run("s = [NSMutableSet setWithCapacity:3]", "[s addObject:@1]", "t = [[NSMutableSet alloc] initWithCapacity:1]")
        #expect(shell.run("s.count", "[s class]", "[t isSubsetOfSet:s]") == ["1", "NSMutableSet", "YES"])
    }

    @Test func loadViewIfNeededLoadsTheViewOnce() throws {
        let shell = try ShellHarness()
        _ = shell.run("@interface MMLoads : UIViewController\n@property int loads;\n@end\n@implementation MMLoads\n- (void)viewDidLoad { [super viewDidLoad]; self.loads += 1; }\n@end")
        #expect(shell.run("vc = [MMLoads new]", "[vc loadViewIfNeeded]", "[vc loadViewIfNeeded]", "vc.isViewLoaded", "vc.loads").suffix(2) == ["YES", "1"])
    }

    @Test func anUnrecognizedSelectorRaisesAnExceptionCodeCatches() throws {
        let shell = try ShellHarness()
        _ = shell.run("""
            @interface MMCatcher : NSObject
            + (NSString *)tryIt;
            @end
            @implementation MMCatcher
            + (NSString *)tryIt {
                @try { [[MMCatcher new] performSelector:@selector(fly)]; } @catch (NSException *e) { return e.name; }
                return @"nothing";
            }
            @end
            """)
        #expect(shell.run("[MMCatcher tryIt]") == ["\"NSInvalidArgumentException\""])
    }

    @Test func methodForSelectorAnswersTheImplementation() throws {
        let shell = try ShellHarness()
        _ = shell.run("@interface MMImp : NSObject\n- (int)seven;\n@end\n@implementation MMImp\n- (int)seven { return 7; }\n@end")
        _ = shell.run("imp = [MMImp instanceMethodForSelector:@selector(seven)]", "class_addMethod([MMImp class], @selector(sieben), imp, \"i@:\")")
        #expect(shell.run("[[MMImp new] sieben]", "[[MMImp new] methodForSelector:@selector(nothing)] == nil") == ["7", "YES"])
    }

    @Test func animationsCompleteOnTheVirtualClock() throws {
        let shell = try ShellHarness()
        _ = shell.run("done = NO", "v = [UIView new]",
                      "[UIView animateWithDuration:0.25 delay:0.5 options:0 animations:^{ v.alpha = 0; } completion:^(BOOL finished) { done = finished; }]")
        #expect(shell.run("v.alpha", "done", "start = CACurrentMediaTime()") == ["0.0", "NO"])
        #expect(shell.run("wait until done", "CACurrentMediaTime() - start") == ["waited 0.75 s until done, now 0.75 s", "0.75"])
    }
}
