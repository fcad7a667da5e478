import Runtime

extension ClassLibrary {
    /// `UIActivityIndicatorView`: animating or not; while `hidesWhenStopped` (YES by
    /// default) it is hidden whenever it is stopped, from the start, as in UIKit.
    static func defineActivityIndicatorView(in runtime: Runtime, view: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:"), setHidden = try runtime.selector("setHidden:")
        try runtime.registerLazyClass(named: "UIActivityIndicatorView", superclass: view) { c in
            try c.addProperty(Property(name: "animating", type: .bool, attributes: [.readOnly, .nonatomic], getter: "isAnimating"))
            try c.addProperty(Property(name: "hidesWhenStopped", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "activityIndicatorViewStyle", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "color", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in
                    try m.runtime.setIvars(of: this, ["_hidesWhenStopped": true, "_hidden": true])
                }
            }
            try c.addMethod("initWithActivityIndicatorStyle:", types: "@@:q") { m in
                let style = try m.integerArgument(0)
                guard let this = try m.send(initWithFrame, to: m.receiver, Arguments(zeroRect)).object else { return .nil }
                try m.runtime.setIvar("_activityIndicatorViewStyle", of: this, to: .int(style))
                return .object(this)
            }
            try c.addMethod("startAnimating", types: "v@:") { m in
                try m.setIvar("_animating", true)
                if try m.ivar("_hidesWhenStopped").isTruthy { try m.send(setHidden, to: m.receiver, Arguments(false)) }
                return .nil
            }
            try c.addMethod("stopAnimating", types: "v@:") { m in
                try m.setIvar("_animating", false)
                if try m.ivar("_hidesWhenStopped").isTruthy { try m.send(setHidden, to: m.receiver, Arguments(true)) }
                return .nil
            }
            try c.addMethod("setHidesWhenStopped:", types: "v@:B") { m in
                try m.setIvar("_hidesWhenStopped", .bool(m[0].isTruthy))
                if m[0].isTruthy, try !m.ivar("_animating").isTruthy { try m.send(setHidden, to: m.receiver, Arguments(true)) }
                return .nil
            }
        }
    }
}
