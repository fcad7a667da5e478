import Runtime

extension ClassLibrary {
    /// `CALayer`: the layer behind every view, as apps style it (corner radius, border,
    /// shadow, opacity, masking). The model draws nothing, so these are kept and answered
    /// but have no effect. Sublayers are kept in order, each knowing its superlayer (held
    /// weakly, as Core Animation holds it); adding a layer elsewhere takes it from where it was.
    /// Core Animation's `CGColorRef`s and `CGPathRef`s are the `UIColor` and `UIBezierPath`
    /// objects themselves here (see `-[UIColor CGColor]`).
    @discardableResult
    static func defineLayer(in runtime: Runtime, root: Class, clock: VirtualClock) throws -> Class {
        let initialize = try runtime.selector("init")
        return try runtime.registerLazyClass(named: "CALayer", superclass: root) { c in
            for name in ["frame", "bounds"] {
                try c.addProperty(Property(name: name, type: rectType, attributes: [.nonatomic]))
            }
            for name in ["position", "anchorPoint"] {
                try c.addProperty(Property(name: name, type: Geometry.pointType, attributes: [.nonatomic]))
            }
            for name in ["cornerRadius", "borderWidth", "shadowOpacity", "shadowRadius", "opacity", "zPosition", "rasterizationScale", "contentsScale"] {
                try c.addProperty(Property(name: name, type: .double, attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "shadowOffset", type: Geometry.sizeType, attributes: [.nonatomic]))
            for name in ["borderColor", "shadowColor", "backgroundColor", "shadowPath", "contents", "delegate", "mask"] {
                try c.addProperty(Property(name: name, type: .object(className: nil), attributes: [.nonatomic, .strong]))
            }
            try c.addProperty(Property(name: "name", type: .object(className: "NSString"), attributes: [.nonatomic, .copy]))
            for (name, getter) in [("masksToBounds", nil), ("hidden", "isHidden"), ("shouldRasterize", nil), ("opaque", "isOpaque"),
                                   ("needsDisplayOnBoundsChange", nil), ("allowsEdgeAntialiasing", nil)] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic], getter: getter))
            }
            try c.addProperty(Property(name: "sublayers", type: .object(className: "NSArray"), attributes: [.nonatomic, .copy]))
            try c.addProperty(Property(name: "superlayer", type: .object(className: "CALayer"), attributes: [.nonatomic, .weak, .readOnly]))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, [
                        "_opacity": .double(1), "_sublayers": [], "_anchorPoint": Geometry.point(0.5, 0.5), "_rasterizationScale": .double(1),
                        "_contentsScale": .double(1),
                    ])
                }
            }
            try c.addMethod("addSublayer:", types: "v@:@") { m in try insert(m, 0) { $0.count } }
            try c.addMethod("insertSublayer:atIndex:", types: "v@:@I") { m in
                let index = try m.integerArgument(1)
                return try insert(m, 0) { min(max(index, 0), $0.count) }
            }
            for (name, after) in [("insertSublayer:below:", false), ("insertSublayer:above:", true)] {
                try c.addMethod(name, types: "v@:@@") { m in
                    let sibling = m[1]
                    return try insert(m, 0) { layers in
                        guard let at = layers.firstIndex(of: sibling) else { return after ? layers.count : 0 }
                        return after ? at + 1 : at
                    }
                }
            }
            try c.addMethod("replaceSublayer:with:", types: "v@:@@") { m in
                let old = m[0]
                guard let at = try m.ivar("_sublayers").arrayElements.firstIndex(of: old) else { return .nil }
                try detach(old, in: m.runtime)
                return try insert(m, 1) { _ in at }
            }
            try c.addMethod("removeFromSuperlayer", types: "v@:") { m in
                try detach(.object(m.receiver), in: m.runtime)
                return .nil
            }
            for name in ["setNeedsDisplay", "setNeedsLayout", "layoutIfNeeded", "layoutSublayers", "display"] {
                try c.addMethod(name, types: "v@:") { _ in .nil }
            }
            try c.addClassMethod("layer", types: "@@:") { m in try m.allocInit(initialize) }
            try addAnimationMethods(to: &c, clock: clock)
        }

        /// Puts the layer argument at `position` among the receiver's sublayers, at the index
        /// `place` chooses from the sublayers left once it is taken from where it was.
        @Sendable func insert(_ m: borrowing Message, _ position: Int, at place: ([Value]) -> Int) throws -> Value {
            let layer = m[position]
            guard let object = layer.object else { return .nil }
            try detach(layer, in: m.runtime)
            var layers = try m.ivar("_sublayers").arrayElements
            layers.insert(layer, at: place(layers))
            try m.setIvar("_sublayers", .array(layers))
            try m.runtime.setIvar("_superlayer", of: object, to: .object(m.receiver))
            return .nil
        }
        /// Takes `layer` from its superlayer's sublayers.
        @Sendable func detach(_ layer: Value, in runtime: Runtime) throws {
            guard let object = layer.object, let parent = try runtime.ivarValue("_superlayer", of: object).object else { return }
            let remaining = try runtime.ivarValue("_sublayers", of: parent).arrayElements.filter { $0 != layer }
            try runtime.setIvar("_sublayers", of: parent, to: .array(remaining))
            try runtime.setIvar("_superlayer", of: object, to: .nil)
        }
    }
}
