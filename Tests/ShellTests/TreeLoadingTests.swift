import Foundation
import Shell
import Testing

/// Loading a source tree compiled against code rtsh does not read: a library's protocols,
/// a class that fails and what depends on it, an @interface that could not be read, and
/// the suggestions its errors make.
@Suite("Loading a source tree")
struct TreeLoadingTests {
    // MARK: A library's protocols

    /// A DTrace provider's generated header, which Xcode makes from the `.d` file, is made
    /// from it here: no one traces, so each probe is off and firing it does nothing.
    @Test func aDTraceProvidersHeaderIsMadeFromItsDefinition() throws {
        let tree = try TemporaryTree([
            "MMSignalProvider.d": """
                /* Probes for signals. */
                provider MMSignal {
                    probe next(char *signal, char *value);
                    probe completed__now(char *signal);
                };
                """,
            "MMSignal.m": """
                #import "MMSignalProvider.h"
                @interface MMSignal : NSObject
                @end
                @implementation MMSignal
                - (NSString *)send:(NSString *)value {
                    if (MMSIGNAL_NEXT_ENABLED()) { return @"traced"; }
                    MMSIGNAL_NEXT(self.description.UTF8String, value.UTF8String);
                    MMSIGNAL_COMPLETED_NOW(self.description.UTF8String);
                    return value;
                }
                @end
                """,
        ])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 1 file: 1 class, 0 categories, 0 protocols; 0 errors"])
        #expect(shell.run("[[MMSignal new] send:@\"sent\"]") == ["\"sent\""])
    }

