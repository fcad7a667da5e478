import Runtime

extension ClassLibrary {
    /// MapKit's annotations: `MKPointAnnotation` (a coordinate with a title and subtitle),
    /// `MKUserLocation` (the device's place while a map shows it, titled "My Location"), and
    /// the `MKAnnotation` protocol they adopt.
    static func defineMapAnnotations(in runtime: Runtime, root: Class) throws {
        try ProtocolDeclaration.register([
            ProtocolDeclaration(name: "MKAnnotation", required: [("coordinate", "\(coordinateType)@:")], optional: [
                ("title", "@@:"), ("subtitle", "@@:"), ("setCoordinate:", "v@:\(coordinateType)"),
            ]),
            ProtocolDeclaration(name: "MKMapViewDelegate", optional: [
                ("mapView:viewForAnnotation:", "@@:@@"), ("mapView:didAddAnnotationViews:", "v@:@@"),
                ("mapView:regionWillChangeAnimated:", "v@:@B"), ("mapView:regionDidChangeAnimated:", "v@:@B"),
                ("mapView:didSelectAnnotationView:", "v@:@@"), ("mapView:didDeselectAnnotationView:", "v@:@@"),
                ("mapView:annotationView:calloutAccessoryControlTapped:", "v@:@@@"), ("mapView:didUpdateUserLocation:", "v@:@@"),
                ("mapViewDidFinishLoadingMap:", "v@:@"), ("mapView:rendererForOverlay:", "@@:@@"),
            ]),
        ], in: runtime)
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "MKPointAnnotation", superclass: root) { c in
            try c.addProperty(Property(name: "coordinate", type: coordinateType, attributes: [.nonatomic]))
            for name in ["title", "subtitle"] {
                try c.addProperty(Property(name: name, type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            }
            try c.addMethod("initWithCoordinate:", types: "@@:\(coordinateType)") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_coordinate", of: this, to: m[0]) }
            }
            try c.addMethod("initWithCoordinate:title:subtitle:", types: "@@:\(coordinateType)@@") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_coordinate": m[0], "_title": m[1], "_subtitle": m[2]])
                }
            }
        }
        try runtime.registerLazyClass(named: "MKUserLocation", superclass: root) { c in
            try c.addProperty(Property(name: "location", type: .object(className: "CLLocation"), attributes: [.readOnly, .strong, .nonatomic]))
            for name in ["title", "subtitle"] {
                try c.addProperty(Property(name: name, type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            }
            try c.addProperty(Property(name: "updating", type: .bool, attributes: [.readOnly, .nonatomic], getter: "isUpdating"))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_title", of: this, to: "My Location") }
            }
            // Where the location is; an invalid coordinate until there is one.
            try c.addMethod("coordinate", types: "\(coordinateType)@:") { m in
                guard let location = try m.ivar("_location").object else { return coordinate2D(-180, -180) }
                return try m.runtime.ivarValue("_coordinate", of: location)
            }
        }
    }

    /// `MKAnnotationView` and its pin and marker: the view a map shows for an annotation.
    /// Its accessibility label is the annotation's title, as MapKit's is, so a UI test finds a
    /// pin by its place's name; tapping it selects the annotation. Selected, a view that
    /// shows a callout shows its accessory views, whose taps the map's delegate hears.
    static func defineAnnotationViews(in runtime: Runtime, view: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:"), title = try runtime.selector("title")
        let addSubview = try runtime.selector("addSubview:"), removeFromSuperview = try runtime.selector("removeFromSuperview")
        let respondsToSelector = try runtime.selector("respondsToSelector:")
        let annotationView = try runtime.registerLazyClass(named: "MKAnnotationView", superclass: view) { c in
            try c.addProperty(Property(name: "annotation", type: .object(className: nil), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "reuseIdentifier", type: .object(className: "NSString"), attributes: [.readOnly, .copy]))
            try c.addProperty(Property(name: "image", type: .object(className: "UIImage"), attributes: [.strong, .nonatomic]))
            for name in ["centerOffset", "calloutOffset"] {
                try c.addProperty(Property(name: name, type: Geometry.pointType, attributes: [.nonatomic]))
            }
            for (name, getter) in [("canShowCallout", nil), ("enabled", "isEnabled"), ("highlighted", "isHighlighted"), ("draggable", "isDraggable")] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic], getter: getter))
            }
            try c.addProperty(Property(name: "selected", type: .bool, attributes: [.readOnly, .nonatomic], getter: "isSelected"))
            for name in ["leftCalloutAccessoryView", "rightCalloutAccessoryView", "detailCalloutAccessoryView"] {
                try c.addProperty(Property(name: name, type: .object(className: "UIView"), attributes: [.strong, .nonatomic]))
            }
            try c.addProperty(Property(name: "clusteringIdentifier", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "displayPriority", type: .float, attributes: [.nonatomic]))
            try c.addMethod("initWithAnnotation:reuseIdentifier:", types: "@@:@@") { m in
                try m.initializingSuper(initWithFrame, Arguments(Geometry.rect(0, 0, 0, 0))) { this in
                    try m.runtime.setIvars(of: this, ["_annotation": m[0], "_reuseIdentifier": m[1], "_enabled": true])
                }
            }
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in try m.runtime.setIvar("_enabled", of: this, to: true) }
            }
            // An image sizes the view, as MapKit's does.
            try c.addMethod("setImage:", types: "v@:@") { m in
                try m.setIvar("_image", m[0])
                if let image = m[0].object, let size = Geometry.numbers(of: try m.send("size", to: image), count: 2) {
                    let frame = Geometry.rectNumbers(of: try m.send("frame", to: m.receiver)) ?? (0, 0, 0, 0)
                    try m.send("setFrame:", to: m.receiver, Geometry.rect(frame.x, frame.y, size[0], size[1]))
                }
                return .nil
            }
            try c.addMethod("prepareForReuse", types: "v@:") { _ in .nil }
            try c.addMethod("setSelected:", types: "v@:B") { m in try m.send("setSelected:animated:", to: m.receiver, m[0], .bool(false)) }
            // The callout's accessories are shown while the view is selected and shows a callout.
            try c.addMethod("setSelected:animated:", types: "v@:BB") { m in
                let selected = m[0].isTruthy
                try m.setIvar("_selected", .bool(selected))
                for name in ["_leftCalloutAccessoryView", "_rightCalloutAccessoryView", "_detailCalloutAccessoryView"] {
                    guard let accessory = try m.ivar(name).object else { continue }
                    let shows = try m.ivar("_canShowCallout").isTruthy
                    if selected && shows {
                        try m.send(addSubview, to: m.receiver, Arguments(.object(accessory)))
                    } else if try m.send("superview", to: accessory).object === m.receiver {
                        try m.send(removeFromSuperview, to: accessory)
                    }
                }
                return .nil
            }
            try addAccessibilityDefaults(to: &c, label: { m in
                guard let annotation = try m.ivar("_annotation").object,
                      try m.send(respondsToSelector, to: annotation, Arguments(.selector(title))).isTruthy else { return .nil }
                return try m.send(title, to: annotation)
            })
        }
        try runtime.registerLazyClass(named: "MKPinAnnotationView", superclass: annotationView) { c in
            try c.addProperty(Property(name: "pinTintColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "animatesDrop", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "pinColor", type: .integer(code: "Q"), attributes: [.nonatomic]))
            // A pin's size, and its red, as MapKit draws one.
            try c.addMethod("initWithAnnotation:reuseIdentifier:", types: "@@:@@") { m in
                try m.initializingSuper(m.selector, Arguments(m[0], m[1])) { this in
                    try m.runtime.setIvars(of: this, ["_pinTintColor": try m.send("redColor", to: try m.runtime.requireClass(named: "UIColor"))])
                    try m.runtime.send("setFrame:", to: this, Geometry.rect(0, 0, 32, 39))
                    try m.runtime.setIvar("_centerOffset", of: this, to: Geometry.point(8, -15))
                }
            }
            for (name, index) in [("redPinColor", 0), ("greenPinColor", 1), ("purplePinColor", 2)] {
                try c.addClassMethod(name, types: "@@:") { m in
                    try m.send(["redColor", "greenColor", "purpleColor"][index], to: try m.runtime.requireClass(named: "UIColor"))
                }
            }
        }
        try runtime.registerLazyClass(named: "MKMarkerAnnotationView", superclass: annotationView) { c in
            for name in ["markerTintColor", "glyphTintColor"] {
                try c.addProperty(Property(name: name, type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            }
            try c.addProperty(Property(name: "glyphText", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "glyphImage", type: .object(className: "UIImage"), attributes: [.strong, .nonatomic]))
            for name in ["titleVisibility", "subtitleVisibility"] {
                try c.addProperty(Property(name: name, type: .integer(code: "q"), attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "animatesWhenAdded", type: .bool, attributes: [.nonatomic]))
            try c.addMethod("initWithAnnotation:reuseIdentifier:", types: "@@:@@") { m in
                try m.initializingSuper(m.selector, Arguments(m[0], m[1])) { this in
                    try m.runtime.send("setFrame:", to: this, Geometry.rect(0, 0, 28, 28))
                }
            }
        }
    }
}
