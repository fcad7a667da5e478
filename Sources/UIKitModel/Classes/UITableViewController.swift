import Runtime

extension ClassLibrary {
    /// `UITableViewController`: a controller whose view is a table it makes in `loadView`
    /// (in the style `initWithStyle:` gave) and is the data source and delegate of. As in
    /// UIKit, it reloads the table the first time it is about to appear, clears the
    /// selection each time while `clearsSelectionOnViewWillAppear`, passes editing on to
    /// the table, and answers the data source's questions for an empty table itself so
    /// that a subclass may call super.
    static func defineTableViewController(in runtime: Runtime, viewController: Class) throws {
        let initWithNib = try runtime.selector("initWithNibName:bundle:"), viewWillAppear = try runtime.selector("viewWillAppear:")
        let initWithFrameStyle = try runtime.selector("initWithFrame:style:"), tableView = try runtime.selector("tableView")
        let setEditing = try runtime.selector("setEditing:animated:"), view = try runtime.selector("view")
        let list = try TableSelectors(runtime).list
        let protocols = ["UITableViewDataSource", "UITableViewDelegate"].compactMap(runtime.protocol(named:))
        let interfaceViews = try InterfaceViewQuery(in: runtime)
        try runtime.registerLazyClass(named: "UITableViewController", superclass: viewController) { c in
            for adopted in protocols { c.adopt(adopted) }
            try c.addProperty(Property(name: "tableView", type: .object(className: "UITableView"), attributes: [.strong]))
            try c.addProperty(Property(name: "clearsSelectionOnViewWillAppear", type: .bool, attributes: [.nonatomic]))
            // The table's own, as since iOS 10.
            try c.addMethod("refreshControl", types: "@@:") { m in
                guard let table = try m.send(tableView, to: m.receiver).object else { return .nil }
                return try m.send("refreshControl", to: table)
            }
            try c.addMethod("setRefreshControl:", types: "v@:@") { m in
                if let table = try m.send(tableView, to: m.receiver).object { try m.send("setRefreshControl:", to: table, m[0]) }
                return .nil
            }
            try c.addIvar("_tableViewStyle", type: .integer(code: "q"))
            try c.addMethod("initWithStyle:", types: "@@:q") { m in
                let style = try m.integerArgument(0)
                return try m.initializingSuper(initWithNib, Arguments(.nil, .nil)) { this in
                    try m.runtime.setIvars(of: this, ["_tableViewStyle": .int(style), "_clearsSelectionOnViewWillAppear": true])
                }
            }
            // The designated initializer of UIViewController leads here too, with the plain style.
            try c.addMethod("initWithNibName:bundle:", types: "@@:@@") { m in
                try m.initializingSuper(initWithNib, Arguments(m[0], m[1])) { this in
                    try m.runtime.setIvar("_clearsSelectionOnViewWillAppear", of: this, to: true)
                }
            }
            try c.addMethod("loadView", types: "v@:") { m in
                // A storyboard's or nib's table.
                if try m.loadsInterfaceView(interfaceViews) {
                    try m.setIvar("_tableView", try m.ivar("_view"))
                    return .nil
                }
                let style = try m.ivar("_tableViewStyle")
                let table = try m.make("UITableView", initWithFrameStyle, Arguments(zeroRect, .int(style.intValue ?? 0)))
                try m.runtime.setIvars(of: table.object ?? m.receiver, ["_dataSource": .object(m.receiver), "_delegate": .object(m.receiver)])
                try m.setIvars(["_tableView": table, "_view": table])
                return .nil
            }
            // Asking for the table loads the view, which is the table, as UIKit's does.
            try c.addMethod("tableView", types: "@@:") { m in
                if try m.ivar("_tableView") == .nil { try m.send(view, to: m.receiver) }
                return try m.ivar("_tableView")
            }
            // Setting the table makes it the view, as UIKit's does.
            try c.addMethod("setTableView:", types: "v@:@") { m in
                try m.setIvars(["_tableView": m[0], "_view": m[0]])
                return .nil
            }
            try c.addMethod("viewWillAppear:", types: "v@:B") { m in
                try m.sendSuper(viewWillAppear, Arguments(m[0]))
                try list.willAppear(try m.send(tableView, to: m.receiver).object, m)
                return .nil
            }
            try c.addMethod("setEditing:animated:", types: "v@:BB") { m in
                try m.sendSuper(setEditing, Arguments(m[0], m[1]))
                try m.send(setEditing, to: try m.send(tableView, to: m.receiver).object, Arguments(m[0], m[1]))
                return .nil
            }
            // A storyboard's static table answers from its cells; any other has one empty section.
            try c.addMethod("numberOfSectionsInTableView:", types: "q@:@") { m in
                .int(try staticSections(of: m[0], m)?.count ?? 1)
            }
            try c.addMethod("tableView:numberOfRowsInSection:", types: "q@:@q") { m in
                let sections = try staticSections(of: m[0], m) ?? [], section = try m.integerArgument(1)
                return .int(sections.indices.contains(section) ? sections[section].arrayContents?.count ?? 0 : 0)
            }
            try c.addMethod("tableView:cellForRowAtIndexPath:", types: "@@:@@") { m in
                guard let sections = try staticSections(of: m[0], m), let path = try m.objectArgument(1) else { return .nil }
                let section = try m.send("section", to: path).intValue ?? 0, row = try m.send("row", to: path).intValue ?? 0
                guard sections.indices.contains(section), let cells = sections[section].arrayContents, cells.indices.contains(row) else { return .nil }
                return cells[row]
            }
            try c.addMethod("tableView:titleForHeaderInSection:", types: "@@:@q") { m in
                guard case .object(let table) = m[0], let titles = try m.runtime.ivarValue("_staticSectionTitles", of: table).arrayContents else { return .nil }
                let section = try m.integerArgument(1)
                return titles.indices.contains(section) && titles[section] != .string("") ? titles[section] : .nil
            }
        }
    }

    /// The cells of a storyboard's static table, section by section; nil for any other table.
    private static func staticSections(of table: Value, _ m: borrowing Message) throws -> [Value]? {
        guard case .object(let object) = table, m.runtime.ivar(named: "_staticSections", in: object.isa) != nil else { return nil }
        return try m.runtime.ivarValue("_staticSections", of: object).arrayContents
    }
}
