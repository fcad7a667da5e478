import Runtime

/// The built-in class library: a small, faithful model of the Foundation and UIKit
/// classes view controllers are made of, defined through the runtime itself so every
/// class and method is listed, traced and swizzled like a user's.
///
/// Foundation: `NSObject`, the value classes (`NSString`, `NSNumber`, `NSArray`,
/// `NSDictionary` and their mutable forms, `NSBlock`), `NSNull`, `NSSet`, `NSData`, `NSJSONSerialization`, `NSDate`,
/// `NSURL`, `NSURLRequest`, `NSError`, `NSIndexPath`, `NSNotification` and its center,
/// `NSUserDefaults`, `NSBundle`. UIKit: `UIResponder`, `UIView` and its views and controls
/// (labels, buttons, text fields, switches, sliders, segmented controls, activity indicators,
/// image views, scroll, table and collection views and their cells, bars, the window),
/// collection view layouts, `UIColor`, `UIFont`, `UIImage`, `UIScreen`, `UIDevice`, bar
/// items, `UIApplication`, and the controllers (`UIViewController`, navigation, table,
/// collection, tab bar, split view and alert controllers).
/// And the protocols `NSObject`, `UIApplicationDelegate` and the delegates and data sources
/// apps adopt (see `defineUIKitProtocols` and `defineFoundationProtocols`).
public struct ClassLibrary: Sendable {
    /// The runtime the classes live in.
    public var runtime: Runtime {
        guard let runtime = heldRuntime ?? reference.runtime else {
            preconditionFailure("a class library's method ran after its runtime had gone")
        }
        return runtime
    }
    /// The runtime, held by the library its owner keeps; nil in ``unheld``.
    private var heldRuntime: Runtime?
    private let reference: RuntimeReference
    /// Where `NSLog` output and UIKit's warnings go.
    public let console: Console
    /// What the model reads of its surroundings: the resource directory and the clock.
    public let environment: ModelEnvironment
    /// The mocks made from this library, and their classes.
    let mocks = MockRegistry()
    /// The specs (Specta's, Quick's) declared, and what is being declared.
    let specs = SpecRegistry()
    let kiwi = KiwiRegistry()
    /// The UI engine's settings: the default timeout of its waits, and the swipes made.
    public let automation = UIAutomationSettings()
    /// What answers for the framework API the library does not model, and the count of
    /// its answers.
    public let standIns = StandIns(frameworkClasses: ClassLibrary.classNames)
    /// The main run loop's virtual time: timers, delayed performs and dispatched blocks
    /// run on it, and `NSDate` reads it.
    public var clock: VirtualClock { environment.clock }
    /// What the running test (of `rtsh test` or the shell's `test`) has recorded.
    public let tests = TestRecorder()
    /// The shared edit menu (`UIMenuController`) once code or a step has made it: a UI
    /// test's look reads it without making it, so looking makes no object.
    let editMenu = SharedInstance()

