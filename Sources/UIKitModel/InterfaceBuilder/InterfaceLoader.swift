import Runtime

/// Makes the objects an Interface Builder file describes, as UIKit's nib loading does: each
/// object of its `customClass` (else the UIKit class its element names) through
/// `-initWithCoder:`, with what the file sets (frame, text, titles, tag, hidden, alpha,
/// accessibility, user-defined runtime attributes), its subviews added and its keyed
/// objects (`navigationItem`, a table view as a controller's `view`) set; then every
/// outlet, outlet collection and action connected; then `-awakeFromNib` to each object
/// made. A storyboard's controller is made without its view, which it loads from its scene
/// when first asked for it (``loadView(of:from:in:)``); a navigation or tab bar controller
/// gets the controllers its relationship segues name, and every other segue becomes a
/// `UIStoryboardSegueTemplate` of the scene's controller (see
/// ``ClassLibrary/defineStoryboardSegues(in:root:)``). A static table's cells are made
/// with the table, which its controller answers for.
struct InterfaceLoader {
    let runtime: Runtime
    let depth: Int
    /// The file the elements come from, and its root element.
    let file: InterfaceFile
    /// The storyboard the file is, for `storyboard` of the controllers made; nil for a nib.
    let storyboard: Object?
    /// The objects made or given (File's Owner), by their id in the file.
    private var objects: [String: Value] = [:]
    /// Each made object's element with connections, connected once all are made, and
    /// whether its relationship segues are to be followed (not again when a controller's
    /// view loads).
    private var connectionSources: [(object: Value, element: InterfaceElement, relates: Bool)] = []
    private var made: [Object] = []
    /// The id of the controller whose view is loading, whose scene's segues its objects trigger.
    private let ownerID: String

    /// - Parameters:
    ///   - owner: File's Owner of a nib, or the controller whose scene's view is loading.
    ///   - ownerID: the owner's id in the file: File's Owner's, or the controller's.
    init(runtime: Runtime, depth: Int, file: InterfaceFile, storyboard: Object?, owner: Object? = nil, ownerID: String = filesOwnerID) {
        self.runtime = runtime
        self.depth = depth
        self.file = file
        self.storyboard = storyboard
        self.ownerID = ownerID
        if let owner { objects[ownerID] = .object(owner) }
    }

    /// Connects the outlets of the controller whose view is loading (`element` is its
    /// scene's), once its view's objects are made.
    mutating func connectOwner(_ element: InterfaceElement) throws {
        guard let id = element["id"], let owner = objects[id] else { return }
        connectionSources.append((owner, element, false))
    }

    /// Interface Builder's id for File's Owner.
    static let filesOwnerID = "-1"

    /// The UIKit class each element names, where the element is an object.
    static let classNames: [String: String] = [
        "viewController": "UIViewController", "tableViewController": "UITableViewController",
        "collectionViewController": "UICollectionViewController", "navigationController": "UINavigationController",
        "tabBarController": "UITabBarController", "splitViewController": "UISplitViewController", "pageViewController": "UIPageViewController",
        "view": "UIView", "label": "UILabel", "button": "UIButton", "textField": "UITextField", "textView": "UITextView",
        "imageView": "UIImageView", "tableView": "UITableView", "tableViewCell": "UITableViewCell", "collectionView": "UICollectionView",
        "collectionViewCell": "UICollectionViewCell", "collectionReusableView": "UICollectionReusableView",
        "collectionViewFlowLayout": "UICollectionViewFlowLayout", "scrollView": "UIScrollView", "switch": "UISwitch", "slider": "UISlider",
        "segmentedControl": "UISegmentedControl", "activityIndicatorView": "UIActivityIndicatorView", "pickerView": "UIPickerView",
        "navigationBar": "UINavigationBar", "tabBar": "UITabBar", "navigationItem": "UINavigationItem", "barButtonItem": "UIBarButtonItem",
        "tabBarItem": "UITabBarItem", "stackView": "UIStackView", "searchBar": "UISearchBar", "progressView": "UIProgressView",
        "datePicker": "UIDatePicker", "pageControl": "UIPageControl", "stepper": "UIStepper", "toolbar": "UIToolbar",
        "visualEffectView": "UIVisualEffectView", "mapView": "MKMapView", "wkWebView": "WKWebView", "webView": "UIWebView",
        "tapGestureRecognizer": "UITapGestureRecognizer", "panGestureRecognizer": "UIPanGestureRecognizer",
        "swipeGestureRecognizer": "UISwipeGestureRecognizer", "longPressGestureRecognizer": "UILongPressGestureRecognizer",
        "pinchGestureRecognizer": "UIPinchGestureRecognizer", "customObject": "NSObject",
    ]

