import Foundation
import Testing
@testable import Shell

/// `rtsh audit` over a source tree, and the `policy` the audit and `check super` judge by.
@Suite("The audit over a source tree")
struct AuditCommandTests {
    static let app = ExampleTests.examples.appendingPathComponent("AuditApp").path

    @Test func theExampleAppsAuditFindsWhatOnlyRunningTheCodeShows() throws {
        let shell = try ShellHarness()
        #expect(shell.session.loadPolicy(Self.app + "/audit.policy"))
        let checks = try #require(shell.session.auditSources([Self.app]))
        let verdicts = checks.map(\.text).filter { !$0.hasPrefix("ok ") }
        #expect(verdicts.contains("FAIL -[MMLegacyViewController loadView] calls super once but must not call it"))
        #expect(verdicts.contains("FAIL -[MMPostCell prepareForReuse] does not call super"))
        // A super call in a branch the event does not take, and one made twice: both are in
        // the text, so a linter passes them; running them shows them.
        #expect(verdicts.contains("FAIL -[MMProfileViewController viewWillAppear:] does not call super"))
        #expect(verdicts.contains("FAIL -[MMSettingsViewController viewDidAppear:] calls super 2 times (expected once)"))
        // The app's own rule, from the policy file.
        #expect(verdicts.contains("FAIL -[MMSettingsViewController configure] does not call super"))
        #expect(checks.contains { $0.text == "ok -[MMFeedViewController configure] calls super once" })
        #expect(checks.contains { $0.text == "ok -[MMPostCell setHighlighted:animated:] calls super once" })
        #expect(checks.filter { $0.verdict == .failed }.count == 5)
        #expect(shell.session.failureCount == checks.count { $0.verdict != .ok })
    }

