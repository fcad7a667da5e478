import Runtime

extension ClassLibrary {
    /// `UINavigationItem`: what a navigation bar shows for a controller: a title or title
    /// view, bar button items on each side and the back button. The single-item properties
    /// are the first of the item lists, as in UIKit: setting one replaces the list.
    static func defineNavigationItem(in runtime: Runtime, root: Class) throws {
        let initialize = try runtime.selector("init"), setHidesBackButton = try runtime.selector("setHidesBackButton:")
        try runtime.registerLazyClass(named: "UINavigationItem", superclass: root) { c in
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "prompt", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "backButtonTitle", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "titleView", type: .object(className: "UIView"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "backBarButtonItem", type: .object(className: "UIBarButtonItem"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "hidesBackButton", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "leftItemsSupplementBackButton", type: .bool, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "largeTitleDisplayMode", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addMethod("initWithTitle:", types: "@@:@") { m in
                let title = try m.optionalStringArgument(0).map(Value.string) ?? .nil
                return try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_title", of: this, to: title) }
            }
            for side in ["left", "right"] {
                let list = "_\(side)BarButtonItems", capitalized = side.prefix(1).uppercased() + side.dropFirst()
                try c.addProperty(Property(name: "\(side)BarButtonItems", type: .object(className: "NSArray"), attributes: [.copy, .nonatomic]))
                try c.addMethod("\(side)BarButtonItem", types: "@@:") { m in try m.ivar(list).arrayElements.first ?? .nil }
                for animated in [false, true] {
                    try c.addMethod("set\(capitalized)BarButtonItem:\(animated ? "animated:" : "")", types: animated ? "v@:@B" : "v@:@") { m in
                        try m.setIvar(list, m[0] == .nil ? .nil : .array([m[0]]))
                        return .nil
                    }
                }
                try c.addMethod("set\(capitalized)BarButtonItems:animated:", types: "v@:@B") { m in
                    try m.setIvar(list, m[0] == .nil ? .nil : .array(try m.arrayArgument(0)))
                    return .nil
                }
            }
            try c.addMethod("setHidesBackButton:animated:", types: "v@:BB") { m in try m.send(setHidesBackButton, to: m.receiver, Arguments(m[0])) }
        }
    }
}