    /// Installs the class library into `runtime`. The ledger stays empty: these are
    /// definitions, not changes.
    ///
    /// - Throws: ``RuntimeError/duplicateClass(_:)`` naming the first of the library's
    ///   classes that `runtime` already has.
    public init(installingInto runtime: Runtime = Runtime(), console: Console = Console(), environment: ModelEnvironment = ModelEnvironment()) throws {
        heldRuntime = runtime
        reference = RuntimeReference(runtime)
        self.console = console
        self.environment = environment
        if let taken = Self.classNames.first(where: { runtime.class(named: $0) != nil }) {
            throw RuntimeError.duplicateClass(taken)
        }
        let root = try Self.defineNSObject(in: runtime)
        let proxy = try Self.defineNSProxy(in: runtime)
        // Before the value classes: NSNumber is an NSValue, as in Foundation.
        try Self.defineNSValue(in: runtime, root: root)
        try Self.defineValueClasses(in: runtime, root: root, loading: environment.urlLoading)
        try Self.defineFoundationProtocols(in: runtime)
        try Self.defineUIKitProtocols(in: runtime)
        try Self.defineNSNull(in: runtime, root: root)
        try Self.defineNSSet(in: runtime, root: root)
        try Self.defineNSOrderedSet(in: runtime, root: root)
        try Self.defineNSCache(in: runtime, root: root)
        try Self.defineNSCoder(in: runtime, root: root)
        try Self.defineKeyedArchiving(in: runtime, coder: try runtime.requireClass(named: "NSCoder"))
        try Self.defineNSMapTable(in: runtime, root: root)
        try Self.defineNSHashTable(in: runtime, root: root)
        try Self.defineNSPointerArray(in: runtime, root: root)
        try Self.defineNSProgress(in: runtime, root: root)
        try Self.defineNSUUID(in: runtime, root: root)
        try Self.defineNSSortDescriptor(in: runtime, root: root)
        try Self.defineNSPredicate(in: runtime, root: root)
        try Self.defineNSEnumerator(in: runtime, root: root)
        try Self.defineNSData(in: runtime, root: root, loading: environment.urlLoading)
        try Self.defineNSFileManager(in: runtime, root: root, container: environment.container)
        try Self.defineNSFileHandle(in: runtime, root: root, container: environment.container)
        try Self.defineNSFileCoordinator(in: runtime, root: root)
        try Self.defineNSJSONSerialization(in: runtime, root: root)
        try Self.definePropertyLists(in: runtime, root: root)
        try Self.defineNSDate(in: runtime, root: root, environment: environment)
        try Self.defineNSTimeZone(in: runtime, root: root, environment: environment)
        try Self.defineNSLocale(in: runtime, root: root)
        try Self.defineNSDateFormatter(in: runtime, root: root, environment: environment)
        try Self.defineNSNumberFormatter(in: runtime)
        try Self.defineNSDateComponentsFormatter(in: runtime)
        try Self.defineNSISO8601DateFormatter(in: runtime)
        try Self.defineNSValueTransformer(in: runtime, root: root)
        try Self.defineNSAttributedString(in: runtime, root: root)
        try Self.defineNSParagraphStyle(in: runtime, root: root)
        try Self.defineNSDateComponents(in: runtime, root: root, environment: environment)
        try Self.defineNSCalendar(in: runtime, root: root, environment: environment)
        try Self.defineNSURL(in: runtime, root: root, container: environment.container)
        try Self.defineURLResourceValues(in: runtime, container: environment.container)
        try Self.defineNSURLRequest(in: runtime, root: root)
        try Self.defineURLComponents(in: runtime, root: root)
        try Self.defineURLSession(in: runtime, root: root, loading: environment.urlLoading)
        try Self.defineNSURLProtocol(in: runtime, root: root, loading: environment.urlLoading)
        try Self.defineNSURLConnection(in: runtime, root: root, loading: environment.urlLoading)
        try Self.defineHTTPCookies(in: runtime, root: root, environment: environment)
        try Self.defineStreams(in: runtime, root: root, container: environment.container, clock: environment.clock)
        try Self.defineNSURLResponse(in: runtime, root: root)
        try Self.defineNSError(in: runtime, root: root)
        try Self.defineNSException(in: runtime, root: root)
        try Self.defineNSInvocation(in: runtime, root: root)
        try Self.defineNSCharacterSet(in: runtime, root: root)
        try Self.defineKeyValueCoding(in: runtime, root: root)
        try Self.defineKeyValueObserving(in: runtime, root: root)
        try Self.defineMutableCollectionProxies(in: runtime, root: root)
        try Self.defineFastEnumeration(in: runtime)
        try Self.defineNSIndexPath(in: runtime, root: root)
        try Self.defineNSIndexSet(in: runtime, root: root)
        try Self.defineNSNotification(in: runtime, root: root)
        try Self.defineNSNotificationCenter(in: runtime, root: root)
        try Self.defineNSUserDefaults(in: runtime, root: root)
        try Self.defineNSProcessInfo(in: runtime, root: root, clock: clock)
        try Self.defineNSScanner(in: runtime, root: root)
        try Self.defineNSRegularExpression(in: runtime, root: root)
        try Self.defineNSBundle(in: runtime, root: root, environment: environment)
        try Self.defineCLLocation(in: runtime, root: root)
        try Self.defineCLLocationManager(in: runtime, root: root, clock: clock)
        try Self.defineMapAnnotations(in: runtime, root: root)
        try Self.defineMapSnapshotter(in: runtime, root: root, clock: clock)
        let layer = try Self.defineLayer(in: runtime, root: root, clock: clock)
        try Self.defineShapeAndGradientLayers(in: runtime, layer: layer)
        try Self.defineAnimations(in: runtime, root: root)
        try Self.defineGestureRecognizers(in: runtime, root: root)
        let responder = try Self.defineResponder(in: runtime, root: root)
        let view = try Self.defineView(in: runtime, responder: responder, animations: environment.viewAnimations)
        try Self.defineAnnotationViews(in: runtime, view: view)
        try Self.defineMapView(in: runtime, view: view, clock: clock)
        try Self.defineLayoutConstraint(in: runtime, root: root)
        try Self.defineLayoutAnchors(in: runtime, root: root)
        try Self.defineLayoutGuide(in: runtime, root: root)
        try Self.defineLabel(in: runtime, view: view)
        let control = try Self.defineControl(in: runtime, view: view)
        try Self.defineButton(in: runtime, control: control)
        try Self.defineTextField(in: runtime, control: control)
        try Self.defineSearchBar(in: runtime, view: view, textField: try runtime.requireClass(named: "UITextField"))
        try Self.defineSwitch(in: runtime, control: control)
        try Self.defineRefreshControl(in: runtime, control: control)
        try Self.defineSlider(in: runtime, control: control)
        try Self.defineDatePicker(in: runtime, control: control, environment: environment)
        try Self.defineStepper(in: runtime, control: control)
        try Self.definePageControl(in: runtime, control: control)
        try Self.defineProgressView(in: runtime, view: view)
        try Self.defineSegmentedControl(in: runtime, control: control)
        try Self.defineActivityIndicatorView(in: runtime, view: view)
        try Self.defineImageView(in: runtime, view: view)
        try Self.definePickerView(in: runtime, view: view)
        let scrollView = try Self.defineScrollView(in: runtime, view: view)
        try Self.defineTableView(in: runtime, scrollView: scrollView)
        try Self.defineTextView(in: runtime, scrollView: scrollView)
        try Self.defineTableViewCell(in: runtime, view: view)
        try Self.defineIndexedCollation(in: runtime, root: root)
        try Self.defineCollectionView(in: runtime, scrollView: scrollView)
        let reusableView = try Self.defineCollectionReusableView(in: runtime, view: view)
        try Self.defineCollectionViewCell(in: runtime, reusableView: reusableView)
        let collectionLayout = try Self.defineCollectionViewLayout(in: runtime, root: root)
        try Self.defineCollectionViewFlowLayout(in: runtime, layout: collectionLayout)
        try Self.defineCollectionViewLayoutAttributes(in: runtime, root: root)
        try Self.defineWindow(in: runtime, view: view)
        try Self.defineNavigationBar(in: runtime, view: view)
        try Self.defineTabBar(in: runtime, view: view)
        try Self.defineToolbar(in: runtime, view: view)
        try Self.defineColor(in: runtime, root: root)
        try Self.defineBezierPath(in: runtime, root: root)
        try Self.defineFont(in: runtime, root: root)
        try Self.defineTextMeasuring(in: runtime)
        try Self.defineImage(in: runtime, root: root, environment: environment)
        try ImageSource.define(in: runtime, root: root)
        try Self.defineGraphicsRenderer(in: runtime, root: root)
        try Self.defineScreen(in: runtime, root: root)
        try Self.defineDevice(in: runtime, root: root)
        try Self.defineNavigationItem(in: runtime, root: root)
        let barItem = try Self.defineBarItem(in: runtime, root: root)
        try Self.defineBarButtonItem(in: runtime, barItem: barItem)
        try Self.defineTabBarItem(in: runtime, barItem: barItem)
        try Self.defineAlertAction(in: runtime, root: root)
        try Self.definePasteboard(in: runtime, root: root)
        try Self.defineMenuController(in: runtime, root: root, shared: editMenu)
        let viewController = try Self.defineViewController(in: runtime, responder: responder, console: console)
        try Self.defineNavigationController(in: runtime, viewController: viewController)
        try Self.defineTableViewController(in: runtime, viewController: viewController)
        try Self.defineCollectionViewController(in: runtime, viewController: viewController)
        try Self.defineTabBarController(in: runtime, viewController: viewController)
        try Self.defineSplitViewController(in: runtime, viewController: viewController)
        try Self.definePageViewController(in: runtime, viewController: viewController)
        try Self.defineAlertController(in: runtime, viewController: viewController)
        try Self.defineLegacyAlerts(in: runtime, view: view)
        try Self.defineApplication(in: runtime, responder: responder, root: root, environment: environment)
        try Self.defineScenes(in: runtime, responder: responder, root: root)
        try Self.defineInterfaceBuilder(in: runtime, root: root, environment: environment)
        try Self.defineStoryboardSegues(in: runtime, root: root)
        try Self.defineRunLoopClasses(in: runtime, root: root, environment: environment)
        try Self.defineTestingClasses(in: runtime, root: root, recorder: tests, clock: clock, console: console)
        try Self.defineHamcrest(in: runtime, root: root)
        try defineOCMock(root: root)
        try defineOCMockito(root: root)
        try defineSpecs(root: root)
        try defineNimble(root: root)
        try defineKiwi(root: root)
        try defineKIF(root: root)
        runtime.declareConformances(Self.declaredConformances)
        runtime.setMessageFallback(try Forwarding(roots: [root, proxy], in: runtime, then: standIns))
        runtime.setClassHook { [standIns] name, runtime in try standIns.standInClass(named: name, in: runtime) }
    }