    /// The content views a cell makes itself: the file's describes it, not another.
    private static let contentViews: Set<String> = ["tableViewCellContentView", "collectionViewCellContentView"]

    // MARK: Making

    /// The object `element` describes, made with everything inside it; nil for an element
    /// that is no object (or a controller's view, which waits for the view to load).
    mutating func make(_ element: InterfaceElement) throws -> Value {
        if element.name == "placeholder" {
            let value: Value = element["placeholderIdentifier"] == "IBFilesOwner" ? objects[Self.filesOwnerID] ?? .nil : .nil
            if let id = element["id"] { objects[id] = value }
            if value != .nil, element.child("connections") != nil { connectionSources.append((value, element, true)) }
            return value
        }
        guard let cls = try objectClass(of: element) else { return .nil }
        // What cannot be decoded (a plain object, a bar item here) is made with `-init`.
        let initWithCoder = try runtime.selector("initWithCoder:")
        let allocated = try runtime.send(runtime.selector("alloc"), to: cls)
        let coder = try runtime.send(runtime.selector("new"), to: runtime.requireClass(named: "NSCoder"))
        let object = runtime.instancesRespond(cls, to: initWithCoder)
            ? try runtime.send(initWithCoder, to: allocated.object, Arguments(coder), nestedAt: depth)
            : try runtime.send(runtime.selector("init"), to: allocated.object, Arguments(), nestedAt: depth)
        guard case .object(let made) = object else { return .nil }
        try configure(made, from: element)
        return object
    }

    /// The class an object element is made of: its custom class when the code has it (or a
    /// stand-in does), else the UIKit class the element names.
    private func objectClass(of element: InterfaceElement) throws -> Class? {
        if let custom = element["customClass"], let cls = try runtime.getClass(named: custom) { return cls }
        guard let name = Self.classNames[element.name] else { return nil }
        return try runtime.getClass(named: name)
    }

