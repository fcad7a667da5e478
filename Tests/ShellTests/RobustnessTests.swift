import Shell
import Testing

/// Hostile and careless input: each case once crashed, hung, or misreported.
@Suite("Robustness")
struct RobustnessTests {
    @Test(arguments: [("(", "1", ")"), ("[", "UIView", " new]"), ("@[", "1", "]"), ("^{ return ", "1", "; }"), ("-", "1", ""), ("!", "1", "")])
    func deepNestingIsALocatedErrorNotACrash(opening: String, inner: String, closing: String) throws {
        let shell = try ShellHarness()
        let line = "x = " + String(repeating: opening, count: 5_000) + inner + String(repeating: closing, count: 5_000)
        let output = shell.run(line)
        #expect(output.first?.hasPrefix("error: line 1, column ") == true)
        #expect(output.first?.hasSuffix("this nests more than 256 levels deep; split it into several statements with variables") == true)
        #expect(shell.run("1 + 1") == ["2"])
    }

    @Test func longPostfixChainsCountAsNesting() throws {
        let shell = try ShellHarness()
        let output = shell.run("v = [UIView new]", "v" + String(repeating: ".superview", count: 5_000))
        #expect(output.first?.hasSuffix("this nests more than 256 levels deep; split it into several statements with variables") == true)
    }

    @Test func nestingUpToTheLimitStillWorks() throws {
        let shell = try ShellHarness()
        #expect(shell.run("x = " + String(repeating: "(", count: 200) + "7" + String(repeating: ")", count: 200)) == [])
        #expect(shell.run("x") == ["7"])
    }

    @Test func longFlatExpressionsDoNotRecursePerTerm() throws {
        let shell = try ShellHarness()
        #expect(shell.run(Array(repeating: "1", count: 20_000).joined(separator: " + ")) == ["20000"])
        #expect(shell.run(Array(repeating: "YES", count: 20_000).joined(separator: " && ")) == ["YES"])
        // && and || stop at the operand that decides, as in C.
        #expect(shell.run("NO && [nil boom] && [UIView doesNotExist]") == ["NO"])
        #expect(shell.run("YES || [UIView doesNotExist]") == ["YES"])
    }

