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
            try c.addProperty(Property(name: "shadowImage", type: .object(className: "UIImage"), attributes: [.strong, .nonatomic]))
            // A bar on its own (not a navigation controller's) keeps a stack of items.
            try c.addProperty(Property(name: "items", type: .object(className: "NSArray"), attributes: [.copy, .nonatomic]))
            try c.addMethod("setItems:animated:", types: "v@:@B") { m in try m.setIvar("_items", .array(try m.arrayArgument(0, acceptingNil: true))); return .nil }
            try c.addMethod("topItem", types: "@@:") { m in try m.ivar("_items").arrayElements.last ?? .nil }
            try c.addMethod("backItem", types: "@@:") { m in
                let items = try m.ivar("_items").arrayElements
                return items.count > 1 ? items[items.count - 2] : .nil
            }
            try c.addMethod("pushNavigationItem:animated:", types: "v@:@B") { m in
                guard let item = try m.objectArgument(0) else { throw ClassLibraryError.invalidArgument(method: m.methodName, reason: "item cannot be nil") }
                try m.setIvar("_items", .array(try m.ivar("_items").arrayElements + [.object(item)]))
                return .nil
            }
            try c.addMethod("popNavigationItemAnimated:", types: "@@:B") { m in
                var items = try m.ivar("_items").arrayElements
                guard let top = items.popLast() else { return .nil }
                try m.setIvar("_items", .array(items))
                return top
            }
            // The views a UI test finds on the bar, and what they show (NavigationBarElements.swift).
            try c.addIvar("_shownElements", type: .object(className: "NSArray"))
            try c.addIvar("_shownElementKeys", type: .object(className: "NSArray"))
            // Background images by bar metrics (UIBarMetricsDefault, 0, and the others).
            try c.addIvar("_backgroundImages", type: .object(className: "NSDictionary"))
            try c.addMethod("setBackgroundImage:forBarMetrics:", types: "v@:@q") { m in
                var images = if case .dictionary(let stored) = try m.ivar("_backgroundImages") { stored } else { [Value: Value]() }
                images[.int(try m.integerArgument(1))] = m[0] == .nil ? nil : m[0]
                try m.setIvar("_backgroundImages", .dictionary(images))
                return .nil
            }
            try c.addMethod("backgroundImageForBarMetrics:", types: "@@:q") { m in
                guard case .dictionary(let images) = try m.ivar("_backgroundImages") else { return .nil }
                return images[.int(try m.integerArgument(0))] ?? .nil
            }
        }
    }
}
