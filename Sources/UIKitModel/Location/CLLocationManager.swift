import Runtime
import Synchronization

extension ClassLibrary {
    /// The app's location authorization, which every `CLLocationManager` of the runtime
    /// shares, as an app's managers share the user's one answer.
    final class LocationAuthorization: Sendable {
        /// `CLAuthorizationStatus`: not determined (0) until the app asks.
        let status = Mutex(0)
    }

    /// `CLLocationManager`, on a device whose user grants what the app asks: the first
    /// `requestWhenInUseAuthorization` (4) or `requestAlwaysAuthorization` (3) is granted and
    /// reported to the delegate at the next turn of the run loop, as iOS reports it once the
    /// user has answered. An update (`startUpdatingLocation`, `requestLocation`) delivers one
    /// location, the simulator's default (1 Infinite Loop, Cupertino), to
    /// `locationManager:didUpdateLocations:` at the next turn once the app is authorized; a
    /// denied app gets `locationManager:didFailWithError:` with `kCLErrorDenied`.
    static func defineCLLocationManager(in runtime: Runtime, root: Class, clock: VirtualClock) throws {
        let authorization = LocationAuthorization()
        let didChangeAuthorization = try runtime.selector("locationManagerDidChangeAuthorization:")
        let didChangeStatus = try runtime.selector("locationManager:didChangeAuthorizationStatus:")
        let didUpdateLocations = try runtime.selector("locationManager:didUpdateLocations:")
        let didFail = try runtime.selector("locationManager:didFailWithError:")
        let initLocation = try runtime.selector("initWithCoordinate:altitude:horizontalAccuracy:verticalAccuracy:timestamp:")
        let initialize = try runtime.selector("init"), respondsToSelector = try runtime.selector("respondsToSelector:")

        /// At the next turn of the run loop, `work` with the manager, while the runtime lives.
        @Sendable func later(_ manager: Object, _ runtime: Runtime, _ work: @escaping @Sendable (Object, Runtime) throws -> Void) {
            let reference = RuntimeReference(runtime)
            clock.schedule(after: 0, kind: .perform, owner: ObjectIdentifier(manager)) {
                guard let runtime = reference.runtime else { return }
                try work(manager, runtime)
            }
        }
        /// Whether the delegate answers `selector`, asked as iOS asks (a mock answers for itself).
        @Sendable func answers(_ delegate: Object, _ selector: Selector, _ runtime: Runtime) throws -> Bool {
            try runtime.send(respondsToSelector, to: delegate, Arguments(.selector(selector)), nestedAt: 0).isTruthy
        }
        @Sendable func tellAuthorization(_ manager: Object, _ runtime: Runtime) throws {
            guard case .object(let delegate) = runtime.ivarValue(IvarName("_delegate"), of: manager) else { return }
            if try answers(delegate, didChangeAuthorization, runtime) {
                _ = try runtime.send(didChangeAuthorization, to: delegate, Arguments(.object(manager)), nestedAt: 0)
            } else if try answers(delegate, didChangeStatus, runtime) {
                _ = try runtime.send(didChangeStatus, to: delegate, Arguments(.object(manager), .int(authorization.status.withLock { $0 })), nestedAt: 0)
            }
        }
        /// One update, if the manager is still updating: the location, or the denial.
        @Sendable func deliver(_ manager: Object, _ runtime: Runtime) throws {
            guard runtime.ivarValue(IvarName("_updating"), of: manager).isTruthy else { return }
            let status = authorization.status.withLock { $0 }
            guard status != 0 else { return }
            if runtime.ivarValue(IvarName("_oneShot"), of: manager).isTruthy {
                try runtime.setIvars(of: manager, ["_updating": false, "_oneShot": false])
            }
            let delegate = runtime.ivarValue(IvarName("_delegate"), of: manager).object
            guard status >= 3 else {
                let error = try runtime.send(
                    "errorWithDomain:code:userInfo:", to: runtime.requireClass(named: "NSError"), .string("kCLErrorDomain"), .int(1), .nil)
                if let delegate, try answers(delegate, didFail, runtime) {
                    _ = try runtime.send(didFail, to: delegate, Arguments(.object(manager), error), nestedAt: 0)
                }
                return
            }
            let place = coordinate2D(simulatedCoordinate.latitude, simulatedCoordinate.longitude)
            let allocated = try runtime.send("alloc", to: runtime.requireClass(named: "CLLocation"))
            let location = try runtime.send(initLocation, to: allocated.object, Arguments([place, .double(0), .double(5), .double(-1), .nil]), nestedAt: 0)
            try runtime.setIvar("_location", of: manager, to: location)
            if let delegate, try answers(delegate, didUpdateLocations, runtime) {
                _ = try runtime.send(didUpdateLocations, to: delegate, Arguments(.object(manager), .array([location])), nestedAt: 0)
            }
        }

        try ProtocolDeclaration.register([
            ProtocolDeclaration(name: "CLLocationManagerDelegate", optional: [
                ("locationManagerDidChangeAuthorization:", "v@:@"), ("locationManager:didChangeAuthorizationStatus:", "v@:@i"),
                ("locationManager:didUpdateLocations:", "v@:@@"), ("locationManager:didFailWithError:", "v@:@@"),
                ("locationManager:didUpdateHeading:", "v@:@@"),
            ]),
        ], in: runtime)
        try runtime.registerLazyClass(named: "CLLocationManager", superclass: root) { c in
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "location", type: .object(className: "CLLocation"), attributes: [.readOnly, .copy, .nonatomic]))
            for name in ["desiredAccuracy", "distanceFilter"] {
                try c.addProperty(Property(name: name, type: .double, attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "activityType", type: .integer(code: "q"), attributes: [.nonatomic]))
            for name in ["allowsBackgroundLocationUpdates", "pausesLocationUpdatesAutomatically", "showsBackgroundLocationIndicator"] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic]))
            }
            try c.addIvar("_updating", type: .bool)
            try c.addIvar("_oneShot", type: .bool)
            // kCLLocationAccuracyBest and kCLDistanceFilterNone, as a new manager has them.
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_desiredAccuracy": .double(-1), "_distanceFilter": .double(-1), "_pausesLocationUpdatesAutomatically": true])
                }
            }
            for name in ["authorizationStatus", "_authorizationStatus"] {
                try c.addClassMethod(name, types: "i@:") { _ in .int(authorization.status.withLock { $0 }) }
            }
            try c.addMethod("authorizationStatus", types: "i@:") { _ in .int(authorization.status.withLock { $0 }) }
            try c.addClassMethod("locationServicesEnabled", types: "B@:") { _ in true }
            try c.addMethod("locationServicesEnabled", types: "B@:") { _ in true }
            for (name, granted) in [("requestWhenInUseAuthorization", 4), ("requestAlwaysAuthorization", 3)] {
                try c.addMethod(name, types: "v@:") { m in
                    // Asked once: a later request changes nothing, except "always" after "when in use".
                    let changed = authorization.status.withLock { status in
                        guard status == 0 || (status == 4 && granted == 3) else { return false }
                        status = granted
                        return true
                    }
                    guard changed else { return .nil }
                    later(m.receiver, m.runtime) { manager, runtime in
                        try tellAuthorization(manager, runtime)
                        try deliver(manager, runtime)
                    }
                    return .nil
                }
            }
            for (name, oneShot) in [("startUpdatingLocation", false), ("startMonitoringSignificantLocationChanges", false), ("requestLocation", true)] {
                try c.addMethod(name, types: "v@:") { m in
                    try m.runtime.setIvars(of: m.receiver, ["_updating": true, "_oneShot": .bool(oneShot)])
                    later(m.receiver, m.runtime, deliver)
                    return .nil
                }
            }
            for name in ["stopUpdatingLocation", "stopMonitoringSignificantLocationChanges"] {
                try c.addMethod(name, types: "v@:") { m in
                    try m.runtime.setIvars(of: m.receiver, ["_updating": false, "_oneShot": false])
                    return .nil
                }
            }
            // Headings need a compass the model has not: starting them reports nothing.
            for name in ["startUpdatingHeading", "stopUpdatingHeading"] { try c.addMethod(name, types: "v@:") { _ in .nil } }
            try c.addClassMethod("headingAvailable", types: "B@:") { _ in false }
            try c.addClassMethod("significantLocationChangeMonitoringAvailable", types: "B@:") { _ in true }
        }
    }
}