    @Test func integerArithmeticFollowsC() throws {
        let shell = try ShellHarness()
        #expect(shell.run("-(-9223372036854775807 - 1)") == ["-9223372036854775808"])
        #expect(shell.run("9223372036854775807 + 1") == ["-9223372036854775808"])
        #expect(shell.run("(-9223372036854775807 - 1) / -1") == ["-9223372036854775808"])
        #expect(shell.run("(-9223372036854775807 - 1) % -1") == ["0"])
        #expect(shell.run("4611686018427387904 * 4") == ["0"])
        #expect(shell.run("9223372036854775807 > 9223372036854775806") == ["YES"])
        #expect(shell.run("7 / 2") == ["3"])
        #expect(shell.run("7 / 0") == [
            "error: line 1, column 3: division by zero: the right operand of '/' is 0", "  7 / 0", "    ^",
        ])
        #expect(shell.run("7 % 0").first == "error: line 1, column 3: remainder by zero: the right operand of '%' is 0")
        #expect(shell.run("1.0 / 0") == ["inf"])
    }

    @Test func aBlockThatCallsItselfMeetsTheDepthLimit() throws {
        let shell = try ShellHarness()
        shell.run("f = nil", "f = ^{ f(); }")
        let output = shell.run("f()")
        // Or, in a build whose frames the stack check counts rather than measures (under
        // AddressSanitizer), the stack's own limit, at the same call.
        #expect(output.first == "error: line 1, column 8: call depth limit of 150 exceeded in the block 'f': runaway recursion, such as a method or block that calls itself forever"
            || output.first?.hasPrefix("error: line 1, column 8: calls nest too deeply for the thread's stack") == true, "\(output)")
        #expect(shell.run("1 + 1") == ["2"])
    }

    @Test func aBlockThatCallsItselfThroughAMethodMeetsTheSameLimit() throws {
        let shell = try ShellHarness()
        shell.run("@implementation MMBounce : NSObject\n- (void)call:(id)block { block(self); }\n@end")
        shell.run("bounce = ^(id target) { [target call:bounce]; }")
        let output = shell.run("[[MMBounce new] call:bounce]")
        #expect(output.first.map { $0.contains("call depth limit of 150 exceeded") || $0.contains("calls nest too deeply for the thread's stack") } == true)
        #expect(shell.run("[[MMBounce new] call:^(id t) { NSLog(@\"once\"); }]") == ["once"])
    }

    @Test func anInterfaceWhoseParenthesisNeverClosesIsAnError() throws {
        let shell = try ShellHarness()
        #expect(shell.run("@interface MMOpen ( ] @end").first == "error: line 1, column 21: expected ')' to close the category name of @interface MMOpen, but found ']'")
        #expect(shell.session.run(script: "@interface MMOpen (\n", file: "open.h") == false)
        #expect(shell.take().all.first == "error: open.h:1:1: this block, statement or bracket is never closed before the end of the file")
    }

    @Test func statementsInsideCodeEndWithASemicolon() throws {
        let shell = try ShellHarness()
        // The shell's assert command is not a statement of code: refused where it is written.
        let output = shell.run("check = ^(id x) { assert x == 1 }")
        #expect(output.first == "error: line 1, column 26: expected ';' to end the statement, but found 'x'")
        #expect(shell.run("check = ^(id x) { assert(x == 1); }", "check(1)") == [])
        #expect(shell.run("check(2)").first == "error: line 1, column 19: uncaught exception: assert failed")
    }

    @Test func unsupportedStatementsAreNamedWhereTheyAreWritten() throws {
        let shell = try ShellHarness()
        let output = shell.run("@implementation MMLoop : NSObject\n- (void)spin {\n    goto done;\n}\n@end")
        #expect(output.first == "error: line 3, column 5: 'goto done' has no label 'done:' to go to in its block or a block around it; "
            + "rtsh's goto leaves blocks and goes along them, never into one")
        #expect(shell.run("@implementation MMLabel : NSObject\n- (void)spin {\n    if (1) { goto done; }\n    { done: return; }\n}\n@end").first?
            .hasPrefix("error: line 3, column 14: 'goto done' has no label 'done:'") == true)
        #expect(shell.run("@implementation MMTwice : NSObject\n- (void)spin {\n    done: ;\n    { done: ; }\n}\n@end").first
            == "error: line 4, column 7: the label 'done:' is written twice where a goto could reach both; give each its own name")
    }

    /// GNU C's case ranges, which clang accepts and code that classifies characters uses.
    @Test func caseRangesMatchFromTheirFirstValueToTheirLast() throws {
        let shell = try ShellHarness()
        shell.run("""
            int mm_kind(int c) {
                switch (c) {
                case '0' ... '9': return 1;
                case 'a' ... 'z':
                case 'A' ... 'Z': return 2;
                case 5 ... 3: return 4;
                case '_': return 3;
                default: return 0;
                }
            }
            """)
        #expect(shell.run("@[@(mm_kind('7')), @(mm_kind('q')), @(mm_kind('Q')), @(mm_kind('_')), @(mm_kind('-')), @(mm_kind('0')), @(mm_kind('9')), @(mm_kind(4))]")
            == ["@[1, 2, 2, 3, 0, 1, 1, 0]"])
        #expect(shell.run("switch (2) { case 1 ... @\"x\": break; }").first?.hasPrefix("error: line 1, column 25: ") == true)
    }

    @Test func undeclaredAssignmentsAndUnknownFunctionsAreRefusedAtDefinition() throws {
        let shell = try ShellHarness()
        #expect(shell.run("@implementation MMTypo : NSObject\n- (void)go {\n    countr = 3;\n}\n@end").first
            == "error: line 3, column 5: 'countr' is assigned but never declared; declare it first (as in id countr = ...;), or declare an instance variable in the class's @interface { ... }")
        #expect(shell.run("@implementation MMTypo : NSObject\n- (void)go {\n    NSLgo(@\"x\");\n}\n@end").first?
            .hasPrefix("error: line 3, column 5: 'NSLgo' is not a function rtsh knows, nor a block in a variable (help functions lists the functions); did you mean 'NSLog'?") == true)
        #expect(shell.run("MMTypo").first?.hasPrefix("error: line 1, column 1: no variable or class named 'MMTypo'") == true)
    }

    @Test func blocksTypedAtThePromptAreCheckedWhenWritten() throws {
        let shell = try ShellHarness()
        #expect(shell.run("b = ^{ frobnicate(); }").first?.hasPrefix("error: line 1, column 8: 'frobnicate' is not a function rtsh knows") == true)
        #expect(shell.run("b = ^{ z = 3; }").first
            == "error: line 1, column 8: 'z' is assigned but never declared; declare it first (as in id z = ...;), or assign it at the prompt first")
        #expect(shell.run("count = 0", "bump = ^{ count = count + 1; }", "bump()", "bump()", "count") == ["2"])
        #expect(shell.run("fact = ^(NSInteger n) { if (n < 2) { return 1; } return n * fact(n - 1); }", "fact(10)") == ["3628800"])
    }

    @Test func ivarsDeclaredInBracesAreStorageMethodsUseByName() throws {
        let shell = try ShellHarness()
        shell.run(
            "@interface MMCounter : NSObject {\n    NSInteger _count;\n    @private NSString *_label;\n}\n@end",
            "@implementation MMCounter\n- (void)bump {\n    _count = _count + 1;\n    _label = @\"bumped\";\n}\n- (NSInteger)count { return _count; }\n- (id)label { return _label; }\n@end")
        #expect(shell.run("c = [MMCounter new]", "[c bump]", "[c bump]", "[c count]", "[c label]") == ["2", "\"bumped\""])
        #expect(shell.run("info MMCounter").contains("  ivars: _count q, _label @\"NSString\""))
        #expect(shell.run("@implementation MMCounter (Extra) {\n    id _more;\n}\n@end").first
            == "error: line 2, column 8: a category cannot add instance variables; declare _more in @interface MMCounter { ... }, or use a property")
    }

    @Test func staticVariablesKeepTheirValueAcrossCalls() throws {
        let shell = try ShellHarness()
        shell.run("@implementation MMTicket : NSObject\n+ (NSInteger)next {\n    static NSInteger last = 100;\n    last = last + 1;\n    return last;\n}\n@end")
        #expect(shell.run("[MMTicket next]", "[MMTicket next]") == ["101", "102"])
        // `&` of a static points at the storage every call shares, as dispatch_once's token does.
        shell.run("""
            static void MMRunOnce(NSInteger *token, void (^block)(void)) { if (*token == 0) { *token = 1; block(); } }
            @implementation MMOnce : NSObject
            + (NSInteger)calls {
                static NSInteger token = 0;
                static NSInteger calls = 0;
                MMRunOnce(&token, ^{ calls++; });
                return calls;
            }
            @end
            """)
        #expect(shell.run("[MMOnce calls]", "[MMOnce calls]") == ["1", "1"])
    }

    @Test func initialisersAssignSelfFromSuper() throws {
        let shell = try ShellHarness()
        shell.run("@interface MMModel : NSObject\n@property (nonatomic, copy) NSString *name;\n@end",
                  "@implementation MMModel\n- (id)init {\n    self = [super init];\n    if (self) { self.name = @\"fresh\"; }\n    return self;\n}\n@end")
        #expect(shell.run("[MMModel new].name") == ["\"fresh\""])
    }

    @Test func errorsInsideMethodsAndBlocksNameTheirOwnLineInTheScript() throws {
        let shell = try ShellHarness()
        let script = """
            # a comment
            @implementation MMLate : NSObject
            - (void)fail {
                [self nothingHere];
            }
            @end
            later = ^{ [MMLate nothingEither]; };
            [[MMLate new] fail]
            later()
            assert 1 == 2
            """
        shell.session.run(script: script, file: "late.rtsh")
        let output = shell.take().all
        #expect(Array(output.prefix(3)) == [
            "error: late.rtsh:4:5: in -[MMLate fail]: -[MMLate nothingHere]: unrecognized selector sent to instance 0x1 (called from late.rtsh:8)",
            "      [self nothingHere];",
            "      ^",
        ])
        #expect(output[3].hasPrefix("error: late.rtsh:7:12: +[MMLate nothingEither]: unrecognized selector sent to class 0x"))
        #expect(output[3].hasSuffix(" (called from late.rtsh:9)"))
        #expect(Array(output.dropFirst(4)) == [
            "  later = ^{ [MMLate nothingEither]; };",
            "             ^",
            "error: late.rtsh:10:8: assertion failed: 1 == 2",
            "  left:  1",
            "  right: 2",
        ])
    }

    /// Sizes of billions, as a length read from garbage or an unsigned count that went below
    /// zero gives them, are refused where the model would allocate them, not allocated.
    @Test func hugeSizesAreRefusedNotAllocated() throws {
        let shell = try ShellHarness()
        #expect(shell.run("[NSMutableData dataWithLength:5000000000]").first?.hasSuffix(
            "a length of 5000000000 bytes is more than rtsh keeps in one data object (at most 16777216, each byte a value)") == true)
        #expect(shell.run("NSMutableData *d = [NSMutableData dataWithLength:3]; [d increaseLengthBy:2]; d.length", "[d increaseLengthBy:16777214]").first == "5")
        #expect(shell.run(
            "NSInvocation *call = [NSInvocation invocationWithMethodSignature:[NSMethodSignature signatureWithObjCTypes:\"v@:@\"]]; id x = @1; [call setArgument:&x atIndex:4000000000]"
        ).first?.hasSuffix("-[NSInvocation setArgument:atIndex:]: index (4000000000) out of bounds [-1, 2]") == true)
    }
}

