import Foundation
import Runtime

extension ClassLibrary {
    /// Where the model's device is, as the iOS Simulator's default location puts it: Apple
    /// Park's old neighbour, 1 Infinite Loop, Cupertino.
    static let simulatedCoordinate = (latitude: 37.33233141, longitude: -122.0312186)

    /// `CLLocation`: a coordinate with its altitude, accuracies, course, speed and time. A
    /// location cannot change, so a copy is the location itself; the distance between two is
    /// the great-circle distance on a sphere of the Earth's mean radius, in metres.
    static func defineCLLocation(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), date = try runtime.selector("date")
        let full = try runtime.selector("initWithCoordinate:altitude:horizontalAccuracy:verticalAccuracy:course:speed:timestamp:")
        let coordinate = "{CLLocationCoordinate2D=dd}"
        let fields = ["_coordinate", "_altitude", "_horizontalAccuracy", "_verticalAccuracy", "_course", "_speed", "_timestamp"]
        try runtime.registerLazyClass(named: "CLLocation", superclass: root) { c in
            try c.addProperty(Property(name: "coordinate", type: coordinateType, attributes: [.readOnly, .nonatomic]))
            for name in ["altitude", "horizontalAccuracy", "verticalAccuracy", "course", "speed"] {
                try c.addProperty(Property(name: name, type: .double, attributes: [.readOnly, .nonatomic]))
            }
            try c.addProperty(Property(name: "timestamp", type: .object(className: "NSDate"), attributes: [.readOnly, .copy, .nonatomic]))
            try c.addMethod(full.name, types: "@@:\(coordinate)ddddd@") { m in
                guard case .structure(let given) = m[0], given.name == "CLLocationCoordinate2D" else {
                    throw m.wrongArgument(0, expected: "a CLLocationCoordinate2D such as CLLocationCoordinate2DMake(37.33, -122.03)")
                }
                let numbers = try (1...5).map { try m.numberArgument($0) }
                let timestamp = try m.objectArgument(6).map(Value.object) ?? (try m.send(date, to: try m.runtime.requireClass(named: "NSDate")))
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, [
                        "_coordinate": m[0], "_altitude": .double(numbers[0]), "_horizontalAccuracy": .double(numbers[1]),
                        "_verticalAccuracy": .double(numbers[2]), "_course": .double(numbers[3]), "_speed": .double(numbers[4]),
                        "_timestamp": timestamp,
                    ])
                }
            }
            try c.addMethod("initWithCoordinate:altitude:horizontalAccuracy:verticalAccuracy:timestamp:", types: "@@:\(coordinate)ddd@") { m in
                try m.send(full, to: m.receiver, Arguments([m[0], m[1], m[2], m[3], .double(-1), .double(-1), m[4]]))
            }
            try c.addMethod("initWithLatitude:longitude:", types: "@@:dd") { m in
                let place = coordinate2D(try m.numberArgument(0), try m.numberArgument(1))
                return try m.send(full, to: m.receiver, Arguments([place, .double(0), .double(0), .double(-1), .double(-1), .double(-1), .nil]))
            }
            try c.addMethod("distanceFromLocation:", types: "d@:@") { m in
                guard let other = m[0].object, let location = m.runtime.class(named: "CLLocation"), other.isKind(of: location) else {
                    throw m.wrongArgument(0, expected: "a CLLocation")
                }
                guard let from = degrees(of: try m.ivar("_coordinate")), let to = degrees(of: try m.runtime.ivarValue("_coordinate", of: other)) else {
                    return .double(0)
                }
                return .double(greatCircleDistance(from, to))
            }
            try c.addMethod("copyWithZone:", types: "@@:^v") { m in .object(m.receiver) }
            // `<+37.33233141,-122.03121860> +/- 5.00m (speed -1.00 mps / course -1.00) @ <time>`, as Core Location prints one.
            try c.addMethod("description", types: "@@:") { m in
                let place = degrees(of: try m.ivar("_coordinate")) ?? (0, 0)
                // Read here, not in a local function: one capturing the borrowed message crashes the compiler.
                let accuracy = try m.ivar("_horizontalAccuracy").numberValue ?? 0, speed = try m.ivar("_speed").numberValue ?? 0
                let course = try m.ivar("_course").numberValue ?? 0
                let time = try m.text(of: try m.send("description", to: try m.ivar("_timestamp").object))
                return .string(String(format: "<%+.8f,%+.8f> +/- %.2fm (speed %.2f mps / course %.2f) @ ", place.latitude, place.longitude, accuracy, speed, course) + time)
            }
            // NSSecureCoding: archived as its fields.
            try addCoding(of: fields, keyedBy: "CLLocation", initializer: initialize, to: &c)
        }
    }

    static let coordinateType = ObjCType.structure(name: "CLLocationCoordinate2D", encoding: "{CLLocationCoordinate2D=dd}")

    /// A `CLLocationCoordinate2D`.
    static func coordinate2D(_ latitude: Double, _ longitude: Double) -> Value {
        .structure(StructValue(name: "CLLocationCoordinate2D", fieldNames: ["latitude", "longitude"], fields: [.double(latitude), .double(longitude)]))
    }

    /// The latitude and longitude of a `CLLocationCoordinate2D`, or nil for anything else.
    static func degrees(of value: Value) -> (latitude: Double, longitude: Double)? {
        guard case .structure(let place) = value, place.name == "CLLocationCoordinate2D",
              let latitude = place["latitude"]?.numberValue, let longitude = place["longitude"]?.numberValue else { return nil }
        return (latitude, longitude)
    }

    /// The haversine distance in metres between two coordinates, on a sphere of the
    /// Earth's mean radius (6,371,009 m).
    static func greatCircleDistance(_ a: (latitude: Double, longitude: Double), _ b: (latitude: Double, longitude: Double)) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (b.latitude - a.latitude) * radians, dLongitude = (b.longitude - a.longitude) * radians
        let h = pow(sin(dLatitude / 2), 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * pow(sin(dLongitude / 2), 2)
        return 2 * 6_371_009 * asin(min(1, h.squareRoot()))
    }
}