    @Test func aProtocolNothingInTheTreeDeclaresIsALibrarysRegisteredEmptyAndNamedInOneNote() throws {
        let tree = try TemporaryTree([
            "MMPicker.h": """
                @protocol MMPickerDelegate <UIGestureRecognizerDelegate, MMLibraryDelegate>
                - (void)picked;
                @end
                @interface MMPicker : UIViewController <MMPickerDelegate, MMAnalyticsTracking>
                @end
                """,
            "MMPicker.m": """
                #import "MMPicker.h"
                @interface MMPicker () <MMKeyboardObserving>
                @end
                @implementation MMPicker
                - (void)picked {}
                @end
                @interface MMPicker (Sharing) <MMShareable>
                @end
                @implementation MMPicker (Sharing)
                @end
                """,
        ])
        let shell = try ShellHarness()
        // Each is adopted by a different kind of declaration: a protocol, a class, a class extension, a category.
        #expect(shell.run("source \(tree.root.path)") == [
            "loaded 2 files: 1 class, 1 category, 1 protocol; 0 errors",
            "note: the code adopts 4 protocols rtsh does not have (MMAnalyticsTracking, MMKeyboardObserving, MMLibraryDelegate, MMShareable); they are registered with no methods",
        ])
        #expect(shell.run(
            "[MMPicker conformsToProtocol:@protocol(MMAnalyticsTracking)]", "[MMPicker conformsToProtocol:@protocol(MMPickerDelegate)]",
            "[MMPicker conformsToProtocol:@protocol(UIGestureRecognizerDelegate)]") == ["YES", "YES", "YES"])
        // At the prompt an unknown protocol is still a mistake.
        #expect(shell.run("@interface MMTyped : NSObject <MMNowhereProto>\n@end\n@implementation MMTyped\n@end").first
            == "error: line 1, column 1: no protocol named 'MMNowhereProto'")
    }

    /// A category file as libraries write one: an extension of a framework class declaring
    /// what the category implements, and C functions called above their definitions.
    @Test func aFrameworkClassExtensionAndFunctionsDefinedBelowTheirCallsLoadCleanly() throws {
        let tree = try TemporaryTree([
            "UIScrollView+MMEmpty.m": """
                @interface UIScrollView () <UIGestureRecognizerDelegate>
                @property (nonatomic, readonly) UIView *mm_emptyView;
                @end
                void mm_swizzled(id self, SEL _cmd) { NSLog(@"%@", mm_describe(self)); }
                NSString *mm_describe(id target) { return NSStringFromClass([target class]); }
                @implementation UIScrollView (MMEmpty)
                - (UIView *)mm_emptyView { mm_swizzled(self, _cmd); return nil; }
                @end
                """,
        ])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 1 file: 0 classes, 1 category, 0 protocols; 0 errors"])
        #expect(shell.run("[[UIScrollView new] mm_emptyView]") == ["UIScrollView"])
        // Ivars need the class's @implementation, which a framework class's is not.
        let withIvars = try TemporaryTree(["UIView+MMState.m": "@interface UIView () {\n    int _mmState;\n}\n@end\n"])
        #expect(try ShellHarness().run("source \(withIvars.root.path)").first?.hasSuffix("the class extension of UIView comes after its @implementation; extensions belong before it") == true)
    }

    /// A `.m` file is a translation unit of its own: its `#define`s and `#undef`s are not
    /// seen by the source files loaded after it (one file's `#define kKey @"..."` and
    /// another's `static NSString *const kKey`), while a header's macros are every file's.
    /// The prompt sees every loaded file's macros.
    @Test func aSourceFilesMacrosStayInIt() throws {
        let tree = try TemporaryTree([
            "MMShared.h": "#define MM_SHARED 42\n",
            "MMFirst.m": "#define kMMKey @\"first\"\n#define MM_ONLY_FIRST 1\n#undef MM_SHARED\nNSString *MMFirstKey(void) { return kMMKey; }\n",
            "MMSecond.m": """
                #import "MMShared.h"
                static NSString *const kMMKey = @"second";
                NSString *MMSecondKey(void) { return kMMKey; }
                #ifdef MM_ONLY_FIRST
                NSString *MMLeak(void) { return @"leaked"; }
                #else
                NSString *MMLeak(void) { return @"own"; }
                #endif
                int MMShared(void) { return MM_SHARED; }
                """,
        ])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)").first?.hasSuffix("0 errors") == true)
        #expect(shell.run("@[MMFirstKey(), MMSecondKey(), MMLeak(), @(MMShared()), @(MM_ONLY_FIRST)]") == ["@[\"first\", \"second\", \"own\", 42, 1]"])
    }

    /// A test file declaring a library's private classes again (`@interface AFHTTPBodyPart :
    /// NSObject`, whose own `@interface` is in the library's .m) adds to them, before or after
    /// their implementation; a second `@interface` in the one file, or on another superclass,
    /// is still an error. A subclass's setter makes a read-only property writable, as
    /// NSMutableURLRequest's `HTTPMethod` is, and `__has_warning` reads as true.
    @Test func aRedeclaredPrivateInterfaceAddsToItsClass() throws {
        let tree = try TemporaryTree([
            "Library/MMStream.m": """
                @interface MMBodyPart : NSObject
                @property (nonatomic, copy) NSString *boundary;
                @end
                @implementation MMBodyPart
                - (NSInteger)length { return self.boundary.length; }
                @end
                @interface MMBodyStream : NSObject
                @end
                @interface MMPlainRequest : NSObject
                @property (nonatomic, readonly, copy) NSString *method;
                @end
                @implementation MMPlainRequest
                @end
                @interface MMMutableRequest : MMPlainRequest
                @end
                @implementation MMMutableRequest {
                    NSString *_mmMethod;
                }
                - (void)setMethod:(NSString *)method { _mmMethod = method; }
                - (NSString *)method { return _mmMethod; }
                @end
                """,
            "Library/MMStream+Body.m": "@implementation MMBodyStream\n@end\n",
            "Tests/MMStreamTests.m": """
                #if __has_warning("-Wunguarded-availability-new")
                #define MM_WARNS 1
                #endif
                @interface MMBodyPart : NSObject
                @property (nonatomic, copy) NSString *boundary;
                - (NSInteger)length;
                @end
                @interface MMBodyStream : NSObject
                @property (nonatomic) NSInteger delay;
                @end
                """,
        ])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 3 files: 4 classes, 0 categories, 0 protocols; 0 errors"])
        #expect(shell.run(
            "MMBodyPart *part = [MMBodyPart new]; part.boundary = @\"abc\"; [part length]",
            "MMBodyStream *stream = [MMBodyStream new]; stream.delay = 2; stream.delay",
            "MMMutableRequest *request = [MMMutableRequest new]; request.method = @\"POST\"; request.method",
            "MM_WARNS"
        ) == ["3", "2", "\"POST\"", "1"])
        let twice = try TemporaryTree(["MMTwice.m": "@interface MMTwice : NSObject\n@end\n@interface MMTwice : NSObject\n@end\n"])
        #expect(try ShellHarness().run("source \(twice.root.path)").contains { $0.contains("@interface MMTwice is read twice") })
        let otherSuperclass = try TemporaryTree([
            "A/MMPart.m": "@interface MMPart : NSObject\n@end\n",
            "B/MMPart.h": "@interface MMPart : UIView\n@end\n",
        ])
        #expect(try ShellHarness().run("source \(otherSuperclass.root.path)").contains { $0.contains("@interface MMPart is read twice") })
        // A test's .m declaring its class beside a header of it the .m does not import (as
        // Xcode's old templates left them): no compiler sees both. Imported, it is read twice.
        let beside = try TemporaryTree([
            "Tests/MMLoginTests.h": "@interface MMLoginTests : NSObject\n- (NSString *)declared;\n@end\n",
            "Tests/MMLoginTests.m": "@interface MMLoginTests : NSObject\n@property NSString *title;\n@end\n@implementation MMLoginTests\n@end\n",
        ])
        let shell2 = try ShellHarness()
        #expect(shell2.run("source \(beside.root.path)") == ["loaded 2 files: 1 class, 0 categories, 0 protocols; 0 errors"])
        #expect(shell2.run("MMLoginTests *t = [MMLoginTests new]; t.title = @\"x\"; t.title") == ["\"x\""])
        let imported = try TemporaryTree([
            "Tests/MMLoginTests.h": "@interface MMLoginTests : NSObject\n@end\n",
            "Tests/MMLoginTests.m": "#import \"MMLoginTests.h\"\n@interface MMLoginTests : NSObject\n@end\n@implementation MMLoginTests\n@end\n",
        ])
        #expect(try ShellHarness().run("source \(imported.root.path)").contains { $0.contains("@interface MMLoginTests is read twice") })
    }

    /// `+load` runs once the tree is defined: each class's after its superclass's, then the
    /// categories', each once even where a category's replaces its class's in the method
    /// list; a swizzle made there is part of the program, not a change to undo.
    @Test func loadMethodsRunAfterTheTreeIsDefinedClassesFirstAndTheirSwizzlesStay() throws {
        let tree = try TemporaryTree([
            "MMSub.m": """
                @interface MMSub : MMBase
                @end
                @implementation MMSub
                + (void)load { [MMLoadLog addObject:@"MMSub"]; }
                @end
                """,
            "MMBase.m": """
                NSMutableArray *MMLoadLog;
                @interface MMBase : NSObject
                - (NSString *)greeting;
                @end
                @implementation MMBase
                + (void)load { MMLoadLog = [NSMutableArray arrayWithObject:@"MMBase"]; }
                - (NSString *)greeting { return @"hello"; }
                @end
                @implementation MMBase (Loud)
                + (void)load {
                    [MMLoadLog addObject:@"MMBase (Loud)"];
                    method_exchangeImplementations(class_getInstanceMethod(self, @selector(greeting)), class_getInstanceMethod(self, @selector(loud_greeting)));
                }
                - (NSString *)loud_greeting { return [[self loud_greeting] uppercaseString]; }
                @end
                """,
        ])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 2 files: 2 classes, 1 category, 0 protocols; 0 errors"])
        #expect(shell.run("MMLoadLog", "[[MMSub new] greeting]", "swizzles") == ["<NSMutableArray: 0x1> @[\"MMBase\", \"MMSub\", \"MMBase (Loud)\"]", "\"HELLO\"", "no changes"])
        // A +load that fails is reported at the method, and the others still run.
        let failing = try TemporaryTree(["MMBad.m": "@implementation MMBad : NSObject\n+ (void)load { [self missing]; }\n@end\n@implementation MMGood : NSObject\n+ (void)load { NSLog(@\"good\"); }\n@end\n"])
        let output = try ShellHarness().run("source \(failing.root.path)")
        #expect(output.contains { $0.contains("MMBad.m:2:") && $0.contains("+[MMBad missing]: unrecognized selector") })
        #expect(output.contains("good"))
    }

    /// A prefix header's imports are every file's, statics included; a header linked into
    /// a CocoaPods `Headers` folder (a symbolic link, or the file git writes for one where
    /// links are not kept) is the header it names, read once.
    @Test func aPrefixHeadersStaticsAreEveryFilesAndLinkedHeadersAreReadOnce() throws {
        let tree = try TemporaryTree([
            "App-Prefix.pch": "#import \"MMUtilities.h\"\n",
            "Kit/MMUtilities.h": "static const CGFloat MMSpacing = 8;\n@interface MMHelper : NSObject\n@end\n",
            "Kit/MMHelper.m": "@implementation MMHelper\n@end\n",
            "Pods/Headers/Public/Kit/MMUtilities.h": "../../../../Kit/MMUtilities.h",
            "App/MMCard.m": "@implementation MMCard : NSObject\n- (CGFloat)spacing { return MMSpacing * 2; }\n@end\n",
        ])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 4 files: 2 classes, 0 categories, 0 protocols; 0 errors"])
        #expect(shell.run("[[MMCard new] spacing]") == ["16.0"])
    }

    /// A header's `static` constants are the importing files' (each file that imports the
    /// header has them in C); a `.m` file's statics stay its own.
    @Test func aHeadersStaticConstantsAreSeenByTheFilesImportingIt() throws {
        let tree = try TemporaryTree([
            "MMModel.h": """
                static NSString * const kMMAvatarID = @"053496";
                static const NSInteger kMMLimit = 3;
                @interface MMModel : NSObject
                @property (strong, nonatomic) NSDictionary *names;
                - (NSString *)first;
                @end
                """,
            "MMModel.m": """
                #import "MMModel.h"
                static NSString * const kMMOwn = @"own";
                @implementation MMModel
                - (instancetype)init {
                    self = [super init];
                    if (self) { self.names = @{ kMMAvatarID : kMMOwn }; }
                    return self;
                }
                - (NSString *)first { return [NSString stringWithFormat:@"%@ %ld", kMMAvatarID, (long)kMMLimit]; }
                @end
                """,
            "MMOther.m": """
                @interface MMOther : NSObject
                @end
                @implementation MMOther
                - (NSString *)own { return kMMOwn; }
                @end
                """,
        ])
        let shell = try ShellHarness()
        _ = shell.run("source \(tree.root.path)")
        #expect(shell.session.failureCount == 0)
        #expect(shell.run("[[MMModel new] first]", "[[[MMModel new] names] objectForKey:@\"053496\"]") == ["\"053496 3\"", "\"own\""])
        #expect(shell.run("[[MMOther new] own]").first?.contains("no variable or class named 'kMMOwn'") == true)
    }

    /// A header linked under `include/`, as Swift Package Manager's layout has it, is the
    /// header it links to, read once, whichever path sorts first.
    @Test func aHeaderLinkedUnderIncludeIsReadOnce() throws {
        let tree = try TemporaryTree([
            "MMHUD.h": "@interface MMHUD : UIView\n- (NSInteger)level;\n@end\n",
            "MMHUD.m": "#import \"MMHUD.h\"\n@implementation MMHUD\n- (NSInteger)level { return 3; }\n@end\n",
        ])
        try FileManager.default.createDirectory(atPath: tree.path("include/MMHUD"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tree.path("include/MMHUD/MMHUD.h"), withDestinationPath: "../../MMHUD.h")
        try FileManager.default.createSymbolicLink(atPath: tree.path("A-link.h"), withDestinationPath: "MMHUD.h")
        let shell = try ShellHarness()
        let loaded = shell.run("source \(tree.root.path)")
        #expect(loaded.contains("loaded 2 files: 1 class, 0 categories, 0 protocols; 0 errors"), "\(loaded)")
        #expect(shell.session.failureCount == 0)
        #expect(shell.run("[[MMHUD new] level]") == ["3"])
    }

    /// An umbrella header under `include/` that imports the links beside it (a package's
    /// `#import "MMHUD Package.h"`) splices in the file each links to, once: the class is
    /// declared once, whichever of the link and the file is read first.
    @Test func aHeaderImportedThroughItsLinkIsReadOnce() throws {
        let tree = try TemporaryTree([
            "Sources/MMHUD.h": "@interface MMHUD : UIView\n- (NSInteger)level;\n@end\n",
            "Sources/MMSpinner.h": "#import \"MMHUD.h\"\n@interface MMSpinner : MMHUD\n@end\n",
            "Sources/MMHUD.m": "#import \"MMHUD.h\"\n@implementation MMHUD\n- (NSInteger)level { return 3; }\n@end\n",
            "Sources/MMSpinner.m": "#import \"MMSpinner.h\"\n@implementation MMSpinner\n- (NSInteger)level { return [super level] + 1; }\n@end\n",
            "Sources/include/MMKit.h": "#import \"MMHUD Package.h\"\n#import \"MMSpinner.h\"\n",
            "Tests/MMKitTests.m": "#import \"MMKit.h\"\n@interface MMKitTests : NSObject\n@end\n@implementation MMKitTests\n@end\n",
        ])
        try FileManager.default.createSymbolicLink(atPath: tree.path("Sources/include/MMHUD Package.h"), withDestinationPath: "../MMHUD.h")
        try FileManager.default.createSymbolicLink(atPath: tree.path("Sources/include/MMSpinner.h"), withDestinationPath: "../MMSpinner.h")
        let shell = try ShellHarness()
        let loaded = shell.run("source \(tree.root.path)")
        #expect(!loaded.contains { $0.hasPrefix("error: ") }, "\(loaded)")
        #expect(shell.session.failureCount == 0)
        #expect(shell.run("[[MMSpinner new] level]") == ["4"])
    }

    /// Two definitions of one class in one folder (which no split into programs can part):
    /// the error both definitions meet at one place is reported once, beside the interface
    /// read twice.
    @Test func anErrorTwoDefinitionsMeetAtOnePlaceIsReportedOnce() throws {
        let implementation = "@interface MMRear ()\n{\n    NSInteger _row;\n}\n@end\n@implementation MMRear\n- (void)viewDidLoad { [super viewDidLoad]; _row = 1; }\n@end\n"
        let tree = try TemporaryTree([
            "App/MMRear.h": "@interface MMRear : UIViewController\n@end\n", "App/MMRear.m": "#import \"MMRear.h\"\n" + implementation,
            "App/MMRearAgain.h": "@interface MMRear : UIViewController\n@end\n", "App/MMRearAgain.m": "#import \"MMRearAgain.h\"\n" + implementation,
        ])
        let shell = try ShellHarness()
        let errors = shell.run("source \(tree.root.path)").filter { $0.hasPrefix("error: ") }
        #expect(errors == [
            "error: \(tree.path("App/MMRearAgain.h")):1:1: @interface MMRear is read twice; a second one adding to it is a class extension, @interface MMRear ()",
            "error: \(tree.path("App/MMRearAgain.m")):4:15: MMRear already has an ivar named '_row'; choose another name",
        ])
        #expect(shell.session.failureCount == 2)
    }

    @Test func aSingleFileAdoptingOneUnknownProtocolLoadsWithANote() throws {
        let tree = try TemporaryTree(["MMV.m": "@interface MMV : UIViewController <MMTotallyUnknownProto>\n@end\n@implementation MMV\n@end\n"])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.path("MMV.m"))") == [
            "note: the code adopts 1 protocol rtsh does not have (MMTotallyUnknownProto); it is registered with no methods",
        ])
        #expect(shell.session.failureCount == 0)
        #expect(shell.run("[MMV superclass]") == ["UIViewController"])
    }

    @Test func aProtocolOfTheTreeThatCouldNotBeReadStandsEmptyForItsAdopters() throws {
        let tree = try TemporaryTree([
            "MMChecker.h": "@protocol MMChecker <NSObject>\n- (void)check:;\n@end\n",
            "MMApp.m": "#import \"MMChecker.h\"\n@interface MMApp : NSObject <MMChecker>\n@end\n@implementation MMApp\n@end\n",
        ])
        let shell = try ShellHarness()
        let output = shell.run("source \(tree.root.path)")
        #expect(output.first?.hasPrefix("error: \(tree.path("MMChecker.h")):2:") == true)
        #expect(output.first?.hasSuffix("; @protocol MMChecker is registered with no methods, so that its adopters load") == true)
        #expect(output.last == "loaded 2 files: 1 class, 0 categories, 0 protocols; 1 error")
        #expect(shell.run("[MMApp conformsToProtocol:@protocol(MMChecker)]") == ["YES"])
    }

    // MARK: What depends on a class that failed

    @Test func aClassThatFailsIsReportedOnceAndEachDependentAtItsOwnPlace() throws {
        let tree = try TemporaryTree([
            "MMRecord.h": "@interface MMRecord : NSObjcet\n@end\n",
            "MMRecord.m": "#import \"MMRecord.h\"\n@implementation MMRecord\n@end\n",
            "MMArtwork.h": "#import \"MMRecord.h\"\n@interface MMArtwork : MMRecord\n@end\n",
            "MMArtwork.m": "#import \"MMArtwork.h\"\n@implementation MMArtwork\n@end\n",
            "MMArtwork+Title.m": "#import \"MMArtwork.h\"\n@implementation MMArtwork (Title)\n- (NSString *)title { return @\"t\"; }\n@end\n",
            "MMLocalArtwork.m": "#import \"MMArtwork.h\"\n@interface MMLocalArtwork : MMArtwork\n@end\n@implementation MMLocalArtwork\n@end\n",
            "MMRecord+Sync.m": "#import \"MMRecord.h\"\n@implementation MMRecord (Sync)\n@end\n",
        ])
        let shell = try ShellHarness()
        let output = shell.run("source \(tree.root.path)")
        let record = tree.path("MMRecord.m")
        let artwork = tree.path("MMArtwork.m")
        #expect(output.filter { $0.hasPrefix("error: ") } == [
            "error: \(record):2:1: no class named 'NSObjcet'; did you mean 'NSObject'?",
            "error: \(artwork):2:1: MMArtwork is not loaded because MMRecord failed (\(record):2)",
            "error: \(tree.path("MMLocalArtwork.m")):4:1: MMLocalArtwork is not loaded because MMArtwork failed (\(artwork):2)",
            "error: \(tree.path("MMArtwork+Title.m")):2:1: MMArtwork (Title) is not loaded because MMArtwork failed (\(artwork):2)",
            "error: \(tree.path("MMRecord+Sync.m")):2:1: MMRecord (Sync) is not loaded because MMRecord failed (\(record):2)",
        ])
        #expect(output.last == "loaded 7 files: 0 classes, 0 categories, 0 protocols; 5 errors")
    }

    @Test func aClassKnownByItsInterfaceAloneFailsOnceForAllThatNeedIt() throws {
        let tree = try TemporaryTree([
            "MMSyncable.h": "@interface MMSyncable : NSObjcet\n@end\n",
            "MMQueued.h": "#import \"MMSyncable.h\"\n@interface MMQueued : MMSyncable\n@end\n",
            "MMSyncItem.m": "#import \"MMQueued.h\"\n@implementation MMSyncItem : MMQueued\n@end\n@implementation MMOtherItem : MMSyncable\n@end\n@implementation MMSyncable (Retry)\n@end\n",
        ])
        let shell = try ShellHarness()
        let output = shell.run("source \(tree.root.path)")
        let syncable = tree.path("MMSyncable.h")
        let queued = tree.path("MMQueued.h")
        let items = tree.path("MMSyncItem.m")
        // MMQueued has no @implementation: it is named at its @interface.
        #expect(output.filter { $0.hasPrefix("error: ") } == [
            "error: \(syncable):1:1: no class named 'NSObjcet'; did you mean 'NSObject'?",
            "error: \(queued):2:1: MMQueued is not loaded because MMSyncable failed (\(syncable):1)",
            "error: \(items):2:1: MMSyncItem is not loaded because MMQueued failed (\(queued):2)",
            "error: \(items):4:1: MMOtherItem is not loaded because MMSyncable failed (\(syncable):1)",
            "error: \(items):6:1: MMSyncable (Retry) is not loaded because MMSyncable failed (\(syncable):1)",
        ])
        #expect(shell.session.failureCount == 5)
    }

    // MARK: An @interface that could not be read

    @Test func anImplementationWhoseInterfaceCouldNotBeReadSaysSo() throws {
        let tree = try TemporaryTree([
            "MMStore.h": "@interface MMStore : NSObject {\n    int _count = 3;\n}\n- (void)open;\n@end\n",
            "MMStore.m": """
                #import "MMStore.h"
                @interface MMStore ()
                @end
                @implementation MMStore
                - (void)open {}
                @end
                @interface MMCachedStore : MMStore
                @end
                @implementation MMCachedStore
                @end
                """,
        ])
        let shell = try ShellHarness()
        let output = shell.run("source \(tree.root.path)")
        let header = tree.path("MMStore.h")
        let store = tree.path("MMStore.m")
        #expect(output.filter { $0.hasPrefix("error: ") } == [
            "error: \(header):2:16: expected ';' after the instance variable, but found '='",
            "error: \(store):2:1: "
                + "the class extension of MMStore is not loaded because the @interface of MMStore could not be read (\(header):2)",
            "error: \(store):4:1: MMStore is not loaded because the @interface of MMStore could not be read (\(header):2)",
            "error: \(store):9:1: MMCachedStore is not loaded because MMStore failed (\(store):4)",
        ])
        #expect(!output.contains { $0.contains("needs a superclass") })
    }

    // MARK: Suggestions

    @Test func aDidYouMeanNeverSuggestsTheClassBeingDefined() throws {
        let tree = try TemporaryTree([
            "MMMessagesViewController.h": "@interface MMMessagesViewController : JSQMessagesViewController\n@end\n",
            "MMMessagesViewController.m": "#import \"MMMessagesViewController.h\"\n@implementation MMMessagesViewController\n@end\n",
            "MMBadgeView.h": "@interface MMBadgeView : UIVew\n@end\n",
            "MMBadgeView.m": "#import \"MMBadgeView.h\"\n@implementation MMBadgeView\n@end\n",
        ])
        let shell = try ShellHarness()
        let output = shell.run("source \(tree.root.path)")
        #expect(output.filter { $0.hasPrefix("error: ") } == [
            "error: \(tree.path("MMBadgeView.m")):2:1: no class named 'UIVew'; did you mean 'UIView'?",
        ])
        // A superclass nothing defines and nothing is near (a library's the tree does not
        // hold) is a stand-in, made as its name suggests.
        #expect(shell.run("standins").first == "class JSQMessagesViewController, made as a subclass of UIViewController")
    }

    @Test func aLibrarysSuperclassTheTreeLacksIsAStandInUnlessStandInsAreOff() throws {
        let tree = try TemporaryTree([
            "MMPost.m": "@implementation MMPost : MTLModel\n- (NSString *)title { return [self description] ? @\"t\" : nil; }\n@end\n",
        ])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == [
            "loaded 1 file: 1 class, 0 categories, 0 protocols; 0 errors",
            "note: stand-ins answered for what rtsh's model lacks: class MTLModel ('standins' lists them)",
        ])
        #expect(shell.run("[[MMPost new] title]", "[MTLModel superclass]") == ["\"t\"", "NSObject"])
        let strict = try ShellHarness()
        strict.run("standins off")
        #expect(strict.run("source \(tree.root.path)").first == "error: \(tree.path("MMPost.m")):1:1: no class named 'MTLModel'")
    }
    @Test func aClassOfALibraryTheTreeLacksIsAStandInOnceTheCodeImportsOne() throws {
        let tracker = """
            @interface MMTracker : NSObject
            @end
            @implementation MMTracker
            - (NSString *)track { [[AnalyticsClient sharedClient] track:@"opened"]; return @"tracked"; }
            @end
            """
        // A header or a module of a library the tree does not hold: the code names its classes.
        for importing in ["#import <Analytics/Analytics.h>", "@import Analytics;", "#import \"Analytics.h\""] {
            let tree = try TemporaryTree(["MMTracker.m": "#import <UIKit/UIKit.h>\n\(importing)\n" + tracker])
            let shell = try ShellHarness()
            _ = shell.run("source \(tree.root.path)")
            #expect(shell.run("[[MMTracker new] track]") == [
                "\"tracked\"",
                "note: stand-ins answered for what rtsh's model lacks: class AnalyticsClient, +[AnalyticsClient sharedClient], -[AnalyticsClient track:] ('standins' lists them)",
            ], "\(importing)")
            #expect(shell.run("standins").first == "class AnalyticsClient, made as a subclass of NSObject", "\(importing)")
            // Typed at the prompt, a name nothing defines is still an error.
            #expect(shell.run("[AnalyticsServer new]").first?.contains("no variable or class named 'AnalyticsServer'") == true)
            let strict = try ShellHarness()
            strict.run("standins off")
            _ = strict.run("source \(tree.root.path)")
            #expect(strict.run("[[MMTracker new] track]").first?.contains("no variable or class named 'AnalyticsClient'") == true)
        }
        // The SDK's headers and modules are no library the tree lacks, and a name one typo
        // away from a class is a typo.
        let sdkOnly = try TemporaryTree(["MMTracker.m": "#import <UIKit/UIKit.h>\n@import Foundation;\n#import <sys/types.h>\n" + tracker])
        let shell = try ShellHarness()
        _ = shell.run("source \(sdkOnly.root.path)")
        #expect(shell.run("[[MMTracker new] track]").first?.contains("no variable or class named 'AnalyticsClient'") == true)
        let typo = try TemporaryTree([
            "MMTracker.m": "#import <Analytics/Analytics.h>\n@implementation MMTracker : NSObject\n- (id)make { return [MMTracer new]; }\n@end\n",
        ])
        _ = shell.run("source \(typo.root.path)")
        #expect(shell.run("[[MMTracker new] make]").first?.contains("no variable or class named 'MMTracer'; did you mean 'MMTracker'?") == true)
    }

    // MARK: Resources

    @Test func aLoadedDirectorysFilesAreTheMainBundlesResourcesReadAsADeviceReadsThem() throws {
        let tree = try TemporaryTree([
            "MMFixtures.h": "@interface MMFixtures : NSObject\n+ (id)coaches;\n@end\n",
            "MMFixtures.m": """
                #import "MMFixtures.h"
                @implementation MMFixtures
                + (id)coaches {
                    NSString *path = [[NSBundle bundleForClass:self] pathForResource:@"coaches" ofType:@"json"];
                    NSData *data = [NSData dataWithContentsOfFile:path];
                    NSError *error = nil;
                    id object = [NSJSONSerialization JSONObjectWithData:data options:NSJSONReadingMutableContainers error:&error];
                    return object ?: error.userInfo[@"NSDebugDescription"];
                }
                @end
                """,
            "fixtures/coaches.json": #"{"coaches": [{"name": "Ada"}], "total": 1}"#,
        ])
        let shell = try ShellHarness()
        _ = shell.run("source \(tree.root.path)")
        #expect(shell.run("[MMFixtures coaches][@\"coaches\"][0][@\"name\"]", "[[MMFixtures coaches] class]") == ["\"Ada\"", "NSMutableDictionary"])
        try #"{"coaches": [}"#.write(to: tree.root.appendingPathComponent("fixtures/coaches.json"), atomically: true, encoding: .utf8)
        #expect(shell.run("[MMFixtures coaches]") == ["\"Unexpected character '}' around line 1, column 13.\""])
    }

    /// A path that climbs out of the bundle's `resourcePath` and names a file, as a test
    /// reaches resources Xcode copied flat into its bundle (JSONModel's `../../colors.json`),
    /// is that resource wherever it is in the tree; a path naming no resource still fails.
    @Test func aPathBuiltFromTheResourcePathFindsAFlattenedResource() throws {
        let tree = try TemporaryTree([
            "Tests/MMColors.m": """
                @implementation MMColors : NSObject
                + (NSString *)read:(NSString *)name {
                    NSString *path = [[NSBundle bundleForClass:self].resourcePath stringByAppendingPathComponent:name];
                    NSError *error = nil;
                    return [NSString stringWithContentsOfFile:path encoding:NSUTF8StringEncoding error:&error] ?: @(error.code);
                }
                @end
                """,
            "Tests/Data/colors.json": "[\"red\"]",
        ])
        let shell = try ShellHarness()
        _ = shell.run("source \(tree.root.path)")
        #expect(shell.run("[MMColors read:@\"../../colors.json\"]", "[MMColors read:@\"../../missing.json\"]") == ["\"[\\\"red\\\"]\"", "260"])
    }

    /// `NSLocalizedString` reads the development language's strings files: `en.lproj`
    /// before `Base.lproj` and other languages, a named table, a bundle's own, comments and
    /// escapes; a missing entry is the value given, else the key.
    @Test func localizedStringsComeFromTheTreesStringsFiles() throws {
        let tree = try TemporaryTree([
            "MMGreeter.m": """
                @implementation MMGreeter : NSObject
                + (NSString *)hello { return NSLocalizedString(@"hello", @"a greeting"); }
                + (NSString *)quoted { return NSLocalizedStringFromTable(@"quoted", @"Other", nil); }
                + (NSString *)missing { return NSLocalizedStringWithDefaultValue(@"gone", nil, [NSBundle mainBundle], @"fallback", nil); }
                @end
                """,
            "ja.lproj/Localizable.strings": "\"hello\" = \"こんにちは\";\n",
            "en.lproj/Localizable.strings": "/* greeting */\n\"hello\" = \"Hello, %@\";\n// line comment\n",
            "Base.lproj/Other.strings": "\"quoted\" = \"say \\\"hi\\\"\\n\\U00e9\";\n",
        ])
        let shell = try ShellHarness()
        _ = shell.run("source \(tree.root.path)")
        #expect(shell.run("[MMGreeter hello]", "[MMGreeter quoted]", "[MMGreeter missing]", "NSLocalizedString(@\"unknown\", nil)") == [
            "\"Hello, %@\"", "\"say \\\"hi\\\"\\né\"", "\"fallback\"", "\"unknown\"",
        ])
    }

    /// A tree keeps its `.lproj` folders below its root (`Sources/Localized/ar.lproj`),
    /// which the app's bundle has flat: a table or a resource is the development
    /// language's, not the first language's in path order (ResearchKit's 39 localizations).
    @Test func nestedLocalizationsAreSearchedAsABundleSearchesThem() throws {
        let tree = try TemporaryTree([
            "Kit/MMLabels.m": """
                @implementation MMLabels : NSObject
                + (NSString *)right { return [[NSBundle mainBundle] localizedStringForKey:@"RIGHT" value:@"RIGHT" table:@"Kit"]; }
                + (NSString *)image { return [[NSBundle mainBundle] pathForResource:@"hand" ofType:@"txt"].stringByDeletingLastPathComponent.lastPathComponent; }
                @end
                """,
            "Kit/Localized/ar.lproj/Kit.strings": "\"RIGHT\" = \"اليمنى\";\n",
            "Kit/Localized/en.lproj/Kit.strings": "\"RIGHT\" = \"Right Hand\";\n",
            "Kit/Localized/ar.lproj/hand.txt": "ar",
            "Kit/Localized/en.lproj/hand.txt": "en",
        ])
        let shell = try ShellHarness()
        _ = shell.run("source \(tree.root.path)")
        #expect(shell.run("[MMLabels right]", "[MMLabels image]") == ["\"Right Hand\"", "\"en.lproj\""])
    }

    /// The main bundle's info dictionary is the app's `Info.plist` as Xcode builds it into
    /// the app: the settings it names expanded from the target that lists it in the
    /// project, the target's over the project's, modifiers applied, what nothing sets
    /// derived from the target's name. The test target's list and a resource bundle's are
    /// not the app's; the bundle at a path has its own.
    @Test func theMainBundlesInfoDictionaryIsTheAppsListWithItsBuildSettingsExpanded() throws {
        let plist = { (entries: String) in "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict>\(entries)</dict></plist>\n" }
        let tree = try TemporaryTree([
            "AppTests/Info.plist": plist("<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string><key>CFBundlePackageType</key><string>BNDL</string>"),
            "App/Fixtures.bundle/Info.plist": plist("<key>CFBundleIdentifier</key><string>com.example.fixtures</string>"),
            "App/Supporting Files/Info.plist": plist("""
                <key>CFBundleExecutable</key><string>${EXECUTABLE_NAME}</string>
                <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
                <key>CFBundlePackageType</key><string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
                <key>CFBundleShortVersionString</key><string>$(MARKETING_VERSION)</string>
                <key>CFBundleDevelopmentRegion</key><string>$(DEVELOPMENT_LANGUAGE)</string>
                <key>Hosts</key><array><string>$(PRODUCT_NAME:lower).example.com</string><string>$(UNSET_SETTING)</string></array>
                """),
            "App.xcodeproj/project.pbxproj": """
                // !$*UTF8*$!
                { archiveVersion = 1; objectVersion = 46; rootObject = P1; objects = {
                  P1 = { isa = PBXProject; buildConfigurationList = L1; developmentRegion = fr; targets = ( T1, T2 ); };
                  L1 = { isa = XCConfigurationList; buildConfigurations = ( C1, C2 ); };
                  C1 = { isa = XCBuildConfiguration; name = Release; buildSettings = { MARKETING_VERSION = 9.9; }; };
                  C2 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { MARKETING_VERSION = 2.5; }; };
                  T1 = { isa = PBXNativeTarget; buildConfigurationList = L2; name = "My App"; productType = "com.apple.product-type.application"; };
                  L2 = { isa = XCConfigurationList; buildConfigurations = ( C3 ); };
                  C3 = { isa = XCBuildConfiguration; name = Debug; buildSettings = {
                    INFOPLIST_FILE = "$(SRCROOT)/App/Supporting Files/Info.plist";
                    PRODUCT_BUNDLE_IDENTIFIER = "com.example.$(PRODUCT_NAME:rfc1034identifier)"; }; };
                  T2 = { isa = PBXNativeTarget; buildConfigurationList = L3; name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
                  L3 = { isa = XCConfigurationList; buildConfigurations = ( C4 ); };
                  C4 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { INFOPLIST_FILE = AppTests/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.tests; }; };
                }; }
                """,
            "App/MMInfo.m": """
                @implementation MMInfo : NSObject
                + (NSString *)value:(NSString *)key { return [[NSBundle mainBundle] objectForInfoDictionaryKey:key]; }
                + (NSString *)summary {
                    NSDictionary *info = [NSBundle mainBundle].infoDictionary;
                    return [NSString stringWithFormat:@"%@ %@ %@", [NSBundle mainBundle].bundleIdentifier, info[(__bridge NSString *)kCFBundleExecutableKey], [info[@"Hosts"] componentsJoinedByString:@","]];
                }
                @end
                """,
        ])
        let shell = try ShellHarness()
        _ = shell.run("source \(tree.root.path)")
        #expect(shell.run("[MMInfo summary]") == ["\"com.example.My-App My App my app.example.com,\""])
        #expect(shell.run("[MMInfo value:@\"CFBundleShortVersionString\"]", "[MMInfo value:@\"CFBundlePackageType\"]", "[MMInfo value:@\"CFBundleDevelopmentRegion\"]") == [
            "\"2.5\"", "\"APPL\"", "\"fr\"",
        ])
        let fixtures = tree.root.appendingPathComponent("App/Fixtures.bundle").path
        #expect(shell.run("[[NSBundle bundleWithPath:@\"\(fixtures)\"] bundleIdentifier]") == ["\"com.example.fixtures\""])
    }

    // MARK: What a walk reads

    @Test func hiddenFoldersAreLeftOut() throws {
        let tree = try TemporaryTree([
            "MMShown.m": "@interface MMShown : NSObject\n@end\n@implementation MMShown\n@end\n",
            // A tool's copy, as .git and .build hold: it would fail to load if it were read.
            ".build/checkouts/MMCopy.m": "@implementation MMCopy : NotAClass\n@end\n",
            ".git/MMOld.h": "@interface MMShown : NSObject\n@end\n",
        ])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 1 file: 1 class, 0 categories, 0 protocols; 0 errors"])
    }

    @Test func aFolderHoldingMoreThanASourceTreeIsRefusedBeforeAnythingLoads() throws {
        // Named `/` by mistake, a walk would read the whole disk before saying anything.
        let tree = try TemporaryTree(["a/MMFirst.m": "@interface MMFirst : NSObject\n@end\n@implementation MMFirst\n@end\n", "b/c/d.txt": ""])
        let shell = try ShellHarness()
        shell.session.maximumSourceTreeEntries = 4
        #expect(shell.run("source \(tree.root.path)") == [
            "error: cannot load \(tree.root.path): it holds more than 4 files and folders, more than an app's source tree; name the folder that holds the app's .h and .m files",
        ])
        #expect(shell.run("[MMFirst class]").first?.hasPrefix("error:") == true)
        // From a script, the error says which line asked.
        shell.session.run(script: "1 + 1\nsource \(tree.root.path)", file: "load.rtsh")
        #expect(shell.take().err == [
            "error: load.rtsh:2: cannot load \(tree.root.path): it holds more than 4 files and folders, more than an app's source tree; name the folder that holds the app's .h and .m files",
        ])
        shell.session.maximumSourceTreeEntries = 5
        #expect(shell.run("source \(tree.root.path)") == ["loaded 1 file: 1 class, 0 categories, 0 protocols; 0 errors"])
    }

    /// A framework's own repository loaded as the tree (`rtsh test Kiwi`) is the program,
    /// however its path is spelled: only a folder of the framework's name inside the tree is
    /// a vendored copy, whose categories on rtsh's classes rtsh's model stands for.
    @Test func aFrameworksOwnRepositoryIsTheProgramNotAVendoredCopy() throws {
        func category(_ name: String) -> String {
            "@interface NSString (MM\(name))\n- (NSString *)mm\(name);\n@end\n@implementation NSString (MM\(name))\n- (NSString *)mm\(name) { return [self uppercaseString]; }\n@end\n"
        }
        let tree = try TemporaryTree(["Kiwi/Classes/NSString+MMShout.m": category("Shout"), "App/Pods/Kiwi/NSString+MMWhisper.m": category("Whisper")])
        let repository = try ShellHarness()
        repository.run("source \(tree.root.appendingPathComponent("Kiwi").path)")
        #expect(repository.run("[@\"a\" mmShout]") == ["\"A\""])
        let app = try ShellHarness()
        app.run("source \(tree.root.appendingPathComponent("App").path)")
        #expect(app.run("[@\"a\" respondsToSelector:@selector(mmWhisper)]") == ["NO"])
    }

    /// A property one file's class extension declares read-write stays writable when another
    /// file's extension declares it again read-only, as that file only reads it.
    @Test func aReadOnlyRedeclarationInAnotherFileLeavesAPropertyWritable() throws {
        let tree = try TemporaryTree([
            "MMAnalytics.h": "@interface MMAnalytics : NSObject\n- (instancetype)initWithName:(NSString *)name;\n@end\n",
            "MMAnalytics.m": """
                #import "MMAnalytics.h"
                @interface MMAnalytics ()
                @property (nonatomic, copy) NSString *configuration;
                @end
                @implementation MMAnalytics
                - (instancetype)initWithName:(NSString *)name { self = [super init]; self.configuration = name; return self; }
                @end
                """,
            "MMManager.m": "#import \"MMAnalytics.h\"\n@interface MMAnalytics ()\n@property (nonatomic, copy, readonly) NSString *configuration;\n@end\n",
        ])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 3 files: 1 class, 0 categories, 0 protocols; 0 errors"])
        #expect(shell.run("[[MMAnalytics alloc] initWithName:@\"prod\"].configuration") == ["\"prod\""])
    }
}
