import Testing
@testable import Shell

/// Stand-ins at the prompt: what they answer, the note after a statement, `standins`.
@Suite("Stand-ins in the shell")
struct StandInCommandTests {
    @Test func aControllerUsingAPITheModelLacksRunsAndEachStatementSaysWhatStoodIn() throws {
        let shell = try ShellHarness()
        let defined = shell.run("""
            @interface MMMapViewController : UIViewController
            @property (nonatomic, strong) SCNView *map;
            @end
            @implementation MMMapViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.map = [[SCNView alloc] initWithFrame:CGRectZero];
                self.map.showsStatistics = YES;
                [self.view addSubview:self.map];
                CGFloat zoom = [self.map zoomScale];
                CGRect shown = [self.map visibleMapRect];
                NSLog(@"%@ zoom %.1f width %.1f", self.map.class, zoom, shown.size.width);
            }
            @end
            """)
        #expect(defined.isEmpty)
        #expect(shell.run("vc = [MMMapViewController new]", "[vc view]") == [
            "SCNView zoom 0.0 width 0.0", "<UIView: 0x2>",
            "note: stand-ins answered for what rtsh's model lacks: class SCNView, -[SCNView setShowsStatistics:], -[SCNView zoomScale] and 1 more ('standins' lists them)",
        ])
        #expect(shell.run("standins") == [
            "class SCNView, made as a subclass of UIView", "-[SCNView setShowsStatistics:]  1 call", "-[SCNView zoomScale]  1 call",
            "-[SCNView visibleMapRect]  1 call", "stand-ins: 1 class, 3 methods, 3 calls",
        ])
        // The audit runs through them.
        #expect(shell.run("check super MMMapViewController") == [
            "SCNView zoom 0.0 width 0.0", "ok -[MMMapViewController viewDidLoad] calls super once", "1 passed, 0 failed",
            "note: stand-ins answered for what rtsh's model lacks: -[SCNView setShowsStatistics:], -[SCNView zoomScale], -[SCNView visibleMapRect] ('standins' lists them)",
        ])
    }

    /// A framework collection the model lacks (an `SCNView`'s nodes) is a stand-in
    /// object, which `for...in` visits as empty rather than refusing.
    @Test func aLoopOverAStandInCollectionRunsNoTimes() throws {
        let shell = try ShellHarness()
        _ = shell.run("""
            @interface MMPins : UIViewController
            @end
            @implementation MMPins
            - (NSInteger)count {
                SCNView *map = [[SCNView alloc] initWithFrame:CGRectZero];
                NSInteger count = 0;
                for (id node in map.nodes) { count += 1; }
                for (id overlay in [map overlays]) { count += 1; }
                return count;
            }
            @end
            """)
        #expect(shell.session.failureCount == 0)
        #expect(shell.run("[[MMPins new] count]").first == "0")
        #expect(shell.run("for (id x in [[NSObject new] description]) { x; }").first?.contains("for...in needs an array") == true)
    }

    /// A stand-in's `scan…` answers NO, as a scanner's do once it is done: code loops on
    /// them (`while ([scanner scanString:@"<" intoString:NULL])`), which an answer read as
    /// true would keep going until the iteration limit.
    @Test func aLoopOnAStandInScannerEnds() throws {
        let shell = try ShellHarness()
        _ = shell.run("""
            @implementation MMRegionCounter : NSObject
            - (NSInteger)count {
                SCNView *map = [[SCNView alloc] initWithFrame:CGRectZero];
                NSInteger count = 0;
                while ([map scanRegion:@"<" intoString:NULL]) { count += 1; }
                return count;
            }
            @end
            """)
        #expect(shell.run("[[MMRegionCounter new] count]").first == "0")
    }

    @Test func constantsTheModelLacksStandInAndTyposDoNot() throws {
        let shell = try ShellHarness()
        #expect(shell.run("AVPlayerItemDidPlayToEndTimeNotification", "PHAssetMediaTypeImage | PHAssetMediaTypeVideo") == [
            "\"AVPlayerItemDidPlayToEndTimeNotification\"",
            "note: stand-ins answered for what rtsh's model lacks: constant AVPlayerItemDidPlayToEndTimeNotification ('standins' lists them)",
            "0", "note: stand-ins answered for what rtsh's model lacks: constant PHAssetMediaTypeImage, constant PHAssetMediaTypeVideo ('standins' lists them)",
        ])
        #expect(shell.run("kCAEmitterLayerPoint", "kCGImageAlphaPremultipliedLast").filter { !$0.hasPrefix("note:") } == ["\"kCAEmitterLayerPoint\"", "0"])
        #expect(shell.run("UIViewControler").first?.hasSuffix("did you mean 'UIViewController'?") == true)
        #expect(shell.run("[UIVew new]").first?.hasSuffix("did you mean 'UIView'?") == true)
    }

    @Test func commandsAndStrictSessionsMakeNoStandIns() throws {
        let shell = try ShellHarness()
        #expect(shell.run("info SCNView").first?.hasPrefix("error: ") == true)
        #expect(shell.run("standins") == ["no stand-ins used"])
        #expect(shell.run("standins off") == ["stand-ins off: a framework class or method the model lacks is an error, as objc would raise"])
        #expect(shell.run("[SCNView new]").first?.hasPrefix("error: line 1, column 2: no variable or class named 'SCNView'") == true)
        #expect(shell.run("[[UIView new] setSemanticContentAttribute:nil]").first?.contains("unrecognized selector") == true)
        // The setting outlives a reset; `standins on` turns them back on.
        shell.run("reset")
        #expect(shell.run("standins") == ["no stand-ins used (stand-ins are off)"])
        shell.run("standins on")
        #expect(shell.run("[[UIView new] setSemanticContentAttribute:nil]") == [
            "note: stand-ins answered for what rtsh's model lacks: -[UIView setSemanticContentAttribute:] ('standins' lists them)",
        ])
        shell.run("standins clear")
        #expect(shell.run("standins") == ["no stand-ins used"])
    }

    @Test func frameworkFunctionsTheModelLacksStandInWithAnswersReadFromTheirNames() throws {
        let shell = try ShellHarness()
        #expect(shell.run("CGContextSaveGState(NULL); CGContextFillRect(NULL, CGRectZero); CGContextRestoreGState(NULL)") == [
            "note: stand-ins answered for what rtsh's model lacks: function CGContextSaveGState(), function CGContextFillRect(), function CGContextRestoreGState() ('standins' lists them)",
        ])
        #expect(shell.run("UIAccessibilityIsVoiceOverRunning()", "CGPDFDocumentGetNumberOfPages(nil)", "CGPathCreateMutable()").filter { !$0.hasPrefix("note:") } == [
            "NO", "0", "<RTSHStandIn: 0x1>",
        ])
        #expect(shell.run("standins").last == "stand-ins: 0 classes, 0 methods, 6 functions, 6 calls")
        // A near miss of a function rtsh has is a typo, not a stand-in; off, none stands in.
        #expect(shell.run("CGRectGetWidht(CGRectZero)").first?.hasSuffix("did you mean 'CGRectGetWidth'?") == true)
        shell.run("standins off")
        #expect(shell.run("CGContextRestoreGState(NULL)").first?.hasPrefix("error: line 1, column 1: 'CGContextRestoreGState' is not a function rtsh knows") == true)
    }

    @Test func aUserOverrideOfFrameworkAPIDoesNotMakeItTheUsers() throws {
        let shell = try ShellHarness()
        // MMSource overrides setDataSource: (the model's UITableView has it); MMPager, a
        // subclass of a stand-in class, still gets UIDocumentPickerViewController's answered.
        // A toolbar is a view.
        #expect(shell.run("""
            @interface MMSource : UITableView
            @end
            @implementation MMSource
            - (void)setDataSource:(id)source { [super setDataSource:source]; }
            @end
            @interface MMPager : UIDocumentPickerViewController
            @end
            @implementation MMPager
            - (void)viewDidLoad { [super viewDidLoad]; self.delegate = nil; }
            @end
            @interface MMBar : UIToolbar
            @end
            @implementation MMBar
            @end
            """).filter { !$0.hasPrefix("note:") }.isEmpty)
        #expect(shell.run("[[MMPager new] viewDidLoad]", "[[MMBar new] isKindOfClass:[UIView class]]") == [
            "note: stand-ins answered for what rtsh's model lacks: -[UIDocumentPickerViewController setDelegate:] ('standins' lists them)", "YES",
        ])
        // A selector only the user's classes have stays strict.
        shell.run("@interface MMHelper : NSObject\n- (void)refresh;\n@end\n@implementation MMHelper\n- (void)refresh {}\n@end")
        #expect(shell.run("[[MMPager new] refresh]").first?.contains("-[MMPager refresh]: unrecognized selector") == true)
    }
}
