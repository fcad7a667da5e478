import Testing
@testable import Shell

/// Storyboards and xibs, read from the tree as the app's bundle holds them.
@Suite("Interface Builder files")
final class InterfaceBuilderTests {
    private static let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav-1">
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <navigationController id="nav-1" sceneMemberID="viewController">
                                <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar-1">
                                    <rect key="frame" x="0.0" y="44" width="414" height="44"/>
                                </navigationBar>
                                <connections>
                                    <segue destination="vc-1" kind="relationship" relationship="rootViewController" id="seg-1"/>
                                </connections>
                            </navigationController>
                        </objects>
                    </scene>
                    <scene sceneID="s2">
                        <objects>
                            <viewController storyboardIdentifier="Login" id="vc-1" customClass="MMLoginViewController" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="v-1">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                    <subviews>
                                        <label opaque="NO" text="Welcome &amp; hello" id="l-1">
                                            <rect key="frame" x="20" y="100" width="200" height="21"/>
                                        </label>
                                        <button opaque="NO" tag="7" id="b-1">
                                            <rect key="frame" x="20" y="150" width="100" height="30"/>
                                            <state key="normal" title="Sign In"/>
                                            <accessibility key="accessibilityConfiguration" identifier="signIn" label="Sign in"/>
                                            <connections>
                                                <action selector="signIn:" destination="vc-1" eventType="touchUpInside" id="a-1"/>
                                            </connections>
                                        </button>
                                    </subviews>
                                    <connections>
                                        <outletCollection property="gestureRecognizers" destination="tap-1" appends="YES" id="oc-1"/>
                                        <outletCollection property="gestureRecognizers" destination="swipe-1" appends="YES" id="oc-2"/>
                                    </connections>
                                </view>
                                <navigationItem key="navigationItem" title="Log In" id="ni-1">
                                    <barButtonItem key="rightBarButtonItem" title="Help" id="bb-1">
                                        <connections>
                                            <action selector="help:" destination="vc-1" id="a-2"/>
                                        </connections>
                                    </barButtonItem>
                                </navigationItem>
                                <connections>
                                    <outlet property="titleLabel" destination="l-1" id="o-1"/>
                                    <outlet property="signInButton" destination="b-1" id="o-2"/>
                                </connections>
                            </viewController>
                            <tapGestureRecognizer id="tap-1">
                                <connections>
                                    <action selector="tapped:" destination="vc-1" id="a-3"/>
                                </connections>
                            </tapGestureRecognizer>
                            <swipeGestureRecognizer direction="left" numberOfTouchesRequired="2" id="swipe-1">
                                <connections>
                                    <action selector="tapped:" destination="vc-1" id="a-4"/>
                                </connections>
                            </swipeGestureRecognizer>
                        </objects>
                    </scene>
                    <scene sceneID="s3">
                        <objects>
                            <tableViewController storyboardIdentifier="List" id="tv-1" customClass="MMListViewController" sceneMemberID="viewController">
                                <tableView key="view" id="t-1">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                    <prototypes>
                                        <tableViewCell reuseIdentifier="Item" id="c-1" customClass="MMItemCell">
                                            <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                                            <tableViewCellContentView key="contentView" id="cv-1">
                                                <subviews>
                                                    <label text="Item" id="cl-1"/>
                                                </subviews>
                                            </tableViewCellContentView>
                                            <connections>
                                                <outlet property="nameLabel" destination="cl-1" id="o-3"/>
                                            </connections>
                                        </tableViewCell>
                                    </prototypes>
                                    <connections>
                                        <outlet property="dataSource" destination="tv-1" id="o-4"/>
                                        <outlet property="delegate" destination="tv-1" id="o-5"/>
                                    </connections>
                                </tableView>
                            </tableViewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """

    private static let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="MMProfileViewController">
                        <connections>
                            <outlet property="view" destination="root" id="o-1"/>
                            <outlet property="nameField" destination="f-1" id="o-2"/>
                        </connections>
                    </placeholder>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <view contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                        <subviews>
                            <textField placeholder="Name" id="f-1">
                                <rect key="frame" x="10" y="10" width="200" height="30"/>
                            </textField>
                        </subviews>
                    </view>
                </objects>
            </document>
            """