    /// Sets what `element` says of `object`, makes what is inside it, and notes its
    /// connections for later.
    private mutating func configure(_ object: Object, from element: InterfaceElement) throws {
        let value = Value.object(object)
        if let id = element["id"] { objects[id] = value }
        made.append(object)
        if let storyboard, isController(object) {
            try setIvar("_storyboard", of: object, to: .object(storyboard))
            // Its scene, whose view it loads when first asked for it.
            try setIvar("_storyboardScene", of: object, to: element["id"].map(Value.string) ?? .nil)
        }
        try applyAttributes(of: element, to: object)
        for child in element.children {
            switch child.name {
            case "rect" where child["key"] == "frame":
                try send("setFrame:", to: value, Geometry.rect(number(child["x"]), number(child["y"]), number(child["width"]), number(child["height"])))
            case "subviews":
                for subview in child.children {
                    let made = try make(subview)
                    if made != .nil { try send("addSubview:", to: value, made) }
                }
            case "connections":
                connectionSources.append((value, element, true))
            case "accessibility":
                if let label = child["label"] { try send("setAccessibilityLabel:", to: value, .string(label)) }
                if let identifier = child["identifier"] { try send("setAccessibilityIdentifier:", to: value, .string(identifier)) }
                if let hint = child["hint"] { try send("setAccessibilityHint:", to: value, .string(hint)) }
                if let isElement = child["isElement"] { try send("setIsAccessibilityElement:", to: value, .bool(isElement == "YES")) }
                // Traits set in the file replace the view's own (a button marked a keyboard key is no button).
                if let traits = child.child("accessibilityTraits") {
                    let set = AccessibilityTrait.names.reduce(0) { bits, trait in
                        let attribute = trait.name.prefix(1).lowercased() + trait.name.dropFirst()
                        return traits[attribute] == "YES" ? bits | trait.value : bits
                    }
                    try send("setAccessibilityTraits:", to: value, .int(set))
                }
            case "state" where child["key"] == "normal":
                if let title = child["title"] { try send("setTitle:forState:", to: value, .string(title), .int(0)) }
            case "string" where child["key"] == "text":
                try send("setText:", to: value, .string(child.text))
            case "userDefinedRuntimeAttributes":
                for attribute in child.children where attribute.name == "userDefinedRuntimeAttribute" {
                    guard let keyPath = attribute["keyPath"], let set = runtimeAttribute(attribute) else { continue }
                    try send("setValue:forKeyPath:", to: value, set, .string(keyPath))
                }
            case "segments":
                for (index, segment) in child.children.enumerated() where segment.name == "segment" {
                    try send("insertSegmentWithTitle:atIndex:animated:", to: value, segment["title"].map(Value.string) ?? .nil, .int(index), .bool(false))
                }
            case "items" where element.name == "toolbar", "toolbarItems":
                // A toolbar's items, and the items a controller shows in its navigation controller's toolbar.
                var items: [Value] = []
                for item in child.children {
                    let made = try make(item)
                    if made != .nil { items.append(made) }
                }
                try send(child.name == "items" ? "setItems:" : "setToolbarItems:", to: value, .array(items))
            case "sections" where element["dataMode"] == "static":
                try makeStaticSections(child, of: object)
            case "cells" where element.name == "collectionView", "prototypes":
                // A collection view's prototype cells are its `cells`.
                for cell in child.children {
                    guard let identifier = cell["reuseIdentifier"], let id = cell["id"] else { continue }
                    let nib = try InterfaceFiles.nib(file: file, element: id, in: runtime)
                    let register = cell.name == "collectionViewCell" ? "registerNib:forCellWithReuseIdentifier:" : "registerNib:forCellReuseIdentifier:"
                    try send(register, to: value, nib, .string(identifier))
                }
            default:
                guard let key = child["key"], key != "view" || !isController(object), let first = key.first, Self.classNames[child.name] != nil
                        || Self.contentViews.contains(child.name) else { continue }
                let setter = try runtime.selector("set\(first.uppercased())\(key.dropFirst()):"), getter = try runtime.selector(key)
                if !Self.contentViews.contains(child.name), runtime.instancesRespond(object.isa, to: setter) {
                    // A keyed object the class takes through a setter: made, then set.
                    let keyed = try make(child)
                    if keyed != .nil { _ = try runtime.send(setter, to: object, Arguments(keyed), nestedAt: depth) }
                } else if runtime.instancesRespond(object.isa, to: getter),
                          case .object(let existing) = try runtime.send(getter, to: object, Arguments(), nestedAt: depth) {
                    // One the object makes itself (a cell's content view, a controller's
                    // navigation item): the file describes it.
                    try configure(existing, from: child)
                }
            }
        }
        if let selected = element["selectedSegmentIndex"].flatMap(Int.init) { try send("setSelectedSegmentIndex:", to: value, .int(selected)) }
        // A cell of a built-in style names the labels inside it that are its own.
        for (attribute, ivar) in [("textLabel", "_textLabel"), ("detailTextLabel", "_detailTextLabel")] {
            if let id = element[attribute], let label = objects[id] { try setIvar(ivar, of: object, to: label) }
        }
    }

    /// A static table's sections: each section's cells, made now, and its header title.
    private mutating func makeStaticSections(_ sections: InterfaceElement, of table: Object) throws {
        var cells: [Value] = [], titles: [Value] = []
        for section in sections.children where section.name == "tableViewSection" {
            var made: [Value] = []
            for cell in section.child("cells")?.children ?? [] {
                let value = try make(cell)
                if value != .nil { made.append(value) }
            }
            cells.append(.array(made))
            titles.append(.string(section["headerTitle"] ?? ""))
        }
        try setIvar("_staticSections", of: table, to: .array(cells))
        try setIvar("_staticSectionTitles", of: table, to: .array(titles))
    }