@Suite("Restoring keeps the program's own code")
struct RestoreBaselineTests {
    @Test func restoreAllKeepsCategoriesTheUserDefined() throws {
        let shell = try ShellHarness()
        shell.run("@implementation UIViewController (MMGreeting)\n- (id)greeting { return @\"hello\"; }\n@end")
        #expect(shell.run("swizzles") == ["no changes"])
        shell.run("exchange -[UIViewController greeting] -[UIViewController description]")
        #expect(shell.run("restore all").count == 1)
        #expect(shell.run("[UIViewController new].greeting") == ["\"hello\""])
    }
}

@Suite("C casts")
struct CastTests {
    @Test func scalarCastsConvertAsC() throws {
        let shell = try ShellHarness()
        #expect(shell.run("(int)3.7", "(long)-7.9", "(int)3000000000", "(unsigned char)300", "(CGFloat)3", "(BOOL)2") == [
            "3", "-7", "-1294967296", "44", "3.0", "YES",
        ])
        #expect(shell.run("(int)(1.0 / 0.0)").first == "error: line 1, column 1: the cast holds an integer, so it cannot store inf, which is out of range")
    }

    @Test func objectCastsPassTheValueAndParenthesesStillGroup() throws {
        let shell = try ShellHarness()
        #expect(shell.run("(UIView *)[UIView new]", "(id)@\"x\"") == ["<UIView: 0x1>", "\"x\""])
        shell.run("n = 4")
        #expect(shell.run("(n) * 2", "(n + 1) * 2") == ["8", "10"])
    }
}

