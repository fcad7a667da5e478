import Runtime

extension ClassLibrary {
    /// `CALayer`: the layer behind every view, as apps style it (corner radius, border,
    /// shadow, opacity, masking). The model draws nothing, so these are kept and answered
    /// but have no effect; sublayers are kept in order.
    static func defineLayer(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "CALayer", superclass: root) { c in
            for name in ["frame", "bounds"] {
                try c.addProperty(Property(name: name, type: rectType, attributes: [.nonatomic]))
            }
            for name in ["cornerRadius", "borderWidth", "shadowOpacity", "shadowRadius", "opacity", "zPosition"] {
                try c.addProperty(Property(name: name, type: .double, attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "shadowOffset", type: Geometry.sizeType, attributes: [.nonatomic]))
            // CGColorRef in UIKit: here the UIColor object or whatever the code stores.
            for name in ["borderColor", "shadowColor", "backgroundColor", "contents", "delegate"] {
                try c.addProperty(Property(name: name, type: .object(className: nil), attributes: [.nonatomic, .strong]))
            }
            try c.addProperty(Property(name: "masksToBounds", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "hidden", type: .bool, attributes: [.nonatomic], getter: "isHidden"))
            try c.addProperty(Property(name: "sublayers", type: .object(className: "NSArray"), attributes: [.nonatomic, .copy]))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_opacity": .double(1), "_sublayers": []])
                }
            }
            try c.addMethod("addSublayer:", types: "v@:@") { m in
                guard case .array(let layers) = try m.ivar("_sublayers") else { return .nil }
                try m.setIvar("_sublayers", .array(layers + [m[0]]))
                return .nil
            }
            for name in ["setNeedsDisplay", "setNeedsLayout", "layoutIfNeeded", "removeAllAnimations"] {
                try c.addMethod(name, types: "v@:") { _ in .nil }
            }
            try c.addClassMethod("layer", types: "@@:") { m in try m.allocInit(initialize) }
        }
    }
}
