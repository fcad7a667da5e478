import Foundation
import Runtime

extension ClassLibrary {
    /// `UIBezierPath`: a path of lines, curves and arcs as apps build it for a layer's
    /// shadow or a shape layer. The model draws nothing, so a path is kept as its points:
    /// its `bounds` hold every point (a curve's control points too, as Core Graphics'
    /// bounding box does), a rect, oval or rounded rect is its rect's corners, an arc its
    /// circle's box, and `containsPoint:` tests the outline of points (an oval by its
    /// ellipse). `CGPath` is the path itself, which a layer keeps as it keeps a `UIColor`
    /// for a `CGColorRef`.
    static func defineBezierPath(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "UIBezierPath", superclass: root) { c in
            // Each element an array: a kind, then numbers (see `PathElement`).
            try c.addIvar("_elements", type: .object(className: "NSArray"))
            try c.addProperty(Property(name: "lineWidth", type: .double, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "miterLimit", type: .double, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "flatness", type: .double, attributes: [.nonatomic]))
            for name in ["lineCapStyle", "lineJoinStyle"] {
                try c.addProperty(Property(name: name, type: .integer(code: "q"), attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "usesEvenOddFillRule", type: .bool, attributes: [.nonatomic]))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_elements": [], "_lineWidth": .double(1), "_miterLimit": .double(10), "_flatness": .double(0.6)])
                }
            }
            try c.addClassMethod("bezierPath", types: "@@:") { m in try m.allocInit(initialize) }
            @Sendable func made(_ m: borrowing Message, _ elements: [PathElement]) throws -> Value {
                let path = try m.allocInit(initialize)
                try m.runtime.setIvar("_elements", of: path.object, to: .array(elements.map(\.value)))
                return path
            }
            try c.addClassMethod("bezierPathWithRect:", types: "@@:\(rectType)") { m in try made(m, PathElement.rectangle(try rect(m, 0))) }
            try c.addClassMethod("bezierPathWithOvalInRect:", types: "@@:\(rectType)") { m in try made(m, [.oval(try rect(m, 0))]) }
            try c.addClassMethod("bezierPathWithRoundedRect:cornerRadius:", types: "@@:\(rectType)d") { m in
                try made(m, PathElement.rectangle(try rect(m, 0)))
            }
            try c.addClassMethod("bezierPathWithRoundedRect:byRoundingCorners:cornerRadii:", types: "@@:\(rectType)Q{CGSize=dd}") { m in
                try made(m, PathElement.rectangle(try rect(m, 0)))
            }
            try c.addClassMethod("bezierPathWithArcCenter:radius:startAngle:endAngle:clockwise:", types: "@@:{CGPoint=dd}dddB") { m in
                try made(m, [try arc(m, 0)])
            }
            try c.addClassMethod("bezierPathWithCGPath:", types: "@@:^{CGPath=}") { m in try made(m, try elements(of: m[0], m)) }