    private static let code = """
            #import <UIKit/UIKit.h>
            @interface MMLoginViewController : UIViewController
            @property (nonatomic, weak) IBOutlet UILabel *titleLabel;
            @property (nonatomic, weak) IBOutlet UIButton *signInButton;
            @property (nonatomic) NSInteger taps;
            @property (nonatomic) BOOL decoded;
            @end
            @implementation MMLoginViewController
            - (instancetype)initWithCoder:(NSCoder *)coder { if ((self = [super initWithCoder:coder])) { _decoded = YES; } return self; }
            - (void)awakeFromNib { [super awakeFromNib]; NSLog(@"awake %@", self.class); }
            - (void)viewDidLoad { [super viewDidLoad]; NSLog(@"viewDidLoad label=%@", self.titleLabel.text); }
            - (IBAction)signIn:(id)sender { self.taps++; }
            - (IBAction)help:(id)sender { }
            - (void)tapped:(UITapGestureRecognizer *)recognizer { }
            @end
            @interface MMItemCell : UITableViewCell
            @property (nonatomic, weak) IBOutlet UILabel *nameLabel;
            @end
            @implementation MMItemCell
            @end
            @interface MMListViewController : UITableViewController
            @end
            @implementation MMListViewController
            - (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section { return 2; }
            - (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
                MMItemCell *cell = [tableView dequeueReusableCellWithIdentifier:@"Item" forIndexPath:indexPath];
                cell.nameLabel.text = [NSString stringWithFormat:@"Row %ld", (long)indexPath.row];
                return cell;
            }
            @end
            @interface MMProfileViewController : UIViewController
            @property (nonatomic, strong) IBOutlet UITextField *nameField;
            @end
            @implementation MMProfileViewController
            @end
            """

