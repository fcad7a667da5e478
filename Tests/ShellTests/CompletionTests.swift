import Shell
import Testing

@Suite("Completion")
struct CompletionTests {
    private func complete(_ shell: ShellHarness, _ line: String) -> [String] {
        shell.session.complete(line).candidates
    }

    @Test func commandsVariablesAndClassesAtTheStartOfALine() throws {
        let shell = try ShellHarness()
        shell.run("navigation = [UINavigationController new]")
        #expect(complete(shell, "cla") == ["classes"])
        #expect(complete(shell, "di") == ["disappear"])
        #expect(complete(shell, "nav") == ["navigation"])
        #expect(complete(shell, "UINav") == ["UINavigationBar", "UINavigationController", "UINavigationItem"])
        #expect(shell.session.complete("che").wordStart == 0)
    }

    @Test func classesWhereAClassGoes() throws {
        let shell = try ShellHarness()
        #expect(complete(shell, "methods UIV") == ["UIView", "UIViewController"])
        #expect(complete(shell, "info UITableV") == ["UITableView", "UITableViewCell", "UITableViewController"])
        #expect(complete(shell, "classes --subclasses-of UIRes") == ["UIResponder"])
        #expect(complete(shell, "check super UIWin") == ["UIWindow", "UIWindowScene"])
        #expect(complete(shell, "help sw") == ["swipe", "swizzle", "swizzles"])
        #expect(shell.session.complete("methods UIV").wordStart == 8)
    }

    @Test func selectorsOfTheReceiverAfterABracket() throws {
        let shell = try ShellHarness()
        shell.run("vc = [UIViewController new]")
        #expect(complete(shell, "[vc viewDid").contains("viewDidLoad"))
        #expect(complete(shell, "[vc viewDid").contains("viewDidAppear:"))
        #expect(!complete(shell, "[vc viewDid").contains("viewDidLayoutSubviewsX"))
        #expect(complete(shell, "[UIView ne") == ["new"])
        #expect(complete(shell, "x = [vc presentV") == ["presentViewController:animated:completion:"])
        // A message that asks for a property has the property's declared class.
        #expect(complete(shell, "[[vc view] addSub") == ["addSubview:"])
        #expect(complete(shell, "[vc.view.superview addSub") == ["addSubview:"])
    }

    @Test func theNextPartOfASelectorAfterAnArgument() throws {
        let shell = try ShellHarness()
        shell.run("nav = [UINavigationController new]", "vc = [UIViewController new]")
        #expect(complete(shell, "[nav pushViewController:vc ani") == ["animated:"])
        #expect(complete(shell, "[nav pushViewController:[UIViewController new] ani") == ["animated:"])
        #expect(complete(shell, "assert [nav pushViewController:vc ani") == ["animated:"])
    }

    @Test func namesWhereTheParserExpectsAnExpression() throws {
        let shell = try ShellHarness()
        shell.run("navigation = [UINavigationController new]")
        #expect(complete(shell, "x = nav") == ["navigation"])
        #expect(complete(shell, "if (nav") == ["navigation"])
        #expect(complete(shell, "assert navigation.viewControllers.count == nav") == ["navigation"])
        #expect(complete(shell, "navigation.viewCon") == ["navigation.viewControllers"])
    }

    @Test func selectorsAfterAMethodReference() throws {
        let shell = try ShellHarness()
        #expect(complete(shell, "exchange -[UINavigationController push") == ["pushViewController:animated:"])
        #expect(complete(shell, "exchange -[UINavigationController viewDidL") == ["viewDidLayoutSubviews", "viewDidLoad"])
        #expect(complete(shell, "exchange +[NSObject ne") == ["new"])
        #expect(complete(shell, "exchange -[UINavigationC") == ["UINavigationController"])
    }

    @Test func propertiesAfterADot() throws {
        let shell = try ShellHarness()
        shell.run("vc = [UIViewController new]")
        #expect(complete(shell, "vc.ti") == ["vc.title"])
        #expect(complete(shell, "vc.isV") == ["vc.isViewLoaded"])
    }

    @Test func eventsAndFilesForTheirCommands() throws {
        let shell = try ShellHarness()
        shell.run("vc = [UIViewController new]")
        #expect(complete(shell, "fire v") == ["vc"])
        #expect(complete(shell, "fire vc viewWillA") == ["viewWillAppear:"])
        #expect(complete(shell, "trace o") == ["off", "on"])
        shell.session.workingDirectory = ExampleTests.examples.deletingLastPathComponent().path
        #expect(complete(shell, "source exa") == ["examples/"])
        #expect(complete(shell, "source examples/Sam") == ["examples/SampleApp.rtsh"])
    }

    @Test func completingNeverRunsTheUsersCode() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMLoud : UIViewController
            @end
            @implementation MMLoud
            - (void)viewDidLoad { [super viewDidLoad]; NSLog(@"loaded"); }
            @end
            """, "vc = [MMLoud new]")
        _ = complete(shell, "[vc.view ")
        _ = complete(shell, "vc.view.")
        _ = complete(shell, "[[vc view] ")
        #expect(shell.run("[vc isViewLoaded]") == ["NO"])
        #expect(complete(shell, "[vc isVi") == ["isViewLoaded"])
        #expect(complete(shell, "vc.ti").contains("vc.title"))
    }
}
