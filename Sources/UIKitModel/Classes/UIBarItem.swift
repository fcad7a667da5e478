import Runtime

extension ClassLibrary {
    /// `UIBarItem`: what bar button items and tab bar items share: a title, an image, a tag
    /// and whether it is enabled (YES when made).
    static func defineBarItem(in runtime: Runtime, root: Class) throws -> Class {
        let initialize = try runtime.selector("init")
        return try runtime.registerLazyClass(named: "UIBarItem", superclass: root) { c in
            try c.addProperty(Property(name: "title", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "image", type: .object(className: "UIImage"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "landscapeImagePhone", type: .object(className: "UIImage"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "imageInsets", type: Geometry.insetsType, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "tag", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "enabled", type: .bool, attributes: [.nonatomic], getter: "isEnabled"))
            try c.addProperty(Property(name: "accessibilityLabel", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addMethod("init", types: "@@:") { m in
                try m.initializingSuper(initialize) { this in try m.runtime.setIvar("_enabled", of: this, to: true) }
            }
        }
    }

    /// `UIBarButtonItem`: a button in a navigation bar or toolbar: a title, an image, a
    /// system item or a custom view, with a style and a target and action. The model's
    /// navigation bar shows each item as a view a UI test finds and taps by its label
    /// (see `NavigationBarElements`), which sends the item's action to its target.
    static func defineBarButtonItem(in runtime: Runtime, barItem: Class) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "UIBarButtonItem", superclass: barItem) { c in
            try c.addProperty(Property(name: "style", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "target", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "action", type: .selector, attributes: [.nonatomic]))
            try c.addProperty(Property(name: "customView", type: .object(className: "UIView"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "tintColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "width", type: .double, attributes: [.nonatomic]))
            // UIKit's private setter, which debugging tools (FLEX) call to size an item.
            try c.addMethod("_setWidth:", types: "v@:d") { m in
                try m.setIvar("_width", .double(try m.numberArgument(0)))
                return .nil
            }
            try c.addProperty(Property(name: "systemItem", type: .integer(code: "q"), attributes: [.readOnly, .nonatomic], ivar: "_systemItem"))
            @Sendable func made(_ m: borrowing Message, _ values: KeyValuePairs<String, Value>) throws -> Value {
                try m.initializingSuper(initialize) { this in try m.runtime.setIvars(of: this, values) }
            }
            @Sendable func action(_ m: borrowing Message, _ index: Int) throws -> Value {
                m[index] == .nil ? .nil : .selector(try m.selectorArgument(index))
            }
            try c.addMethod("initWithTitle:style:target:action:", types: "@@:@q@:") { m in
                try made(m, ["_title": .string(try m.optionalStringArgument(0) ?? ""), "_style": .int(try m.integerArgument(1)), "_target": m[2], "_action": try action(m, 3)])
            }
            try c.addMethod("initWithImage:style:target:action:", types: "@@:@q@:") { m in
                try made(m, ["_image": try m.objectArgument(0).map(Value.object) ?? .nil, "_style": .int(try m.integerArgument(1)), "_target": m[2], "_action": try action(m, 3)])
            }
            try c.addMethod("initWithImage:landscapeImagePhone:style:target:action:", types: "@@:@@q@:") { m in
                try made(m, [
                    "_image": try m.objectArgument(0).map(Value.object) ?? .nil, "_landscapeImagePhone": try m.objectArgument(1).map(Value.object) ?? .nil,
                    "_style": .int(try m.integerArgument(2)), "_target": m[3], "_action": try action(m, 4),
                ])
            }
            // UIBarButtonSystemItemDone (0) is drawn in the done style; a system item has no title of its own.
            try c.addMethod("initWithBarButtonSystemItem:target:action:", types: "@@:q@:") { m in
                let item = try m.integerArgument(0)
                return try made(m, ["_systemItem": .int(item), "_style": .int(item == 0 ? 2 : 0), "_target": m[1], "_action": try action(m, 2)])
            }
            try c.addMethod("initWithCustomView:", types: "@@:@") { m in
                try made(m, ["_customView": try m.objectArgument(0).map(Value.object) ?? .nil])
            }
        }
    }

    /// `UITabBarItem`: a tab's title, image, selected image, tag and badge.
    static func defineTabBarItem(in runtime: Runtime, barItem: Class) throws {
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "UITabBarItem", superclass: barItem) { c in
            try c.addProperty(Property(name: "badgeValue", type: .object(className: "NSString"), attributes: [.copy, .nonatomic]))
            try c.addProperty(Property(name: "badgeColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            try c.addProperty(Property(name: "selectedImage", type: .object(className: "UIImage"), attributes: [.strong, .nonatomic]))
            for name in ["initWithTitle:image:tag:", "initWithTitle:image:selectedImage:"] {
                let tagged = name.hasSuffix("tag:")
                try c.addMethod(name, types: tagged ? "@@:@@q" : "@@:@@@") { m in
                    let title = try m.optionalStringArgument(0).map(Value.string) ?? .nil, image = try m.objectArgument(1).map(Value.object) ?? .nil
                    let last: (String, Value) = tagged ? ("_tag", .int(try m.integerArgument(2))) : ("_selectedImage", try m.objectArgument(2).map(Value.object) ?? .nil)
                    return try m.initializingSuper(initialize) { this in
                        try m.runtime.setIvars(of: this, ["_title": title, "_image": image, last.0: last.1])
                    }
                }
            }
        }
    }
}
