import Foundation
import Shell
import Testing

/// A repository holding a library and several apps that each define the same classes
/// (examples, a demo per platform): split into programs that load apart.
@Suite("Trees of several programs")
struct SourceTreeTests {
    /// A library, its tests, and two example apps each defining MMAppDelegate; the second
    /// app's forgets super.
    static let library: [String: String] = [
        "Library/MMCard.h": "@interface MMCard : UIView\n@end\n",
        "Library/MMCard.m": "@implementation MMCard\n- (void)layoutSubviews { [super layoutSubviews]; }\n@end\n",
        "Tests/MMCardTests.m": """
            @interface MMCardTests : XCTestCase
            @end
            @implementation MMCardTests
            - (void)testCardIsAView { XCTAssertTrue([[MMCard new] isKindOfClass:[UIView class]]); }
            @end
            """,
        "Examples/One/MMAppDelegate.h": "@interface MMAppDelegate : UIViewController\n@end\n",
        "Examples/One/MMAppDelegate.m": "@implementation MMAppDelegate\n- (void)viewDidLoad { [super viewDidLoad]; }\n@end\n",
        "Examples/One/OneTests.m": """
            @interface OneTests : XCTestCase
            @end
            @implementation OneTests
            - (void)testTitle { XCTAssertEqualObjects([MMAppDelegate new].title, nil); }
            @end
            """,
        "Examples/Two/Sources/MMAppDelegate.h": "@interface MMAppDelegate : UIViewController\n@end\n",
        "Examples/Two/Sources/MMAppDelegate.m": "@implementation MMAppDelegate\n- (void)viewDidLoad { }\n@end\n",
    ]

    @Test func foldersDefiningTheSameClassAreProgramsSharingTheRest() throws {
        let tree = try TemporaryTree(Self.library)
        let split = try SourceTree([tree.root.path])
        let shared = ["Library/MMCard.h", "Library/MMCard.m", "Tests/MMCardTests.m"].map(tree.path)
        #expect(split.programs.map(\.root) == [tree.path("Examples/One"), tree.path("Examples/Two")])
        #expect(split.programs[0].files == (shared + ["Examples/One/MMAppDelegate.h", "Examples/One/MMAppDelegate.m", "Examples/One/OneTests.m"].map(tree.path)).sorted())
        #expect(split.programs[1].files == (shared + ["Examples/Two/Sources/MMAppDelegate.h", "Examples/Two/Sources/MMAppDelegate.m"].map(tree.path)).sorted())
        // What the programs share is the first's to audit and test.
        #expect(split.programs[0].ownFiles == Set(split.programs[0].files))
        #expect(split.programs[1].ownFiles == Set(["Examples/Two/Sources/MMAppDelegate.h", "Examples/Two/Sources/MMAppDelegate.m"].map(tree.path)))
        // Its own folder's resources come first, then the tree's.
        #expect(split.programs[1].resourceDirectories == [tree.path("Examples/Two"), tree.root.path])
    }

    @Test func extensionsCategoriesAndForwardDeclarationsAreNoSecondDefinition() throws {
        let tree = try TemporaryTree([
            "Library/MMCard.h": "@protocol MMCardDelegate\n@end\n@interface MMCard : UIView\n@end\n",
            "Library/MMCard.m": "@interface MMCard ()\n@end\n@implementation MMCard\n@end\n",
            "App/MMCard+Shadow.h": "@protocol MMCardDelegate;\n@class MMCard;\n@interface MMCard (Shadow)\n@end\n",
            "App/MMCard+Shadow.m": "@protocol MMCardDelegate, MMOther;\n@implementation MMCard (Shadow)\n@end\n",
        ])
        #expect(try SourceTree([tree.root.path]).programs.map(\.root) == [nil])
    }

    /// A test declaring a library's private class again, to call it, is the library's program.
    @Test func aTestDeclaringALibrarysPrivateClassAgainIsNoSecondDefinition() throws {
        let tree = try TemporaryTree([
            "Library/MMStream.m": "@interface MMBodyPart : NSObject\n@end\n@implementation MMBodyPart\n@end\n",
            "Tests/MMStreamTests.m": "@interface MMBodyPart : NSObject\n@property (nonatomic) NSInteger length;\n@end\n",
        ])
        #expect(try SourceTree([tree.root.path]).programs.map(\.root) == [nil])
    }

    /// A test's copy of a library's internal protocol, which the test's file defines again
    /// rather than import the header that defines it, is the library's program; and it
    /// loads beside the header's without an error, the header's standing.
    @Test func aTestsCopyOfALibrarysProtocolIsNoSecondDefinition() throws {
        let tree = try TemporaryTree([
            "Library/MMUtils.h": "@protocol MMDeepCopy <NSObject>\n- (id)deepCopy;\n- (id)shallowCopy;\n@end\n",
            "Library/MMUtils.m": "#import \"MMUtils.h\"\n@interface MMBox : NSObject <MMDeepCopy>\n@end\n@implementation MMBox\n- (id)deepCopy { return @1; }\n- (id)shallowCopy { return @2; }\n@end\n",
            "Tests/MMUtilsTests.m": "@protocol MMDeepCopy <NSObject>\n- (id)deepCopy;\n@end\n",
        ])
        #expect(try SourceTree([tree.root.path]).programs.map(\.root) == [nil])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 3 files: 1 class, 0 categories, 2 protocols; 0 errors"])
        #expect(shell.run("[[MMBox new] shallowCopy]") == ["2"])
    }

    /// Two definitions in one folder cannot be parted: loading reports the second.
    @Test func twoDefinitionsInOneFolderStayOneProgram() throws {
        let tree = try TemporaryTree([
            "App/MMOne.m": "@implementation MMCard : UIView\n@end\n",
            "App/MMTwo.m": "@implementation MMCard : UIView\n@end\n",
        ])
        #expect(try SourceTree([tree.root.path]).programs.map(\.root) == [nil])
    }