@Suite("Mutations that would make a cycle")
struct CycleTests {
    @Test func aViewBelowItselfIsRefusedAsUIKitDoes() throws {
        let shell = try ShellHarness()
        shell.run("v = [UIView new]", "w = [UIView new]", "x = [UIView new]", "[v addSubview:w]", "[w addSubview:x]")
        #expect(shell.run("[x addSubview:v]").first
            == "error: line 1, column 1: NSInvalidArgumentException in -[UIView addSubview:]: Can't add <UIView: 0x1> as a subview of <UIView: 0x3>: it contains <UIView: 0x3>, so the hierarchy would be a cycle")
        #expect(shell.run("[v addSubview:v]").first == "error: line 1, column 1: NSInvalidArgumentException in -[UIView addSubview:]: Can't add self as subview")
        // Nothing changed.
        #expect(shell.run("v.superview", "[x.subviews count]", "[v.subviews count]") == ["nil", "0", "1"])
    }

    @Test func childControllersInACycleAreRefused() throws {
        let shell = try ShellHarness()
        shell.run("a = [UIViewController new]", "b = [UIViewController new]", "c = [UIViewController new]")
        shell.run("[a addChildViewController:b]", "[b addChildViewController:c]")
        #expect(shell.run("[c addChildViewController:a]").first?.hasSuffix("it is already one of its parents, so containment would be a cycle") == true)
        #expect(shell.run("[a addChildViewController:a]").first?.hasSuffix("cannot be its own child view controller") == true)
        #expect(shell.run("a.parentViewController", "[a.childViewControllers count]") == ["nil", "1"])
        shell.run("nav = [[UINavigationController alloc] initWithRootViewController:[UIViewController new]]")
        #expect(shell.run("[nav pushViewController:nav animated:NO]").first?.hasSuffix("cannot be its own child view controller") == true)
        #expect(shell.run("[nav.viewControllers count]") == ["1"])
    }

    @Test func presentingOneOfItsPresentersIsRefusedAndTheUIStillWorks() throws {
        let shell = try ShellHarness()
        shell.run("a = [UIViewController new]", "b = [UIViewController new]", "window a")
        shell.run("[a presentViewController:b animated:NO completion:nil]")
        #expect(shell.run("[b presentViewController:a animated:NO completion:nil]").first
            == "error: line 1, column 1: NSInvalidArgumentException in -[UIViewController presentViewController:animated:completion:]: Application tried to present modally an active controller <UIViewController: 0x1>.")
        #expect(shell.run("[b presentViewController:b animated:NO completion:nil]").first?.hasSuffix("an active controller <UIViewController: 0x2>.") == true)
        let c = shell.run("c = [UIViewController new]", "[c presentViewController:b animated:NO completion:nil]")
        #expect(c.first?.hasSuffix("that is already being presented by <UIViewController: 0x1>.") == true)
        #expect(shell.run("views").isEmpty == false)
        #expect(shell.run("tap \"Nothing\"").first?.hasPrefix("error: the view labelled \"Nothing\" is not on screen") == true)
    }

    @Test func codeCannotReachTheLibrarysPrivateIvars() throws {
        let shell = try ShellHarness()
        let output = shell.run("@implementation MMSneaky : UIView\n- (void)loop {\n    _subviews = @[self];\n}\n@end")
        #expect(output.first?.hasPrefix("error: line 3, column 5: '_subviews' is assigned but never declared") == true)
    }
}

