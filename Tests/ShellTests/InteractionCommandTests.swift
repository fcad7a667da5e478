import Foundation
import Shell
import Testing

@Suite("UI commands")
struct InteractionCommandTests {
    @Test func windowViewsEnterTapAndWaitfor() throws {
        let shell = try ShellHarness()
        shell.run("source \(ExampleTests.examples.appendingPathComponent("ui-app.rtsh").path)")
        #expect(shell.run("tap \"Say Hello\"") == ["error: there is no key window: no controller has been shown in one; show a controller first with window CONTROLLER"])
        #expect(shell.run("app = UIApplicationMain(@\"MMAppDelegate\", @\"MMTestingAppDelegate\")", "app.delegate") == [
            "launched for testing", "<MMTestingAppDelegate: 0x2>",
        ])
        shell.run("hello = [MMSayHelloViewController new]", "window hello")
        #expect(shell.run("views") == [
            "<UIWindow: 0x4>",
            "  <UIView: 0x5>",
            "    <UILabel: 0x6> label=\"Prompt\" text=\"What is your name?\"",
            "    <UITextField: 0x7> label=\"Name\"",
            "    <UIButton: 0x8> label=\"Say Hello\" title=\"Say Hello\"",
            "    <UILabel: 0x9> label=\"Greeting\" hidden",
        ])
        #expect(shell.run("waitfor Greeting") == [
            "error: the view labelled \"Greeting\" (<UILabel: 0x9>) is on screen but cannot be seen after waiting 10 s: it is hidden; show it before waiting for it",
        ])
        #expect(shell.run("enter \"Ada Lovelace\" into Name", "tap \"Say Hello\"", "waitfor Greeting", "hello.greetingLabel.text") == [
            "\"Hello, Ada Lovelace!\"",
        ])
        #expect(shell.run("views hello").first == "<UIView: 0x5>")
        #expect(shell.run("enter Ada Name")[0].hasSuffix("usage: enter TEXT into LABEL [traits TRAIT] [timeout SECONDS]"))
        #expect(shell.run("waitfor Farewell") == [
            "error: the view labelled \"Farewell\" is not on screen after waiting 10 s; the labels there are \"Prompt\", \"Name\", \"Say Hello\", \"Greeting\"",
        ])
        #expect(shell.run("NSStringFromClass([hello class])", "NSClassFromString(@\"MMNope\")", "format(@\"%d%%\", 50)") == [
            "\"MMSayHelloViewController\"", "nil", "\"50%\"",
        ])
    }
}

@Suite("Visibility and the key window")
struct VisibilityAndKeyWindowTests {
    static let screen = """
        @interface MMScreen : UIViewController
        @property (nonatomic, strong) UIView *panel;
        @property (nonatomic, strong) UIButton *go;
        @end
        @implementation MMScreen
        - (void)viewDidLoad {
            [super viewDidLoad];
            self.panel = [UIView new];
            self.go = [UIButton new];
            self.go.accessibilityLabel = @"Go";
            [self.panel addSubview:self.go];
            [self.view addSubview:self.panel];
        }
        @end
        """

    @Test(arguments: [("screen.panel.hidden = YES", "it is inside <UIView: 0x5>, which is hidden"), ("screen.panel.alpha = 0", "it is inside <UIView: 0x5>, which is fully transparent (alpha 0)")])
    func aViewInsideAHiddenOrTransparentAncestorCannotBeUsed(hide: String, reason: String) throws {
        let shell = try ShellHarness()
        shell.run(Self.screen, "screen = [MMScreen new]", "window screen")
        #expect(shell.run("waitfor Go") == [])
        shell.run(hide)
        #expect(shell.run("waitfor Go timeout 0") == ["error: the view labelled \"Go\" (<UIButton: 0x6>) is on screen but cannot be seen: \(reason); show it before waiting for it"])
        #expect(shell.run("tap Go timeout 1").first?.hasSuffix("cannot be seen after waiting 1 s: \(reason); show it before waiting for it") == true)
    }

    @Test func makeKeyAndVisibleMakesTheApplicationsKeyWindow() throws {
        let shell = try ShellHarness()
        shell.run(Self.screen, "screen = [MMScreen new]", "w = [UIWindow new]", "w.rootViewController = screen", "[w makeKeyAndVisible]")
        #expect(shell.run("[[UIApplication sharedApplication] keyWindow] == w", "[[[UIApplication sharedApplication] windows] count]") == ["YES", "1"])
        #expect(shell.run("waitfor Go") == [])
        // Showing the same controller again is balanced: no warning.
        #expect(shell.run("[w makeKeyAndVisible]", "window screen") == [])
        #expect(shell.run("[[[UIApplication sharedApplication] windows] count]", "waitfor Go") == ["1"])
    }

    @Test func theWindowCommandSetsTheDelegatesWindow() throws {
        let shell = try ShellHarness()
        shell.run("@interface MMAppDelegate : UIResponder <UIApplicationDelegate>\n@property (nonatomic, strong) UIWindow *window;\n@end",
                  "@implementation MMAppDelegate\n@end", "UIApplicationMain(@\"MMAppDelegate\")", "vc = [UIViewController new]", "window vc")
        #expect(shell.run("[[UIApplication sharedApplication] delegate].window == [[UIApplication sharedApplication] keyWindow]") == ["YES"])
        #expect(shell.run("[[UIApplication sharedApplication] delegate].window.rootViewController == vc") == ["YES"])
    }
}
