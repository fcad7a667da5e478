import Runtime

extension ClassLibrary {
    /// `UINavigationBar`: the bar a navigation controller shows, with the look apps set.
    /// It is translucent when made, as UIKit's is.
    static func defineNavigationBar(in runtime: Runtime, view: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:")
        try runtime.registerLazyClass(named: "UINavigationBar", superclass: view) { c in
            try c.addProperty(Property(name: "barTintColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in try m.runtime.setIvar("_translucent", of: this, to: true) }
            }
            try c.addProperty(Property(name: "titleTextAttributes", type: .object(className: "NSDictionary"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "translucent", type: .bool, attributes: [.nonatomic], getter: "isTranslucent"))
            try c.addProperty(Property(name: "prefersLargeTitles", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "barStyle", type: .integer(code: "q"), attributes: [.nonatomic]))
        }
    }
}
