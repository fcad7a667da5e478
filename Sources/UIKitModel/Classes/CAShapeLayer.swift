import Runtime

extension ClassLibrary {
    /// `CAShapeLayer` and `CAGradientLayer`: layers whose path, colours and stops apps set.
    /// The model draws nothing; the values are kept and answered, with Core Animation's
    /// defaults (a black fill, a line one point wide, a gradient from top to bottom).
    static func defineShapeAndGradientLayers(in runtime: Runtime, layer: Class) throws {
        let initialize = try runtime.selector("init"), black = try runtime.selector("blackColor")
        try runtime.registerLazyClass(named: "CAShapeLayer", superclass: layer) { c in
            for name in ["path", "fillColor", "strokeColor"] {
                try c.addProperty(Property(name: name, type: .object(className: nil), attributes: [.nonatomic, .strong]))
            }
            for name in ["lineWidth", "strokeStart", "strokeEnd", "miterLimit", "lineDashPhase"] {
                try c.addProperty(Property(name: name, type: .double, attributes: [.nonatomic]))
            }
            for name in ["lineCap", "lineJoin", "fillRule"] {
                try c.addProperty(Property(name: name, type: .object(className: "NSString"), attributes: [.nonatomic, .copy]))
            }
            try c.addProperty(Property(name: "lineDashPattern", type: .object(className: "NSArray"), attributes: [.nonatomic, .copy]))
            try c.addMethod("init", types: "@@:") { m in
                let fill = try m.send(black, to: m.runtime.requireClass(named: "UIColor"))
                return try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, [
                        "_fillColor": fill, "_lineWidth": .double(1), "_strokeEnd": .double(1), "_miterLimit": .double(10),
                        "_lineCap": .string("butt"), "_lineJoin": .string("miter"), "_fillRule": .string("non-zero"),
                    ])
                }
            }
        }
        try runtime.registerLazyClass(named: "CAGradientLayer", superclass: layer) { c in
            for name in ["colors", "locations"] {
                try c.addProperty(Property(name: name, type: .object(className: "NSArray"), attributes: [.nonatomic, .copy]))
            }
            for name in ["startPoint", "endPoint"] {
                try c.addProperty(Property(name: name, type: Geometry.pointType, attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "type", type: .object(className: "NSString"), attributes: [.nonatomic, .copy]))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in
                    try m.runtime.setIvars(of: this, ["_startPoint": Geometry.point(0.5, 0), "_endPoint": Geometry.point(0.5, 1), "_type": .string("axial")])
                }
            }
        }
    }
}