    /// The element's attributes that are properties UIKit sets from a nib. The selected
    /// segment is set once the segments are in (see ``configure(_:from:)``).
    private func applyAttributes(of element: InterfaceElement, to object: Object) throws {
        let value = Value.object(object)
        // In name order, but the current page after the number of pages it is pinned to.
        for (attribute, text) in element.attributes.sorted(by: { ($0.key == "currentPage" ? 1 : 0, $0.key) < ($1.key == "currentPage" ? 1 : 0, $1.key) }) {
            switch attribute {
            case "text", "placeholder", "title", "reuseIdentifier":
                let setter = "set" + attribute.prefix(1).uppercased() + attribute.dropFirst() + ":"
                if attribute == "reuseIdentifier" { try setIvar("_reuseIdentifier", of: object, to: .string(text)) } else { try send(setter, to: value, .string(text)) }
            case "direction" where element.name == "swipeGestureRecognizer":
                // UISwipeGestureRecognizerDirection's bits, by the words the file writes.
                let bits = text.split(separator: " ").reduce(0) { $0 | (["right": 1, "left": 2, "up": 4, "down": 8][String($1)] ?? 0) }
                try send("setDirection:", to: value, .int(bits == 0 ? 1 : bits))
            case "numberOfTapsRequired", "numberOfTouchesRequired", "minimumNumberOfTouches", "maximumNumberOfTouches":
                try send("set" + attribute.prefix(1).uppercased() + attribute.dropFirst() + ":", to: value, .int(Int(text) ?? 1))
            case "minimumPressDuration", "allowableMovement":
                try send("set" + attribute.prefix(1).uppercased() + attribute.dropFirst() + ":", to: value, .double(Double(text) ?? 0))
            case "tag", "numberOfLines":
                try send("set" + attribute.prefix(1).uppercased() + attribute.dropFirst() + ":", to: value, .int(Int(text) ?? 0))
            case "alpha", "rowHeight":
                try send("set" + attribute.prefix(1).uppercased() + attribute.dropFirst() + ":", to: value, .double(Double(text) ?? 0))
            case "hidden", "enabled", "selected", "highlighted", "on", "userInteractionEnabled", "clipsSubviews":
                let property = attribute == "clipsSubviews" ? "clipsToBounds" : attribute
                try send("set" + property.prefix(1).uppercased() + property.dropFirst() + ":", to: value, .bool(text == "YES"))
            case "value", "minValue", "maxValue", "minimumValue", "maximumValue", "stepValue":
                let setter = ["value": "setValue:", "minValue": "setMinimumValue:", "maxValue": "setMaximumValue:",
                              "minimumValue": "setMinimumValue:", "maximumValue": "setMaximumValue:", "stepValue": "setStepValue:"][attribute] ?? ""
                // `value` of a slider or a stepper, not KVC's setValue: of any object.
                if element.name == "slider" || element.name == "stepper" || attribute != "value" {
                    try send(setter, to: value, .double(Double(text) ?? 0))
                }
            case "progress" where element.name == "progressView":
                try send("setProgress:", to: value, .double(Double(text) ?? 0))
            case "numberOfPages", "currentPage":
                try send("set" + attribute.prefix(1).uppercased() + attribute.dropFirst() + ":", to: value, .int(Int(text) ?? 0))
            case "datePickerMode" where element.name == "datePicker":
                let mode = ["time": 0, "date": 1, "dateAndTime": 2, "countDownTimer": 3][text] ?? 2
                try send("setDatePickerMode:", to: value, .int(mode))
            case "minuteInterval" where element.name == "datePicker":
                try send("setMinuteInterval:", to: value, .int(Int(text) ?? 1))
            case "image" where element.name == "imageView":
                let image = try runtime.send(runtime.selector("imageNamed:"), toValue: .object(try runtime.requireClass(named: "UIImage")), Arguments(.string(text)), nestedAt: depth)
                try send("setImage:", to: value, image)
            default: break
            }
        }
        // The file's default is YES for every view: Interface Builder writes NO out for the
        // labels and image views that keep UIKit's own default, so one without the
        // attribute was made to take touches (a label with gesture recognizers).
        if element["userInteractionEnabled"] == nil, element.name == "label" || element.name == "imageView" {
            try send("setUserInteractionEnabled:", to: value, .bool(true))
        }
    }

    /// The value of a user-defined runtime attribute, by its type.
    private func runtimeAttribute(_ element: InterfaceElement) -> Value? {
        let text = element["value"] ?? element.child("real")?["value"] ?? element.child("integer")?["value"]
        switch element["type"] {
        case "string", "localizedString": return text.map(Value.string)
        case "number": return text.flatMap { Int($0).map(Value.int) ?? Double($0).map(Value.double) }
        case "boolean": return .bool(text == "YES")
        case "nil": return .nil
        default: return nil
        }
    }

    // MARK: Connecting

