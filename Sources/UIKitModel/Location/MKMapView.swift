import Runtime

extension ClassLibrary {
    static let regionType = ObjCType.structure(
        name: "MKCoordinateRegion", encoding: "{MKCoordinateRegion={CLLocationCoordinate2D=dd}{MKCoordinateSpan=dd}}")

    /// An `MKCoordinateRegion`.
    static func coordinateRegion(_ latitude: Double, _ longitude: Double, _ latitudeDelta: Double, _ longitudeDelta: Double) -> Value {
        let span = StructValue(name: "MKCoordinateSpan", fieldNames: ["latitudeDelta", "longitudeDelta"], fields: [.double(latitudeDelta), .double(longitudeDelta)])
        return .structure(StructValue(name: "MKCoordinateRegion", fieldNames: ["center", "span"], fields: [coordinate2D(latitude, longitude), .structure(span)]))
    }

    /// A region's centre and spans, or nil for anything but an `MKCoordinateRegion`.
    static func regionNumbers(of value: Value) -> (latitude: Double, longitude: Double, latitudeDelta: Double, longitudeDelta: Double)? {
        guard case .structure(let region) = value, region.name == "MKCoordinateRegion", let center = region["center"].flatMap(degrees(of:)),
              case .structure(let span)? = region["span"], let north = span["latitudeDelta"]?.numberValue,
              let east = span["longitudeDelta"]?.numberValue else { return nil }
        return (center.latitude, center.longitude, north, east)
    }

    /// Where `coordinate` falls in a `width` by `height` picture of `region`, as a flat map
    /// draws it: longitude across, latitude down.
    static func point(of coordinate: (latitude: Double, longitude: Double),
                      in region: (latitude: Double, longitude: Double, latitudeDelta: Double, longitudeDelta: Double),
                      width: Double, height: Double) -> Value {
        let x = region.longitudeDelta > 0 ? (coordinate.longitude - (region.longitude - region.longitudeDelta / 2)) / region.longitudeDelta * width : width / 2
        let y = region.latitudeDelta > 0 ? ((region.latitude + region.latitudeDelta / 2) - coordinate.latitude) / region.latitudeDelta * height : height / 2
        return Geometry.point(x, y)
    }