@Suite("-isEqual: and -hash overrides")
struct EqualityOverrideTests {
    static let point = """
        @interface MMPoint : NSObject
        @property (nonatomic) NSInteger x;
        @end
        @implementation MMPoint
        - (BOOL)isEqual:(id)other { return [other isKindOfClass:[MMPoint class]] && [other x] == self.x; }
        - (NSUInteger)hash { return self.x; }
        @end
        """

    @Test func collectionsFindAnEqualObjectThatIsNotTheSameOne() throws {
        let shell = try ShellHarness()
        shell.run(Self.point, "a = [MMPoint new]", "a.x = 3", "b = [MMPoint new]", "b.x = 3", "c = [MMPoint new]", "c.x = 4")
        #expect(shell.run("[@[c, a] containsObject:b]", "[@[c, a] indexOfObject:b]", "[@[c] containsObject:b]") == ["YES", "1", "NO"])
        #expect(shell.run("[@[c] indexOfObject:b] == 9223372036854775807") == ["YES"])
        #expect(shell.run("d = @{a: @\"three\"}", "d[b]", "[d objectForKey:b]", "d[c]") == ["\"three\"", "\"three\"", "nil"])
        #expect(shell.run("[a isEqual:b]", "a == b", "[@[a] isEqual:@[b]]") == ["YES", "NO", "YES"])
    }

    @Test func mockExpectationsMatchArgumentsByIsEqual() throws {
        let shell = try ShellHarness()
        shell.run(Self.point, "a = [MMPoint new]", "a.x = 3", "b = [MMPoint new]", "b.x = 3")
        shell.run("mock UIView as view", "expect view addSubview:a")
        #expect(shell.run("[view addSubview:b]", "verify view") == [])
    }

    @Test func anExceptionInsideIsEqualIsAnErrorNotInequality() throws {
        let shell = try ShellHarness()
        shell.run("@implementation MMGrumpy : NSObject\n- (BOOL)isEqual:(id)other { @throw @\"no comparing\"; }\n@end")
        #expect(shell.run("[@[[MMGrumpy new]] containsObject:[MMGrumpy new]]").first == "error: uncaught exception: no comparing")
    }
}

@Suite("Walking a hierarchy that overrides its getters")
struct OverriddenHierarchyTests {
    @Test func aViewWhoseSubviewsIncludeItselfIsListedOnce() throws {
        let shell = try ShellHarness()
        shell.run("@implementation MMMirror : UIView\n- (id)subviews { return @[self, self.superview]; }\n@end",
                  "@implementation MMMirrorScreen : UIViewController\n- (void)viewDidLoad { [super viewDidLoad]; MMMirror *m = [MMMirror new]; m.accessibilityLabel = @\"Mirror\"; [self.view addSubview:m]; }\n@end",
                  "screen = [MMMirrorScreen new]", "window screen")
        #expect(shell.run("views").count == 3)
        #expect(shell.run("waitfor Mirror") == [])
        #expect(shell.run("tap Nothing").first?.hasPrefix("error: the view labelled \"Nothing\" is not on screen") == true)
    }
}

@Suite("Locations in command arguments")
struct CommandArgumentLocationTests {
    @Test func anArgumentThatAlsoAppearsInTheCommandsNameIsLocatedWhereItIsWritten() throws {
        let shell = try ShellHarness()
        shell.session.run(script: "s = NO\n  assert s\n", file: "where.rtsh")
        #expect(shell.take().all == ["error: where.rtsh:2:10: assertion failed: s (was NO)"])
    }
}
