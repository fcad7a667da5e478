import Runtime

extension ClassLibrary {
    /// `UITableViewController`: a controller whose view is a table it makes in loadView.
    static func defineTableViewController(in runtime: Runtime, viewController: Class) throws {
        try runtime.registerClass(named: "UITableViewController", superclass: viewController) { c in
            try c.addProperty(Property(name: "tableView", type: .object(className: "UITableView"), attributes: [.strong]))
            try c.addMethod("loadView", types: "v@:") { m in
                let table = try m.send("new", to: m.runtime.requireClass(named: "UITableView"))
                try m.runtime.setIvar("_tableView", of: m.receiver, to: table)
                try m.runtime.setIvar("_view", of: m.receiver, to: table)
                return .nil
            }
        }
    }
}
