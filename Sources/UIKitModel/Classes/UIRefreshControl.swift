import Runtime

extension ClassLibrary {
    /// `UIRefreshControl`: the pull-to-refresh control a table view controller or a scroll
    /// view shows. Code begins and ends refreshing; a user's pull (`sendActionsForControlEvents:`
    /// with `UIControlEventValueChanged`) runs its actions, as UIKit's does, without
    /// beginning it.
    static func defineRefreshControl(in runtime: Runtime, control: Class) throws {
        try runtime.registerLazyClass(named: "UIRefreshControl", superclass: control) { c in
            try c.addProperty(Property(name: "refreshing", type: .bool, attributes: [.readOnly, .nonatomic], getter: "isRefreshing"))
            try c.addProperty(Property(name: "attributedTitle", type: .object(className: "NSAttributedString"), attributes: [.strong, .nonatomic]))
            try c.addMethod("beginRefreshing", types: "v@:") { m in
                try m.setIvar("_refreshing", true)
                return .nil
            }
            try c.addMethod("endRefreshing", types: "v@:") { m in
                try m.setIvar("_refreshing", false)
                return .nil
            }
        }
    }
}