    @Test func aClassThatCouldNotLoadIsAnErrorOfTheAudit() throws {
        let tree = try TemporaryTree([
            "MMGood.m": "@implementation MMGood : UIViewController\n- (void)viewDidLoad { [super viewDidLoad]; }\n@end\n",
            "MMOrphan.m": "@implementation MMOrphan : UIViewControler\n- (void)viewDidLoad { }\n@end\n",
        ])
        let shell = try ShellHarness()
        let checks = try #require(shell.session.auditSources([tree.root.path]))
        #expect(checks.map(\.text) == [
            "ok -[MMGood viewDidLoad] calls super once",
            "ERROR MMOrphan was not loaded (\(tree.path("MMOrphan.m")):1:1): see the error reported as it loaded",
        ])
        #expect(checks.map(\.verdict) == [.ok, .error])
        #expect(shell.session.auditSources(["/nonexistent/tree"]) == nil)
    }

    /// A base class that refuses to be made itself (it asserts it is subclassed, as
    /// SlackTextViewController's does) is audited on a subclass that inherits its overrides;
    /// one with no such subclass stays an error.
    @Test func anAbstractBaseIsAuditedOnASubclass() throws {
        let tree = try TemporaryTree([
            "MMAbstract.m": """
                @implementation MMAbstractViewController : UIViewController
                - (instancetype)initWithNibName:(NSString *)name bundle:(NSBundle *)bundle {
                    NSAssert(![self isMemberOfClass:[MMAbstractViewController class]], @"Subclass MMAbstractViewController");
                    return [super initWithNibName:name bundle:bundle];
                }
                - (void)viewDidLoad { [super viewDidLoad]; }
                - (void)viewWillAppear:(BOOL)animated { }
                @end
                @implementation MMConcreteViewController : MMAbstractViewController
                - (void)viewWillAppear:(BOOL)animated { [super viewWillAppear:animated]; }
                @end
                @implementation MMLonelyViewController : UIViewController
                - (instancetype)initWithNibName:(NSString *)name bundle:(NSBundle *)bundle { NSAssert(NO, @"Never made"); return nil; }
                - (void)viewDidLoad { [super viewDidLoad]; }
                @end
                """,
        ])
        let shell = try ShellHarness()
        let checks = try #require(shell.session.auditSources([tree.root.path])).map(\.text)
        #expect(checks.contains("ok -[MMAbstractViewController viewDidLoad] calls super once"), "\(checks)")
        #expect(checks.contains("FAIL -[MMAbstractViewController viewWillAppear:] does not call super"))
        #expect(checks.contains("ok -[MMConcreteViewController viewWillAppear:] calls super once"))
        #expect(checks.contains { $0.hasPrefix("ERROR -[MMLonelyViewController viewDidLoad] raised") }, "\(checks)")
    }

    @Test func policyRulesForABaseClassesSubclassesAndTheirErrors() throws {
        let shell = try ShellHarness()
        shell.run("""
            @implementation MMBase : UIViewController
            - (void)configure { }
            @end
            @implementation MMChild : MMBase
            - (void)configure { }
            @end
            """)
        #expect(shell.run("check super MMChild").first
            == "error: line 1, column 13: nothing to check: no class matching 'MMChild' overrides a policed selector")
        #expect(shell.run("policy require -[MMBase configure]").isEmpty)
        #expect(shell.run("check super MMChild") == ["FAIL -[MMChild configure] does not call super", "0 passed, 1 failed"])
        shell.run("policy allow -[MMBase configure]")
        #expect(shell.run("check super MM*") == ["ok -[MMChild configure] does not call super", "1 passed, 0 failed"])
        #expect(shell.run("policy").suffix(2) == ["require -[UICollectionViewLayout invalidateLayout]", "allow -[MMBase configure]"])
        #expect(shell.run("policy ignore nothingHere").first
            == "error: line 1, column 15: nothing to ignore: nothingHere has no rule ('policy' lists them)")
        #expect(shell.run("policy prohibit +[MMBase configure]").first
            == "error: line 1, column 17: +[MMBase configure] is a class method: super-call rules are for instance methods, written -[Class selector]")
        shell.run("policy ignore viewDidLoad", "policy reset")
        #expect(shell.run("policy").count == 26)
    }

    @Test func aPolicyFileSaysWhereItIsWrong() throws {
        let tree = try TemporaryTree([
            "good.policy": "# comments and blank lines are skipped\n\nallow layoutSubviews   # trailing comment\nignore awakeFromNib\n",
            "bad.policy": "require viewDidLoad\n  demand viewWillAppear:\n",
            "empty.policy": "require\n",
            "selector.policy": "prohibit view Did Load\n",
        ])
        let shell = try ShellHarness()
        #expect(shell.session.loadPolicy(tree.path("good.policy")))
        #expect(shell.session.superCallPolicy["layoutSubviews"] == .optional)
        #expect(shell.session.superCallPolicy["awakeFromNib"] == nil)
        #expect(!shell.session.loadPolicy(tree.path("bad.policy")))
        #expect(!shell.session.loadPolicy(tree.path("empty.policy")))
        #expect(!shell.session.loadPolicy(tree.path("selector.policy")))
        #expect(!shell.session.loadPolicy(tree.path("missing.policy")))
        let errors = shell.take().err.filter { $0.hasPrefix("error: ") }
        #expect(errors.dropLast() == [
            "error: \(tree.path("bad.policy")):2:3: 'demand' is not a rule: a line is require, prohibit, allow or ignore, then a selector or -[Class selector]",
            "error: \(tree.path("empty.policy")):1:8: require needs a selector (viewDidLoad) or a method of a base class (-[MMBaseViewController configure])",
            "error: \(tree.path("selector.policy")):1:10: 'view Did Load' is not a selector: write one such as viewDidLoad, or -[Class selector] for a base class's",
        ])
        #expect(errors.last?.hasPrefix("error: cannot read the policy file \(tree.path("missing.policy")): ") == true)
        // A bad file changes nothing.
        #expect(shell.session.superCallPolicy["viewDidLoad"] == .required)
    }
}
