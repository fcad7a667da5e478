import Runtime

extension ClassLibrary {
    /// `UITabBarController`: child controllers, one per tab, and the selected one, which
    /// alone gets the container's appearance callbacks (see ``Appearance/forwardedChildren(of:message:)``).
    /// While the tab bar controller has appeared, selecting another tab or a new set of
    /// controllers makes the selected one disappear as the newly selected one appears.
    /// Its tab bar shows the children's tab bar items. Selecting in code tells no delegate,
    /// as in UIKit; an index beyond the tabs raises.
    static func defineTabBarController(in runtime: Runtime, viewController: Class) throws {
        let setControllersAnimated = try runtime.selector("setViewControllers:animated:"), setSelectedIndex = try runtime.selector("setSelectedIndex:")
        let initWithNib = try runtime.selector("initWithNibName:bundle:"), tabBarItem = try runtime.selector("tabBarItem")
        let initialize = try runtime.selector("init")
        try runtime.registerLazyClass(named: "UITabBarController", superclass: viewController) { c in
            try c.addProperty(Property(name: "selectedIndex", type: .integer(code: "Q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "delegate", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            try c.addProperty(Property(name: "tabBar", type: .object(className: "UITabBar"), attributes: [.readOnly, .strong]))
            // NSNotFound until there are tabs.
            try c.addMethod("initWithNibName:bundle:", types: "@@:@@") { m in
                try m.initializingSuper(initWithNib, Arguments(m[0], m[1])) { this in try m.runtime.setIvar("_selectedIndex", of: this, to: .int(Int.max)) }
            }
            try c.addMethod("viewControllers", types: "@@:") { m in
                let children = try m.array("childViewControllers", of: m.receiver)
                return children.isEmpty ? .nil : .array(children)
            }
            try c.addMethod("setViewControllers:", types: "v@:@") { m in try m.send(setControllersAnimated, to: m.receiver, Arguments(m[0], false)) }
            try c.addMethod("setViewControllers:animated:", types: "v@:@B") { m in
                let tabs = try Containment.controllers(m, 0)
                let previous = try m.object("selectedViewController", of: m.receiver)
                let change = try Containment.begin(replacing: m.receiver, with: tabs, message: m)
                // The selected controller stays selected when it is still a tab; otherwise the first is.
                let index = tabs.firstIndex { $0 === previous } ?? (tabs.isEmpty ? Int.max : 0)
                try m.setIvar("_selectedIndex", .int(index))
                if index != Int.max, tabs[index] !== previous { try switchTabs(from: previous, to: tabs[index], message: m) }
                try Containment.finish(change, of: m.receiver, message: m)
                return .nil
            }
            try c.addMethod("selectedViewController", types: "@@:") { m in
                let children = try m.array("childViewControllers", of: m.receiver), index = try m.ivar("_selectedIndex").intValue ?? Int.max
                return children.indices.contains(index) ? children[index] : .nil
            }
            try c.addMethod("setSelectedIndex:", types: "v@:Q") { m in
                let children = try m.array("childViewControllers", of: m.receiver).compactMap(\.object), index = try m.integerArgument(0)
                guard children.indices.contains(index) else { throw outOfRange(m, index, count: children.count) }
                let previous = try m.object("selectedViewController", of: m.receiver)
                try m.setIvar("_selectedIndex", .int(index))
                if children[index] !== previous { try switchTabs(from: previous, to: children[index], message: m) }
                return .nil
            }
            try c.addMethod("setSelectedViewController:", types: "v@:@") { m in
                let children = try m.array("childViewControllers", of: m.receiver)
                guard let selected = try m.objectArgument(0), let index = children.firstIndex(where: { $0.object === selected }) else {
                    throw ClassLibraryError.invalidArgument(
                        method: m.methodName, reason: "only a view controller in the tab bar controller's list of view controllers can be selected.")
                }
                return try m.send(setSelectedIndex, to: m.receiver, Arguments(.int(index)))
            }
            // The bar, made on first use, shows each tab's item and the selected one's.
            try c.addMethod("tabBar", types: "@@:") { m in
                var bar = try m.ivar("_tabBar")
                if bar == .nil {
                    bar = try m.make("UITabBar", initialize)
                    try m.setIvar("_tabBar", bar)
                }
                let items = try m.array("childViewControllers", of: m.receiver).map { try m.send(tabBarItem, to: $0.object) }
                let selected = try m.object("selectedViewController", of: m.receiver)
                try m.runtime.setIvars(of: bar.object ?? m.receiver, ["_items": .array(items), "_selectedItem": try m.send(tabBarItem, to: selected)])
                return bar
            }
        }
    }

    /// While the tab bar controller has appeared, the tab shown disappears as the newly
    /// selected one appears.
    private static func switchTabs(from leaving: Object?, to arriving: Object, message m: borrowing Message) throws {
        guard try Appearance.state(of: m.receiver, in: m.runtime) == .appeared else { return }
        try Appearance.swap(out: leaving, in: arriving, animated: false, message: m)
    }
}