    /// A navigation controller whose root is a static table: a cell pushes the detail scene
    /// through its segue, a button on the detail presents a scene modally, and the menu has a
    /// manual segue it performs by identifier.
    private static let seguesStoryboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <connections><segue destination="menu" kind="relationship" relationship="rootViewController" id="r"/></connections>
                        </navigationController>
                    </objects></scene>
                    <scene sceneID="s2"><objects>
                        <tableViewController id="menu" customClass="MMMenuViewController" sceneMemberID="viewController">
                            <tableView key="view" dataMode="static" id="table">
                                <sections>
                                    <tableViewSection headerTitle="Basics" id="sec">
                                        <cells>
                                            <tableViewCell textLabel="tl" style="IBUITableViewCellStyleDefault" id="cell-1">
                                                <tableViewCellContentView key="contentView" id="cv-1">
                                                    <subviews><label text="Tapping" id="tl"/></subviews>
                                                </tableViewCellContentView>
                                                <connections><segue destination="detail" kind="push" identifier="showTapping" id="g1"/></connections>
                                            </tableViewCell>
                                            <tableViewCell id="cell-2">
                                                <tableViewCellContentView key="contentView" id="cv-2">
                                                    <subviews><label text="Blocked" id="bl"/></subviews>
                                                </tableViewCellContentView>
                                                <connections><segue destination="detail" kind="show" identifier="blocked" id="g2"/></connections>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                </sections>
                                <connections>
                                    <outlet property="dataSource" destination="menu" id="o1"/>
                                    <outlet property="delegate" destination="menu" id="o2"/>
                                </connections>
                            </tableView>
                            <connections><segue destination="settings" kind="presentation" identifier="showSettings" id="g3"/></connections>
                        </tableViewController>
                    </objects></scene>
                    <scene sceneID="s3"><objects>
                        <viewController id="detail" customClass="MMDetailViewController" sceneMemberID="viewController">
                            <view key="view" id="dv">
                                <subviews>
                                    <button id="more"><state key="normal" title="More"/>
                                        <accessibility key="accessibilityConfiguration"><accessibilityTraits key="traits" button="YES" keyboardKey="YES"/></accessibility>
                                        <connections><segue destination="settings" kind="modal" id="g4"/></connections>
                                    </button>
                                </subviews>
                            </view>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="s4"><objects>
                        <viewController id="settings" customClass="MMSettingsViewController" sceneMemberID="viewController">
                            <view key="view" id="sv"/>
                        </viewController>
                    </objects></scene>
                </scenes>
            </document>
            """

    private static let seguesCode = """
            @interface MMMenuViewController : UITableViewController
            @end
            @implementation MMMenuViewController
            - (BOOL)shouldPerformSegueWithIdentifier:(NSString *)identifier sender:(id)sender { return ![identifier isEqualToString:@"blocked"]; }
            - (void)prepareForSegue:(UIStoryboardSegue *)segue sender:(id)sender {
                NSLog(@"prepare %@ from %@ to %@, sender %@", segue.identifier, segue.sourceViewController.class, segue.destinationViewController.class, [sender class]);
            }
            @end
            @interface MMDetailViewController : UIViewController
            @end
            @implementation MMDetailViewController
            @end
            @interface MMSettingsViewController : UIViewController
            @end
            @implementation MMSettingsViewController
            @end
            """

    /// A storyboard's static table answers from its cells; tapping a cell performs its
    /// segue (after `-shouldPerformSegueWithIdentifier:sender:` agrees), pushing its
    /// destination, which `-prepareForSegue:sender:` saw first; a button's segue presents;
    /// and a controller performs its segue by identifier.
    @Test func staticCellsAndButtonsPerformTheirSegues() throws {
        let tree = try TemporaryTree(["Base.lproj/Segues.storyboard": Self.seguesStoryboard, "App.m": Self.seguesCode])
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 1 file: 3 classes, 0 categories, 0 protocols; 0 errors"])
        shell.run("UINavigationController *nav = [[UIStoryboard storyboardWithName:@\"Segues\" bundle:nil] instantiateInitialViewController];")
        shell.run("window nav")
        #expect(shell.run(
            "MMMenuViewController *menu = (MMMenuViewController *)nav.topViewController;", "[menu numberOfSectionsInTableView:menu.tableView]",
            "[menu tableView:menu.tableView numberOfRowsInSection:0]", "[menu tableView:menu.tableView titleForHeaderInSection:0]"
        ) == ["1", "2", "\"Basics\""])
        #expect(shell.run("tap \"Blocked\"", "nav.viewControllers.count") == ["1"])
        #expect(shell.run("[menu performSegueWithIdentifier:@\"showSettings\" sender:menu]", "menu.presentedViewController.class") == [
            "prepare showSettings from MMMenuViewController to MMSettingsViewController, sender MMMenuViewController", "MMSettingsViewController",
        ])
        shell.run("[menu dismissViewControllerAnimated:NO completion:nil]")
        #expect(shell.run("tap \"Tapping\"", "nav.topViewController.class") == [
            "prepare showTapping from MMMenuViewController to MMDetailViewController, sender UITableViewCell", "MMDetailViewController",
        ])
        // The traits the file sets replace the button's own.
        #expect(shell.run("[nav.topViewController.view.subviews.firstObject accessibilityTraits]") == ["33"])
        #expect(shell.run("tap \"More\"", "nav.topViewController.presentedViewController.class") == ["MMSettingsViewController"])
        #expect(shell.run(
            "UIStoryboardSegue *made = [UIStoryboardSegue segueWithIdentifier:@\"made\" source:menu destination:menu performHandler:^{ NSLog(@\"performed\"); }];",
            "[made perform]; made.identifier"
        ) == ["performed", "\"made\""])
        let missing = shell.run("[menu performSegueWithIdentifier:@\"nowhere\" sender:nil]")
        #expect(missing.first?.contains("has no segue with identifier 'nowhere'") == true, "\(missing)")
    }

    /// A scene whose custom class the code does not have (written in Swift) makes its UIKit
    /// class, whose outlets it lacks are left unset rather than ending the launch.
    @Test func aSceneOfAClassTheCodeLacksLoadsWithoutItsOutlets() throws {
        let tree = try TemporaryTree(["Base.lproj/Swift.storyboard": """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
                <scenes><scene sceneID="s"><objects>
                    <viewController id="vc" customClass="MMSwiftViewController" sceneMemberID="viewController">
                        <view key="view" id="v"><subviews><label text="Hi" id="l"/></subviews></view>
                        <connections>
                            <outlet property="greetingLabel" destination="l" id="o1"/>
                            <outlet property="view" destination="v" id="o2"/>
                        </connections>
                    </viewController>
                </objects></scene></scenes>
            </document>
            """, "App.m": "@interface MMOther : NSObject\n@end\n@implementation MMOther\n@end\n"])
        let shell = try ShellHarness()
        shell.run("source \(tree.root.path)")
        #expect(shell.run(
            "UIViewController *vc = [[UIStoryboard storyboardWithName:@\"Swift\" bundle:nil] instantiateInitialViewController];", "vc.class",
            "[vc.view.subviews.firstObject text]"
        ) == ["UIViewController", "\"Hi\""])
    }

    /// The tree the tests load, kept while the test runs (it is removed when let go).    /// The tree the tests load, kept while the test runs (it is removed when let go).
    private let tree: TemporaryTree

    init() throws {
        tree = try TemporaryTree(["Base.lproj/Main.storyboard": Self.storyboard, "MMProfileView.xib": Self.xib, "App.m": Self.code])
    }

    private func loaded() throws -> ShellHarness {
        let shell = try ShellHarness()
        #expect(shell.run("source \(tree.root.path)") == ["loaded 1 file: 4 classes, 0 categories, 0 protocols; 0 errors"])
        return shell
    }

    /// The initial controller comes with the root its relationship segue names; a scene's
    /// controller is decoded, wakes, and loads its view from the scene when first asked,
    /// with its outlets, its controls' actions, titles, tags and accessibility set.
    @Test func aStoryboardsControllersLoadTheirScenes() throws {
        let shell = try loaded()
        shell.run("UIStoryboard *sb = [UIStoryboard storyboardWithName:@\"Main\" bundle:nil]")
        #expect(shell.run(
            "UINavigationController *nav = [sb instantiateInitialViewController]", "nav.class",
            "MMLoginViewController *login = (MMLoginViewController *)nav.topViewController", "login.class", "login.decoded",
            "login.storyboard == sb", "login.isViewLoaded"
        ) == ["awake MMLoginViewController", "UINavigationController", "MMLoginViewController", "YES", "YES", "NO"])
        #expect(shell.run(
            "login.view.frame", "login.titleLabel.text", "login.signInButton.tag", "[login.signInButton titleForState:UIControlStateNormal]",
            "login.signInButton.accessibilityIdentifier", "[login.signInButton sendActionsForControlEvents:UIControlEventTouchUpInside]",
            "login.taps", "login.navigationItem.title"
        ) == ["viewDidLoad label=Welcome & hello", "{{0, 0}, {414, 896}}", "\"Welcome & hello\"", "7", "\"Sign In\"", "\"signIn\"", "1", "\"Log In\""])
        // A bar button item's action, and a gesture recognizer beside the controller added to its view.
        #expect(shell.run(
            "UIBarButtonItem *help = login.navigationItem.rightBarButtonItem", "help.title", "help.target == login", "NSStringFromSelector(help.action)",
            "login.view.gestureRecognizers.count", "[login.view.gestureRecognizers.firstObject view] == login.view"
        ) == ["\"Help\"", "YES", "\"help:\"", "2", "YES"])
        // A recognizer's attributes; a label the file does not mark NO takes touches, as
        // Interface Builder writes NO out for the labels that keep UIKit's default.
        #expect(shell.run(
            "UISwipeGestureRecognizer *swipe = login.view.gestureRecognizers.lastObject", "@[@(swipe.direction), @(swipe.numberOfTouchesRequired)]",
            "@[@(login.titleLabel.userInteractionEnabled), @([UILabel new].userInteractionEnabled)]"
        ) == ["@[2, 2]", "@[YES, NO]"])
    }

    /// A table view controller's table is its scene's, and each dequeue of a prototype's
    /// identifier makes a new copy of the prototype cell, its outlets connected.
    @Test func aPrototypeCellIsDequeuedAsANewCopy() throws {
        let shell = try loaded()
        shell.run("MMListViewController *list = [[UIStoryboard storyboardWithName:@\"Main\" bundle:nil] instantiateViewControllerWithIdentifier:@\"List\"]")
        #expect(shell.run(
            "[list.tableView.dataSource isEqual:list]",
            "MMItemCell *first = (MMItemCell *)[list tableView:list.tableView cellForRowAtIndexPath:[NSIndexPath indexPathForRow:0 inSection:0]]",
            "MMItemCell *second = (MMItemCell *)[list tableView:list.tableView cellForRowAtIndexPath:[NSIndexPath indexPathForRow:1 inSection:0]]",
            "first.class", "first.nameLabel.text", "second.nameLabel.text", "first == second", "second.reuseIdentifier"
        ) == ["YES", "MMItemCell", "\"Row 0\"", "\"Row 1\"", "NO", "\"Item\""])
    }

    /// A controller loads the nib named after its class (without "Controller"), File's
    /// Owner's outlets set on it; `loadNibNamed:owner:options:` answers the top-level objects.
    @Test func aControllerLoadsTheNibNamedAfterIt() throws {
        let shell = try loaded()
        #expect(shell.run(
            "MMProfileViewController *profile = [[MMProfileViewController alloc] initWithNibName:nil bundle:nil]", "profile.view.frame",
            "profile.nameField.placeholder", "[[[NSBundle mainBundle] loadNibNamed:@\"MMProfileView\" owner:profile options:nil] count]",
            "[[[UINib nibWithNibName:@\"MMProfileView\" bundle:nil] instantiateWithOwner:nil options:nil].firstObject class]"
        ) == ["{{0, 0}, {320, 480}}", "\"Name\"", "1", "UIView"])
    }

    /// The audit makes a storyboard's controller from its scene, as the app makes it: the
    /// view it loads when the audit fires viewDidLoad is the scene's, its outlets set.
    @Test func theAuditMakesAStoryboardsControllerFromItsScene() throws {
        let shell = try ShellHarness()
        let checks = try #require(shell.session.auditSources([tree.root.path]))
        #expect(checks.map(\.text) == ["ok -[MMLoginViewController viewDidLoad] calls super once", "ok -[MMLoginViewController awakeFromNib] calls super once"])
        #expect(shell.take().all.contains("viewDidLoad label=Welcome & hello"))
    }

    /// Objects are decoded through `-initWithCoder:`, which reaches UIKit's initializer past
    /// the code's own `-initWithFrame:` overrides; a collection view gets the file's layout.
    @Test func decodingSkipsTheCodesFrameInitializers() throws {
        let tree = try TemporaryTree([
            "MMGridView.xib": """
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                    <objects>
                        <view id="root" customClass="MMPanel">
                            <subviews>
                                <collectionView id="grid" customClass="MMGrid">
                                    <collectionViewFlowLayout key="collectionViewLayout" itemSize="CGSizeMake(50, 50)" id="layout" customClass="MMGridLayout"/>
                                    <cells>
                                        <collectionViewCell reuseIdentifier="Tile" id="tile" customClass="MMTile"/>
                                    </cells>
                                </collectionView>
                            </subviews>
                        </view>
                    </objects>
                </document>
                """,
            "MMGrid.m": """
                @interface MMTile : UICollectionViewCell
                @end
                @implementation MMTile
                @end
                @interface MMGridLayout : UICollectionViewFlowLayout
                @end
                @implementation MMGridLayout
                @end
                @interface MMGrid : UICollectionView
                @end
                @implementation MMGrid
                - (instancetype)initWithFrame:(CGRect)frame collectionViewLayout:(UICollectionViewLayout *)layout {
                    NSParameterAssert(layout != nil);
                    return [super initWithFrame:frame collectionViewLayout:layout];
                }
                @end
                @interface MMPanel : UIView
                @property (nonatomic) BOOL madeByFrame;
                @end
                @implementation MMPanel
                - (instancetype)initWithFrame:(CGRect)frame { if ((self = [super initWithFrame:frame])) { _madeByFrame = YES; } return self; }
                @end
                """,
        ])
        let shell = try ShellHarness()
        _ = shell.run("source \(tree.root.path)")
        #expect(shell.run(
            "MMPanel *panel = [[UINib nibWithNibName:@\"MMGridView\" bundle:nil] instantiateWithOwner:nil options:nil].firstObject",
            "panel.madeByFrame", "[panel.subviews.firstObject class]", "[[panel.subviews.firstObject collectionViewLayout] class]",
            // A collection view's prototype cells are its `cells`.
            "[[panel.subviews.firstObject dequeueReusableCellWithReuseIdentifier:@\"Tile\" forIndexPath:[NSIndexPath indexPathForItem:0 inSection:0]] class]"
        ) == ["NO", "MMGrid", "MMGridLayout", "MMTile"])
    }

    /// The decoder a nib hands `-initWithCoder:` is an `NSCoder` with nothing in it; a
    /// segmented control has its segments before its selection; and the audit takes a
    /// scene only when the class has its outlets (a tree of several apps holds another
    /// app's class of the same name).
    @Test func decodersSegmentsAndScenesOfOtherApps() throws {
        let tree = try TemporaryTree([
            "A-Other/Other.storyboard": """
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
                    <scenes><scene sceneID="s1"><objects>
                        <viewController id="a" customClass="MMPicker" sceneMemberID="viewController">
                            <view key="view" id="va"/>
                            <connections><outlet property="somethingElse" destination="va" id="o1"/></connections>
                        </viewController>
                    </objects></scene></scenes>
                </document>
                """,
            "App/Main.storyboard": """
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="p">
                    <scenes><scene sceneID="s2"><objects>
                        <viewController id="p" customClass="MMPicker" sceneMemberID="viewController">
                            <view key="view" id="vp">
                                <subviews>
                                    <segmentedControl selectedSegmentIndex="1" id="seg">
                                        <segments><segment title="Day"/><segment title="Week"/></segments>
                                    </segmentedControl>
                                </subviews>
                            </view>
                            <connections><outlet property="picker" destination="seg" id="o2"/></connections>
                        </viewController>
                    </objects></scene></scenes>
                </document>
                """,
            "App/MMPicker.m": """
                @interface MMPicker : UIViewController
                @property (nonatomic, weak) IBOutlet UISegmentedControl *picker;
                @property (nonatomic, copy) NSString *decoder;
                @end
                @implementation MMPicker
                - (instancetype)initWithCoder:(NSCoder *)coder {
                    NSAssert([coder isKindOfClass:[NSCoder class]], @"a decoder");
                    if ((self = [super initWithCoder:coder])) { _decoder = NSStringFromClass([coder class]); }
                    return self;
                }
                - (void)viewDidLoad { [super viewDidLoad]; NSLog(@"%@ %@ %ld", self.decoder, [self.picker titleForSegmentAtIndex:1], (long)self.picker.selectedSegmentIndex); }
                @end
                """,
        ])
        let shell = try ShellHarness()
        let checks = try #require(shell.session.auditSources([tree.root.path]))
        #expect(checks.map(\.text) == ["ok -[MMPicker viewDidLoad] calls super once"])
        #expect(shell.take().all.contains("NSCoder Week 1"))
    }

    /// What is missing raises as UIKit raises, naming it.
    @Test func missingStoryboardsControllersAndNibsRaise() throws {
        let shell = try loaded()
        let errors = shell.run(
            "[[UIStoryboard storyboardWithName:@\"Main\" bundle:nil] instantiateViewControllerWithIdentifier:@\"Nope\"]",
            "[UIStoryboard storyboardWithName:@\"Missing\" bundle:nil]",
            "[[UINib nibWithNibName:@\"Gone\" bundle:nil] instantiateWithOwner:nil options:nil]")
        #expect(errors.contains { $0.contains("Storyboard (Main) doesn't contain a view controller with identifier 'Nope'") }, "\(errors)")
        #expect(errors.contains { $0.contains("Could not find a storyboard named 'Missing'") }, "\(errors)")
        #expect(errors.contains { $0.contains("Could not load NIB in bundle with name 'Gone'") }, "\(errors)")
    }

    /// A file that is not well-formed XML is refused with its file, line and column.
    @Test func aMalformedFileSaysWhereItIsWrong() throws {
        let tree = try TemporaryTree(["Broken.storyboard": "<document>\n  <scenes>\n  </scene>\n</document>\n"])
        let shell = try ShellHarness()
        shell.run("source \(tree.root.path)")
        let errors = shell.run("[[UIStoryboard storyboardWithName:@\"Broken\" bundle:nil] instantiateInitialViewController]")
        #expect(errors.contains { $0.contains(tree.path("Broken.storyboard") + ":3:3: expected </scenes> to close the element opened at line 2, but found </scene>") }, "\(errors)")
    }

    /// A xib in Xcode 4's format (an IB 3 archive) is refused by name, with what to do,
    /// rather than loaded as a file without views.
    @Test func anXcode4NibIsRefusedWithWhatToDo() throws {
        let tree = try TemporaryTree([
            "MMHomeViewController.xib": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\">\n<data/>\n</archive>\n",
            "MMHomeViewController.m": "@interface MMHomeViewController : UIViewController\n@end\n@implementation MMHomeViewController\n@end\n",
        ])
        let shell = try ShellHarness()
        shell.run("source \(tree.root.path)")
        let errors = shell.run("[[[MMHomeViewController alloc] initWithNibName:@\"MMHomeViewController\" bundle:nil] view]")
        #expect(errors.contains {
            $0.contains(tree.path("MMHomeViewController.xib") + ":2:1: an Interface Builder 3 archive (Xcode 4's format), which rtsh does not read: open it in a current Xcode and save it")
        }, "\(errors)")
    }
}
