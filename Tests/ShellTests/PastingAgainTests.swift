import Testing

/// A class pasted again at the prompt is defined again, as a REPL user expects.
@Suite("Pasting a class again")
struct PastingAgainTests {
    private static let greeter = """
        @interface MMGreeter : NSObject
        @property (nonatomic, copy) NSString *name;
        @end
        @implementation MMGreeter
        - (NSString *)greet { return [@"Hello, " stringByAppendingString:self.name]; }
        - (NSString *)wave { return @"wave"; }
        - (NSString *)bow { return @"bow"; }
        + (NSString *)kind { return @"greeter"; }
        @end
        """

    /// The next version of ``greeter``'s @implementation: `greet` changed, `bow` gone, `shout` new.
    private static let changedGreeter = """
        @implementation MMGreeter
        - (NSString *)greet { return [@"Hi, " stringByAppendingString:self.name]; }
        - (NSString *)wave { return @"wave"; }
        - (NSString *)shout { return @"HEY"; }
        + (NSString *)kind { return @"greeter"; }
        @end
        """

    @Test func aChangedClassReplacesItsMethodsForTheInstancesThereAre() throws {
        let shell = try ShellHarness()
        shell.run(Self.greeter, "ada = [MMGreeter new]", "ada.name = @\"Ada\"")
        #expect(shell.run("[ada greet]") == ["\"Hello, Ada\""])
        #expect(shell.run(Self.changedGreeter) == ["redefined MMGreeter: 1 method replaced, 1 added, 1 removed"])
        // The same object, with its property kept, runs the new code.
        #expect(shell.run("[ada greet]", "[ada shout]", "[MMGreeter kind]") == ["\"Hi, Ada\"", "\"HEY\"", "\"greeter\""])
        #expect(shell.run("[ada bow]").first?.hasSuffix("-[MMGreeter bow]: unrecognized selector sent to instance 0x1") == true)
        #expect(shell.run("methods MMGreeter") == shell.run("methods MMGreeter"))
        #expect(!shell.run("methods MMGreeter").contains { $0.contains("bow") })
    }

    @Test func theSameClassPastedAgainIsLeftAlone() throws {
        let shell = try ShellHarness()
        shell.run(Self.greeter)
        #expect(shell.run(Self.greeter) == ["MMGreeter is unchanged"])
        // Only its @implementation, as it was: unchanged too.
        #expect(shell.run(Self.greeter.components(separatedBy: "@end\n")[1]) == ["MMGreeter is unchanged"])
        let category = "@implementation MMGreeter (Polite)\n- (NSString *)thank { return @\"thanks\"; }\n@end"
        #expect(shell.run(category, category) == ["MMGreeter (Polite) is unchanged"])
        #expect(shell.run(category.replacingOccurrences(of: "thanks", with: "cheers"), "[[MMGreeter new] thank]") == ["\"cheers\""])
    }

