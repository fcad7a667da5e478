import Runtime
import Testing
import UIKitModel

@Suite("UIKit views, controls and resources")
struct UIKitControlTests {
    let library: ClassLibrary
    var runtime: Runtime { library.runtime }

    init() throws { library = try ClassLibrary() }

    func new(_ name: String) throws -> Object { try #require(try runtime.send("new", to: runtime.requireClass(named: name)).object) }

    @Test func controlsKeepTargetActionAndState() throws {
        let log = Log()
        let target = try runtime.registerClass(named: "MMTarget", superclass: runtime.requireClass(named: "NSObject")) { c in
            try c.addMethod("changed:", types: "v@:@") { m in log.append("changed \(m[0])"); return .nil }
        }
        let object = try #require(try runtime.send("new", to: target).object)
        let toggle = try new("UISwitch")
        #expect(try runtime.requireClass(named: "UISwitch").superclass?.name == "UIControl")
        #expect(try runtime.requireClass(named: "UITextField").superclass?.name == "UIControl")
        try runtime.send("addTarget:action:forControlEvents:", to: toggle, .object(object), .selector(runtime.selector("changed:")), .int(1 << 12))
        try runtime.send("setOn:animated:", to: toggle, true, true)
        #expect(try runtime.send("isOn", to: toggle) == true)
        #expect(log.take().isEmpty)
        try runtime.send("sendActionsForControlEvents:", to: toggle, .int(1 << 12))
        #expect(log.take() == ["changed \(toggle)"])
        try runtime.send("removeTarget:action:forControlEvents:", to: toggle, .object(object), .nil, .int(1 << 12))
        try runtime.send("sendActionsForControlEvents:", to: toggle, .int(1 << 12))
        #expect(log.take().isEmpty)
        #expect(try runtime.send("isEnabled", to: toggle) == true)
        try runtime.send("setEnabled:", to: toggle, false)
        try runtime.send("setSelected:", to: toggle, true)
        #expect(try runtime.send("state", to: toggle) == 6)
    }

    /// A control and a gesture recognizer hold their targets without keeping them alive,
    /// as UIKit's do: a target that goes away leaves the control (it answers `allTargets`
    /// without it) and its recognizer's actions are not sent.
    @Test func controlsAndRecognizersDoNotKeepTheirTargetsAlive() throws {
        let log = Log()
        let targetClass = try runtime.registerClass(named: "MMWeakTarget", superclass: runtime.requireClass(named: "NSObject")) { c in
            try c.addMethod("tapped:", types: "v@:@") { _ in log.append("tapped"); return .nil }
        }
        let button = try new("UIButton"), tapped = try runtime.selector("tapped:")
        weak var gone: Object?
        let recognizer: Object
        do {
            let target = try #require(try runtime.send("new", to: targetClass).object)
            gone = target
            try runtime.send("addTarget:action:forControlEvents:", to: button, .object(target), .selector(tapped), .int(1 << 6))
            recognizer = try #require(try runtime.send("alloc", to: runtime.requireClass(named: "UITapGestureRecognizer")).object)
            _ = try runtime.send("initWithTarget:action:", to: recognizer, .object(target), .selector(tapped))
            #expect(try runtime.send("count", to: runtime.send("allTargets", to: button).object) == 1)
            try runtime.send("sendActionsForControlEvents:", to: button, .int(1 << 6))
            #expect(log.take() == ["tapped"])
        }
        #expect(gone == nil)
        #expect(try runtime.send("count", to: runtime.send("allTargets", to: button).object) == 0)
        try runtime.send("removeTarget:action:forControlEvents:", to: button, .nil, .nil, .int(1 << 6))
        _ = recognizer
    }

    /// A refresh control refreshes between `beginRefreshing` and `endRefreshing`, and a
    /// table view controller or a scroll view holds one.
    @Test func aRefreshControlRefreshesUntilEnded() throws {
        let refresh = try new("UIRefreshControl")
        #expect(try runtime.requireClass(named: "UIRefreshControl").superclass?.name == "UIControl")
        #expect(try runtime.send("isRefreshing", to: refresh) == false)
        try runtime.send("beginRefreshing", to: refresh)
        #expect(try runtime.send("isRefreshing", to: refresh) == true)
        try runtime.send("endRefreshing", to: refresh)
        #expect(try runtime.send("isRefreshing", to: refresh) == false)
        for holder in ["UITableViewController", "UIScrollView"] {
            let object = try new(holder)
            try runtime.send("setRefreshControl:", to: object, .object(refresh))
            #expect(try runtime.send("refreshControl", to: object).object === refresh)
        }
    }

    @Test func viewsHaveALayerAndTheAccessibilityAndMarginsAppsSet() throws {
        let view = try new("UIView")
        let layer = try #require(try runtime.send("layer", to: view).object)
        #expect(layer.isa.name == "CALayer")
        #expect(try runtime.send("layer", to: view).object === layer)
        #expect(try runtime.send("opacity", to: layer) == 1.0)
        try runtime.send("setCornerRadius:", to: layer, 4.0)
        try runtime.send("setMasksToBounds:", to: layer, true)
        try runtime.send("addSublayer:", to: layer, .object(try new("CALayer")))
        #expect(try runtime.send("cornerRadius", to: layer) == 4.0)
        guard case .array(let sublayers) = try runtime.send("sublayers", to: layer) else { Issue.record("no sublayers"); return }
        #expect(sublayers.count == 1)
        try runtime.send("setAccessibilityHint:", to: view, "Opens the note")
        try runtime.send("setAccessibilityTraits:", to: view, .int(1))
        #expect(try runtime.send("accessibilityHint", to: view) == "Opens the note")
        #expect(try runtime.send("accessibilityTraits", to: view) == 1)
        // UIKit's default margins are 8 points each side.
        guard case .structure(let margins) = try runtime.send("layoutMargins", to: view) else { Issue.record("no margins"); return }
        #expect(margins.fields == [8.0, 8.0, 8.0, 8.0])
        #expect(try runtime.send("tintColorDidChange", to: view) == .nil)
    }

    @Test func aSelectedCellsTraitsSayItIsSelected() throws {
        for name in ["UITableViewCell", "UICollectionViewCell"] {
            let cell = try new(name)
            #expect(try runtime.send("accessibilityTraits", to: cell) == 0, "\(name)")
            try runtime.send("setSelected:", to: cell, true)
            // UIAccessibilityTraitSelected.
            #expect(try runtime.send("accessibilityTraits", to: cell) == 8, "\(name)")
        }
    }

    @Test func theStatusBarCoversTheTopOfTheScreenUntilHidden() throws {
        let application = try runtime.send("sharedApplication", to: runtime.requireClass(named: "UIApplication"))
        #expect(try runtime.send("statusBarFrame", to: application.object).description == "{{0, 0}, {375, 20}}")
        #expect(try runtime.send("statusBarOrientation", to: application.object) == 1)
        try runtime.send("setStatusBarHidden:withAnimation:", to: application.object, true, 0)
        #expect(try runtime.send("isStatusBarHidden", to: application.object) == true)
        #expect(try runtime.send("statusBarFrame", to: application.object).description == "{{0, 0}, {0, 0}}")
    }

    @Test func buttonsHaveTitlesPerState() throws {
        let button = try #require(try runtime.send("buttonWithType:", to: runtime.requireClass(named: "UIButton"), 1).object)
        #expect(try runtime.send("buttonType", to: button) == 1)
        try runtime.send("setTitle:forState:", to: button, "Go", 0)
        try runtime.send("setTitle:forState:", to: button, "Going", 1)
        #expect(try runtime.send("currentTitle", to: button) == "Go")
        #expect(try runtime.send("titleForState:", to: button, 4) == "Go")
        try runtime.send("setHighlighted:", to: button, true)
        #expect(try runtime.send("currentTitle", to: button) == "Going")
        #expect(try runtime.send("text", to: try runtime.send("titleLabel", to: button).object) == "Going")
        // The title property reads and sets the normal title.
        try runtime.send("setTitle:", to: button, "Stop")
        #expect(try runtime.send("titleForState:", to: button, 0) == "Stop")
    }

    @Test func slidersSegmentsAndIndicators() throws {
        let slider = try new("UISlider")
        #expect(try runtime.send("maximumValue", to: slider) == 1.0)
        try runtime.send("setValue:animated:", to: slider, 2.0, false)
        #expect(try runtime.send("value", to: slider) == 1.0)
        try runtime.send("setMaximumValue:", to: slider, 10.0)
        try runtime.send("setValue:", to: slider, 5.0)
        #expect(try runtime.send("value", to: slider) == 5.0)

        let segments = try runtime.send("initWithItems:", to: try runtime.send("alloc", to: runtime.requireClass(named: "UISegmentedControl")).object, ["A", "B"])
        #expect(try runtime.send("numberOfSegments", to: segments.object) == 2)
        #expect(try runtime.send("selectedSegmentIndex", to: segments.object) == -1)
        try runtime.send("setSelectedSegmentIndex:", to: segments.object, 1)
        #expect(try runtime.send("titleForSegmentAtIndex:", to: segments.object, 1) == "B")
        #expect(throws: ClassLibraryError.self) { try runtime.send("setSelectedSegmentIndex:", to: segments.object, 2) }

        let spinner = try new("UIActivityIndicatorView")
        #expect(try runtime.send("isHidden", to: spinner) == true)
        try runtime.send("startAnimating", to: spinner)
        #expect(try runtime.send("isAnimating", to: spinner) == true && (try runtime.send("isHidden", to: spinner)) == false)
        try runtime.send("stopAnimating", to: spinner)
        #expect(try runtime.send("isHidden", to: spinner) == true)
    }

    @Test func viewsKeepGeometryTagsOrderAndLayout() throws {
        let log = Log()
        let cls = try runtime.registerClass(named: "MMLaidOut", superclass: runtime.requireClass(named: "UIView")) { c in
            try c.addMethod("layoutSubviews", types: "v@:") { m in log.append("layout"); return try m.sendSuper() }
        }
        let view = try #require(try runtime.send("new", to: cls).object)
        let frame = try runtime.send("bounds", to: try runtime.send("mainScreen", to: runtime.requireClass(named: "UIScreen")).object)
        try runtime.send("setFrame:", to: view, frame)
        #expect(try runtime.send("bounds", to: view).description == "{{0, 0}, {375, 667}}")
        #expect(try runtime.send("center", to: view).description == "{187.5, 333.5}")
        try runtime.send("layoutIfNeeded", to: view)
        try runtime.send("layoutIfNeeded", to: view)
        #expect(log.take() == ["layout"])
        try runtime.send("setNeedsLayout", to: view)
        try runtime.send("layoutIfNeeded", to: view)
        #expect(log.take() == ["layout"])
        let (a, b) = (try new("UILabel"), try new("UIImageView"))
        try runtime.send("setTag:", to: b, 7)
        try runtime.send("addSubview:", to: view, .object(a))
        try runtime.send("insertSubview:atIndex:", to: view, .object(b), 0)
        #expect(try runtime.send("subviews", to: view) == [.object(b), .object(a)])
        try runtime.send("bringSubviewToFront:", to: view, .object(b))
        #expect(try runtime.send("subviews", to: view) == [.object(a), .object(b)])
        #expect(try runtime.send("viewWithTag:", to: view, 7) == .object(b))
        #expect(try runtime.send("viewWithTag:", to: view, 8) == .nil)
        #expect(try runtime.send("isUserInteractionEnabled", to: view) == true && (try runtime.send("isUserInteractionEnabled", to: a)) == false)
        #expect(try runtime.send("translatesAutoresizingMaskIntoConstraints", to: view) == true)
        try runtime.send("setBackgroundColor:", to: view, try runtime.send("redColor", to: runtime.requireClass(named: "UIColor")))
        #expect(try runtime.send("description", to: try runtime.send("backgroundColor", to: view).object) == "UIExtendedSRGBColorSpace 1 0 0 1")
        #expect(try runtime.send("pointSize", to: try runtime.send("font", to: a).object) == 17.0)
    }

    @Test func textFieldsBecomeFirstResponderAskingTheirDelegate() throws {
        let log = Log()
        let cls = try runtime.registerClass(named: "MMFieldDelegate", superclass: runtime.requireClass(named: "NSObject")) { c in
            try c.addMethod("textFieldShouldBeginEditing:", types: "B@:@") { _ in log.append("should begin"); return true }
            try c.addMethod("textFieldDidEndEditing:", types: "v@:@") { _ in log.append("did end"); return .nil }
        }
        let delegate = try #require(try runtime.send("new", to: cls).object)
        let (field, other) = (try new("UITextField"), try new("UITextField"))
        try runtime.send("setDelegate:", to: field, .object(delegate))
        #expect(try runtime.send("becomeFirstResponder", to: try new("UIView")) == false)
        #expect(try runtime.send("becomeFirstResponder", to: field) == true)
        #expect(try runtime.send("isFirstResponder", to: field) == true && (try runtime.send("isEditing", to: field)) == true)
        #expect(try runtime.send("becomeFirstResponder", to: other) == true)
        #expect(try runtime.send("isFirstResponder", to: field) == false)
        #expect(log.take() == ["should begin", "did end"])
        try runtime.send("setSecureTextEntry:", to: field, true)
        #expect(try runtime.send("isSecureTextEntry", to: field) == true)
    }

    @Test func textViewsStartEmptyAndEditableAndPostAsTheyEdit() throws {
        let log = Log()
        let cls = try runtime.registerClass(named: "MMNotesWatcher", superclass: runtime.requireClass(named: "NSObject")) { c in
            try c.addMethod("textViewShouldEndEditing:", types: "B@:@") { _ in log.append("should end"); return true }
            try c.addMethod("heard:", types: "v@:@") { m in
                log.append("heard \(try m.send("name", to: m[0].object))")
                return .nil
            }
        }
        let watcher = try #require(try runtime.send("new", to: cls).object)
        let center = try runtime.send("defaultCenter", to: runtime.requireClass(named: "NSNotificationCenter")).object
        for name in ["UITextViewTextDidBeginEditingNotification", "UITextViewTextDidEndEditingNotification", "UITextFieldTextDidBeginEditingNotification"] {
            try runtime.send("addObserver:selector:name:object:", to: center, .object(watcher), .selector(runtime.selector("heard:")), .string(name), .nil)
        }
        let notes = try new("UITextView")
        #expect(try runtime.requireClass(named: "UITextView").superclass?.name == "UIScrollView")
        #expect(try runtime.send("text", to: notes) == "" && (try runtime.send("isEditable", to: notes)) == true)
        try runtime.send("setText:", to: notes, .nil)
        #expect(try runtime.send("text", to: notes) == "" && (try runtime.send("hasText", to: notes)) == false)
        #expect(try runtime.send("pointSize", to: try runtime.send("font", to: notes).object) == 12.0)
        #expect(try runtime.send("textContainerInset", to: notes).description == "{8, 0, 8, 0}")
        try runtime.send("setDelegate:", to: notes, .object(watcher))
        #expect(try runtime.send("becomeFirstResponder", to: notes) == true)
        #expect(try runtime.send("becomeFirstResponder", to: try new("UITextField")) == true)
        #expect(log.take() == [
            "heard \"UITextViewTextDidBeginEditingNotification\"", "should end", "heard \"UITextViewTextDidEndEditingNotification\"",
            "heard \"UITextFieldTextDidBeginEditingNotification\"",
        ])
        // Neither editable nor selectable, it cannot become first responder.
        try runtime.send("setEditable:", to: notes, false)
        try runtime.send("setSelectable:", to: notes, false)
        #expect(try runtime.send("canBecomeFirstResponder", to: notes) == false)
    }

    @Test func colorsFontsImagesScreenAndDevice() throws {
        let color = try runtime.requireClass(named: "UIColor")
        let white = try runtime.send("whiteColor", to: color)
        let same = try runtime.send("colorWithWhite:alpha:", to: color, 1.0, 1.0)
        #expect(try runtime.send("isEqual:", to: white.object, same) == true)
        #expect(try runtime.send("hash", to: white.object) == (try runtime.send("hash", to: same.object)))
        let faded = try runtime.send("colorWithAlphaComponent:", to: white.object, 0.5)
        #expect(try runtime.send("description", to: faded.object) == "UIExtendedSRGBColorSpace 1 1 1 0.5")
        let red = try runtime.send("colorWithHue:saturation:brightness:alpha:", to: color, 0.0, 1.0, 1.0, 1.0)
        #expect(try runtime.send("isEqual:", to: red.object, try runtime.send("redColor", to: color)) == true)

        let font = try runtime.requireClass(named: "UIFont")
        let bold = try runtime.send("boldSystemFontOfSize:", to: font, 20.0)
        #expect(try runtime.send("pointSize", to: bold.object) == 20.0)
        #expect(try runtime.send("pointSize", to: try runtime.send("fontWithSize:", to: bold.object, 12.0).object) == 12.0)
        #expect(try runtime.send("fontName", to: try runtime.send("fontWithName:size:", to: font, "Menlo", 11.0).object) == "Menlo")
        #expect(try runtime.send("pointSize", to: try runtime.send("preferredFontForTextStyle:", to: font, "UICTFontTextStyleHeadline").object) == 17.0)
        #expect(throws: ClassLibraryError.self) { try runtime.send("preferredFontForTextStyle:", to: font, 3) }
        // A string that names no style is named in the error, with the styles that are.
        let unknownStyle = #expect(throws: ClassLibraryError.self) { try runtime.send("preferredFontForTextStyle:", to: font, "UICTFontTextStyleHuge") }
        #expect(unknownStyle?.description.hasSuffix("as argument 1, but got the string \"UICTFontTextStyleHuge\"") == true)

        let image = try runtime.requireClass(named: "UIImage")
        #expect(try runtime.send("imageNamed:", to: image, "") == .nil)
        #expect(try runtime.send("imageNamed:", to: image, .nil) == .nil)
        let icon = try runtime.send("imageNamed:", to: image, "icon")
        let template = try runtime.send("imageWithRenderingMode:", to: icon.object, 2)
        #expect(try runtime.send("renderingMode", to: template.object) == 2)
        #expect(try runtime.send("isEqual:", to: icon.object, try runtime.send("imageNamed:", to: image, "icon")) == true)
        let imageView = try runtime.send("initWithImage:", to: try runtime.send("alloc", to: runtime.requireClass(named: "UIImageView")).object, icon)
        #expect(try runtime.send("image", to: imageView.object) == icon)

        let screen = try runtime.send("mainScreen", to: runtime.requireClass(named: "UIScreen"))
        #expect(screen == (try runtime.send("mainScreen", to: runtime.requireClass(named: "UIScreen"))))
        #expect(try runtime.send("scale", to: screen.object) == 2.0)
        let device = try runtime.send("currentDevice", to: runtime.requireClass(named: "UIDevice"))
        #expect(try runtime.send("systemVersion", to: device.object) == "17.0")
        #expect(try runtime.send("model", to: device.object) == "iPhone")
        #expect(try runtime.send("userInterfaceIdiom", to: device.object) == 0)
        // The app's vendor identifier is one for the device, the same on every run.
        let vendor = try runtime.send("identifierForVendor", to: device.object)
        #expect(try runtime.send("UUIDString", to: vendor.object) == .string(ClassLibrary.vendorIdentifier))
        #expect(try runtime.send("identifierForVendor", to: device.object) == vendor)
    }

    @Test func scrollViewsTellTheirDelegateOfScrolling() throws {
        let log = Log()
        let cls = try runtime.registerClass(named: "MMScrollWatcher", superclass: runtime.requireClass(named: "NSObject")) { c in
            try c.addMethod("scrollViewDidScroll:", types: "v@:@") { m in
                let offset = try m.send("contentOffset", to: m[0].object)
                log.append("\(offset)")
                return .nil
            }
        }
        let watcher = try #require(try runtime.send("new", to: cls).object)
        let scroll = try new("UIScrollView")
        try runtime.send("setDelegate:", to: scroll, .object(watcher))
        #expect(try runtime.send("isScrollEnabled", to: scroll) == true)
        let offset = Value.structure(StructValue(name: "CGPoint", fieldNames: ["x", "y"], fields: [.double(0), .double(100)]))
        try runtime.send("setContentOffset:animated:", to: scroll, offset, true)
        #expect(log.take() == ["{0, 100}"])
        #expect(try runtime.send("bounds", to: scroll).description == "{{0, 100}, {0, 0}}")
        let pan = try runtime.send("panGestureRecognizer", to: scroll)
        #expect(pan.object?.isa.name == "UIPanGestureRecognizer")
        #expect(try runtime.send("panGestureRecognizer", to: scroll) == pan)
        #expect(try runtime.send("gestureRecognizers", to: scroll) == .array([pan]))
    }

    @Test func theFrameworkProtocolsAreRegisteredWithTheirMethods() throws {
        let dataSource = try #require(runtime.protocol(named: "UITableViewDataSource"))
        #expect(dataSource.requiredMethods.map(\.selector.name) == ["tableView:numberOfRowsInSection:", "tableView:cellForRowAtIndexPath:"])
        let delegate = try #require(runtime.protocol(named: "UITableViewDelegate"))
        #expect(delegate.inheritedProtocols.map(\.name) == ["UIScrollViewDelegate"])
        for name in ["UICollectionViewDataSource", "UICollectionViewDelegate", "UIAlertViewDelegate", "UIActionSheetDelegate", "UINavigationControllerDelegate",
                     "UITabBarControllerDelegate", "UISplitViewControllerDelegate", "UIGestureRecognizerDelegate", "UIPickerViewDataSource",
                     "UIPickerViewDelegate", "UISearchBarDelegate", "UIWebViewDelegate", "UITextFieldDelegate", "NSCoding", "NSCopying",
                     "NSFetchedResultsControllerDelegate", "NSURLSessionDelegate", "NSURLConnectionDelegate", "NSURLConnectionDataDelegate"] {
            #expect(runtime.protocol(named: name) != nil, "\(name)")
        }
        let controller = try new("UITableViewController")
        #expect(try runtime.send("conformsToProtocol:", to: controller, .protocol(dataSource)) == true)
    }

    /// A progress view pins its progress to 0...1 and reads it as a percentage; a stepper
    /// keeps its value between its bounds, steps by its step on a tap (wrapping when it
    /// wraps) and sends its action only then; a page control pins its page to its pages.
    @Test func progressStepperAndPageControlKeepTheirValuesInRange() throws {
        let progress = try new("UIProgressView")
        try runtime.send("setProgress:animated:", to: progress, .double(1.7), true)
        #expect(try runtime.send("progress", to: progress) == .double(1))
        try runtime.send("setProgress:", to: progress, .double(0.26))
        #expect(try runtime.send("accessibilityValue", to: progress) == .string("26%"))

        let log = Log()
        let target = try runtime.registerClass(named: "MMStepTarget", superclass: runtime.requireClass(named: "NSObject")) { c in
            try c.addMethod("stepped:", types: "v@:@") { m in
                if let sender = m[0].object { log.append("\(try m.runtime.send("value", to: sender))") }
                return .nil
            }
        }
        let stepper = try new("UIStepper")
        // Kept here: a control does not keep its target alive.
        let steppedTarget = try #require(try runtime.send("new", to: target).object)
        defer { withExtendedLifetime(steppedTarget) {} }
        try runtime.send("addTarget:action:forControlEvents:", to: stepper, .object(steppedTarget),
                         .selector(runtime.selector("stepped:")), .int(1 << 12))
        try runtime.send("setMaximumValue:", to: stepper, .double(2))
        try runtime.send("setValue:", to: stepper, .double(5))
        #expect(try runtime.send("value", to: stepper) == .double(2))
        #expect(log.take().isEmpty)
        try library.tapStepper(view: stepper, increment: true)
        #expect(log.take().isEmpty, "at the maximum, a tap changes nothing")
        try runtime.send("setWraps:", to: stepper, true)
        try library.tapStepper(view: stepper, increment: true)
        try library.tapStepper(view: stepper, increment: false)
        #expect(log.take() == ["0.0", "2.0"])

        let pages = try new("UIPageControl")
        try runtime.send("setNumberOfPages:", to: pages, .int(3))
        try runtime.send("setCurrentPage:", to: pages, .int(7))
        #expect(try runtime.send("currentPage", to: pages) == .int(2))
        #expect(try runtime.send("accessibilityValue", to: pages) == .string("page 3 of 3"))
    }
}