    /// The library as its own methods keep it: without a hold on the runtime, which holds
    /// those methods, so that the runtime goes when its owner lets go. Its methods run only
    /// in sends of that runtime, while it is alive.
    var unheld: ClassLibrary {
        var library = self
        library.heldRuntime = nil
        return library
    }

    /// The names of the classes the library defines, to look up: the interpreter asks at
    /// each instance variable it reads whether the ivar's class is the library's.
    public static let classNameSet = Set(classNames)

    /// The names of the classes the library defines, sorted.
    public static let classNames = (runLoopClassNames + paragraphStyleClassNames + animationClassNames + graphicsClassNames + testingClassNames + hamcrestClassNames + ocmockClassNames + ocmockitoClassNames + specClassNames + nimbleClassNames + kiwiClassNames + keyedArchivingClassNames + urlComponentsClassNames + urlSessionClassNames + urlLoadingClassNames + cookieClassNames + streamClassNames + kifClassNames
        + ToManyProperty.Kind.allCases.map(\.proxyClassName)
        + gestureRecognizerClassNames + [
        "CAGradientLayer", "CALayer", "CAShapeLayer", ImageSource.className, "CLLocation", "CLLocationManager", "MKAnnotationView", "MKMapSnapshot", "MKMapSnapshotOptions", "MKMapSnapshotter",
        "MKMapView", "MKMarkerAnnotationView", "MKPinAnnotationView", "MKPointAnnotation", "MKUserLocation", "NSArray", "NSAttributedString", "NSBlock", "NSBundle", "NSCache", "NSCalendar", "NSCharacterSet", "NSCoder", "NSCompoundPredicate", "NSCountedSet", "NSData", "NSDate", "NSDateComponents", "NSDateComponentsFormatter", "NSDateFormatter", "NSDecimalNumber", "NSDecimalNumberHandler", "NSDictionary", "NSEnumerator", "NSError", "NSException", "NSFileCoordinator", "NSFileHandle", "NSFileManager", "NSFormatter", "NSHashTable", "NSPointerArray", "NSProgress", "NSISO8601DateFormatter", "NSIndexPath", "NSIndexSet", "NSInvocation", "NSJSONSerialization", "NSPropertyListSerialization",
        "NSLayoutAnchor", "NSLayoutConstraint", "NSLayoutDimension", "NSLayoutXAxisAnchor", "NSLayoutYAxisAnchor", "NSLocale", "NSMapTable", "NSMethodSignature", "NSMutableArray",
        "NSMutableAttributedString", "NSMutableCharacterSet", "NSMutableData", "NSMutableIndexSet",
        "NSMutableDictionary", "NSMutableOrderedSet", "NSMutableSet", "NSMutableString", "NSMutableURLRequest", "NSNotification", "NSNotificationCenter",
        "NSNull", "NSNumber", "NSNumberFormatter", "NSObject", "NSOrderedSet", "NSPredicate", "NSProcessInfo", "NSProxy", "NSRegularExpression", "NSScanner", "NSSet", "NSSortDescriptor", "NSString", "NSTextCheckingResult", "NSTimeZone", "NSURL", "NSURLRequest", "NSURLResponse", "NSHTTPURLResponse", "NSUUID", "NSUserDefaults", "NSValue", "NSValueTransformer", "Protocol",
        "UIActionSheet", "UIActivityIndicatorView", "UIAlertAction", "UIAlertController", "UIAlertView", "UIApplication", "UIBarButtonItem", "UIBarItem", "UIBezierPath",
        "UIButton", "UICollectionReusableView", "UICollectionView", "UICollectionViewCell", "UICollectionViewController",
        "UICollectionViewFlowLayout", "UICollectionViewLayout", "UICollectionViewLayoutAttributes", "UIColor", "UIControl", "UIDatePicker", "UIDevice", "UIFont", "UIImage", "UIImageView", "UILabel", "UILayoutGuide", "UILocalizedIndexedCollation", "UIMenuController", "UIMenuItem", "UINavigationBar", "UINib",
        "UINavigationController", "UINavigationItem", "UIPageControl", "UIPageViewController", "UIPasteboard", "UIPickerView", "UIProgressView", "UIRefreshControl", "UIResponder", "UIScene", "UISceneConfiguration", "UISceneConnectionOptions", "UISceneSession", "UIScreen", "UIScrollView", "UISearchBar", "UISearchTextField", "UISegmentedControl", "UISlider",
        "UISplitViewController", "UIStepper", "UIStoryboard", "UIStoryboardSegue", "UIStoryboardSegueTemplate", "UISwitch", "UITabBar", "UITabBarController", "UITabBarItem", "UITableView", "UITableViewCell",
        "UITableViewController", "UITextField", "UITextView", "UIToolbar", "UIView", "UIViewController", "UIWindow", "UIWindowScene", "_NSWeakTableEntry", "_UILayoutGuide",
    ]).sorted()
}