    @Test func aProgramThatStillDefinesANameTwiceIsSplitAgain() throws {
        let tree = try TemporaryTree([
            "Apps/iOS/MMRoot.m": "@implementation MMRoot : UIViewController\n@end\n",
            "Apps/tvOS/MMRoot.m": "@implementation MMRoot : UIViewController\n@end\n",
            "Apps/Shared/MMDemoModel.m": "@implementation MMDemoModel : NSObject\n@end\n",
            "Other/MMDemoModel.m": "@implementation MMDemoModel : NSObject\n@end\n",
        ])
        let split = try SourceTree([tree.root.path])
        #expect(split.programs.map(\.root) == ["Apps/iOS", "Apps/tvOS", "Other"].map(tree.path))
        #expect(split.programs[1].files == ["Apps/Shared/MMDemoModel.m", "Apps/tvOS/MMRoot.m"].map(tree.path))
        #expect(split.programs[2].files == ["Other/MMDemoModel.m"].map(tree.path))
    }

    /// A library's repository holds its test host beside its examples and documentation:
    /// the host comes first, so the sources they share (the library's tests) are its own.
    @Test func theProgramThatIsNoExampleOwnsTheSharedSources() throws {
        let tree = try TemporaryTree([
            "Documentation/Examples/Calculator/MMAppDelegate.m": "@implementation MMAppDelegate : UIResponder\n@end\n",
            "Demo/MMAppDelegate.m": "@implementation MMAppDelegate : UIResponder\n@end\n",
            "TestHost/MMAppDelegate.m": "@implementation MMAppDelegate : UIResponder\n@end\n",
            "Tests/MMTappingTests.m": "@implementation MMTappingTests : XCTestCase\n@end\n",
        ])
        let split = try SourceTree([tree.root.path])
        #expect(split.programs.map(\.root) == ["TestHost", "Demo", "Documentation"].map(tree.path))
        #expect(split.programs[0].ownFiles.contains(tree.path("Tests/MMTappingTests.m")))
    }

    @Test func xcodesFileTemplatesAreNoSources() throws {
        let tree = try TemporaryTree([
            "App/MMRoot.m": "@implementation MMRoot : UIViewController\n@end\n",
            "Templates/Controller.xctemplate/___FILEBASENAME___.m": "@implementation ___FILEBASENAMEASIDENTIFIER___\n- (id)init { <#code#> }\n@end\n",
        ])
        #expect(try SourceTree([tree.root.path]).files == [tree.path("App/MMRoot.m")])
    }

    @Test func theAuditRunsEachProgramApartAndEachClassOnce() throws {
        let tree = try TemporaryTree(Self.library.merging([
            // An error in a file the programs share is reported once, by the first.
            "Library/MMBroken.m": "@implementation MMBroken : NSObject\n- (void)go { [self go:; }\n@end\n"
        ]) { $1 })
        let shell = try ShellHarness()
        let checks = try #require(shell.session.auditSources([tree.root.path]))
        let lines = shell.take().all.map { $0.replacing(tree.root.path + "/", with: "") }
        #expect(lines.filter { !$0.hasPrefix("  ") } == [
            "note: \(tree.root.path) holds 2 programs that define the same classes; each is loaded and run in a runtime of its own, with the sources they share",
            "== Examples/One",
            "error: Library/MMBroken.m:2:23: expected an expression, but found ';'; -[MMBroken go] is left out of the class",
            "loaded 7 files: 5 classes, 0 categories, 0 protocols; 1 error",
            "ok -[MMAppDelegate viewDidLoad] calls super once",
            "ok -[MMCard layoutSubviews] calls super once",
            "2 passed, 0 failed",
            "== Examples/Two",
            "loaded 6 files: 4 classes, 0 categories, 0 protocols; 0 errors",
            "FAIL -[MMAppDelegate viewDidLoad] does not call super",
            "0 passed, 1 failed",
            "all 2 programs: 2 passed, 1 failed",
        ])
        #expect(checks.map(\.verdict) == [.ok, .ok, .failed])
        // The error and the failed check, once each.
        #expect(shell.session.failureCount == 2)
        #expect(shell.session.checkOutcomes.count == 3)
    }

    @Test func theTestsOfEachProgramRunOnceInItsOwnRuntime() throws {
        let tree = try TemporaryTree(Self.library)
        let shell = try ShellHarness()
        let summary = try #require(shell.session.testSources([tree.root.path]))
        #expect(summary.results.map(\.name).sorted() == ["-[MMCardTests testCardIsAView]", "-[OneTests testTitle]"])
        #expect(summary.passed)
        let lines = shell.take().all
        #expect(lines.filter { $0.hasPrefix("==") } == ["== \(tree.path("Examples/One"))", "== \(tree.path("Examples/Two"))"])
        #expect(lines.last == "2 passed, 0 failed", "\(lines)")
    }

    /// At the prompt a tree of several programs loads its first, and says so.
    @Test func sourcingATreeOfSeveralProgramsLoadsTheFirst() throws {
        let tree = try TemporaryTree(Self.library)
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)").map { $0.replacing(tree.root.path + "/", with: "") } == [
            "note: \(tree.root.path) holds 2 programs that define the same classes; loading Examples/One with the sources they share, not Examples/Two (rtsh audit and rtsh test take each in turn)",
            "loaded 6 files: 4 classes, 0 categories, 0 protocols; 0 errors",
        ])
        #expect(shell.run("[[MMAppDelegate new] isKindOfClass:[UIViewController class]]", "[MMCard class]") == ["YES", "MMCard"])
    }
}