    @Test func anotherSuperclassMakesANewClassAndOldInstancesKeepTheOldOne() throws {
        let shell = try ShellHarness()
        shell.run(Self.greeter, "old = [MMGreeter new]", "exchange -[MMGreeter wave] -[MMGreeter bow]")
        // The @implementation alone cannot move the class: its @interface names the superclass.
        #expect(shell.run("@implementation MMGreeter : UIView\n@end") == [
            "error: line 1, column 1: @interface MMGreeter says its superclass is NSObject, but @implementation says UIView; "
                + "to give MMGreeter another superclass, write its @interface again first, with that superclass",
            "  @implementation MMGreeter : UIView",
            "  ^",
        ])
        #expect(shell.run("@interface MMGreeter : UIView\n@property (nonatomic, copy) NSString *name;\n@end") == [])
        #expect(shell.run(Self.changedGreeter) == [
            "MMGreeter's superclass changed (NSObject → UIView): existing instances keep the old class",
            "note: undid #1 exchange -[MMGreeter wave] with -[MMGreeter bow], a change to the old MMGreeter; make it again to apply it to the new code",
        ])
        // The old class serves its instance, with its own code as written.
        #expect(shell.run("[[MMGreeter new] superclass]", "[old superclass]", "[old wave]") == ["UIView", "NSObject", "\"wave\""])
        #expect(shell.run("[old isKindOfClass:[MMGreeter class]]") == ["NO"])
        #expect(shell.run("classes MMGreeter") == ["MMGreeter"])
    }

    @Test func otherInstanceVariablesMakeANewClassSayingWhichChanged() throws {
        let shell = try ShellHarness()
        shell.run(Self.greeter)
        let redefined = shell.run("""
            @interface MMGreeter : NSObject {
                NSInteger _count;
            }
            @property (nonatomic, strong) NSArray *name;
            @end
            """, Self.changedGreeter)
        #expect(redefined == ["MMGreeter's instance variables changed (added _count; retyped _name): existing instances keep the old class"])
        shell.run("@interface MMOther : NSObject\n@end", "@implementation MMOther\n@end", "@interface MMOther : MMGreeter\n@end")
        #expect(shell.run("[MMOther new]") == ["MMOther's superclass changed (NSObject → MMGreeter): existing instances keep the old class", "<MMOther: 0x1>"])
        // An @implementation that names the old superclass must be written again with the new one.
        shell.run("@implementation MMThird : NSObject\n@end", "@interface MMThird : MMGreeter\n@end")
        #expect(shell.run("[MMThird new]").first == "error: line 1, column 1: @interface MMThird says its superclass is MMGreeter, but @implementation says NSObject; "
            + "the @implementation is the one MMThird was defined with; write it again too, with that superclass")
    }

    @Test func aClassMadeAnewGetsItsCategoriesAndSubclassesAgain() throws {
        let shell = try ShellHarness()
        shell.run(
            Self.greeter, "@implementation MMGreeter (Polite)\n- (NSString *)thank { return @\"thanks\"; }\n@end",
            "@implementation MMHost : MMGreeter\n- (NSString *)greet { return [@\"Welcome! \" stringByAppendingString:[super greet]]; }\n@end",
            "@implementation MMDoorman : MMHost\n@end")
        let redefined = shell.run("@interface MMGreeter : UIResponder\n@property (nonatomic, copy) NSString *name;\n@end", Self.changedGreeter)
        #expect(redefined == [
            "MMGreeter's superclass changed (NSObject → UIResponder): existing instances keep the old class",
            "note: the new MMGreeter has its categories again: MMGreeter (Polite)",
            "note: defined again on the new MMGreeter: MMHost, MMDoorman",
        ])
        shell.run("doorman = [MMDoorman new]", "doorman.name = @\"Bo\"")
        #expect(shell.run("[doorman greet]", "[doorman thank]", "[doorman isKindOfClass:[UIResponder class]]") == [
            "\"Welcome! Hi, Bo\"", "\"thanks\"", "YES",
        ])
        #expect(shell.run("tree MMGreeter") == ["MMGreeter", "└── MMHost", "    └── MMDoorman"])
    }

    @Test func categoriesAndSubclassesKeepWorkingWhenTheClassChangesInPlace() throws {
        let shell = try ShellHarness()
        shell.run(
            Self.greeter, "@implementation MMGreeter (Loud)\n- (NSString *)greet { return @\"HELLO\"; }\n@end",
            "@implementation MMHost : MMGreeter\n- (NSString *)wave { return [[super wave] stringByAppendingString:@\" twice\"]; }\n@end",
            "host = [MMHost new]")
        #expect(shell.run("[host wave]") == ["\"wave twice\""])
        #expect(shell.run(Self.changedGreeter.replacingOccurrences(of: "@\"wave\"", with: "@\"big wave\"")) == [
            // greet is not replaced: the category's stays in its place.
            "redefined MMGreeter: 1 method replaced, 1 added, 1 removed",
            "note: -[MMGreeter greet] of the new definition is hidden by a category's, which wins over the class's own",
        ])
        #expect(shell.run("[host greet]", "[host wave]") == ["\"HELLO\"", "\"big wave twice\""])
    }

    @Test func aSwizzleOfAReplacedMethodIsUndoneAndSaysSo() throws {
        let shell = try ShellHarness()
        shell.run(Self.greeter, "ada = [MMGreeter new]", "ada.name = @\"Ada\"", "exchange -[MMGreeter greet] -[MMGreeter wave]")
        #expect(shell.run("[ada greet]") == ["\"wave\""])
        #expect(shell.run(Self.changedGreeter) == [
            "redefined MMGreeter: 1 method replaced, 1 added, 1 removed",
            "note: undid #1 exchange -[MMGreeter greet] with -[MMGreeter wave], a change to the code MMGreeter's new definition replaces; "
                + "make it again to apply it to the new code",
        ])
        #expect(shell.run("swizzles") == ["no changes"])
        // Nothing is left to restore, so no old code comes back.
        #expect(shell.run("restore all", "[ada greet]", "[ada wave]") == ["\"Hi, Ada\"", "\"wave\""])
    }

    @Test func checkSuperAuditsTheCodePastedLast() throws {
        let shell = try ShellHarness()
        let controller = "@implementation MMScreen : UIViewController\n- (void)viewDidLoad {\n}\n@end"
        shell.run(controller)
        #expect(shell.run("check super MMScreen").first?.hasPrefix("FAIL -[MMScreen viewDidLoad]") == true)
        #expect(shell.run(controller.replacingOccurrences(of: "{\n}", with: "{\n    [super viewDidLoad];\n}")) == [
            "redefined MMScreen: 1 method replaced",
        ])
        #expect(shell.run("check super MMScreen") == ["ok -[MMScreen viewDidLoad] calls super once", "1 passed, 0 failed"])
    }

    @Test func anInterfacePastedAgainTakesEffectAtTheClassesNextUse() throws {
        let shell = try ShellHarness()
        shell.run(Self.greeter, "ada = [MMGreeter new]")
        #expect(shell.run("@interface MMGreeter : NSObject\n@property (nonatomic, copy) NSString *name;\n@property (nonatomic) BOOL shy;\n@end") == [])
        // The @implementation it had goes with it: the class gains the property's storage, so it is made anew.
        #expect(shell.run("[MMGreeter new].shy") == [
            "MMGreeter's instance variables changed (added _shy): existing instances keep the old class",
            "NO",
        ])
        #expect(shell.run("[[MMGreeter new] wave]") == ["\"wave\""])
    }

    @Test func anExtensionPastedAgainNeedsItsInterfaceFirst() throws {
        let shell = try ShellHarness()
        shell.run(Self.greeter)
        let extended = "@interface MMGreeter ()\n@property (nonatomic) BOOL shy;\n@end"
        #expect(shell.run(extended).first == "error: line 1, column 1: the class extension of MMGreeter comes after its @implementation; "
            + "extensions belong before it; to define MMGreeter again with this extension, write its @interface again first")
        shell.run("@interface MMGreeter : NSObject\n@property (nonatomic, copy) NSString *name;\n@end", extended)
        #expect(shell.run(Self.changedGreeter) == ["MMGreeter's instance variables changed (added _shy): existing instances keep the old class"])
        #expect(shell.run("[MMGreeter new].shy") == ["NO"])
    }

    @Test func anImplementationThatNamesNoSuperclassKeepsTheOneTheClassHad() throws {
        let shell = try ShellHarness()
        shell.run("@implementation MMNet : UIView\n- (int)a { return 1; }\n@end")
        #expect(shell.run("@implementation MMNet\n- (int)a { return 2; }\n@end", "[[MMNet new] a]", "[[MMNet new] superclass]") == [
            "redefined MMNet: 1 method replaced", "2", "UIView",
        ])
    }

    @Test func aClassKnownByItsInterfaceAloneGetsItsImplementationLater() throws {
        let shell = try ShellHarness()
        shell.run("@interface MMLater : NSObject\n@end", "later = [MMLater new]")
        #expect(shell.run("@implementation MMLater\n- (int)answer { return 42; }\n@end") == ["redefined MMLater: 1 method added"])
        #expect(shell.run("[later answer]") == ["42"])
    }

    @Test func aProtocolPastedAgainIsLeftAloneUnlessItChanged() throws {
        let shell = try ShellHarness()
        let proto = "@protocol MMGreeting\n- (NSString *)greet;\n@end"
        shell.run(proto)
        #expect(shell.run(proto) == [])
        #expect(shell.run("@protocol MMGreeting\n- (NSString *)greetLoudly;\n@end") == [
            "error: line 1, column 1: @protocol MMGreeting differs from the one defined before, and a protocol cannot be defined again "
                + "(the classes adopting it keep the first); give the changed protocol another name, or reset and load again",
            "  @protocol MMGreeting",
            "  ^",
        ])
    }

    @Test func aClassCannotBecomeItsOwnSubclass() throws {
        let shell = try ShellHarness()
        shell.run(Self.greeter, "@implementation MMHost : MMGreeter\n@end")
        #expect(shell.run("@interface MMGreeter : MMHost\n@end", "@implementation MMGreeter\n@end") == [
            "error: line 1, column 1: 'MMGreeter' cannot inherit from 'MMHost', which inherits from 'MMGreeter'; name a superclass outside MMGreeter's subclasses",
            "  @implementation MMGreeter",
            "  ^",
        ])
        // Nothing changed.
        #expect(shell.run("[[MMGreeter new] superclass]") == ["NSObject"])
    }

    @Test func mocksOfAClassDefinedAgainHaveItsNewMethods() throws {
        let shell = try ShellHarness()
        shell.run(Self.greeter, "mock nice MMGreeter as before", "ada = [MMGreeter new]", "mock partial ada as spy")
        // The mocks' forwarding is put in front of the new code, so there is nothing to undo by hand.
        #expect(shell.run(Self.changedGreeter) == ["redefined MMGreeter: 1 method replaced, 1 added, 1 removed"])
        // A mock made after the change, and the one made before, both know `shout`.
        shell.run("mock nice MMGreeter as after", "stub after shout returns @\"quiet\"", "stub before shout returns @\"hush\"")
        #expect(shell.run("[after shout]", "[before shout]") == ["\"quiet\"", "\"hush\""])
        #expect(shell.run("stub spy shout returns @\"psst\"", "[ada shout]", "[ada wave]") == ["\"psst\"", "\"wave\""])
        // The newest class mock answers the class methods, as in OCMock.
        #expect(shell.run("stub after +kind returns @\"mocked\"", "[MMGreeter kind]") == ["\"mocked\""])
        #expect(shell.run("verify spy received wave times 1") == [])
        // Made anew with another superclass: a mock answers `class` with the new class.
        shell.run("@interface MMGreeter : UIView\n@end\n@implementation MMGreeter\n- (NSString *)greet { return @\"yo\"; }\n@end")
        shell.run("mock MMGreeter as fresh")
        #expect(shell.run("[[fresh class] superclass]", "[fresh isKindOfClass:[UIView class]]") == ["UIView", "YES"])
    }
}