            for (name, kind) in [("moveToPoint:", "move"), ("addLineToPoint:", "line")] {
                try c.addMethod(name, types: "v@:{CGPoint=dd}") { m in try append(m, [PathElement(kind: kind, numbers: try point(m, 0))]) }
            }
            try c.addMethod("addCurveToPoint:controlPoint1:controlPoint2:", types: "v@:{CGPoint=dd}{CGPoint=dd}{CGPoint=dd}") { m in
                try append(m, [PathElement(kind: "curve", numbers: try point(m, 0) + point(m, 1) + point(m, 2))])
            }
            try c.addMethod("addQuadCurveToPoint:controlPoint:", types: "v@:{CGPoint=dd}{CGPoint=dd}") { m in
                try append(m, [PathElement(kind: "curve", numbers: try point(m, 0) + point(m, 1))])
            }
            try c.addMethod("addArcWithCenter:radius:startAngle:endAngle:clockwise:", types: "v@:{CGPoint=dd}dddB") { m in try append(m, [try arc(m, 0)]) }
            try c.addMethod("closePath", types: "v@:") { m in try append(m, [PathElement(kind: "close", numbers: [])]) }
            try c.addMethod("appendPath:", types: "v@:@") { m in try append(m, try elements(of: m[0], m)) }
            try c.addMethod("removeAllPoints", types: "v@:") { m in
                try m.setIvar("_elements", [])
                return .nil
            }
            try c.addMethod("applyTransform:", types: "v@:{CGAffineTransform=dddddd}") { m in
                guard let t = Geometry.numbers(of: m[0], count: 6) else { throw m.wrongArgument(0, expected: "a CGAffineTransform") }
                try m.setIvar("_elements", .array(try own(m).map { $0.transformed(by: t).value }))
                return .nil
            }
            try c.addMethod("isEmpty", types: "B@:") { m in .bool(try own(m).isEmpty) }
            try c.addMethod("bounds", types: "\(rectType)@:") { m in
                let points = try own(m).flatMap(\.outline)
                guard let first = points.first else { return Geometry.rect(0, 0, 0, 0) }
                let xs = points.map(\.x) + [first.x], ys = points.map(\.y) + [first.y]
                return Geometry.rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!)
            }
            // Where the next element starts: the last one's end, or after closePath the subpath's start.
            try c.addMethod("currentPoint", types: "{CGPoint=dd}@:") { m in
                let all = try own(m)
                let last = all.last?.kind == "close" ? all.last { $0.kind == "move" } : all.last
                guard let end = last?.end else { return Geometry.point(0, 0) }
                return Geometry.point(end.x, end.y)
            }
            try c.addMethod("containsPoint:", types: "B@:{CGPoint=dd}") { m in
                let p = try point(m, 0)
                return .bool(try own(m).contains { $0.kind == "oval" && $0.ovalContains(p[0], p[1]) }
                    || PathElement.polygonContains(try own(m).filter { $0.kind != "oval" }.flatMap(\.outline), p[0], p[1]))
            }
            try c.addMethod("CGPath", types: "^{CGPath=}@:") { m in .object(m.receiver) }
            try c.addMethod("copy", types: "@@:") { m in try made(m, try own(m)) }
            for name in ["fill", "stroke", "addClip"] {
                try c.addMethod(name, types: "v@:") { _ in .nil }
            }
        }

        @Sendable func own(_ m: borrowing Message) throws -> [PathElement] { try elements(of: .object(m.receiver), m) }
        @Sendable func elements(of path: Value, _ m: borrowing Message) throws -> [PathElement] {
            guard let object = path.object, let cls = m.runtime.class(named: "UIBezierPath"), object.isKind(of: cls) else {
                throw m.wrongArgument(0, expected: "a UIBezierPath (or its CGPath)")
            }
            return try m.runtime.ivarValue("_elements", of: object).arrayElements.compactMap(PathElement.init)
        }
        @Sendable func append(_ m: borrowing Message, _ added: [PathElement]) throws -> Value {
            try m.setIvar("_elements", .array(try own(m).map(\.value) + added.map(\.value)))
            return .nil
        }
        @Sendable func point(_ m: borrowing Message, _ position: Int) throws -> [Double] {
            guard let numbers = Geometry.numbers(of: m[position], count: 2) else { throw m.wrongArgument(position, expected: "a CGPoint") }
            return numbers
        }
        @Sendable func rect(_ m: borrowing Message, _ position: Int) throws -> (x: Double, y: Double, width: Double, height: Double) {
            guard let rect = Geometry.rectNumbers(of: m[position]) else { throw m.wrongArgument(position, expected: "a CGRect") }
            return rect
        }
        @Sendable func arc(_ m: borrowing Message, _ position: Int) throws -> PathElement {
            let center = try point(m, position), radius = try m.numberArgument(position + 1)
            return PathElement(kind: "arc", numbers: center + [radius, try m.numberArgument(position + 2), try m.numberArgument(position + 3)])
        }
    }
}

