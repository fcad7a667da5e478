import Shell
import Testing

/// The pasteboard, the edit actions of text fields and views, and the edit menu a long
/// press on one shows, as a UI test taps it.
@Suite("Edit menu and pasteboard")
struct EditMenuTests {
    @Test func thePasteboardKeepsTypedItemsAndCountsChanges() throws {
        let shell = try ShellHarness()
        shell.run("UIPasteboard *board = [UIPasteboard generalPasteboard];", "NSInteger before = board.changeCount;")
        #expect(shell.run("board.hasStrings", "board == [UIPasteboard generalPasteboard]") == ["NO", "YES"])
        shell.run("board.string = @\"copied\";")
        #expect(shell.run("board.string", "board.hasStrings", "board.changeCount - before", "board.numberOfItems") == ["\"copied\"", "YES", "1", "1"])
        shell.run("board.URLs = @[[NSURL URLWithString:@\"https://a.example\"], [NSURL URLWithString:@\"https://b.example\"]];")
        #expect(shell.run("board.URLs.count", "board.string", "board.hasURLs", "board.changeCount - before") == ["2", "nil", "YES", "2"])
        shell.run("[board setValue:@\"raw\" forPasteboardType:@\"public.utf8-plain-text\"];")
        #expect(shell.run("board.string", "[board containsPasteboardTypes:@[@\"public.utf8-plain-text\"]]") == ["\"raw\"", "YES"])
        // A named pasteboard is another, found again by its name.
        shell.run("UIPasteboard *named = [UIPasteboard pasteboardWithName:@\"mm.notes\" create:YES];", "named.string = @\"kept\";")
        #expect(shell.run("[UIPasteboard pasteboardWithName:@\"mm.notes\" create:NO].string", "board.string", "[UIPasteboard pasteboardWithName:@\"mm.other\" create:NO]") == [
            "\"kept\"", "\"raw\"", "nil",
        ])
    }

    @Test func aTextFieldsEditActionsGoThroughThePasteboardAndItsDelegate() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMEditWatcher : NSObject <UITextFieldDelegate>
            @property (nonatomic) NSInteger changes;
            @end
            @implementation MMEditWatcher
            - (BOOL)textField:(UITextField *)field shouldChangeCharactersInRange:(NSRange)range replacementString:(NSString *)text {
                self.changes += 1;
                return YES;
            }
            @end
            """)
        shell.run("UITextField *field = [UITextField new]; MMEditWatcher *watcher = [MMEditWatcher new]; field.delegate = watcher; field.text = @\"Hello\";")
        // Nothing is selected yet: nothing to cut or copy.
        #expect(shell.run("[field canPerformAction:@selector(cut:) withSender:nil]", "[field canPerformAction:@selector(selectAll:) withSender:nil]") == ["NO", "YES"])
        shell.run("[field selectAll:nil]", "[field cut:nil]")
        #expect(shell.run("field.text", "[UIPasteboard generalPasteboard].string", "watcher.changes") == ["\"\"", "\"Hello\"", "1"])
        shell.run("[field paste:nil]", "[field paste:nil]")
        #expect(shell.run("field.text", "watcher.changes") == ["\"HelloHello\"", "3"])
        // A secure field copies nothing.
        shell.run("UITextField *secret = [UITextField new]; secret.secureTextEntry = YES; secret.text = @\"pin\"; [secret selectAll:nil]; [secret copy:nil];")
        #expect(shell.run("[UIPasteboard generalPasteboard].string", "[secret canPerformAction:@selector(copy:) withSender:nil]") == ["\"Hello\"", "NO"])
    }

    /// A long press on a text field shows the edit menu; Select All selects the text and
    /// the menu offers what to do with it; Cut empties the field onto the pasteboard; typing
    /// replaces a selection. A custom item shows when the responder chain performs it.
    @Test func aLongPressShowsTheEditMenuWhoseItemsAreTappedByTitle() throws {
        let shell = try ShellHarness()
        shell.run("""
            @interface MMNotesViewController : UIViewController
            @property (nonatomic, strong) UITextField *field;
            @end
            @implementation MMNotesViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.field = [[UITextField alloc] initWithFrame:CGRectMake(20, 100, 200, 30)];
                self.field.accessibilityLabel = @"Note";
                self.field.text = @"Hello";
                [self.view addSubview:self.field];
                [UIMenuController sharedMenuController].menuItems = @[[[UIMenuItem alloc] initWithTitle:@"Shout" action:@selector(shout:)]];
            }
            - (void)shout:(id)sender { self.field.text = [self.field.text uppercaseString]; }
            @end
            """)
        shell.run("MMNotesViewController *notes = [MMNotesViewController new];", "window notes", "[UIPasteboard generalPasteboard].string = @\"pasted\";")
        shell.run("longpress Note")
        #expect(shell.run("views").suffix(4) == [
            "  <UIView: 0xe>",
            "    <UIButton: 0xf> label=\"Paste\" title=\"Paste\"",
            "    <UIButton: 0x10> label=\"Select All\" title=\"Select All\"",
            "    <UIButton: 0x11> label=\"Shout\" title=\"Shout\"",
        ])
        #expect(shell.run("tap \"Select All\"", "waitfor Cut", "waitfor Copy", "tap Cut", "notes.field.text", "[UIPasteboard generalPasteboard].string") == ["\"\"", "\"Hello\""])
        // The menu went with the cut; a tap elsewhere hides one shown again.
        #expect(shell.run("waitfor Paste timeout 0").first?.contains("Paste") == true)
        shell.run("longpress Note", "tap Paste", "[notes.field selectAll:nil]", "enter \"Yo\" into Note")
        #expect(shell.run("notes.field.text") == ["\"Yo\""])
        shell.run("longpress Note", "tap Shout")
        #expect(shell.run("notes.field.text", "[UIMenuController sharedMenuController].menuVisible") == ["\"YO\"", "NO"])
        shell.run("longpress Note", "tap Note")
        #expect(shell.run("[UIMenuController sharedMenuController].menuVisible") == ["NO"])
    }
}
