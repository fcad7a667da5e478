import Foundation
import Shell
import Testing

@Suite("UI commands")
struct InteractionCommandTests {
    /// `UIApplicationMain(argc, argv, nil, nil)`, as an app whose main nib makes its delegate
    /// calls it: the one class that adopts UIApplicationDelegate is the delegate; with none
    /// or several, the error names them.
    @Test func aMainWithoutADelegateNameLaunchesTheOneDelegateClass() throws {
        let shell = try ShellHarness()
        #expect(shell.run("UIApplicationMain(0, NULL, nil, nil)").first?.hasSuffix(
            "UIApplicationMain was given no delegate class, and no class adopts UIApplicationDelegate; name the delegate class: UIApplicationMain(argc, argv, nil, NSStringFromClass([MMAppDelegate class]))") == true)
        shell.run("@interface MMNibAppDelegate : UIResponder <UIApplicationDelegate>\n@property (nonatomic, strong) UIWindow *window;\n@end", "@implementation MMNibAppDelegate\n@end")
        #expect(shell.run("UIApplicationMain(0, NULL, nil, nil)", "[[UIApplication sharedApplication].delegate class]") == ["0", "MMNibAppDelegate"])
        shell.run("@interface MMOtherAppDelegate : UIResponder <UIApplicationDelegate>\n@end", "@implementation MMOtherAppDelegate\n@end")
        #expect(shell.run("UIApplicationMain(0, NULL, nil, nil)").first?.contains(
            "and 2 classes adopt UIApplicationDelegate (MMNibAppDelegate, MMOtherAppDelegate); name the one to launch") == true)
    }

    /// A search bar's field is found by the placeholder and typed into; the bar, its
    /// field's delegate, tells its own delegate of the editing, each change and the search
    /// key, but not of text set in code.
    @Test func aSearchBarTellsItsDelegateWhatIsTyped() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMSearch : UIViewController <UISearchBarDelegate>
            @property (nonatomic, strong) UISearchBar *bar;
            @property (nonatomic, strong) NSMutableArray *log;
            @end
            @implementation MMSearch
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.log = [NSMutableArray array];
                self.bar = [[UISearchBar alloc] initWithFrame:CGRectMake(0, 100, 320, 52)];
                self.bar.placeholder = @"Find people";
                self.bar.delegate = self;
                [self.view addSubview:self.bar];
            }
            - (void)searchBarTextDidBeginEditing:(UISearchBar *)searchBar { [self.log addObject:@"begin"]; }
            - (void)searchBar:(UISearchBar *)searchBar textDidChange:(NSString *)text { [self.log addObject:text]; }
            - (BOOL)searchBar:(UISearchBar *)searchBar shouldChangeTextInRange:(NSRange)range replacementText:(NSString *)text { return ![text isEqualToString:@"!"]; }
            - (void)searchBarSearchButtonClicked:(UISearchBar *)searchBar { [self.log addObject:@"search"]; }
            @end
            search = [MMSearch new]
            window search
            """)
        #expect(shell.run(
            "enter \"ab\\n\" into \"Find people\"", "search.log", "search.bar.text",
            "search.bar.text = @\"zz\"", "@[@(search.log.count), search.bar.searchTextField.text, @(search.bar.isFirstResponder)]"
        ) == ["<NSMutableArray: 0x5> @[\"begin\", \"a\", \"ab\", \"search\"]", "\"ab\"", "@[4, \"zz\", YES]"])
        #expect(shell.run("enter \"!\" into \"Find people\"").first?.contains("its delegate refused some of the typing") == true)
    }

    /// A toolbar shows its items as buttons labelled by title or system item, which send
    /// the item's action; spaces show nothing.
    @Test func aToolbarsItemsAreTappedByTheirLabels() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMEditor : UIViewController
            @property (nonatomic, strong) UIToolbar *bar;
            @property (nonatomic) NSInteger archived, done;
            @end
            @implementation MMEditor
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.bar = [[UIToolbar alloc] initWithFrame:CGRectMake(0, 400, 320, 44)];
                UIBarButtonItem *space = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemFlexibleSpace target:nil action:nil];
                UIBarButtonItem *archive = [[UIBarButtonItem alloc] initWithTitle:@"Archive" style:UIBarButtonItemStylePlain target:self action:@selector(archive:)];
                UIBarButtonItem *done = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemDone target:self action:@selector(finish)];
                [self.bar setItems:@[space, archive, done] animated:NO];
                [self.view addSubview:self.bar];
            }
            - (void)archive:(id)sender { self.archived += 1; }
            - (void)finish { self.done += 1; }
            @end
            editor = [MMEditor new]
            window editor
            """)
        #expect(shell.run("tap Archive", "tap Done", "@[@(editor.archived), @(editor.done), @(editor.bar.subviews.count), @(editor.bar.items.count)]") == ["@[1, 1, 2, 3]"])
    }

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

    /// A navigation bar's back button, title and bar button items are found and tapped by
    /// their labels: the back button pops, an item sends its action, a system item goes by
    /// the name VoiceOver gives it, and a disabled one cannot be tapped.
    @Test func theNavigationBarsButtonsAndTitleAreTappedByLabel() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMInboxViewController : UIViewController
            @end
            @implementation MMInboxViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.title = @"Inbox";
                self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemCompose target:self action:@selector(compose:)];
                UIBarButtonItem *archive = [[UIBarButtonItem alloc] initWithTitle:@"Archive" style:UIBarButtonItemStylePlain target:self action:@selector(compose:)];
                archive.enabled = NO;
                self.navigationItem.leftBarButtonItem = archive;
            }
            - (void)compose:(id)sender { NSLog(@"compose"); }
            @end
            """)
        shell.run("MMInboxViewController *inbox = [MMInboxViewController new]; UINavigationController *nav = [[UINavigationController alloc] initWithRootViewController:inbox];")
        shell.run("window nav")
        #expect(shell.run("views").suffix(4) == [
            "  <UINavigationBar: 0xa>",
            "    <UIButton: 0xb> label=\"Archive\" title=\"Archive\"",
            "    <UILabel: 0xc> label=\"Inbox\" text=\"Inbox\"",
            "    <UIButton: 0xd> label=\"Compose\" title=\"Compose\"",
        ])
        // The title is the screen's heading to accessibility, as KIF's waits ask of it.
        #expect(shell.run("([nav.navigationBar.subviews[1] accessibilityTraits] & UIAccessibilityTraitHeader) != 0") == ["YES"])
        #expect(shell.run("tap Compose", "waitfor Inbox") == ["compose"])
        #expect(shell.run("tap Archive").first?.contains("not enabled") == true)
        shell.run("UIViewController *detail = [UIViewController new]; detail.title = @\"Message\"; [nav pushViewController:detail animated:NO];")
        #expect(shell.run("waitfor Message", "tap Inbox", "nav.viewControllers.count") == ["1"])
        // Looking again at an unchanged bar makes nothing: objects made after are numbered alike.
        func serial(_ lines: [String]) -> Int? { lines.first?.split(separator: "x").last.flatMap { Int($0.dropLast(), radix: 16) } }
        shell.run("waitfor Inbox")
        let before = serial(shell.run("[NSObject new]"))
        shell.run("waitfor Inbox")
        #expect(serial(shell.run("[NSObject new]")) == before.map { $0 + 1 })
    }

    /// A presented alert shows its title, message and a button per action; tapping one
    /// dismisses the alert and runs the action's handler; a disabled action's button cannot
    /// be tapped until the action is enabled.
    @Test func anAlertsActionsAreTappedByTheirTitles() throws {
        let shell = try ShellHarness()
        shell.run("""
            UIViewController *home = [UIViewController new];
            UIAlertController *alert = [UIAlertController alertControllerWithTitle:@"Delete?" message:@"It cannot be undone" preferredStyle:UIAlertControllerStyleAlert];
            UIAlertAction *destroy = [UIAlertAction actionWithTitle:@"Delete" style:UIAlertActionStyleDestructive handler:^(UIAlertAction *a) { NSLog(@"deleted"); }];
            destroy.enabled = NO;
            [alert addAction:destroy];
            [alert addAction:[UIAlertAction actionWithTitle:@"Cancel" style:UIAlertActionStyleCancel handler:^(UIAlertAction *a) { NSLog(@"cancelled by %@", a.title); }]];
            """)
        shell.run("window home", "[home presentViewController:alert animated:NO completion:nil];")
        #expect(shell.run("waitfor \"It cannot be undone\"", "tap Delete").first?.contains("not enabled") == true)
        #expect(shell.run("destroy.enabled = YES;", "tap Delete", "home.presentedViewController == nil") == ["deleted", "YES"])
        shell.run("[home presentViewController:alert animated:NO completion:nil];")
        #expect(shell.run("tap Cancel", "home.presentedViewController == nil") == ["cancelled by Cancel", "YES"])
    }

    /// An older app's `UIAlertView` and `UIActionSheet` show as alerts over the key window's
    /// controller, their buttons tapped by title: the delegate hears the presentation, the
    /// click and the dismissal with the button's index (an action sheet's destructive button
    /// first, cancel last); a dismissal by code tells it only of the dismissal.
    @Test func olderAlertViewsAndActionSheetsAreTappedByTheirTitles() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMLegacy : UIViewController <UIAlertViewDelegate, UIActionSheetDelegate>
            @end
            @implementation MMLegacy
            - (void)willPresentAlertView:(UIAlertView *)alertView { NSLog(@"presenting %@", alertView.title); }
            - (void)alertView:(UIAlertView *)alertView clickedButtonAtIndex:(NSInteger)index { NSLog(@"clicked %@", [alertView buttonTitleAtIndex:index]); }
            - (void)alertView:(UIAlertView *)alertView didDismissWithButtonIndex:(NSInteger)index { NSLog(@"dismissed %ld", (long)index); }
            - (void)actionSheet:(UIActionSheet *)sheet clickedButtonAtIndex:(NSInteger)index {
                NSLog(@"sheet %@ at %ld; cancel %ld, destructive %ld", [sheet buttonTitleAtIndex:index], (long)index, (long)sheet.cancelButtonIndex, (long)sheet.destructiveButtonIndex);
            }
            @end
            """, "legacy = [MMLegacy new]", "window legacy")
        #expect(shell.run("""
            UIAlertView *alert = [[UIAlertView alloc] initWithTitle:@"Delete?" message:@"It cannot be undone" delegate:legacy cancelButtonTitle:@"Cancel" otherButtonTitles:@"Delete", @"Archive", nil]; [alert show];
            """, "@[@(alert.numberOfButtons), @(alert.cancelButtonIndex), @(alert.firstOtherButtonIndex), @(alert.visible)]",
            "waitfor \"It cannot be undone\"", "tap Archive", "alert.visible") == [
            "presenting Delete?", "@[3, 0, 1, YES]", "clicked Archive", "dismissed 2", "NO",
        ])
        #expect(shell.run("""
            UIActionSheet *sheet = [[UIActionSheet alloc] initWithTitle:@"Photo" delegate:legacy cancelButtonTitle:@"Cancel" destructiveButtonTitle:@"Remove" otherButtonTitles:@"Take", nil]; [sheet showInView:legacy.view];
            """, "tap Remove", "legacy.presentedViewController == nil") == ["sheet Remove at 0; cancel 2, destructive 0", "YES"])
        #expect(shell.run("[alert show];", "[alert dismissWithClickedButtonIndex:0 animated:YES];", "legacy.presentedViewController == nil") == [
            "presenting Delete?", "dismissed 0", "YES",
        ])
        #expect(shell.run("UIAlertView *login = [UIAlertView new]; login.alertViewStyle = UIAlertViewStyleLoginAndPasswordInput; @[@([login textFieldAtIndex:0].secureTextEntry), @([login textFieldAtIndex:1].secureTextEntry)]") == ["@[NO, YES]"])
    }

    /// A visible controller's view drawn for a bigger device (a storyboard's 414 by 896)
    /// fills the screen's window, as UIKit lays it out, so a table's last rows scroll into
    /// view rather than lying outside the window.
    @Test func aViewBiggerThanTheWindowIsLaidOutToFillIt() throws {
        let shell = try ShellHarness()
        shell.run("""
            UITableViewController *list = [UITableViewController new];
            list.view.frame = CGRectMake(0, 0, 414, 896);
            UIWindow *w = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
            w.rootViewController = list;
            [w makeKeyAndVisible];
            """)
        #expect(shell.run("views", "list.view.frame").last == "{{0, 0}, {375, 667}}")
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

@Suite("UI automation commands")
struct UIAutomationCommandTests {
    private func preferences() throws -> ShellHarness {
        let shell = try ShellHarness()
        shell.run("source \(ExampleTests.examples.appendingPathComponent("ui-automation.rtsh").path)", "prefs = [MMPreferencesViewController new]", "window prefs")
        return shell
    }

    @Test func identifiersTraitsAndTimeouts() throws {
        let shell = try preferences()
        #expect(shell.run("exists(\"Save\")", "exists(\"#search\")", "exists(\"Nothing\")") == ["YES", "YES", "NO"])
        #expect(shell.run("waitfor \"Save\" to be tappable timeout 0.5", "CACurrentMediaTime()") == [
            "error: the view labelled \"Save\" (<UIButton: 0x8>) cannot be tapped after waiting 0.5 s: it is not enabled", "0.5",
        ])
        #expect(shell.run("enter \"lamp\" into #search", "prefs.searchField.text", "waitfor Save traits button to be tappable") == ["\"lamp\""])
        #expect(shell.run("waitfor Save traits header timeout 0") == [
            "error: the view labelled \"Save\" with traits header is not on screen: the view with that label has the traits button",
        ])
        #expect(shell.run("tap Save traits nonsense")[0].hasPrefix("error: line 1, column 17: 'nonsense' is no accessibility trait; use one of none, button"))
        #expect(shell.run("clear #search", "prefs.searchField.text", "prefs.saveButton.enabled") == ["\"\"", "NO"])
    }

    @Test func theSpinnerIsWaitedForOnTheVirtualClock() throws {
        let shell = try preferences()
        #expect(shell.run("enter lamp into #search", "tap Save", "waitfor Saving", "waitfor absence Saving", "CACurrentMediaTime()") == ["2.0"])
        #expect(shell.run("tap Save", "waitfor absence Saving timeout 1") == [
            "error: the view labelled \"Saving\" (<UIActivityIndicatorView: 0x9>) is still on screen after waiting 1 s",
        ])
    }

    @Test func switchesSlidersRowsScrollingAndSwipes() throws {
        let shell = try preferences()
        #expect(shell.run("toggle Wi-Fi on", "prefs.wifiSwitch.on", "toggle Wi-Fi", "prefs.wifiSwitch.on", "toggle Wi-Fi off") == ["YES", "NO"])
        #expect(shell.run("slide Volume to 0.25", "waitfor Volume", "prefs.volumeSlider.value") == ["0.25"])
        #expect(shell.run("tap row 1 in section 0 of #rooms", "prefs.chosen", "tap Kitchen", "prefs.chosen") == ["\"Hall\"", "\"Kitchen\""])
        #expect(shell.run("tap row 4 of #rooms") == ["error: the view #rooms has no row 4 in section 0; section 0 has 4 rows"])
        #expect(shell.run("scroll #rooms by 0 -0.5", "prefs.table.contentOffset.y", "prefs.scrolls") == ["44.0", "1"])
        #expect(shell.run("swipe Hall up") == [])
        #expect(shell.run("swipe Hall around")[0].contains("'around' is no direction: swipe left, right, up or down"))
        #expect(shell.run("toggle Volume on") == ["error: the view labelled \"Volume\" is <UISlider: 0x7>, not a UISwitch"])
        #expect(shell.run("slide Wi-Fi to 1") == ["error: the view labelled \"Wi-Fi\" is <UISwitch: 0x6>, not a UISlider"])
    }

    @Test func aHashNameInsideALineIsAnIdentifierAndACommentStaysAComment() throws {
        let shell = try preferences()
        #expect(shell.run("# a comment on its own line", "1 + 1 # a comment after a space", "waitfor #search") == ["2"])
        #expect(shell.run("waitfor #nothing timeout 0") == [
            "error: the view #nothing is not on screen; the labels there are \"Search\", \"Wi-Fi\", \"Volume\", \"Save\", \"Saving\", \"Kitchen\", \"Hall\", \"Study\", \"Attic\"",
        ])
        #expect(shell.run("exists(42)").first == "error: line 1, column 1: exists needs one accessibility label, or #identifier, as a string, as in exists(\"Say Hello\")")
    }

    /// Taps and swipes reach gesture recognizers as in UIKit: nearest view first, the
    /// delegate may refuse, a control keeps its taps, and a recognizer that cancels touches
    /// keeps a table from selecting the row.
    @Test func tapsAndSwipesReachGestureRecognizers() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMCard : UIViewController <UIGestureRecognizerDelegate>
            @property (nonatomic, strong) NSMutableArray *log;
            @property (nonatomic) BOOL locked;
            @end
            @implementation MMCard
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.log = [NSMutableArray array];
                UILabel *photo = [UILabel new];
                photo.text = @"Photo";
                // A label takes no touches unless told to, so its recognizer would never hear of a tap.
                photo.userInteractionEnabled = YES;
                UITapGestureRecognizer *tap = [[UITapGestureRecognizer alloc] initWithTarget:self action:@selector(photoTapped:)];
                tap.delegate = self;
                [photo addGestureRecognizer:tap];
                UITapGestureRecognizer *twice = [[UITapGestureRecognizer alloc] initWithTarget:self action:@selector(doubleTapped)];
                twice.numberOfTapsRequired = 2;
                [self.view addGestureRecognizer:twice];
                [self.view addGestureRecognizer:[[UITapGestureRecognizer alloc] initWithTarget:self action:@selector(backgroundTapped)]];
                UISwipeGestureRecognizer *swipe = [[UISwipeGestureRecognizer alloc] initWithTarget:self action:@selector(swiped:)];
                swipe.direction = UISwipeGestureRecognizerDirectionLeft | UISwipeGestureRecognizerDirectionUp;
                [self.view addGestureRecognizer:swipe];
                UIButton *button = [UIButton new];
                [button setTitle:@"Go" forState:UIControlStateNormal];
                [button addTarget:self action:@selector(go) forControlEvents:UIControlEventTouchUpInside];
                [self.view addSubview:photo];
                [self.view addSubview:button];
            }
            - (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)recognizer { return !self.locked; }
            - (void)photoTapped:(UITapGestureRecognizer *)recognizer {
                [self.log addObject:[NSString stringWithFormat:@"photo %ld on %@", (long)recognizer.state, recognizer.view.accessibilityLabel]];
            }
            - (void)doubleTapped { [self.log addObject:@"double"]; }
            - (void)backgroundTapped { [self.log addObject:@"background"]; }
            - (void)swiped:(UISwipeGestureRecognizer *)recognizer { [self.log addObject:@"swiped"]; }
            - (void)go { [self.log addObject:@"go"]; }
            @end
            """, "card = [MMCard new]", "window card")
        // The label's own recognizer recognizes; the button keeps its tap from the view's.
        #expect(shell.run("tap Photo", "tap Go", "swipe Photo right", "swipe Photo up", "card.log")
            == ["<NSMutableArray: 0x5> @[\"photo 3 on Photo\", \"go\", \"swiped\"]"])
        // Refused by its delegate, the label's recognizer gives way to the view's single tap.
        #expect(shell.run("card.locked = YES", "tap Photo", "card.log.lastObject", "[card.view.gestureRecognizers.firstObject state]")
            == ["\"background\"", "0"])
        #expect(shell.run("photo = card.view.subviews.firstObject", "recognizer = photo.gestureRecognizers.firstObject", "[photo removeGestureRecognizer:recognizer]",
                          "photo.gestureRecognizers.count", "recognizer.view") == ["0", "nil"])
        // A tap recognizer on a table that cancels touches keeps rows from being selected.
        #expect(shell.run("""
            @interface MMRooms : UITableViewController
            @property (nonatomic, copy) NSString *chosen;
            @property (nonatomic) NSInteger taps;
            @end
            @implementation MMRooms
            - (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section { return 2; }
            - (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
                UITableViewCell *cell = [[UITableViewCell alloc] initWithStyle:UITableViewCellStyleDefault reuseIdentifier:nil];
                cell.textLabel.text = @[@"Kitchen", @"Hall"][indexPath.row];
                return cell;
            }
            - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath { self.chosen = @"row"; }
            - (void)dismissKeyboard { self.taps += 1; }
            @end
            """, "rooms = [MMRooms new]", "window rooms",
            "dismiss = [[UITapGestureRecognizer alloc] initWithTarget:rooms action:@selector(dismissKeyboard)]",
            "[rooms.tableView addGestureRecognizer:dismiss]", "tap Hall", "rooms.taps", "rooms.chosen",
            "dismiss.cancelsTouchesInView = NO", "tap Hall", "rooms.taps", "rooms.chosen") == ["1", "nil", "2", "\"row\""])
    }

    /// A long press begins a long-press recognizer once its minimum has passed and ends it
    /// when lifted; a shorter press is the view's own touch. A swipe no swipe recognizer
    /// takes drags a pan recognizer.
    @Test func longPressesAndPansReachTheirRecognizers() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMTile : UIViewController
            @property (nonatomic, strong) NSMutableArray *log;
            @end
            @implementation MMTile
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.log = [NSMutableArray array];
                UIButton *tile = [UIButton new];
                [tile setTitle:@"Tile" forState:UIControlStateNormal];
                [tile addTarget:self action:@selector(tapped) forControlEvents:UIControlEventTouchUpInside];
                UILongPressGestureRecognizer *hold = [[UILongPressGestureRecognizer alloc] initWithTarget:self action:@selector(held:)];
                hold.minimumPressDuration = 1.0;
                [tile addGestureRecognizer:hold];
                [self.view addSubview:tile];
                [self.view addGestureRecognizer:[[UIPanGestureRecognizer alloc] initWithTarget:self action:@selector(dragged:)]];
            }
            - (void)tapped { [self.log addObject:@"tapped"]; }
            - (void)held:(UILongPressGestureRecognizer *)hold {
                [self.log addObject:[NSString stringWithFormat:@"held %ld at %.1f", (long)hold.state, [[NSDate date] timeIntervalSince1970]]];
            }
            - (void)dragged:(UIPanGestureRecognizer *)pan {
                CGPoint moved = [pan translationInView:self.view];
                [self.log addObject:[NSString stringWithFormat:@"pan %ld %.0f,%.0f", (long)pan.state, moved.x, moved.y]];
            }
            @end
            """, "tile = [MMTile new]", "window tile", "start = [[NSDate date] timeIntervalSince1970]")
        #expect(shell.run("longpress Tile for 0.5", "tile.log.count", "[NSString stringWithFormat:@\"%.3f\", [[NSDate date] timeIntervalSince1970] - start]") == ["1", "\"0.500\""])
        #expect(shell.run("[tile.log removeAllObjects]", "longpress Tile for 1.5", "[NSString stringWithFormat:@\"%.3f\", [[NSDate date] timeIntervalSince1970] - start]") == ["\"2.000\""])
        let held = shell.run("tile.log")
        #expect(held.count == 1 && held[0].contains("\"held 1 at ") && held[0].contains("\"held 3 at "))
        #expect(shell.run("[tile.log removeAllObjects]", "swipe Tile down", "tile.log")
            == ["<NSMutableArray: 0x5> @[\"pan 1 0,0\", \"pan 2 0,200\", \"pan 3 0,200\"]"])
        #expect(shell.run("longpress Tile for -1").first?.hasPrefix("error: line 1, column 20: a press lasts 0 seconds or more, not -1;") == true)
    }

    /// `pick` turns a picker's wheel to a title, telling its delegate, and says which titles
    /// there are when none matches.
    @Test func pickTurnsAPickersWheelToATitle() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMAlarm : UIViewController <UIPickerViewDataSource, UIPickerViewDelegate>
            @property (nonatomic, strong) UIPickerView *picker;
            @property (nonatomic, copy) NSString *chosen;
            @end
            @implementation MMAlarm
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.picker = [UIPickerView new];
                self.picker.dataSource = self;
                self.picker.delegate = self;
                self.picker.accessibilityIdentifier = @"when";
                [self.view addSubview:self.picker];
            }
            - (NSInteger)numberOfComponentsInPickerView:(UIPickerView *)picker { return 2; }
            - (NSInteger)pickerView:(UIPickerView *)picker numberOfRowsInComponent:(NSInteger)component { return component == 0 ? 3 : 2; }
            - (NSString *)pickerView:(UIPickerView *)picker titleForRow:(NSInteger)row forComponent:(NSInteger)component {
                return component == 0 ? @[@"6", @"7", @"8"][row] : @[@"AM", @"PM"][row];
            }
            - (void)pickerView:(UIPickerView *)picker didSelectRow:(NSInteger)row inComponent:(NSInteger)component {
                self.chosen = [NSString stringWithFormat:@"%ld in %ld", (long)row, (long)component];
            }
            @end
            """, "alarm = [MMAlarm new]", "window alarm")
        #expect(shell.run("pick 7", "alarm.chosen", "pick PM in component 1 of #when", "alarm.chosen", "alarm.picker.accessibilityValue")
            == ["\"1 in 0\"", "\"1 in 1\"", "\"7, PM\""])
        #expect(shell.run("pick Noon timeout 1") == [
            "error: the picker has no row titled \"Noon\" in component 0 after waiting 1 s; its titles are \"6\", \"7\", \"8\""])
        #expect(shell.run("pick AM in component 2 timeout 0") == ["error: the picker has no component 2: it has 2 (numbered from 0)"])
        #expect(shell.run("alarm.picker.hidden = YES", "pick 6 timeout 0") == ["error: no picker view can be seen; show one before picking from it"])
    }

    @Test func screenshotDrawsTheKeyWindowAsSVG() throws {
        let shell = try preferences()
        let tree = try TemporaryTree(["notes.txt": ""])
        let file = tree.path("prefs.svg")
        #expect(shell.run("screenshot \(file)") == ["wrote \(file): 20 views"])
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">UIButton &quot;Save&quot;</text>\n  <text class=\"details\" x=\"11\" y=\"157\">button, notEnabled</text>"))
        #expect(svg.contains("<g class=\"view unplaced hidden\">\n  <title>&lt;UIActivityIndicatorView: 0x9&gt;</title>"))
        #expect(shell.run("screenshot prefs.png") == [
            "error: line 1, column 12: screenshot writes SVG, so the file's name ends in .svg, as in prefs.svg; usage: screenshot FILE",
            "  screenshot prefs.png", "             ^",
        ])
        #expect(shell.run("screenshot \(tree.path("missing/prefs.svg"))").first == "error: line 1, column 12: cannot write \(tree.path("missing/prefs.svg")): "
            + "No such file or directory; give a path in a directory that exists and can be written")
        #expect(try ShellHarness().run("screenshot \(file)").first?.hasPrefix("error: there is no key window") == true)
    }

    @Test func kifsActorMacrosComeOnlyWithItsHeader() throws {
        let shell = try ShellHarness()
        #expect(shell.run("tester = 5", "system = tester + 1", "system") == ["6"])
        #expect(shell.run("#import <KIF/KIF.h>", "tester").first == "error: line 1, column 1: 'self' is only meaningful inside a method")
    }

    /// The three forms of an action (`action`, `action:` and `action:forEvent:`, with no
    /// event when code sends the actions), and a nil target, which is the first responder
    /// up the chain from the control that answers: the controller its window shows, through
    /// its view.
    @Test func actionsTakeTheirFormsAndANilTargetIsFoundUpTheResponderChain() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface UIView (MMFinding)
            - (UIViewController *)mm_viewController;
            @end
            @implementation UIView (MMFinding)
            - (UIViewController *)mm_viewController {
                for (UIResponder *r = self; r; r = r.nextResponder) if ([r isKindOfClass:[UIViewController class]]) return (UIViewController *)r;
                return nil;
            }
            @end
            @interface MMForm : UIViewController
            @property (nonatomic, strong) NSMutableArray *log;
            @property (nonatomic, strong) UIStepper *stepper;
            @property (nonatomic, strong) UIButton *save;
            @end
            @implementation MMForm
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.log = [NSMutableArray array];
                self.stepper = [UIStepper new];
                [self.stepper addTarget:self action:@selector(stepped:forEvent:) forControlEvents:UIControlEventValueChanged];
                [self.stepper addTarget:self action:@selector(refresh) forControlEvents:UIControlEventValueChanged];
                [self.view addSubview:self.stepper];
                self.save = [UIButton buttonWithType:UIButtonTypeSystem];
                [self.save addTarget:nil action:@selector(save:) forControlEvents:UIControlEventTouchUpInside];
                [self.view addSubview:self.save];
            }
            - (void)stepped:(UIStepper *)sender forEvent:(UIEvent *)event { [self.log addObject:[NSString stringWithFormat:@"stepped %d %@", sender == self.stepper, event]]; }
            - (void)refresh { [self.log addObject:@"refresh"]; }
            - (void)save:(id)sender { [self.log addObject:@"saved"]; }
            @end
            """)
        #expect(shell.run(
            "MMForm *form = [MMForm new]",
            "UIWindow *w = [[UIWindow alloc] initWithFrame:CGRectMake(0, 0, 320, 480)]; w.rootViewController = form; [w makeKeyAndVisible]",
            "[form.stepper sendActionsForControlEvents:UIControlEventValueChanged]; [form.save sendActionsForControlEvents:UIControlEventTouchUpInside]",
            "NSLog(@\"%@\", [form.log componentsJoinedByString:@\", \"])",
            "[form.save mm_viewController] == form && form.view.nextResponder == form && form.nextResponder == w",
            "w.nextResponder == [UIApplication sharedApplication]"
        ) == ["stepped 1 (null), refresh, saved", "YES", "YES"])
    }

    /// KIF's timing knobs, which a suite's set-up turns, are kept and read back.
    @Test func kifsTimingKnobsAreKept() throws {
        let shell = try ShellHarness()
        #expect(shell.run(
            "KIFTypist.keystrokeDelay", "KIFTypist.keystrokeDelay = 0.0025; KIFTypist.keystrokeDelay",
            "KIFTestActor.defaultAnimationStabilizationTimeout = 0.1; KIFTestActor.defaultAnimationStabilizationTimeout",
            "[KIFTestActor stepDelay]", "UIApplication.sharedApplication.animationSpeed = 4.0; UIApplication.sharedApplication.animationSpeed",
            "[KIFTypist hasHardwareKeyboard]"
        ) == ["0.01", "0.0025", "0.1", "0.1", "4.0", "NO"])
    }
}