/// One element of a `UIBezierPath`: `move`, `line` (a point), `curve` (the end point,
/// then its control points), `arc` (centre, radius, start and end angles), `oval` (its
/// rect), `close`.
private struct PathElement {
    var kind: String
    var numbers: [Double]

    init(kind: String, numbers: [Double]) {
        self.kind = kind
        self.numbers = numbers
    }

    init?(_ value: Value) {
        guard case .string(let kind)? = value.arrayElements.first else { return nil }
        self.init(kind: kind, numbers: value.arrayElements.dropFirst().compactMap(\.numberValue))
    }

    var value: Value { .array([.string(kind)] + numbers.map(Value.double)) }

    /// A rect as a closed outline of its corners.
    static func rectangle(_ r: (x: Double, y: Double, width: Double, height: Double)) -> [PathElement] {
        [PathElement(kind: "move", numbers: [r.x, r.y]), PathElement(kind: "line", numbers: [r.x + r.width, r.y]),
         PathElement(kind: "line", numbers: [r.x + r.width, r.y + r.height]), PathElement(kind: "line", numbers: [r.x, r.y + r.height]),
         PathElement(kind: "close", numbers: [])]
    }

    static func oval(_ r: (x: Double, y: Double, width: Double, height: Double)) -> PathElement {
        PathElement(kind: "oval", numbers: [r.x, r.y, r.width, r.height])
    }

    /// The points that bound the element: its points, a curve's control points, an arc's
    /// or an oval's box.
    var outline: [(x: Double, y: Double)] {
        switch kind {
        case "arc":
            let (x, y, r) = (numbers[0], numbers[1], abs(numbers[2]))
            return [(x - r, y - r), (x + r, y + r)]
        case "oval":
            return [(numbers[0], numbers[1]), (numbers[0] + numbers[2], numbers[1] + numbers[3])]
        default:
            return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
        }
    }

    /// Where the element ends: its point, a curve's end, an arc's end angle on its circle.
    var end: (x: Double, y: Double)? {
        switch kind {
        case "arc": (numbers[0] + numbers[2] * cos(numbers[4]), numbers[1] + numbers[2] * sin(numbers[4]))
        case "move", "line", "curve": (numbers[0], numbers[1])
        default: nil
        }
    }

    /// The element moved by an affine transform `[a, b, c, d, tx, ty]`; an arc's radius and
    /// an oval's size scale with it.
    func transformed(by t: [Double]) -> PathElement {
        func apply(_ x: Double, _ y: Double) -> [Double] { [t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]] }
        switch kind {
        case "arc":
            return PathElement(kind: kind, numbers: apply(numbers[0], numbers[1]) + [numbers[2] * hypot(t[0], t[1])] + numbers.dropFirst(3))
        case "oval":
            let corners = apply(numbers[0], numbers[1]) + apply(numbers[0] + numbers[2], numbers[1] + numbers[3])
            return PathElement(kind: kind, numbers: [min(corners[0], corners[2]), min(corners[1], corners[3]), abs(corners[2] - corners[0]), abs(corners[3] - corners[1])])
        default:
            return PathElement(kind: kind, numbers: outline.flatMap { apply($0.x, $0.y) })
        }
    }

    func ovalContains(_ x: Double, _ y: Double) -> Bool {
        let (rx, ry) = (numbers[2] / 2, numbers[3] / 2)
        guard rx > 0, ry > 0 else { return false }
        let (dx, dy) = ((x - numbers[0] - rx) / rx, (y - numbers[1] - ry) / ry)
        return dx * dx + dy * dy <= 1
    }

    /// Whether a point is inside the outline through `points`, by the even-odd rule.
    static func polygonContains(_ points: [(x: Double, y: Double)], _ x: Double, _ y: Double) -> Bool {
        guard points.count > 2 else { return false }
        var inside = false
        var previous = points[points.count - 1]
        for current in points {
            if (current.y > y) != (previous.y > y), x < (previous.x - current.x) * (y - current.y) / (previous.y - current.y) + current.x {
                inside.toggle()
            }
            previous = current
        }
        return inside
    }
}