    /// Connects every outlet, outlet collection and action noted, and the relationship
    /// segues of container controllers; then sends `-awakeFromNib` to each object made.
    mutating func finish() throws {
        // Connecting may make more (a segue's destination), whose connections come next.
        while !connectionSources.isEmpty {
            let pending = connectionSources
            connectionSources = []
            try connect(pending)
        }
        let awake = try runtime.selector("awakeFromNib")
        for object in made { _ = try runtime.send(awake, to: object, Arguments(), nestedAt: depth) }
        made = []
    }

    private mutating func connect(_ sources: [(object: Value, element: InterfaceElement, relates: Bool)]) throws {
        for (source, element, relates) in sources {
            guard let connections = element.child("connections") else { continue }
            var collections: [String: [Value]] = [:]
            for connection in connections.children {
                switch connection.name {
                case "outlet":
                    guard let property = connection["property"], let destination = try object(withID: connection["destination"]) else { continue }
                    // An object whose custom class the code does not have (a Swift class) is
                    // its UIKit class, which UIKit would make too; its outlets it lacks are
                    // left unset, where UIKit would raise and end the app's launch.
                    if let custom = element["customClass"], case .object(let made) = source, made.isa.name != custom,
                       !(try Self.hasKey(property, in: made.isa, runtime: runtime)) { continue }
                    try send("setValue:forKey:", to: source, destination, .string(property))
                case "outletCollection":
                    guard let property = connection["property"], let destination = try object(withID: connection["destination"]) else { continue }
                    collections[property, default: []].append(destination)
                case "action":
                    guard let selector = connection["selector"], case .object(let control) = source else { continue }
                    let target = try object(withID: connection["destination"]) ?? .nil
                    let event = Self.controlEvents[connection["eventType"] ?? "touchUpInside"] ?? 1 << 6
                    let action = Value.selector(try runtime.selector(selector))
                    if runtime.instancesRespond(control.isa, to: try runtime.selector("addTarget:action:forControlEvents:")) {
                        try send("addTarget:action:forControlEvents:", to: source, target, action, .int(event))
                    } else if runtime.instancesRespond(control.isa, to: try runtime.selector("addTarget:action:")) {
                        try send("addTarget:action:", to: source, target, action) // a gesture recognizer
                    } else {
                        // A bar button item keeps one target and action.
                        try send("setTarget:", to: source, target)
                        try send("setAction:", to: source, action)
                    }
                case "segue" where relates && connection["kind"] == "relationship":
                    try relate(source, connection)
                case "segue" where relates:
                    try keepSegue(connection, triggeredBy: source)
                default: break
                }
            }
            for (property, members) in collections.sorted(by: { $0.key < $1.key }) {
                // A view's gesture recognizers are added, so each knows its view.
                if property == "gestureRecognizers" {
                    for recognizer in members { try send("addGestureRecognizer:", to: source, recognizer) }
                } else {
                    try send("setValue:forKey:", to: source, .array(members), .string(property))
                }
            }
        }
    }

    /// A container's relationship segue: a navigation controller's root, a tab bar
    /// controller's (or a page's) controllers, in the order the file lists them.
    private mutating func relate(_ source: Value, _ segue: InterfaceElement) throws {
        guard let destination = try object(withID: segue["destination"]) else { return }
        switch segue["relationship"] {
        case "rootViewController":
            try send("setViewControllers:", to: source, .array([destination]))
        case "viewControllers":
            let existing = try runtime.send(runtime.selector("viewControllers"), toValue: source, Arguments(), nestedAt: depth)
            try send("setViewControllers:", to: source, .array((existing.arrayContents ?? []) + [destination]))
        default: break
        }
    }