    /// `MKMapView`, drawing nothing: it keeps its region (the continental United States
    /// until set, as MapKit starts) and its annotations. At the next turn of the run loop
    /// after annotations are added it asks its delegate's `mapView:viewForAnnotation:` for
    /// their views (a marker where the delegate gives none), reusing the views of removed
    /// annotations, places them where their coordinates fall in its bounds and tells
    /// `mapView:didAddAnnotationViews:`. A region set is announced as MapKit announces it:
    /// `regionWillChangeAnimated:` at once, `regionDidChangeAnimated:` at the next turn.
    /// Shown, the user's location is the location manager's, once the app is authorized.
    static func defineMapView(in runtime: Runtime, view: Class, clock: VirtualClock) throws {
        let initWithFrame = try runtime.selector("initWithFrame:"), initialize = try runtime.selector("init")
        let viewForAnnotation = try runtime.selector("mapView:viewForAnnotation:"), didAdd = try runtime.selector("mapView:didAddAnnotationViews:")
        let willChange = try runtime.selector("mapView:regionWillChangeAnimated:"), didChange = try runtime.selector("mapView:regionDidChangeAnimated:")
        let didSelect = try runtime.selector("mapView:didSelectAnnotationView:"), didDeselect = try runtime.selector("mapView:didDeselectAnnotationView:")
        let didUpdateUser = try runtime.selector("mapView:didUpdateUserLocation:")
        let coordinate = try runtime.selector("coordinate"), respondsToSelector = try runtime.selector("respondsToSelector:")
        let initAnnotationView = try runtime.selector("initWithAnnotation:reuseIdentifier:")
        let setSelected = try runtime.selector("setSelected:animated:"), prepareForReuse = try runtime.selector("prepareForReuse")

        /// `selector` to the map's delegate, when it answers it.
        @Sendable func tell(_ selector: Selector, _ map: Object, _ arguments: [Value], _ runtime: Runtime, depth: Int) throws -> Value? {
            guard case .object(let delegate) = try runtime.ivarValue("_delegate", of: map) else { return nil }
            let answers = try runtime.send(respondsToSelector, to: delegate, Arguments(.selector(selector)), nestedAt: depth)
            guard answers.isTruthy else { return nil }
            return try runtime.send(selector, to: delegate, Arguments([.object(map)] + arguments), nestedAt: depth)
        }
        /// The views made for annotations, in the order the annotations were added.
        @Sendable func views(of map: Object, _ runtime: Runtime) throws -> [(annotation: Object, view: Object)] {
            guard case .array(let pairs) = try runtime.ivarValue("_annotationViews", of: map) else { return [] }
            return pairs.compactMap { pair in
                guard case .array(let both) = pair, both.count == 2, let annotation = both[0].object, let view = both[1].object else { return nil }
                return (annotation, view)
            }
        }
        /// Puts `view` where its annotation's coordinate falls in the map's bounds.
        @Sendable func place(_ view: Object, of annotation: Object, in map: Object, _ runtime: Runtime, depth: Int) throws {
            guard let region = regionNumbers(of: try runtime.ivarValue("_region", of: map)),
                  let place = degrees(of: try runtime.send(coordinate, to: annotation, Arguments(), nestedAt: depth)) else { return }
            let bounds = Geometry.rectNumbers(of: try runtime.send("bounds", to: map)) ?? (0, 0, 0, 0)
            let frame = Geometry.rectNumbers(of: try runtime.send("frame", to: view)) ?? (0, 0, 0, 0)
            let offset = Geometry.numbers(of: try runtime.ivarValue("_centerOffset", of: view), count: 2) ?? [0, 0]
            guard let point = Geometry.numbers(of: point(of: place, in: region, width: bounds.width, height: bounds.height), count: 2) else { return }
            try runtime.send("setFrame:", to: view, Geometry.rect(point[0] - frame.width / 2 + offset[0], point[1] - frame.height / 2 + offset[1], frame.width, frame.height))
        }
        /// The view for `annotation`: the delegate's, else a marker (none for the user's location).
        @Sendable func makeView(for annotation: Object, of map: Object, _ runtime: Runtime, depth: Int) throws -> Object? {
            if let given = try tell(viewForAnnotation, map, [.object(annotation)], runtime, depth: depth) { return given.object }
            if let user = runtime.class(named: "MKUserLocation"), annotation.isKind(of: user) { return nil }
            let allocated = try runtime.send("alloc", to: runtime.requireClass(named: "MKMarkerAnnotationView"))
            return try runtime.send(initAnnotationView, to: allocated.object, Arguments(.object(annotation), .nil), nestedAt: depth).object
        }
        /// Makes the views the annotations have not got, places them and announces them.
        @Sendable func showAnnotations(of map: Object, _ runtime: Runtime, depth: Int) throws {
            let made = try views(of: map, runtime)
            var pairs = made.map { Value.array([.object($0.annotation), .object($0.view)]) }
            var added: [Value] = []
            for annotation in try runtime.ivarValue("_annotations", of: map).arrayElements.compactMap(\.object)
            where !made.contains(where: { $0.annotation === annotation }) {
                guard let view = try makeView(for: annotation, of: map, runtime, depth: depth) else { continue }
                try runtime.setIvar("_annotation", of: view, to: .object(annotation))
                try place(view, of: annotation, in: map, runtime, depth: depth)
                try runtime.send("addSubview:", to: map, .object(view))
                pairs.append(.array([.object(annotation), .object(view)]))
                added.append(.object(view))
            }
            try runtime.setIvar("_annotationViews", of: map, to: .array(pairs))
            if !added.isEmpty { _ = try tell(didAdd, map, [.array(added)], runtime, depth: depth) }
        }
        @Sendable func later(_ map: Object, _ runtime: Runtime, _ work: @escaping @Sendable (Object, Runtime) throws -> Void) {
            let reference = RuntimeReference(runtime)
            clock.schedule(after: 0, kind: .perform, owner: ObjectIdentifier(map)) {
                guard let runtime = reference.runtime else { return }
                try work(map, runtime)
            }
        }

        try runtime.registerLazyClass(named: "MKMapView", superclass: view) { c in
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "region", type: regionType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "mapType", type: .integer(code: "Q"), attributes: [.nonatomic]))
            for (name, getter) in [("zoomEnabled", "isZoomEnabled"), ("scrollEnabled", "isScrollEnabled"), ("rotateEnabled", "isRotateEnabled"),
                                   ("pitchEnabled", "isPitchEnabled"), ("showsCompass", nil), ("showsScale", nil), ("showsPointsOfInterest", nil),
                                   ("showsBuildings", nil), ("showsTraffic", nil)] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic], getter: getter))
            }
            try c.addProperty(Property(name: "showsUserLocation", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "userLocation", type: .object(className: "MKUserLocation"), attributes: [.readOnly, .strong]))
            try c.addProperty(Property(name: "userTrackingMode", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "annotations", type: .object(className: "NSArray"), attributes: [.readOnly, .copy]))
            try c.addIvar("_annotationViews", type: .object(className: "NSArray"))
            try c.addIvar("_reusableViews", type: .object(className: "NSDictionary"))
            try c.addIvar("_registeredViewClasses", type: .object(className: "NSDictionary"))
            try c.addIvar("_selectedAnnotation", type: .object(className: nil))
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    let user = try m.runtime.send(initialize, to: try m.runtime.send("alloc", to: try m.runtime.requireClass(named: "MKUserLocation")).object)
                    try m.runtime.setIvars(of: this, [
                        "_region": coordinateRegion(37.13284, -95.78558, 36.37, 60.45), "_annotations": .array([]), "_annotationViews": .array([]),
                        "_reusableViews": .dictionary([:]), "_registeredViewClasses": .dictionary([:]), "_userLocation": user,
                        "_zoomEnabled": true, "_scrollEnabled": true, "_rotateEnabled": true, "_pitchEnabled": true, "_showsPointsOfInterest": true,
                        "_showsBuildings": true, "_showsCompass": true,
                    ])
                }
            }
            try c.addMethod("setRegion:animated:", types: "v@:\(regionType)B") { m in
                guard regionNumbers(of: m[0]) != nil else { throw m.wrongArgument(0, expected: "an MKCoordinateRegion, as MKCoordinateRegionMakeWithDistance makes one") }
                let animated = m[1]
                _ = try tell(willChange, m.receiver, [animated], m.runtime, depth: m.depth + 1)
                try m.setIvar("_region", m[0])
                for (annotation, view) in try views(of: m.receiver, m.runtime) { try place(view, of: annotation, in: m.receiver, m.runtime, depth: m.depth + 1) }
                later(m.receiver, m.runtime) { map, runtime in _ = try tell(didChange, map, [animated], runtime, depth: 0) }
                return .nil
            }
            try c.addMethod("setRegion:", types: "v@:\(regionType)") { m in try m.send("setRegion:animated:", to: m.receiver, m[0], .bool(false)) }
            try c.addMethod("regionThatFits:", types: "\(regionType)@:\(regionType)") { m in m[0] }
            try c.addMethod("centerCoordinate", types: "\(coordinateType)@:") { m in
                let region = regionNumbers(of: try m.ivar("_region")) ?? (0, 0, 0, 0)
                return coordinate2D(region.latitude, region.longitude)
            }
            try c.addMethod("setCenterCoordinate:animated:", types: "v@:\(coordinateType)B") { m in
                guard let center = degrees(of: m[0]) else { throw m.wrongArgument(0, expected: "a CLLocationCoordinate2D such as CLLocationCoordinate2DMake(37.33, -122.03)") }
                let region = regionNumbers(of: try m.ivar("_region")) ?? (0, 0, 0, 0)
                return try m.send("setRegion:animated:", to: m.receiver, coordinateRegion(center.latitude, center.longitude, region.latitudeDelta, region.longitudeDelta), m[1])
            }
            try c.addMethod("setCenterCoordinate:", types: "v@:\(coordinateType)") { m in
                try m.send("setCenterCoordinate:animated:", to: m.receiver, m[0], .bool(false))
            }
            // The annotations' bounding region, with a margin, as MapKit frames them.
            try c.addMethod("showAnnotations:animated:", types: "v@:@B") { m in
                var places: [(latitude: Double, longitude: Double)] = []
                for annotation in m[0].arrayElements.compactMap(\.object) {
                    if let place = degrees(of: try m.send(coordinate, to: annotation)) { places.append(place) }
                }
                try m.send("addAnnotations:", to: m.receiver, m[0])
                guard let first = places.first else { return .nil }
                let south = places.map(\.latitude).min() ?? first.latitude, north = places.map(\.latitude).max() ?? first.latitude
                let west = places.map(\.longitude).min() ?? first.longitude, east = places.map(\.longitude).max() ?? first.longitude
                let region = coordinateRegion((south + north) / 2, (west + east) / 2, max((north - south) * 1.2, 0.01), max((east - west) * 1.2, 0.01))
                return try m.send("setRegion:animated:", to: m.receiver, region, m[1])
            }
            try c.addMethod("addAnnotation:", types: "v@:@") { m in try m.send("addAnnotations:", to: m.receiver, .array([m[0]])) }
            try c.addMethod("addAnnotations:", types: "v@:@") { m in
                var annotations = try m.ivar("_annotations").arrayElements
                for annotation in m[0].arrayElements where annotation.object != nil && !annotations.contains(where: { $0.object === annotation.object }) {
                    annotations.append(annotation)
                }
                try m.setIvar("_annotations", .array(annotations))
                later(m.receiver, m.runtime) { map, runtime in try showAnnotations(of: map, runtime, depth: 0) }
                return .nil
            }
            try c.addMethod("removeAnnotation:", types: "v@:@") { m in try m.send("removeAnnotations:", to: m.receiver, .array([m[0]])) }
            // A removed annotation's view goes to the queue of its reuse identifier.
            try c.addMethod("removeAnnotations:", types: "v@:@") { m in
                let removed = m[0].arrayElements.compactMap(\.object)
                try m.setIvar("_annotations", .array(try m.ivar("_annotations").arrayElements.filter { value in !removed.contains { $0 === value.object } }))
                guard case .dictionary(var queues) = try m.ivar("_reusableViews") else { return .nil }
                var kept: [Value] = []
                for (annotation, view) in try views(of: m.receiver, m.runtime) {
                    guard removed.contains(where: { $0 === annotation }) else { kept.append(.array([.object(annotation), .object(view)])); continue }
                    try m.send("removeFromSuperview", to: view)
                    if case .string(let identifier) = try m.runtime.ivarValue("_reuseIdentifier", of: view) {
                        queues[.string(identifier)] = .array((queues[.string(identifier)]?.arrayElements ?? []) + [.object(view)])
                    }
                }
                if let selected = try m.ivar("_selectedAnnotation").object, removed.contains(where: { $0 === selected }) { try m.setIvar("_selectedAnnotation", .nil) }
                try m.setIvars(["_annotationViews": .array(kept), "_reusableViews": .dictionary(queues)])
                return .nil
            }
            try c.addMethod("viewForAnnotation:", types: "@@:@") { m in
                try views(of: m.receiver, m.runtime).first { $0.annotation === m[0].object }.map { .object($0.view) } ?? .nil
            }
            try c.addMethod("dequeueReusableAnnotationViewWithIdentifier:", types: "@@:@") { m in
                guard case .dictionary(var queues) = try m.ivar("_reusableViews"), let identifier = try m.optionalStringArgument(0),
                      var queue = queues[.string(identifier)]?.arrayElements, !queue.isEmpty else { return .nil }
                let view = queue.removeFirst()
                queues[.string(identifier)] = .array(queue)
                try m.setIvar("_reusableViews", .dictionary(queues))
                try m.send(prepareForReuse, to: view.object)
                return view
            }
            try c.addMethod("registerClass:forAnnotationViewWithReuseIdentifier:", types: "v@:#@") { m in
                guard case .dictionary(var registered) = try m.ivar("_registeredViewClasses") else { return .nil }
                registered[.string(try m.stringArgument(1))] = m[0]
                try m.setIvar("_registeredViewClasses", .dictionary(registered))
                return .nil
            }
            try c.addMethod("dequeueReusableAnnotationViewWithIdentifier:forAnnotation:", types: "@@:@@") { m in
                let identifier = try m.stringArgument(0)
                let queued = try m.send("dequeueReusableAnnotationViewWithIdentifier:", to: m.receiver, .string(identifier))
                if let view = queued.object {
                    try m.runtime.setIvar("_annotation", of: view, to: m[1])
                    return queued
                }
                guard case .dictionary(let registered) = try m.ivar("_registeredViewClasses"), let cls = registered[.string(identifier)]?.object else {
                    throw ClassLibraryError.invalidArgument(
                        method: m.methodName, reason: "no class is registered for the annotation view reuse identifier \(identifier): call registerClass:forAnnotationViewWithReuseIdentifier: first")
                }
                let allocated = try m.send("alloc", to: cls)
                return try m.send(initAnnotationView, to: allocated.object, Arguments(m[1], .string(identifier)))
            }
            try c.addMethod("selectedAnnotations", types: "@@:") { m in
                try m.ivar("_selectedAnnotation").object.map { .array([.object($0)]) } ?? .array([])
            }
            // Selecting makes the annotation's view now if it has none yet, as MapKit does.
            try c.addMethod("selectAnnotation:animated:", types: "v@:@B") { m in
                guard let annotation = try m.objectArgument(0) else { return .nil }
                if let current = try m.ivar("_selectedAnnotation").object, current !== annotation {
                    try m.send("deselectAnnotation:animated:", to: m.receiver, .object(current), m[1])
                }
                if !(try m.ivar("_annotations").arrayElements.contains { $0.object === annotation }) { return .nil }
                try showAnnotations(of: m.receiver, m.runtime, depth: m.depth + 1)
                try m.setIvar("_selectedAnnotation", .object(annotation))
                guard let view = try views(of: m.receiver, m.runtime).first(where: { $0.annotation === annotation })?.view else { return .nil }
                try m.send(setSelected, to: view, Arguments(.bool(true), m[1]))
                _ = try tell(didSelect, m.receiver, [.object(view)], m.runtime, depth: m.depth + 1)
                return .nil
            }
            try c.addMethod("deselectAnnotation:animated:", types: "v@:@B") { m in
                guard let annotation = try m.objectArgument(0), try m.ivar("_selectedAnnotation").object === annotation else { return .nil }
                try m.setIvar("_selectedAnnotation", .nil)
                guard let view = try views(of: m.receiver, m.runtime).first(where: { $0.annotation === annotation })?.view else { return .nil }
                try m.send(setSelected, to: view, Arguments(.bool(false), m[1]))
                _ = try tell(didDeselect, m.receiver, [.object(view)], m.runtime, depth: m.depth + 1)
                return .nil
            }
            try c.addMethod("convertCoordinate:toPointToView:", types: "\(Geometry.pointType)@:\(coordinateType)@") { m in
                guard let place = degrees(of: m[0]) else { throw m.wrongArgument(0, expected: "a CLLocationCoordinate2D such as CLLocationCoordinate2DMake(37.33, -122.03)") }
                let region = regionNumbers(of: try m.ivar("_region")) ?? (0, 0, 0, 0)
                let bounds = Geometry.rectNumbers(of: try m.send("bounds", to: m.receiver)) ?? (0, 0, 0, 0)
                let inMap = point(of: place, in: region, width: bounds.width, height: bounds.height)
                guard let other = try m.objectArgument(1) else { return inMap }
                return try m.send("convertPoint:toView:", to: m.receiver, inMap, .object(other))
            }
            // The user's place: the location manager's, once the app may know it.
            try c.addMethod("setShowsUserLocation:", types: "v@:B") { m in
                try m.setIvar("_showsUserLocation", m[0])
                guard m[0].isTruthy else { return .nil }
                later(m.receiver, m.runtime) { map, runtime in
                    let status = try runtime.send("authorizationStatus", to: runtime.requireClass(named: "CLLocationManager")).intValue ?? 0
                    guard status >= 3, try runtime.ivarValue("_showsUserLocation", of: map).isTruthy,
                          let user = try runtime.ivarValue("_userLocation", of: map).object else { return }
                    let allocated = try runtime.send("alloc", to: runtime.requireClass(named: "CLLocation"))
                    let location = try runtime.send(
                        "initWithLatitude:longitude:", to: allocated.object, .double(simulatedCoordinate.latitude), .double(simulatedCoordinate.longitude))
                    try runtime.setIvars(of: user, ["_location": location, "_updating": true])
                    _ = try tell(didUpdateUser, map, [.object(user)], runtime, depth: 0)
                    _ = try runtime.send("addAnnotation:", to: map, .object(user))
                }
                return .nil
            }
        }
    }

    /// `MKMapSnapshotter`: a picture of a region, made at the next turn of the run loop: an
    /// image of the options' size and scale (the model draws no map), and the points where
    /// coordinates fall in it.
    static func defineMapSnapshotter(in runtime: Runtime, root: Class, clock: VirtualClock) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "MKMapSnapshotOptions", superclass: root) { c in
            try c.addProperty(Property(name: "region", type: regionType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "size", type: Geometry.sizeType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "scale", type: .double, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "mapType", type: .integer(code: "Q"), attributes: [.nonatomic]))
            for name in ["showsBuildings", "showsPointsOfInterest"] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic]))
            }
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, [
                        "_region": coordinateRegion(37.13284, -95.78558, 36.37, 60.45), "_size": Geometry.size(256, 256),
                        "_scale": .double(try m.send("scale", to: try m.send("mainScreen", to: try m.runtime.requireClass(named: "UIScreen")).object).numberValue ?? 2),
                        "_showsBuildings": true, "_showsPointsOfInterest": true,
                    ])
                }
            }
        }
        try runtime.registerLazyClass(named: "MKMapSnapshot", superclass: root) { c in
            try c.addProperty(Property(name: "image", type: .object(className: "UIImage"), attributes: [.readOnly, .strong]))
            try c.addIvar("_options", type: .object(className: "MKMapSnapshotOptions"))
            try c.addMethod("pointForCoordinate:", types: "\(Geometry.pointType)@:\(coordinateType)") { m in
                guard let place = degrees(of: m[0]) else { throw m.wrongArgument(0, expected: "a CLLocationCoordinate2D such as CLLocationCoordinate2DMake(37.33, -122.03)") }
                let options = try m.ivar("_options").object
                let region = regionNumbers(of: try m.runtime.ivarValue("_region", of: options)) ?? (0, 0, 0, 0)
                let size = Geometry.numbers(of: try m.runtime.ivarValue("_size", of: options), count: 2) ?? [0, 0]
                return point(of: place, in: region, width: size[0], height: size[1])
            }
        }
        try runtime.registerLazyClass(named: "MKMapSnapshotter", superclass: root) { c in
            try c.addIvar("_options", type: .object(className: "MKMapSnapshotOptions"))
            try c.addProperty(Property(name: "loading", type: .bool, attributes: [.readOnly, .nonatomic], getter: "isLoading"))
            try c.addMethod("initWithOptions:", types: "@@:@") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_options", of: this, to: m[0]) }
            }
            try c.addMethod("startWithCompletionHandler:", types: "v@:@?") { m in
                try m.send("startWithQueue:completionHandler:", to: m.receiver, .nil, m[0])
            }
            try c.addMethod("startWithQueue:completionHandler:", types: "v@:@@?") { m in
                guard let handler = try m.blockArgument(1) else { throw m.wrongArgument(1, expected: "a block taking the MKMapSnapshot and an NSError") }
                try m.setIvar("_loading", true)
                let (snapshotter, reference) = (m.receiver, RuntimeReference(m.runtime))
                clock.schedule(after: 0, kind: .perform, owner: ObjectIdentifier(snapshotter)) {
                    guard let runtime = reference.runtime, try runtime.ivarValue("_loading", of: snapshotter).isTruthy else { return }
                    try runtime.setIvar("_loading", of: snapshotter, to: false)
                    let options = try runtime.ivarValue("_options", of: snapshotter)
                    let size = try options.object.map { try runtime.ivarValue("_size", of: $0) } ?? Geometry.size(256, 256)
                    let scale = try options.object.map { try runtime.ivarValue("_scale", of: $0) } ?? .double(2)
                    let image = try runtime.send(initialize, to: try runtime.send("alloc", to: runtime.requireClass(named: "UIImage")).object)
                    try runtime.setIvars(of: image.object ?? snapshotter, ["_size": size, "_scale": scale])
                    let snapshot = try runtime.send(initialize, to: try runtime.send("alloc", to: runtime.requireClass(named: "MKMapSnapshot")).object)
                    try runtime.setIvars(of: snapshot.object ?? snapshotter, ["_image": image, "_options": options])
                    _ = try handler.call(Arguments(snapshot, .nil), nestedAt: 0)
                }
                return .nil
            }
            try c.addMethod("cancel", types: "v@:") { m in
                try m.setIvar("_loading", false)
                return .nil
            }
        }
    }
}
