import Runtime

extension ClassLibrary {
    /// `UITabBar`: the bar of tabs a tab bar controller shows, with the look apps set.
    /// It is translucent when made, as UIKit's is.
    static func defineTabBar(in runtime: Runtime, view: Class) throws {
        let initWithFrame = try runtime.selector("initWithFrame:")
        try runtime.registerLazyClass(named: "UITabBar", superclass: view) { c in
            try c.addProperty(Property(name: "barTintColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.initializingSuper(initWithFrame, Arguments(m[0])) { this in try m.runtime.setIvar("_translucent", of: this, to: true) }
            }
            try c.addProperty(Property(name: "unselectedItemTintColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "translucent", type: .bool, attributes: [.nonatomic], getter: "isTranslucent"))
            try c.addProperty(Property(name: "barStyle", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "items", type: .object(className: "NSArray"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "selectedItem", type: .object(className: "UITabBarItem"), attributes: [.weak, .nonatomic]))
        }
    }
}
