import Foundation
import Shell
import Testing

/// `rtsh test` and the shell's `test`: discovery in each framework's order, the life
/// cycle, assertions, expectations on the virtual clock, and how results read.
@Suite("Running XCTest, GHUnit and SenTestingKit suites")
struct TestRunnerTests {
    /// The lines with their wall times replaced, as they vary run to run.
    private func masked(_ lines: [String]) -> [String] {
        lines.map { $0.replacing(/\d+\.\d{3} seconds/, with: "T seconds") }
    }

    /// Loads `files` (name to source) into a fresh session and runs their tests.
    private func run(_ files: [String: String], selection: Session.TestSelection = Session.TestSelection()) throws -> (lines: [String], summary: TestRunSummary?) {
        let tree = try TemporaryTree(files)
        let shell = try ShellHarness()
        let summary = shell.session.testSources([tree.root.path], selection: selection)
        let lines = shell.take().all.filter { !$0.hasPrefix("loaded ") }.map { $0.replacing(tree.root.path + "/", with: "") }
        return (masked(lines), summary)
    }

    @Test func xcTestRunsEachTestOnItsOwnInstanceInOrderWithItsHooks() throws {
        let (lines, summary) = try run(["MMLifeTests.m": """
            static NSMutableArray *calls;
            @interface MMLifeTests : XCTestCase
            @end
            @implementation MMLifeTests
            + (void)setUp { calls = [NSMutableArray array]; [calls addObject:@"+setUp"]; }
            + (void)tearDown { [calls addObject:@"+tearDown"]; NSLog(@"%@", [calls componentsJoinedByString:@" "]); }
            - (BOOL)setUpWithError:(NSError **)error { [calls addObject:@"setUpWithError"]; return YES; }
            - (void)setUp { [super setUp]; [calls addObject:@"setUp"]; [self addTeardownBlock:^{ [calls addObject:@"block"]; }]; }
            - (void)tearDown { [calls addObject:@"tearDown"]; [super tearDown]; }
            - (void)testB { [calls addObject:@"testB"]; }
            - (void)testA { [calls addObject:@"testA"]; }
            - (void)testWithArgument:(id)x { [calls addObject:@"never"]; }
            - (BOOL)testReturningBool { return YES; }
            @end
            """])
        #expect(lines == [
            "Test Suite 'MMLifeTests' started.",
            "Test Case '-[MMLifeTests testA]' passed (T seconds).",
            "Test Case '-[MMLifeTests testB]' passed (T seconds).",
            "+setUp setUpWithError setUp testA block tearDown setUpWithError setUp testB block tearDown +tearDown",
            "Test Suite 'MMLifeTests' passed.",
            "\t Executed 2 tests, with 0 failures (0 unexpected) in T seconds",
            "Test Suite 'All tests' passed.",
            "\t Executed 2 tests, with 0 failures (0 unexpected) in T seconds",
            "2 passed, 0 failed",
        ])
        #expect(summary?.passed == true)
    }

    /// Tests derived from a snapshot library's base class the tree does not hold run as
    /// test cases; a snapshot comparison skips its test, saying why.
    @Test func testsOfAMissingTestCaseBaseClassRunAndSnapshotsSkip() throws {
        let (lines, _) = try run(["MMSnapshotTests.m": """
            @interface MMSnapshotTests : FBSnapshotTestCase
            @end
            @implementation MMSnapshotTests
            - (void)testLabel { XCTAssertEqualObjects([@"a" uppercaseString], @"A"); }
            - (void)testPicture { FBSnapshotVerifyView([UIView new], nil); XCTFail(@"not reached"); }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMSnapshotTests testLabel]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains { $0.hasSuffix("-[MMSnapshotTests testPicture] : Test skipped - FBSnapshotVerifyView compares a rendering with a reference image, and rtsh draws nothing") }, "\(lines)")
        #expect(lines.contains("Test Case '-[MMSnapshotTests testPicture]' skipped (T seconds)."), "\(lines)")
    }

    /// Expecta's `expect(...)` in a tree that does not hold Expecta: its matchers pass and
    /// fail as Expecta's do, failures placed at the `expect`'s line; `raise` sees what a
    /// block raised, and `will` waits on the virtual clock.
    @Test func expectaMatchersRunWithoutExpectasSources() throws {
        let (lines, _) = try run(["MMExpectaTests.m": """
            @interface MMExpectaTests : XCTestCase
            @property (nonatomic, copy) NSString *status;
            @end
            @implementation MMExpectaTests
            - (void)testPasses {
                expect(1 + 1).to.equal(2); expect(nil).to.beNil(); expect(@[@1]).toNot.beNil(); expect(0).to.beFalsy();
                expect(@"x").to.beKindOf([NSString class]); expect([NSObject new]).to.beInstanceOf([NSObject class]);
                expect(@[@1, @2]).to.contain(@2); expect(@[@1, @2]).to.haveCountOf(2); expect(@[]).to.beEmpty();
                expect(5).to.beGreaterThan(3); expect(3).to.beLessThanOrEqualTo(3); expect(0.05).to.beCloseToWithin(0.04, 0.01);
                expect(@"hello").to.beginWith(@"he"); expect(@"hello").to.endWith(@"lo"); expect(CGSizeMake(1, 2)).to.equal(CGSizeMake(1, 2));
                expect(^{ [NSException raise:@"MMOops" format:@"no"]; }).to.raise(@"MMOops");
                expect(^{ @throw [NSException exceptionWithName:@"MMThrown" reason:nil userInfo:nil]; }).to.raise(@"MMThrown");
                expect(^{ [@[] objectAtIndex:3]; }).to.raiseAny(); expect(^{ }).toNot.raiseAny();
                expect(@"a").to.respondTo(@selector(length)); expect(@protocol(NSObject)).toNot.beNil();
                self.status = @"waiting";
                dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.5 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ self.status = @"done"; });
                expect(self.status).will.equal(@"done");
            }
            - (void)testFails {
                expect(1).to.equal(2);
                expect(@"a").toNot.equal(@"a");
                expect(nil).to.beTruthy();
                expect(@[@1]).to.haveCountOf(3);
                expect(@"x").will.equal(@"y");
                expect(CGSizeMake(1, 2)).to.equal(CGSizeMake(2, 2));
            }
            @end
            """])
        #expect(lines == [
            "Test Suite 'MMExpectaTests' started.",
            "MMExpectaTests.m:20: error: -[MMExpectaTests testFails] : expected: 2, got: 1",
            "MMExpectaTests.m:21: error: -[MMExpectaTests testFails] : expected: not a, got: a",
            "MMExpectaTests.m:22: error: -[MMExpectaTests testFails] : expected: a truthy value, got: nil/null",
            "MMExpectaTests.m:23: error: -[MMExpectaTests testFails] : expected (1) to have a count of 3 but got 1",
            "MMExpectaTests.m:24: error: -[MMExpectaTests testFails] : expected: y, got: x",
            "MMExpectaTests.m:25: error: -[MMExpectaTests testFails] : expected: {2, 2}, got: {1, 2}",
            "Test Case '-[MMExpectaTests testFails]' failed (T seconds).",
            "Test Case '-[MMExpectaTests testPasses]' passed (T seconds).",
            "Test Suite 'MMExpectaTests' failed.",
            "\t Executed 2 tests, with 6 failures (0 unexpected) in T seconds",
            "Test Suite 'All tests' failed.",
            "\t Executed 2 tests, with 6 failures (0 unexpected) in T seconds",
            "1 passed, 1 failed",
        ])
    }

    /// A program whose `main` calls `UIApplicationMain` is the tests' host: it launches
    /// before they run, its `Info.plist`'s main storyboard's initial controller the root of
    /// the window the delegate gets, before `application:didFinishLaunchingWithOptions:`.
    /// A tree holding its own copy of a test framework rtsh runs itself (GHUnit's sources,
    /// OCHamcrest's protocols) loads without errors: rtsh's classes stand for the copy's,
    /// and the load says so. The tests run as they would without the copy.
    @Test func aTreesCopyOfATestFrameworkIsStoodInForByRTSHs() throws {
        let tree = try TemporaryTree([
            "Vendor/GHUnit/GHTestCase.h": "@interface GHTestCase : NSObject\n- (void)setUp;\n@end\n",
            "Vendor/GHUnit/GHTestCase.m": "#import \"GHTestCase.h\"\n@implementation GHTestCase\n- (void)setUp { }\n@end\n",
            "Vendor/OCHamcrest/HCMatcher.h": "@protocol HCMatcher <NSObject>\n- (BOOL)matches:(id)item;\n@end\n",
            "Tests/MMGHTests.m": """
                #import "GHTestCase.h"
                @interface MMGHTests : GHTestCase
                @end
                @implementation MMGHTests
                - (void)testSum { GHAssertEquals(1 + 1, 2, nil); }
                @end
                """,
        ])
        let shell = try ShellHarness()
        let summary = shell.session.testSources([tree.root.path])
        let lines = shell.take().all
        #expect(lines.contains("loaded 4 files: 1 class, 0 categories, 0 protocols; 0 errors"), "\(lines)")
        #expect(lines.contains(
            "note: the sources hold their own copy of 2 classes and protocols of a test framework rtsh runs itself (GHTestCase, HCMatcher); rtsh's own stand for them"),
            "\(lines)")
        #expect(summary?.results.map(\.outcome) == [.passed], "\(lines)")
    }

    /// In a tree of several apps (a library's repository with its test host and its
    /// examples), each launches with the storyboard its own folder's property list names,
    /// though another app's `Info.plist` sorts first in the tree.
    @Test func eachAppOfATreeLaunchesWithItsOwnStoryboard() throws {
        func app(_ folder: String, controller: String, storyboard: String, propertyList: String) -> [String: String] {
            [
                "\(folder)/main.m": "int main(int argc, char *argv[]) { return UIApplicationMain(argc, argv, nil, @\"MMAppDelegate\"); }\n",
                "\(folder)/MMAppDelegate.m": """
                    @interface MMAppDelegate : UIResponder <UIApplicationDelegate>
                    @property (nonatomic, strong) UIWindow *window;
                    @end
                    @implementation MMAppDelegate
                    @end
                    @interface \(controller) : UIViewController
                    @end
                    @implementation \(controller)
                    @end
                    """,
                "\(folder)/\(propertyList)": """
                    <plist version="1.0"><dict><key>UIMainStoryboardFile</key><string>\(storyboard)</string></dict></plist>
                    """,
                "\(folder)/Base.lproj/\(storyboard).storyboard": """
                    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="root">
                        <scenes><scene sceneID="s"><objects>
                            <viewController id="root" customClass="\(controller)" sceneMemberID="viewController"><view key="view" id="v"/></viewController>
                        </objects></scene></scenes>
                    </document>
                    """,
            ]
        }
        var files = app("Examples/Demo", controller: "MMDemoViewController", storyboard: "Demo", propertyList: "Info.plist")
        files.merge(app("TestHost", controller: "MMHostViewController", storyboard: "Host", propertyList: "TestHost-Info.plist")) { first, _ in first }
        files["TestHost/Tests/MMHostTests.m"] = """
            @interface MMHostTests : XCTestCase
            @end
            @implementation MMHostTests
            - (void)testTheHostsStoryboardLaunched {
                XCTAssertEqualObjects(NSStringFromClass([UIApplication.sharedApplication.keyWindow.rootViewController class]), @"MMHostViewController");
            }
            @end
            """
        let (lines, _) = try run(files)
        #expect(lines.contains("Test Case '-[MMHostTests testTheHostsStoryboardLaunched]' passed (T seconds)."), "\(lines)")
    }

    /// An app whose own property list names no storyboard makes its window in code, though
    /// another app of the tree launches with a storyboard whose scene is of its controller's
    /// class (a library's examples: one in Objective-C, one in Swift sharing the class name).
    @Test func anAppWhoseOwnPropertyListNamesNoStoryboardLaunchesWithNone() throws {
        let delegate = """
            @interface MMAppDelegate : UIResponder <UIApplicationDelegate>
            @property (nonatomic, strong) UIWindow *window;
            @end
            @interface MMExampleViewController : UIViewController
            @property (nonatomic, strong) IBOutlet UIButton *signIn;
            @end
            @implementation MMExampleViewController
            @end
            """
        let files = [
            "Examples/Code/main.m": "int main(int argc, char *argv[]) { return UIApplicationMain(argc, argv, nil, @\"MMAppDelegate\"); }\n",
            "Examples/Code/MMAppDelegate.m": delegate + """

                static BOOL hadWindow;
                BOOL MMHadWindowAtLaunch(void) { return hadWindow; }
                @implementation MMAppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                    hadWindow = self.window != nil;
                    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                    self.window.rootViewController = [[MMExampleViewController alloc] initWithNibName:nil bundle:nil];
                    [self.window makeKeyAndVisible];
                    return YES;
                }
                @end
                """,
            "Examples/Code/Info.plist": "<plist version=\"1.0\"><dict><key>UILaunchStoryboardName</key><string>LaunchScreen</string></dict></plist>\n",
            "Examples/Code/Tests/MMCodeTests.m": """
                @interface MMCodeTests : XCTestCase
                @end
                @implementation MMCodeTests
                - (void)testTheWindowMadeInCodeIsKey {
                    MMExampleViewController *root = (MMExampleViewController *)UIApplication.sharedApplication.keyWindow.rootViewController;
                    XCTAssertEqualObjects(NSStringFromClass([root class]), @"MMExampleViewController");
                    XCTAssertFalse(MMHadWindowAtLaunch());
                    XCTAssertNil(root.signIn);
                }
                @end
                """,
            "Examples/Board/main.m": "int main(int argc, char *argv[]) { return UIApplicationMain(argc, argv, nil, @\"MMAppDelegate\"); }\n",
            "Examples/Board/MMAppDelegate.m": delegate + "\n@implementation MMAppDelegate\n@end\n",
            "Examples/Board/Info.plist": "<plist version=\"1.0\"><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>\n",
            "Examples/Board/Base.lproj/Main.storyboard": """
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="root">
                    <scenes><scene sceneID="s"><objects>
                        <viewController id="root" customClass="MMExampleViewController" sceneMemberID="viewController">
                            <view key="view" id="v"><subviews><button id="b"/></subviews></view>
                            <connections><outlet property="signIn" destination="b" id="o"/></connections>
                        </viewController>
                    </objects></scene></scenes>
                </document>
                """,
        ]
        let (lines, _) = try run(files)
        #expect(lines.contains("Test Case '-[MMCodeTests testTheWindowMadeInCodeIsKey]' passed (T seconds)."), "\(lines)")
        #expect(!lines.contains { $0.contains("uncaught exception") }, "\(lines)")
    }

    /// An app made from Xcode's template since iOS 13 launches with its scene: the app
    /// delegate launches and configures the session, the scene delegate (the configuration's
    /// class, or the one the property list names) connects, its window (made in code, or
    /// from the scene's storyboard and handed over as its `window`) the scene's and the key
    /// window, and it becomes active.
    @Test(arguments: [false, true])
    func anAppWithAScenePutsItsWindowInTheScene(storyboard: Bool) throws {
        let connect = storyboard ? "" : """
            UIWindowScene *windowScene = (UIWindowScene *)scene;
            self.window = [[UIWindow alloc] initWithWindowScene:windowScene];
            self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:[MMHomeViewController new]];
            [self.window makeKeyAndVisible];
            """
        var files = [
            "App/main.m": "int main(int argc, char *argv[]) { return UIApplicationMain(argc, argv, nil, @\"MMAppDelegate\"); }\n",
            "App/MMAppDelegate.m": """
                @interface MMAppDelegate : UIResponder <UIApplicationDelegate>
                @property (nonatomic, strong) NSMutableArray *events;
                @end
                @implementation MMAppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                    self.events = [NSMutableArray arrayWithObject:@"launched"];
                    return YES;
                }
                - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
                    [self.events addObject:@"configured"];
                    UISceneConfiguration *configuration = [[UISceneConfiguration alloc] initWithName:@"Default Configuration" sessionRole:session.role];
                    \(storyboard ? "" : "configuration.delegateClass = NSClassFromString(@\"MMSceneDelegate\");")
                    return configuration;
                }
                @end
                @interface MMHomeViewController : UIViewController
                @end
                @implementation MMHomeViewController
                - (void)viewDidLoad { [super viewDidLoad]; self.title = @"Home"; }
                @end
                @interface MMSceneDelegate : UIResponder <UIWindowSceneDelegate>
                @property (strong, nonatomic) UIWindow *window;
                @end
                @implementation MMSceneDelegate
                - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
                    \(connect)
                    [((MMAppDelegate *)UIApplication.sharedApplication.delegate).events addObject:@"connected"];
                }
                - (void)sceneDidBecomeActive:(UIScene *)scene { [((MMAppDelegate *)UIApplication.sharedApplication.delegate).events addObject:@"active"]; }
                @end
                """,
            "App/Info.plist": """
                <plist version="1.0"><dict><key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict>
                <key>UIWindowSceneSessionRoleApplication</key><array><dict>
                <key>UISceneConfigurationName</key><string>Default Configuration</string>
                <key>UISceneDelegateClassName</key><string>\(storyboard ? "MMSceneDelegate" : "$(PRODUCT_MODULE_NAME).SceneDelegate")</string>
                \(storyboard ? "<key>UISceneStoryboardFile</key><string>Main</string>" : "")
                </dict></array></dict></dict></dict></plist>
                """,
            "Tests/MMLaunchTests.m": """
                @interface MMLaunchTests : XCTestCase
                @end
                @implementation MMLaunchTests
                - (void)testTheSceneConnected {
                    MMAppDelegate *app = (MMAppDelegate *)UIApplication.sharedApplication.delegate;
                    XCTAssertEqualObjects(app.events, (@[@"launched", @"configured", @"connected", @"active"]));
                    UIWindowScene *scene = (UIWindowScene *)UIApplication.sharedApplication.connectedScenes.anyObject;
                    MMSceneDelegate *delegate = (MMSceneDelegate *)scene.delegate;
                    XCTAssertTrue([delegate isKindOfClass:[MMSceneDelegate class]]);
                    XCTAssertTrue(delegate.window.windowScene == scene && scene.windows.firstObject == delegate.window && delegate.window.isKeyWindow);
                    XCTAssertEqual(scene.activationState, UISceneActivationStateForegroundActive);
                    XCTAssertEqualObjects(scene.session.role, UIWindowSceneSessionRoleApplication);
                    UIViewController *root = delegate.window.rootViewController;
                    if ([root isKindOfClass:[UINavigationController class]]) root = ((UINavigationController *)root).topViewController;
                    XCTAssertEqualObjects(root.title, @"Home");
                }
                @end
                """,
        ]
        if storyboard {
            files["App/Base.lproj/Main.storyboard"] = """
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="root">
                    <scenes><scene sceneID="s"><objects>
                        <viewController id="root" customClass="MMHomeViewController" sceneMemberID="viewController"><view key="view" id="v"/></viewController>
                    </objects></scene></scenes>
                </document>
                """
        }
        let (lines, _) = try run(files)
        #expect(lines.contains("Test Case '-[MMLaunchTests testTheSceneConnected]' passed (T seconds)."), "\(lines)")
    }

    /// A scene delegate the program does not define (a Swift one) leaves the app to launch
    /// as one without scenes: the scene's storyboard is the app delegate's window.
    @Test func anUndefinedSceneDelegateLeavesTheStoryboardToTheAppDelegate() throws {
        let (lines, _) = try run([
            "App/main.m": "int main(int argc, char *argv[]) { return UIApplicationMain(argc, argv, nil, @\"MMAppDelegate\"); }\n",
            "App/MMAppDelegate.m": """
                @interface MMAppDelegate : UIResponder <UIApplicationDelegate>
                @property (nonatomic, strong) UIWindow *window;
                @end
                @implementation MMAppDelegate
                - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
                    return [UISceneConfiguration configurationWithName:@"Default Configuration" sessionRole:session.role];
                }
                @end
                @interface MMHomeViewController : UIViewController
                @end
                @implementation MMHomeViewController
                @end
                """,
            "App/Info.plist": """
                <plist version="1.0"><dict><key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict>
                <key>UIWindowSceneSessionRoleApplication</key><array><dict>
                <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                <key>UISceneStoryboardFile</key><string>Main</string>
                </dict></array></dict></dict></dict></plist>
                """,
            "App/Base.lproj/Main.storyboard": """
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="root">
                    <scenes><scene sceneID="s"><objects>
                        <viewController id="root" customClass="MMHomeViewController" sceneMemberID="viewController"><view key="view" id="v"/></viewController>
                    </objects></scene></scenes>
                </document>
                """,
            "Tests/MMLaunchTests.m": """
                @interface MMLaunchTests : XCTestCase
                @end
                @implementation MMLaunchTests
                - (void)testTheAppDelegateHasTheWindow {
                    MMAppDelegate *app = (MMAppDelegate *)UIApplication.sharedApplication.delegate;
                    XCTAssertTrue([app.window.rootViewController isKindOfClass:[MMHomeViewController class]] && app.window.isKeyWindow);
                    XCTAssertEqual(UIApplication.sharedApplication.connectedScenes.count, 0u);
                }
                @end
                """,
        ])
        #expect(lines.contains("Test Case '-[MMLaunchTests testTheAppDelegateHasTheWindow]' passed (T seconds)."), "\(lines)")
    }

    /// The app's property list is `Info.plist`, or `NAME-Info.plist` as Xcode named it
    /// before Xcode 5 (KIF's test host), beside a test bundle's that names no storyboard.
    @Test(arguments: ["Info.plist", "MMApp-Info.plist"])
    func theHostAppLaunchesBeforeTheTests(propertyList: String) throws {
        let (lines, _) = try run([
            "Tests/MMAppTests-Info.plist": """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>CFBundleName</key><string>AppTests</string></dict></plist>
                """,
            "App/main.m": """
                int main(int argc, char *argv[]) {
                    @autoreleasepool { return UIApplicationMain(argc, argv, nil, NSStringFromClass([MMAppDelegate class])); }
                }
                """,
            "App/MMAppDelegate.m": """
                @interface MMAppDelegate : UIResponder <UIApplicationDelegate>
                @property (nonatomic, strong) UIWindow *window;
                @property (nonatomic) BOOL hadWindowAtLaunch;
                @end
                @implementation MMAppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                    self.hadWindowAtLaunch = self.window != nil;
                    return YES;
                }
                @end
                @interface MMHomeViewController : UIViewController
                @end
                @implementation MMHomeViewController
                @end
                """,
            "App/\(propertyList)": """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>CFBundleName</key><string>App</string><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>
                """,
            "App/Base.lproj/Main.storyboard": """
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="home">
                    <scenes><scene sceneID="s"><objects>
                        <viewController id="home" customClass="MMHomeViewController" sceneMemberID="viewController">
                            <view key="view" id="v"/>
                        </viewController>
                    </objects></scene></scenes>
                </document>
                """,
            "Tests/MMHostTests.m": """
                @interface MMHostTests : XCTestCase
                @end
                @implementation MMHostTests
                - (void)testTheAppIsRunning {
                    MMAppDelegate *delegate = (MMAppDelegate *)UIApplication.sharedApplication.delegate;
                    XCTAssertTrue(delegate.hadWindowAtLaunch);
                    XCTAssertEqualObjects(NSStringFromClass([UIApplication.sharedApplication.windows.firstObject.rootViewController class]), @"MMHomeViewController");
                    XCTAssertTrue(delegate.window.isKeyWindow);
                }
                @end
                """,
        ])
        #expect(lines.contains("Test Case '-[MMHostTests testTheAppIsRunning]' passed (T seconds)."), "\(lines)")
    }

    @Test func identityAssertionsCompareObjectsNotTheirContents() throws {
        let (lines, _) = try run(["MMIdentityTests.m": """
            @interface MMIdentityTests : XCTestCase
            @end
            @implementation MMIdentityTests
            - (void)testIdentity {
                NSMutableString *a = [@"x" mutableCopy], *b = [@"x" mutableCopy];
                XCTAssertIdentical(a, a);
                XCTAssertNotIdentical(a, b);
                XCTAssertIdentical(nil, nil);
                XCTAssertIdentical(a, b, @"equal, not the same");
                XCTAssertNotIdentical(b, b);
            }
            @end
            """])
        #expect(lines.filter { $0.contains("error:") } == [
            "MMIdentityTests.m:9: error: -[MMIdentityTests testIdentity] : XCTAssertIdentical failed: (\"x\") is not identical to (\"x\") - equal, not the same",
            "MMIdentityTests.m:10: error: -[MMIdentityTests testIdentity] : XCTAssertNotIdentical failed: (\"x\") is identical to (\"x\")",
        ])
    }

    @Test func failuresReadAsXcodebuildPrintsThemWithTheAssertionsFileAndLine() throws {
        let (lines, summary) = try run(["MMFailTests.m": """
            @interface MMFailTests : XCTestCase
            @end
            @implementation MMFailTests
            - (void)testEqual {
                XCTAssertEqual(1 + 1, 3, @"sum of %d", 2);
                XCTAssertEqualObjects(@"Login", @"Log in");
            }
            - (void)testRaises { [@[] objectAtIndex:2]; }
            - (void)testStops {
                self.continueAfterFailure = NO;
                XCTFail(@"first");
                XCTFail(@"never recorded");
            }
            - (void)testSkipped { XCTSkip(@"needs a device"); }
            @end
            """])
        #expect(lines == [
            "Test Suite 'MMFailTests' started.",
            "MMFailTests.m:5: error: -[MMFailTests testEqual] : XCTAssertEqual failed: (\"2\") is not equal to (\"3\") - sum of 2",
            "MMFailTests.m:6: error: -[MMFailTests testEqual] : XCTAssertEqualObjects failed: (\"Login\") is not equal to (\"Log in\")",
            "Test Case '-[MMFailTests testEqual]' failed (T seconds).",
            "<unknown>:0: error: -[MMFailTests testRaises] : failed: caught \"NSRangeException\", \"-[NSArray objectAtIndex:]: index 2 beyond bounds for empty array\"",
            "Test Case '-[MMFailTests testRaises]' failed (T seconds).",
            "MMFailTests.m:14: -[MMFailTests testSkipped] : Test skipped - needs a device",
            "Test Case '-[MMFailTests testSkipped]' skipped (T seconds).",
            "MMFailTests.m:11: error: -[MMFailTests testStops] : failed - first",
            "Test Case '-[MMFailTests testStops]' failed (T seconds).",
            "Test Suite 'MMFailTests' failed.",
            "\t Executed 4 tests, with 1 test skipped and 4 failures (1 unexpected) in T seconds",
            "Test Suite 'All tests' failed.",
            "\t Executed 4 tests, with 1 test skipped and 4 failures (1 unexpected) in T seconds",
            "0 passed, 3 failed, 1 skipped",
        ])
        #expect(summary?.passed == false)
        let junit = TestReport.junit(try #require(summary))
        #expect(junit.contains("<testcase classname=\"MMFailTests\" name=\"testRaises\""))
        #expect(junit.contains("<error message=\"failed: caught &quot;NSRangeException&quot;"))
        #expect(junit.contains("<skipped message=\"Test skipped - needs a device\"/>"))
        #expect(junit.contains("<testsuite name=\"MMFailTests\" tests=\"4\" failures=\"2\" errors=\"1\" skipped=\"1\""))
    }

    /// `KIFSwipeDirection` has KIF's values, right, left, up and down from 0, as a tree that
    /// holds KIF's headers defines them itself.
    @Test func kifSwipesGoTheWayKIFsDirectionsSay() throws {
        let (lines, _) = try run(["MMSwipeTests.m": """
            #import <KIF/KIF.h>
            @interface MMCardViewController : UIViewController
            @property (nonatomic, strong) NSMutableArray *log;
            @end
            @implementation MMCardViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.log = [NSMutableArray array];
                UILabel *card = [[UILabel alloc] initWithFrame:CGRectMake(10, 10, 200, 200)];
                card.text = @"Card";
                card.userInteractionEnabled = YES;
                UISwipeGestureRecognizer *right = [[UISwipeGestureRecognizer alloc] initWithTarget:self action:@selector(right:)];
                right.direction = UISwipeGestureRecognizerDirectionRight;
                [card addGestureRecognizer:right];
                UISwipeGestureRecognizer *down = [[UISwipeGestureRecognizer alloc] initWithTarget:self action:@selector(down:)];
                down.direction = UISwipeGestureRecognizerDirectionDown;
                [card addGestureRecognizer:down];
                [self.view addSubview:card];
            }
            - (void)right:(id)sender { [self.log addObject:@"right"]; }
            - (void)down:(id)sender { [self.log addObject:@"down"]; }
            @end
            @interface MMSwipeTests : KIFTestCase
            @end
            @implementation MMSwipeTests
            - (void)testSwipes {
                MMCardViewController *card = [MMCardViewController new];
                UIWindow *window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                window.rootViewController = card;
                [window makeKeyAndVisible];
                [tester swipeViewWithAccessibilityLabel:@"Card" inDirection:KIFSwipeDirectionRight];
                [tester swipeViewWithAccessibilityLabel:@"Card" inDirection:3];
                XCTAssertEqualObjects(card.log, (@[@"right", @"down"]));
                XCTAssertEqual(KIFSwipeDirectionRight, 0);
            }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMSwipeTests testSwipes]' passed (T seconds)."), "\(lines)")
    }

    /// KIF's steps on cells by position: a table's cell (a negative row counting from the
    /// end) scrolled into view, a row dragged to another place in edit mode (the data
    /// source told, the cells between shifted, nothing reloaded), and a collection view's
    /// item tapped through its delegate; a row the table lacks fails the step.
    @Test func kifFindsMovesAndTapsCellsByPosition() throws {
        let (lines, _) = try run(["MMListTests.m": """
            #import <KIF/KIF.h>
            @interface MMListViewController : UIViewController <UITableViewDataSource, UITableViewDelegate, UICollectionViewDataSource, UICollectionViewDelegate>
            @property (nonatomic, strong) NSMutableArray *moves, *tapped;
            @property (nonatomic, strong) UITableView *tableView;
            @property (nonatomic, strong) UICollectionView *grid;
            @end
            @implementation MMListViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.moves = [NSMutableArray array];
                self.tapped = [NSMutableArray array];
                self.tableView = [[UITableView alloc] initWithFrame:CGRectMake(0, 100, 320, 380)];
                self.tableView.accessibilityIdentifier = @"List";
                self.tableView.dataSource = self;
                self.tableView.delegate = self;
                [self.view addSubview:self.tableView];
                UICollectionViewFlowLayout *layout = [UICollectionViewFlowLayout new];
                layout.itemSize = CGSizeMake(40, 40);
                self.grid = [[UICollectionView alloc] initWithFrame:CGRectMake(0, 0, 320, 100) collectionViewLayout:layout];
                self.grid.accessibilityIdentifier = @"Grid";
                [self.grid registerClass:[UICollectionViewCell class] forCellWithReuseIdentifier:@"Item"];
                self.grid.dataSource = self;
                self.grid.delegate = self;
                [self.view addSubview:self.grid];
            }
            - (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section { return 30; }
            - (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
                UITableViewCell *cell = [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleDefault reuseIdentifier:nil];
                cell.textLabel.text = [NSString stringWithFormat:@"Row %ld", (long)indexPath.row];
                return cell;
            }
            - (void)tableView:(UITableView *)tableView moveRowAtIndexPath:(NSIndexPath *)from toIndexPath:(NSIndexPath *)to {
                [self.moves addObject:[NSString stringWithFormat:@"%ld>%ld", (long)from.row, (long)to.row]];
            }
            - (NSInteger)collectionView:(UICollectionView *)collectionView numberOfItemsInSection:(NSInteger)section { return 5; }
            - (UICollectionViewCell *)collectionView:(UICollectionView *)collectionView cellForItemAtIndexPath:(NSIndexPath *)indexPath {
                return [collectionView dequeueReusableCellWithReuseIdentifier:@"Item" forIndexPath:indexPath];
            }
            - (void)collectionView:(UICollectionView *)collectionView didSelectItemAtIndexPath:(NSIndexPath *)indexPath {
                [self.tapped addObject:@(indexPath.item)];
            }
            @end
            @interface MMListTests : KIFTestCase
            @end
            @implementation MMListTests
            - (void)testCellsByPosition {
                MMListViewController *list = [MMListViewController new];
                UIWindow *window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                window.rootViewController = list;
                [window makeKeyAndVisible];
                NSIndexPath *last = [NSIndexPath indexPathForRow:-1 inSection:0];
                XCTAssertEqualObjects([tester waitForCellAtIndexPath:last inTableViewWithAccessibilityIdentifier:@"List"].textLabel.text, @"Row 29");
                XCTAssertTrue(list.tableView.contentOffset.y > 0, @"scrolled to the last row");
                [tester moveRowAtIndexPath:[NSIndexPath indexPathForRow:0 inSection:0] toIndexPath:[NSIndexPath indexPathForRow:3 inSection:0] inTableViewWithAccessibilityIdentifier:@"List"];
                XCTAssertEqualObjects([tester waitForCellAtIndexPath:[NSIndexPath indexPathForRow:3 inSection:0] inTableViewWithAccessibilityIdentifier:@"List"].textLabel.text, @"Row 0");
                XCTAssertEqualObjects([[viewTester usingIdentifier:@"List"] waitForCellInTableViewAtIndexPath:[NSIndexPath indexPathForRow:0 inSection:0]].textLabel.text, @"Row 1");
                XCTAssertEqualObjects(list.moves, (@[@"0>3"]));
                [tester tapItemAtIndexPath:[NSIndexPath indexPathForItem:2 inSection:0] inCollectionViewWithAccessibilityIdentifier:@"Grid"];
                [[viewTester usingIdentifier:@"Grid"] tapCollectionViewItemAtIndexPath:[NSIndexPath indexPathForItem:-1 inSection:0]];
                XCTAssertEqualObjects(list.tapped, (@[@2, @4]));
                XCTAssertEqualObjects(NSStringFromCGRect([list.tableView rectForRowAtIndexPath:[NSIndexPath indexPathForRow:2 inSection:0]]), @"{{0, 88}, {320, 44}}");
            }
            - (void)testARowTheTableLacks {
                MMListViewController *list = [MMListViewController new];
                UIWindow *window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                window.rootViewController = list;
                [window makeKeyAndVisible];
                [tester waitForCellAtIndexPath:[NSIndexPath indexPathForRow:40 inSection:0] inTableViewWithAccessibilityIdentifier:@"List"];
            }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMListTests testCellsByPosition]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains { $0.contains("Row 40 is not found in section 0 of table view with accessibility identifier \"List\"") }, "\(lines)")
    }

    /// A date picker: its date between its bounds, its countdown in whole minutes, and
    /// KIF's `selectDatePickerValue:` turning the wheels of a field's input view by title
    /// in the picker's mode, which sends the picker's action; titles no wheel has fail.
    @Test func kifTurnsADatePickersWheels() throws {
        let (lines, _) = try run(["MMDateTests.m": """
            #import <KIF/KIF.h>
            @interface MMDateViewController : UIViewController
            @property (nonatomic, strong) UITextField *field;
            @property (nonatomic, strong) UIDatePicker *picker;
            @property (nonatomic) NSInteger changes;
            @end
            @implementation MMDateViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.picker = [[UIDatePicker alloc] initWithFrame:CGRectMake(0, 0, 320, 200)];
                self.picker.datePickerMode = UIDatePickerModeDate;
                self.picker.timeZone = [NSTimeZone timeZoneForSecondsFromGMT:0];
                [self.picker addTarget:self action:@selector(changed:) forControlEvents:UIControlEventValueChanged];
                self.field = [[UITextField alloc] initWithFrame:CGRectMake(20, 100, 200, 30)];
                self.field.accessibilityLabel = @"Birthday";
                self.field.inputView = self.picker;
                [self.view addSubview:self.field];
            }
            - (void)changed:(UIDatePicker *)picker { self.changes += 1; }
            @end
            @interface MMDateTests : KIFTestCase
            @end
            @implementation MMDateTests
            - (void)testWheels {
                MMDateViewController *screen = [MMDateViewController new];
                UIWindow *window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                window.rootViewController = screen;
                [window makeKeyAndVisible];
                [tester tapViewWithAccessibilityLabel:@"Birthday"];
                [tester selectDatePickerValue:@[@"June", @"17", @"1965"]];
                NSDateFormatter *format = [NSDateFormatter new];
                format.dateFormat = @"yyyy-MM-dd";
                format.timeZone = [NSTimeZone timeZoneForSecondsFromGMT:0];
                XCTAssertEqualObjects([format stringFromDate:screen.picker.date], @"1965-06-17");
                XCTAssertEqual(screen.changes, 1);
                screen.picker.datePickerMode = UIDatePickerModeTime;
                [tester selectDatePickerValue:@[@"7", @"44", @"PM"]];
                format.dateFormat = @"HH:mm";
                XCTAssertEqualObjects([format stringFromDate:screen.picker.date], @"19:44");
                screen.picker.datePickerMode = UIDatePickerModeCountDownTimer;
                [tester selectDatePickerValue:@[@"4", @"10"]];
                XCTAssertEqual(screen.picker.countDownDuration, 15000.0);
                screen.picker.countDownDuration = 10;
                XCTAssertEqual(screen.picker.countDownDuration, 60.0);
                screen.picker.minimumDate = [NSDate dateWithTimeIntervalSince1970:0];
                [screen.picker setDate:[NSDate dateWithTimeIntervalSince1970:-100] animated:NO];
                XCTAssertEqualObjects(screen.picker.date, screen.picker.minimumDate);
                XCTAssertEqual(screen.changes, 3, @"setting the date in code sends no action");
                // A view tester described by nothing turns the picker on screen.
                [viewTester selectDatePickerDate:[NSDate dateWithTimeIntervalSince1970:86400]];
                XCTAssertEqual(screen.picker.date.timeIntervalSince1970, 86400.0);
                XCTAssertEqual(screen.changes, 4);
            }
            - (void)testAWheelTitleThePickerLacks {
                MMDateViewController *screen = [MMDateViewController new];
                UIWindow *window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                window.rootViewController = screen;
                [window makeKeyAndVisible];
                [tester tapViewWithAccessibilityLabel:@"Birthday"];
                [tester selectDatePickerValue:@[@"Smarch", @"17", @"1965"]];
            }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMDateTests testWheels]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains { $0.contains("Failed to select date picker value \"Smarch, 17, 1965\"") }, "\(lines)")
    }

    /// A view tester described by its value or traits alone finds any view that has them;
    /// one described by nothing fails, saying what to describe it with.
    @Test func aViewTesterFindsAViewByItsValueAlone() throws {
        let (lines, _) = try run(["MMValueTests.m": """
            #import <KIF/KIF.h>
            @interface MMValueTests : KIFTestCase
            @end
            @implementation MMValueTests
            - (void)setUp {
                [super setUp];
                UIViewController *screen = [UIViewController new];
                UILabel *status = [[UILabel alloc] initWithFrame:CGRectMake(10, 100, 200, 30)];
                status.accessibilityLabel = @"Status";
                status.accessibilityValue = @"Activated: 1";
                [screen.view addSubview:status];
                UITextField *name = [[UITextField alloc] initWithFrame:CGRectMake(10, 140, 200, 30)];
                name.accessibilityLabel = @"Name";
                [screen.view addSubview:name];
                UIWindow *window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                window.rootViewController = screen;
                [window makeKeyAndVisible];
            }
            - (void)testByValue {
                UIView *found = [[[viewTester usingCurrentFrame] usingValue:@"Activated: 1"] waitForView];
                XCTAssertEqualObjects(found.accessibilityLabel, @"Status");
            }
            - (void)testByNothing {
                [viewTester waitForView];
            }
            - (void)testTheFirstResponderAndSettingText {
                [[viewTester usingLabel:@"Name"] tap];
                [[viewTester usingFirstResponder] enterText:@"Ada"];
                UITextField *name = (UITextField *)[[viewTester usingLabel:@"Name"] waitForView];
                XCTAssertEqualObjects(name.text, @"Ada");
                [[viewTester usingLabel:@"Name"] setText:@"Grace"];
                XCTAssertEqualObjects(name.text, @"Grace");
            }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMValueTests testByValue]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains("Test Case '-[MMValueTests testTheFirstResponderAndSettingText]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains { $0.contains("KIFUIViewTestActor expects a view described with usingLabel:, usingIdentifier:, usingValue:, usingTraits: or usingFirstResponder first") }, "\(lines)")
    }

    /// Pulling a table down to refresh: the table view controller's refresh control is the
    /// table's, a subview above its content; the pull begins it and sends its action, and
    /// its title shows as a label while it refreshes. KIF's primitive gives the view found
    /// through both pointers; a scroll view without a control fails the pull.
    @Test func kifPullsATableDownToRefresh() throws {
        let (lines, _) = try run(["MMRefreshTests.m": """
            #import <KIF/KIF.h>
            @interface MMFeedViewController : UITableViewController
            @property (nonatomic) NSInteger pulls;
            @end
            @implementation MMFeedViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.tableView.accessibilityIdentifier = @"Feed";
                self.refreshControl = [[UIRefreshControl alloc] init];
                [self.refreshControl addTarget:self action:@selector(refresh) forControlEvents:UIControlEventValueChanged];
                self.refreshControl.attributedTitle = [[NSAttributedString alloc] initWithString:@"Pull" attributes:nil];
            }
            - (void)refresh {
                self.pulls += 1;
                dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1.0 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
                    self.refreshControl.attributedTitle = [[NSAttributedString alloc] initWithString:@"Fresh!" attributes:nil];
                });
            }
            - (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section { return 3; }
            - (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
                return [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleDefault reuseIdentifier:nil];
            }
            @end
            @interface MMRefreshTests : KIFTestCase
            @end
            @implementation MMRefreshTests
            - (void)testPull {
                MMFeedViewController *feed = [MMFeedViewController new];
                UIWindow *window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                window.rootViewController = feed;
                [window makeKeyAndVisible];
                XCTAssertEqual(feed.refreshControl.superview, feed.tableView);
                XCTAssertFalse(feed.refreshControl.isRefreshing);
                UIView *found = nil;
                XCTAssertTrue([tester waitForAccessibilityElement:NULL view:&found withIdentifier:@"Feed" tappable:NO]);
                XCTAssertEqual(found, feed.tableView);
                [tester pullToRefreshViewWithAccessibilityIdentifier:@"Feed"];
                XCTAssertTrue(feed.refreshControl.isRefreshing);
                XCTAssertEqual(feed.pulls, 1);
                [tester waitForViewWithAccessibilityLabel:@"Fresh!"];
                [feed.refreshControl endRefreshing];
                [tester waitForAbsenceOfViewWithAccessibilityLabel:@"Fresh!"];
            }
            - (void)testPullWithoutAControl {
                UIViewController *screen = [UIViewController new];
                UIScrollView *scroll = [[UIScrollView alloc] initWithFrame:CGRectMake(0, 0, 320, 400)];
                scroll.accessibilityIdentifier = @"Plain";
                [screen.view addSubview:scroll];
                UIWindow *window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                window.rootViewController = screen;
                [window makeKeyAndVisible];
                [tester pullToRefreshViewWithAccessibilityIdentifier:@"Plain"];
            }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMRefreshTests testPull]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains { $0.contains("has no refresh control") }, "\(lines)")
    }

    /// XCTestCase's expectations of a notification (once its handler accepts one), of a
    /// predicate holding for an object, and of a key path's value, met as the wait runs
    /// the clock; one never met fails the wait in XCTest's words.
    @Test func notificationPredicateAndKeyValueExpectationsAreMetAsTheWaitRuns() throws {
        let (lines, _) = try run(["MMWaitTests.m": """
            @interface MMWaitTests : XCTestCase
            @end
            @implementation MMWaitTests
            - (void)testNotification {
                [self expectationForNotification:@"MMDone" object:nil handler:^BOOL(NSNotification *note) { return [note.userInfo[@"ok"] boolValue]; }];
                dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
                    [[NSNotificationCenter defaultCenter] postNotificationName:@"MMDone" object:nil userInfo:@{@"ok": @NO}];
                });
                dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(2 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
                    [[NSNotificationCenter defaultCenter] postNotificationName:@"MMDone" object:nil userInfo:@{@"ok": @YES}];
                });
                [self waitForExpectationsWithTimeout:5 handler:nil];
            }
            - (void)testPredicateAndKeyValue {
                NSMutableDictionary *box = [NSMutableDictionary dictionaryWithObject:@0 forKey:@"count"];
                [self expectationForPredicate:[NSPredicate predicateWithFormat:@"count == 3"] evaluatedWithObject:box handler:nil];
                [self keyValueObservingExpectationForObject:box keyPath:@"count" expectedValue:@3];
                dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ box[@"count"] = @3; });
                [self waitForExpectationsWithTimeout:5 handler:nil];
            }
            - (void)testNeverPosted {
                [self expectationForNotification:@"MMNever" object:nil handler:nil];
                [self waitForExpectationsWithTimeout:1 handler:nil];
            }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMWaitTests testNotification]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains("Test Case '-[MMWaitTests testPredicateAndKeyValue]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains { $0.contains("Asynchronous wait failed: Exceeded timeout of 1 seconds, with unfulfilled expectations: \"Expect notification 'MMNever' from any object\".") }, "\(lines)")
    }

    /// A failed UI step takes a screenshot of the screen at that moment; `rtsh test --junit`
    /// writes each beside the report and names it in the test's `<system-out>`.
    @Test func aFailedUIStepKeepsAScreenshotForTheJUnitReport() throws {
        let (_, ran) = try run(["MMShotTests.m": """
            #import <KIF/KIF.h>
            @interface MMGreetingViewController : UIViewController
            @end
            @implementation MMGreetingViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                UILabel *label = [UILabel new];
                label.text = @"Hello";
                [self.view addSubview:label];
            }
            @end
            @interface MMShotTests : KIFTestCase
            @end
            @implementation MMShotTests
            - (void)beforeEach {
                UIWindow *window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                window.rootViewController = [MMGreetingViewController new];
                [window makeKeyAndVisible];
            }
            - (void)testAMissingLabel { [tester waitForViewWithAccessibilityLabel:@"Goodbye"]; }
            - (void)testAPlainFailure { XCTFail(@"no UI step here"); }
            - (void)testTheGreeting { [tester waitForViewWithAccessibilityLabel:@"Hello"]; }
            @end
            """])
        let summary = try #require(ran)
        #expect(summary.results.map { $0.issues.map { $0.screenshot != nil } } == [[true], [false], []])
        let screenshots = TestReport.screenshots(summary, in: Screenshot.directory(besideReport: "build/report.xml"))
        #expect(screenshots.map(\.path) == ["build/report-screenshots/MMShotTests.testAMissingLabel.svg"])
        #expect(screenshots.first?.testCase == "-[MMShotTests testAMissingLabel]")
        #expect(screenshots.first?.svg.contains(">UILabel &quot;Hello&quot;</text>") == true)
        let junit = TestReport.junit(summary, screenshots: screenshots)
        #expect(junit.contains("</error>\n      <system-out>[[ATTACHMENT|build/report-screenshots/MMShotTests.testAMissingLabel.svg]]</system-out>\n    </testcase>"))
        #expect(junit.components(separatedBy: "<system-out>").count == 2)
        #expect(Screenshot.directory(besideReport: "junit") == "junit-screenshots")
    }

    /// The second seed article's technique: a method `-init` adds is a test in GHUnit, which
    /// makes the instance first, and not in XCTest, which asks the class first; XCTest finds
    /// one added in `+initialize`.
    @Test func discoveryFollowsEachFrameworksOrder() throws {
        let adding = """
            - (id)init {
                self = [super init];
                if (self) {
                    SEL name = sel_registerName([[NSString stringWithFormat:@"test%@Creation", [self subject]] UTF8String]);
                    class_addMethod([self class], name, [[self class] instanceMethodForSelector:@selector(check)], "v@:");
                }
                return self;
            }
            - (NSString *)subject { NSAssert(NO, @"subclasses name their subject"); return nil; }
            - (void)check { GHAssertNotNil([self subject], @"a subject"); }
            """
        let (lines, _) = try run([
            "Dynamic.m": """
                @interface MMAbstractGHTests : GHTestCase
                @end
                @implementation MMAbstractGHTests
                \(adding)
                @end
                @interface MMLoginGHTests : MMAbstractGHTests
                @end
                @implementation MMLoginGHTests
                - (NSString *)subject { return @"Login"; }
                @end
                @interface MMInitXCTests : XCTestCase
                @end
                @implementation MMInitXCTests
                - (id)init {
                    self = [super init];
                    class_addMethod([self class], @selector(testFromInit), [[self class] instanceMethodForSelector:@selector(helper)], "v@:");
                    return self;
                }
                + (void)initialize {
                    class_addMethod(self, @selector(testFromInitialize), [self instanceMethodForSelector:@selector(helper)], "v@:");
                }
                - (void)helper {}
                @end
                """,
        ])
        #expect(lines.filter { $0.hasPrefix("Test Case") } == [
            "Test Case '-[MMInitXCTests testFromInitialize]' passed (T seconds).",
            "Test Case '-[MMLoginGHTests testLoginCreation]' passed (T seconds).",
        ])
    }

    @Test func aTestCaseWhoseInitRaisesWithNoSubclassesIsAnError() throws {
        let (lines, summary) = try run(["Broken.m": """
            @interface MMBrokenGHTests : GHTestCase
            @end
            @implementation MMBrokenGHTests
            - (id)init { [NSException raise:@"MMSetUpException" format:@"no %@", @"database"]; return nil; }
            @end
            """])
        #expect(lines.contains("<unknown>:0: error: -[MMBrokenGHTests init] : failed: caught \"MMSetUpException\", \"no database\""))
        #expect(summary?.passed == false)
    }

    @Test func expectationsWaitOnTheVirtualClock() throws {
        let (lines, _) = try run(["MMWaitTests.m": """
            @interface MMWaitTests : XCTestCase
            @end
            @implementation MMWaitTests
            - (void)testFulfilledLater {
                XCTestExpectation *loaded = [self expectationWithDescription:@"loaded"];
                CFTimeInterval start = CACurrentMediaTime();
                dispatch_after(dispatch_time(DISPATCH_TIME_NOW, 30 * NSEC_PER_SEC), dispatch_get_main_queue(), ^{ [loaded fulfill]; });
                [self waitForExpectationsWithTimeout:60 handler:nil];
                XCTAssertEqualWithAccuracy(CACurrentMediaTime() - start, 30, 0.001);
            }
            - (void)testTimesOut {
                [self expectationWithDescription:@"never"];
                __block NSError *seen = nil;
                [self waitForExpectationsWithTimeout:2 handler:^(NSError *error) { seen = error; }];
                XCTAssertNotNil(seen);
            }
            - (void)testInvertedAndCounted {
                XCTestExpectation *quiet = [self expectationWithDescription:@"quiet"];
                quiet.inverted = YES;
                XCTestExpectation *thrice = [[XCTestExpectation alloc] initWithDescription:@"thrice"];
                thrice.expectedFulfillmentCount = 3;
                for (int i = 1; i <= 3; i++) {
                    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, i * NSEC_PER_SEC), dispatch_get_main_queue(), ^{ [thrice fulfill]; });
                }
                XCTAssertEqual([XCTWaiter waitForExpectations:@[thrice] timeout:2], XCTWaiterResultTimedOut);
                XCTAssertEqual([XCTWaiter waitForExpectations:@[thrice] timeout:2], XCTWaiterResultCompleted);
                [self waitForExpectations:@[quiet] timeout:1];
                [self performSelector:@selector(fulfillQuiet:) withObject:quiet afterDelay:0.5];
                [self waitForExpectations:@[quiet] timeout:1];
            }
            - (void)fulfillQuiet:(XCTestExpectation *)e { [e fulfill]; }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMWaitTests testFulfilledLater]' passed (T seconds)."))
        #expect(lines.contains(
            "MMWaitTests.m:14: error: -[MMWaitTests testTimesOut] : Asynchronous wait failed: Exceeded timeout of 2 seconds, with unfulfilled expectations: \"never\"."))
        #expect(lines.contains("Test Case '-[MMWaitTests testTimesOut]' failed (T seconds)."))
        #expect(lines.contains(
            "MMWaitTests.m:29: error: -[MMWaitTests testInvertedAndCounted] : Asynchronous wait failed: Fulfilled inverted expectation \"quiet\"."))
        // The waiter's results were as asserted, and the first wait on the inverted one held.
        #expect(lines.filter { $0.contains(": error: ") }.count == 2)
    }

    @Test func theRunLoopSpinsUntilACompletionBlockHasRun() throws {
        let (lines, _) = try run(["MMSpinTests.m": """
            @interface MMSpinTests : SenTestCase
            @end
            @implementation MMSpinTests
            - (void)testSpin {
                __block BOOL done = NO;
                [UIView animateWithDuration:0.3 animations:^{} completion:^(BOOL finished) { done = finished; }];
                NSDate *start = [NSDate date];
                while (!done) {
                    [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate dateWithTimeIntervalSinceNow:10]];
                }
                STAssertEqualsWithAccuracy([[NSDate date] timeIntervalSinceDate:start], 0.3, 0.0001, @"the loop ends when the block has run");
                STAssertTrue(NO, @"and reports as %@", @"SenTestingKit");
            }
            @end
            """])
        #expect(lines.contains("MMSpinTests.m:12: error: -[MMSpinTests testSpin] : 'NO' should be TRUE. and reports as SenTestingKit"))
        #expect(!lines.contains { $0.contains("MMSpinTests.m:11") })
    }

    @Test func filtersAndShardsSelectTests() throws {
        let files = ["Many.m": ["MMATests", "MMBTests", "MMCTests"].map { name in
            "@interface \(name) : XCTestCase\n@end\n@implementation \(name)\n- (void)testOne {}\n- (void)testTwo {}\n@end\n"
        }.joined()]
        let filtered = try run(files, selection: Session.TestSelection(filter: "B.*/testT"))
        #expect(filtered.summary?.results.map(\.name) == ["-[MMBTests testTwo]"])
        let shard = try run(files, selection: Session.TestSelection(shard: (2, 2)))
        #expect(shard.summary?.results.map(\.name) == ["-[MMBTests testOne]", "-[MMBTests testTwo]"])
        let nothing = try run(files, selection: Session.TestSelection(filter: "Zz"))
        #expect(nothing.lines.last == "error: no tests ran: no test's Class/method matches 'Zz'")
        let invalid = try ShellHarness()
        #expect(invalid.session.testSources(["."], selection: Session.TestSelection(filter: "(")) == nil)
    }

    @Test func theShellRunsOneClassOrOneMethodAgain() throws {
        let shell = try ShellHarness()
        _ = shell.run("@interface MMShellTests : XCTestCase\n@end\n@implementation MMShellTests\n- (void)testTitle { XCTAssertEqualObjects(@\"a\", @\"b\"); }\n- (void)testOther {}\n@end")
        #expect(masked(shell.run("test -[MMShellTests testOther]")) == [
            "Test Suite 'MMShellTests' started.", "Test Case '-[MMShellTests testOther]' passed (T seconds).", "Test Suite 'MMShellTests' passed.",
            "\t Executed 1 test, with 0 failures (0 unexpected) in T seconds", "Test Suite 'All tests' passed.",
            "\t Executed 1 test, with 0 failures (0 unexpected) in T seconds", "1 passed, 0 failed",
        ])
        #expect(shell.session.failureCount == 0)
        _ = shell.run("test MMShellTests")
        #expect(shell.session.failureCount == 1)
        // Fix the method at the prompt, and run it again.
        _ = shell.run("@implementation MMShellTests (Fixed)\n- (void)testTitle { XCTAssertEqualObjects(@\"a\", @\"a\"); }\n@end")
        #expect(masked(shell.run("test MMShellTests")).last == "2 passed, 0 failed")
        #expect(shell.run("test NSString").first?.hasPrefix("error: line 1, column 6: NSString is not a test case class") == true)
    }

    @Test func assertionsAtThePromptAreBrokenExpectationsAtTheirPlace() throws {
        let shell = try ShellHarness()
        #expect(shell.run("XCTAssertTrue(1 > 2, @\"%d is small\", 1)").first == "error: line 1, column 1: XCTAssertTrue failed - 1 is small")
        #expect(shell.run("GHAssertEqualStrings(@\"a\", @\"b\", nil)").first == "error: line 1, column 1: 'a' should be equal to 'b'.")
        _ = shell.run("e = [NSException exceptionWithName:@\"A\" reason:@\"x\" userInfo:nil]")
        #expect(shell.run("XCTAssertThrowsSpecificNamed([e raise], NSException, @\"B\")").first
            == "error: line 1, column 1: XCTAssertThrowsSpecificNamed failed: ([e raise]) threw \"A: x\", not NSException named \"B\"")
        #expect(shell.run("XCTAssertNoThrow(1 + 1)").isEmpty)
        #expect(shell.run("XCTSkip(@\"later\")").first == "error: line 1, column 1: XCTSkip skips a running test, and no test is running: run the test case with 'test' or rtsh test")
        #expect(shell.session.failureCount == 4)
    }

    /// The expression an assertion checks for raising may assign the method's variables,
    /// as it does in XCTest, whose macros evaluate it in place.
    @Test func anExpressionCheckedForRaisingAssignsTheVariablesAroundIt() throws {
        let shell = try ShellHarness()
        _ = shell.run("""
            @interface MMAssigning : NSObject
            + (NSArray *)assigned;
            @end
            @implementation MMAssigning
            + (NSArray *)assigned {
                NSString *made = nil; NSInteger count = 0;
                XCTAssertNoThrow((made = [@"a" stringByAppendingString:@"b"]));
                XCTAssertThrows((count = 2, [@[] objectAtIndex:count]));
                // A block made after still copies what it captures, when it is made.
                void (^later)(void) = ^{ NSLog(@"%@", made); };
                made = [made uppercaseString];
                later();
                return @[made, @(count)];
            }
            @end
            """)
        #expect(shell.run("[MMAssigning assigned]") == ["ab", "@[\"AB\", 2]"])
    }

    @Test func foundationsAssertionsAndRefusalsRaiseExceptionsCodeCanCatch() throws {
        let shell = try ShellHarness()
        _ = shell.run("""
            @interface MMGuard : NSObject
            + (NSString *)caught:(int)which;
            @end
            @implementation MMGuard
            + (NSString *)caught:(int)which {
                @try {
                    if (which == 0) NSAssert(NO, @"state %d is wrong", 7);
                    if (which == 1) NSParameterAssert(which == 2);
                    if (which == 2) [@[] objectAtIndex:1];
                } @catch (NSException *e) {
                    return [NSString stringWithFormat:@"%@: %@", e.name, e.reason];
                }
                return @"nothing";
            }
            @end
            """)
        #expect(shell.run("[MMGuard caught:0]", "[MMGuard caught:1]", "[MMGuard caught:2]") == [
            "\"NSInternalInconsistencyException: state 7 is wrong\"",
            "\"NSInternalInconsistencyException: Invalid parameter not satisfying: which == 2\"",
            "\"NSRangeException: -[NSArray objectAtIndex:]: index 1 beyond bounds for empty array\"",
        ])
    }

    /// An assertion's condition is tested as `if` tests it: an object is true, a number
    /// that is 0 or `NO` as much as any, and only nil fails (a JSON parser asserts each
    /// value it found).
    @Test func anAssertedObjectIsTrueWhateverItsValue() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMParser : NSObject
            - (NSString *)run;
            @end
            @implementation MMParser
            - (void)found:(id)obj isValue:(BOOL)isValue { NSParameterAssert(obj); NSCAssert(obj, @"a value"); }
            - (void)foundNumber:(NSNumber *)num { [self found:num isValue:YES]; }
            - (void)foundBoolean:(BOOL)x { [self found:[NSNumber numberWithBool:x] isValue:YES]; }
            - (NSString *)run {
                [self foundNumber:@(strtoll("0", NULL, 10))];
                [self foundBoolean:NO];
                @try { [self found:nil isValue:YES]; } @catch (NSException *e) { return e.reason; }
                return @"nil passed";
            }
            @end
            """)
        #expect(shell.run("[[MMParser new] run]") == ["\"Invalid parameter not satisfying: obj\""])
    }

    @Test func waitLetsVirtualTimePass() throws {
        let shell = try ShellHarness()
        _ = shell.run("done = NO", "dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1.5 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{ done = YES; })")
        #expect(shell.run("wait until done") == ["waited 1.5 s until done, now 1.5 s"])
        #expect(shell.run("wait until !done timeout 2").first == "error: line 1, column 12: !done was still false after waiting 2 s")
        #expect(shell.run("wait 0.25") == ["waited 0.25 s, now 3.75 s: nothing was due"])
        #expect(shell.run("wait -1").first?.hasPrefix("error: line 1, column 6: wait takes a number of seconds, 0 or more") == true)
    }

    /// XCTest 12's issues: a test case that overrides `-recordIssue:` hears its own
    /// assertions' failures as `XCTIssue`s (type, description, where), one that overrides
    /// the older `-recordFailureWithDescription:inFile:atLine:expected:` hears issues
    /// recorded by hand there, and an issue made and changed by hand is recorded where it says.
    @Test func aTestCaseHearsItsFailuresAsIssues() throws {
        let (lines, _) = try run(["MMIssueTests.m": """
            @interface MMCapturingTests : XCTestCase
            @property (nonatomic) BOOL capture;
            @property (nonatomic, copy) NSString *seen;
            @end
            @implementation MMCapturingTests
            - (void)recordIssue:(XCTIssue *)issue {
                if (!self.capture) { [super recordIssue:issue]; return; }
                XCTSourceCodeLocation *location = issue.sourceCodeContext.location;
                self.seen = [NSString stringWithFormat:@"%ld %@ %@:%ld", (long)issue.type, issue.compactDescription,
                             location.fileURL.lastPathComponent, (long)location.lineNumber];
            }
            - (void)testCaptured {
                self.capture = YES;
                XCTAssertEqual(1, 2, @"numbers");
                self.capture = NO;
                XCTAssertEqualObjects(self.seen, @"0 XCTAssertEqual failed: (\\"1\\") is not equal to (\\"2\\") - numbers MMIssueTests.m:14");
                XCTAssertEqual(XCTIssueTypeUncaughtException, 2);
            }
            - (void)testMadeByHand {
                XCTIssue *issue = [[XCTIssue alloc] initWithType:XCTIssueTypeAssertionFailure compactDescription:@"made by hand"];
                XCTMutableIssue *changed = [issue mutableCopy];
                changed.compactDescription = @"changed by hand";
                XCTSourceCodeLocation *location = [[XCTSourceCodeLocation alloc] initWithFilePath:@"Some/File.m" lineNumber:42];
                changed.sourceCodeContext = [[XCTSourceCodeContext alloc] initWithLocation:location];
                XCTAssertEqualObjects(issue.compactDescription, @"made by hand");
                [self recordIssue:changed];
            }
            @end
            @interface MMOlderTests : XCTestCase
            @property (nonatomic, copy) NSString *seen;
            @end
            @implementation MMOlderTests
            - (void)recordFailureWithDescription:(NSString *)description inFile:(NSString *)file atLine:(NSUInteger)line expected:(BOOL)expected {
                self.seen = [NSString stringWithFormat:@"%@ %@:%lu %d", description, file.lastPathComponent, (unsigned long)line, expected];
                [super recordFailureWithDescription:description inFile:file atLine:line expected:expected];
            }
            - (void)testHeardTheOlderWay {
                XCTIssue *issue = [[XCTIssue alloc] initWithType:XCTIssueTypeAssertionFailure compactDescription:@"by hand"
                    detailedDescription:nil sourceCodeContext:[[XCTSourceCodeContext alloc] initWithLocation:
                        [[XCTSourceCodeLocation alloc] initWithFilePath:@"Other.m" lineNumber:7]] associatedError:nil attachments:@[]];
                [self recordIssue:issue];
                XCTAssertEqualObjects(self.seen, @"by hand Other.m:7 1");
            }
            @end
            """])
        #expect(lines.contains("Test Case '-[MMCapturingTests testCaptured]' passed (T seconds)."), "\(lines)")
        #expect(lines.contains("Some/File.m:42: error: -[MMCapturingTests testMadeByHand] : changed by hand"), "\(lines)")
        #expect(lines.contains("Other.m:7: error: -[MMOlderTests testHeardTheOlderWay] : by hand"), "\(lines)")
        #expect(lines.last == "1 passed, 2 failed")
    }
}