    /// A segue other than a relationship, kept by the scene's controller as a template: the
    /// controller itself is its source, and a control, bar button item or cell triggers it.
    private func keepSegue(_ segue: InterfaceElement, triggeredBy source: Value) throws {
        guard let storyboard, let destination = segue["destination"], case .object(let trigger) = source else { return }
        let controller = isController(trigger) ? trigger : objects[ownerID]?.object
        guard let controller, let templateClass = try runtime.getClass(named: "UIStoryboardSegueTemplate") else { return }
        let template = try runtime.createInstance(of: templateClass)
        try runtime.setIvars(of: template, [
            "_identifier": segue["identifier"].map(Value.string) ?? .nil, "_destination": .string(destination),
            "_kind": .string(segue["kind"] ?? "show"), "_segueClassName": segue["customClass"].map(Value.string) ?? .nil,
            "_storyboard": .object(storyboard), "_sourceController": .object(controller),
        ])
        let kept = try runtime.ivarValue("_segueTemplates", of: controller).arrayContents ?? []
        try setIvar("_segueTemplates", of: controller, to: .array(kept + [.object(template)]))
        guard trigger !== controller else { return }
        let perform = Value.selector(try runtime.selector("_perform:"))
        if runtime.ivar(named: "_segueTemplate", in: trigger.isa) != nil {
            try setIvar("_segueTemplate", of: trigger, to: .object(template)) // a cell
        } else if runtime.instancesRespond(trigger.isa, to: try runtime.selector("addTarget:action:forControlEvents:")) {
            try send("addTarget:action:forControlEvents:", to: source, .object(template), perform, .int(ClassLibrary.touchUpInside))
        } else {
            // A bar button item keeps one target and action.
            try send("setTarget:", to: source, .object(template))
            try send("setAction:", to: source, perform)
        }
    }

    /// The object with `id` in the file: one made already, else an object at the top of a
    /// scene, made now (a segue's destination controller, a gesture recognizer beside it).
    private mutating func object(withID id: String?) throws -> Value? {
        guard let id else { return nil }
        if let found = objects[id] { return found == .nil ? nil : found }
        guard storyboard != nil, let element = file.sceneObjects.first(where: { $0["id"] == id }), element.name != "placeholder" else { return nil }
        let made = try make(element)
        return made == .nil ? nil : made
    }

    /// Whether every outlet of the element's own connections is a property or an instance
    /// variable `cls` has, so its objects connect without an unknown key.
    static func outlets(of element: InterfaceElement, fit cls: Class, in runtime: Runtime) throws -> Bool {
        let connections = element.child("connections")?.children ?? []
        let outlets = connections.filter { $0.name == "outlet" || $0.name == "outletCollection" }.compactMap { $0["property"] }
        return try outlets.allSatisfy { try hasKey($0, in: cls, runtime: runtime) }
    }

    /// Whether instances of `cls` take `property` through key-value coding: a setter, or an
    /// instance variable of its name.
    private static func hasKey(_ property: String, in cls: Class, runtime: Runtime) throws -> Bool {
        guard let first = property.first else { return true }
        return runtime.instancesRespond(cls, to: try runtime.selector("set\(first.uppercased())\(property.dropFirst()):"))
            || runtime.ivar(named: "_" + property, in: cls) != nil || runtime.ivar(named: property, in: cls) != nil
    }

    static let controlEvents: [String: Int] = [
        "touchDown": 1 << 0, "touchDownRepeat": 1 << 1, "touchDragInside": 1 << 2, "touchDragOutside": 1 << 3, "touchDragEnter": 1 << 4,
        "touchDragExit": 1 << 5, "touchUpInside": 1 << 6, "touchUpOutside": 1 << 7, "touchCancel": 1 << 8, "valueChanged": 1 << 12,
        "primaryActionTriggered": 1 << 13, "editingDidBegin": 1 << 16, "editingChanged": 1 << 17, "editingDidEnd": 1 << 18,
        "editingDidEndOnExit": 1 << 19,
    ]

    // MARK: Helpers

    private func isController(_ object: Object) -> Bool {
        guard let controller = runtime.class(named: "UIViewController") else { return false }
        return object.isKind(of: controller)
    }

    /// Sends a setter when the object has it: what the model lacks is left unset rather
    /// than answered by a stand-in, as a nib sets only what the class has.
    private func send(_ selector: String, to receiver: Value, _ arguments: Value...) throws {
        let sel = try runtime.selector(selector)
        guard case .object(let object) = receiver, runtime.instancesRespond(object.isa, to: sel) else { return }
        _ = try runtime.send(sel, to: object, Arguments(arguments), nestedAt: depth)
    }

    private func setIvar(_ name: String, of object: Object, to value: Value) throws {
        guard runtime.ivar(named: name, in: object.isa) != nil else { return }
        try runtime.setIvar(name, of: object, to: value)
    }

    private func number(_ text: String?) -> Double { text.flatMap(Double.init) ?? 0 }
}
