import Runtime

extension ClassLibrary {
    /// The most cells a table asks its data source for at once: UIKit asks only for the rows
    /// on screen, and the model's screen is as tall as the rows, so a data source that
    /// claims millions of rows is cut off here rather than run for ever.
    static let maximumVisibleRows = 1_000

    /// `UITableView`: a scroll view whose rows come from its data source. `reloadData`
    /// asks `numberOfSectionsInTableView:` (1 when the data source does not answer it),
    /// `tableView:numberOfRowsInSection:` for each section, then `tableView:cellForRowAtIndexPath:`
    /// for each row, and keeps the cells as its subviews (the visible cells: the model's
    /// screen shows every row), stacked by `rowHeight` or the delegate's
    /// `tableView:heightForRowAtIndexPath:`. The cells it had go to the reuse queue, from
    /// which `dequeueReusableCellWithIdentifier:` takes them back (sending `prepareForReuse`)
    /// before making a cell of the class registered for the identifier. Row insertions and
    /// deletions, alone or between `beginUpdates` and `endUpdates`, re-ask the data source
    /// and raise, as UIKit does, when its counts do not match the changes.
    static func defineTableView(in runtime: Runtime, scrollView: Class) throws {
        let s = try TableSelectors(runtime)
        try runtime.registerLazyClass(named: "UITableView", superclass: scrollView) { c in
            try c.addProperty(Property(name: "style", type: .integer(code: "q"), attributes: [.readOnly, .nonatomic]))
            try c.addProperty(Property(name: "dataSource", type: .object(className: nil), attributes: [.weak, .nonatomic]))
            for name in ["rowHeight", "estimatedRowHeight", "sectionHeaderHeight", "sectionFooterHeight"] {
                try c.addProperty(Property(name: name, type: .double, attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "separatorStyle", type: .integer(code: "q"), attributes: [.nonatomic]))
            try c.addProperty(Property(name: "separatorColor", type: .object(className: "UIColor"), attributes: [.strong, .nonatomic]))
            for name in ["tableHeaderView", "tableFooterView", "backgroundView"] {
                try c.addProperty(Property(name: name, type: .object(className: "UIView"), attributes: [.strong, .nonatomic]))
            }
            for name in ["allowsSelection", "allowsMultipleSelection", "allowsSelectionDuringEditing"] {
                try c.addProperty(Property(name: name, type: .bool, attributes: [.nonatomic]))
            }
            try c.addProperty(Property(name: "editing", type: .bool, attributes: [.nonatomic], getter: "isEditing"))
            try c.addProperty(Property(name: "visibleCells", type: .object(className: "NSArray"), attributes: [.readOnly]))
            try c.addProperty(Property(name: "indexPathsForVisibleRows", type: .object(className: "NSArray"), attributes: [.readOnly]))
            for (name, type) in [("_rowCounts", "NSArray"), ("_registeredCellClasses", "NSDictionary"), ("_reusableCells", "NSArray"),
                                 ("_selectedIndexPaths", "NSArray"), ("_pendingUpdates", "NSArray")] {
                try c.addIvar(name, type: .object(className: type))
            }
            try c.addIvar("_updateDepth", type: .integer(code: "q"))

            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.send(s.initWithFrameStyle, to: m.receiver, Arguments(m[0], .int(0)))
            }
            try c.addMethod("initWithFrame:style:", types: "@@:\(rectType)q") { m in
                let style = try m.integerArgument(1)
                return try m.initializingSuper(s.initWithFrame, Arguments(m[0])) { this in
                    // UITableViewStylePlain or Grouped; 44-point rows, single-line separators, selectable.
                    try m.runtime.setIvars(of: this, [
                        "_style": .int(style), "_rowHeight": .double(44), "_sectionHeaderHeight": .double(style == 0 ? 28 : 18),
                        "_sectionFooterHeight": .double(style == 0 ? 28 : 18), "_separatorStyle": .int(1), "_allowsSelection": true,
                        "_visibleCells": [], "_indexPathsForVisibleRows": [], "_reusableCells": [], "_selectedIndexPaths": [],
                        "_registeredCellClasses": .dictionary([:]), "_pendingUpdates": [],
                    ])
                }
            }
            try defineTableData(&c, s)
            try defineTableCells(&c, s)
            try defineTableUpdates(&c, s)
            try defineTableSelection(&c, s)
        }
    }

    /// Reloading, counting and finding rows.
    private static func defineTableData(_ c: inout ClassBuilder, _ s: TableSelectors) throws {
        try c.addMethod("reloadData", types: "v@:") { m in
            try TableData.reload(counts: try TableData.askCounts(m, s), m, s)
            return .nil
        }
        // A table that has never loaded loads when first laid out, as UIKit's does.
        try c.addMethod("layoutSubviews", types: "v@:") { m in
            if try m.ivar("_rowCounts") == .nil { try m.send(s.reloadData, to: m.receiver) }
            return try m.sendSuper(s.layoutSubviews)
        }
        // Asking for counts loads them first, as UIKit asks its data source on demand.
        try c.addMethod("numberOfSections", types: "q@:") { m in .int(try TableData.counts(m, s).count) }
        try c.addMethod("numberOfRowsInSection:", types: "q@:q") { m in
            let counts = try TableData.counts(m, s), section = try m.integerArgument(0)
            guard counts.indices.contains(section) else {
                throw ClassLibraryError.outOfRange(method: m.methodName, reason: "section (\(section)) beyond bounds (\(counts.count))")
            }
            return .int(counts[section])
        }
        try c.addMethod("cellForRowAtIndexPath:", types: "@@:@") { m in
            guard let wanted = try TableData.position(of: m[0], m, s) else { return .nil }
            let paths = try m.ivar("_indexPathsForVisibleRows").arrayElements, cells = try m.ivar("_visibleCells").arrayElements
            for (index, path) in paths.enumerated() where try TableData.position(of: path, m, s) == wanted && index < cells.count {
                return cells[index]
            }
            return .nil
        }
        try c.addMethod("indexPathForCell:", types: "@@:@") { m in
            guard let cell = try m.objectArgument(0) else { return .nil }
            let paths = try m.ivar("_indexPathsForVisibleRows").arrayElements, cells = try m.ivar("_visibleCells").arrayElements
            return cells.firstIndex { $0.object === cell }.flatMap { paths.indices.contains($0) ? paths[$0] : nil } ?? .nil
        }
        try c.addMethod("setEditing:animated:", types: "v@:BB") { m in
            try m.setIvar("_editing", .bool(m[0].isTruthy))
            return .nil
        }
        try c.addMethod("setEditing:", types: "v@:B") { m in try m.send(s.setEditingAnimated, to: m.receiver, Arguments(m[0], false)) }
    }

    /// Registering cell classes and dequeuing cells.
    private static func defineTableCells(_ c: inout ClassBuilder, _ s: TableSelectors) throws {
        try c.addMethod("registerClass:forCellReuseIdentifier:", types: "v@:#@") { m in
            let cls = try m.classArgument(0), identifier = try m.stringArgument(1)
            var registered: [Value: Value] = if case .dictionary(let all) = try m.ivar("_registeredCellClasses") { all } else { [:] }
            registered[.string(identifier)] = cls.map(Value.object)
            try m.setIvar("_registeredCellClasses", .dictionary(registered))
            return .nil
        }
        try c.addMethod("dequeueReusableCellWithIdentifier:", types: "@@:@") { m in
            try TableData.dequeue(try m.stringArgument(0), m, s) ?? .nil
        }
        try c.addMethod("dequeueReusableCellWithIdentifier:forIndexPath:", types: "@@:@@") { m in
            let identifier = try m.stringArgument(0)
            guard let cell = try TableData.dequeue(identifier, m, s) else {
                throw ClassLibraryError.invalidArgument(
                    method: m.methodName,
                    reason: "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
            }
            return cell
        }
    }

    /// Row and section changes, alone or batched.
    private static func defineTableUpdates(_ c: inout ClassBuilder, _ s: TableSelectors) throws {
        try c.addMethod("beginUpdates", types: "v@:") { m in
            try m.setIvar("_updateDepth", .int((try m.ivar("_updateDepth").intValue ?? 0) + 1))
            return .nil
        }
        try c.addMethod("endUpdates", types: "v@:") { m in
            let depth = max((try m.ivar("_updateDepth").intValue ?? 0) - 1, 0)
            try m.setIvar("_updateDepth", .int(depth))
            if depth == 0 { try TableData.applyPendingUpdates(m, s) }
            return .nil
        }
        try c.addMethod("performBatchUpdates:completion:", types: "v@:@?@?") { m in
            let updates = try m.blockArgument(0), completion = try m.blockArgument(1)
            try m.send(s.beginUpdates, to: m.receiver)
            _ = try updates?.call(Arguments(), nestedAt: m.depth + 1)
            try m.send(s.endUpdates, to: m.receiver)
            _ = try completion?.call(Arguments(true), nestedAt: m.depth + 1)
            return .nil
        }
        for (name, kind, isRows) in [("insertRowsAtIndexPaths:withRowAnimation:", "insert", true), ("deleteRowsAtIndexPaths:withRowAnimation:", "delete", true),
                                     ("reloadRowsAtIndexPaths:withRowAnimation:", "reload", true), ("insertSections:withRowAnimation:", "insertSection", false),
                                     ("deleteSections:withRowAnimation:", "deleteSection", false), ("reloadSections:withRowAnimation:", "reload", false)] {
            try c.addMethod(name, types: "v@:@q") { m in
                var changes = try m.ivar("_pendingUpdates").arrayElements
                if isRows {
                    for path in try m.arrayArgument(0) {
                        guard let position = try TableData.position(of: path, m, s) else { throw m.wrongArgument(0, expected: "an array of index paths") }
                        changes.append(.array([.string(kind), .int(position.section)]))
                    }
                } else {
                    guard let sections = try indexSetMembers(m[0], m) else {
                        throw m.wrongArgument(0, expected: "an NSIndexSet")
                    }
                    changes += sections.map { .array([.string(kind), .int($0)]) }
                }
                try m.setIvar("_pendingUpdates", .array(changes))
                if try m.ivar("_updateDepth").intValue ?? 0 == 0 { try TableData.applyPendingUpdates(m, s) }
                return .nil
            }
        }
    }

    /// Selection made in code: it selects the cell on screen, tells no delegate (UIKit
    /// does not), and reloading forgets it.
    private static func defineTableSelection(_ c: inout ClassBuilder, _ s: TableSelectors) throws {
        try c.addMethod("selectRowAtIndexPath:animated:scrollPosition:", types: "v@:@Bq") { m in
            let selected = try m.ivar("_selectedIndexPaths").arrayElements
            guard m[0] != .nil else {
                for path in selected { try m.send(s.deselectRow, to: m.receiver, Arguments(path, m[1])) }
                return .nil
            }
            guard let position = try TableData.position(of: m[0], m, s) else { throw m.wrongArgument(0, expected: "an index path") }
            if try !m.ivar("_allowsMultipleSelection").isTruthy {
                for path in selected where try TableData.position(of: path, m, s) != position {
                    try m.send(s.deselectRow, to: m.receiver, Arguments(path, m[1]))
                }
            }
            let remaining = try m.ivar("_selectedIndexPaths").arrayElements
            if try !remaining.contains(where: { try TableData.position(of: $0, m, s) == position }) {
                try m.setIvar("_selectedIndexPaths", .array(remaining + [m[0]]))
            }
            try m.send(s.setSelectedAnimated, to: try m.send(s.cellForRow, to: m.receiver, Arguments(m[0])).object, Arguments(true, m[1]))
            return .nil
        }
        try c.addMethod("deselectRowAtIndexPath:animated:", types: "v@:@B") { m in
            guard let position = try TableData.position(of: m[0], m, s) else { return .nil }
            let kept = try m.ivar("_selectedIndexPaths").arrayElements.filter { try TableData.position(of: $0, m, s) != position }
            try m.setIvar("_selectedIndexPaths", .array(kept))
            try m.send(s.setSelectedAnimated, to: try m.send(s.cellForRow, to: m.receiver, Arguments(m[0])).object, Arguments(false, m[1]))
            return .nil
        }
        try c.addMethod("indexPathForSelectedRow", types: "@@:") { m in try m.ivar("_selectedIndexPaths").arrayElements.first ?? .nil }
        try c.addMethod("indexPathsForSelectedRows", types: "@@:") { m in
            let selected = try m.ivar("_selectedIndexPaths").arrayElements
            return selected.isEmpty ? .nil : .array(selected)
        }
    }
}

/// The selectors a table sends, interned once.
struct TableSelectors: Sendable {
    let initWithFrame, initWithFrameStyle, layoutSubviews, reloadData, numberOfSections, numberOfRows, cellForRowAtIndexPath: Selector
    let heightForRow, dataSource, delegate, indexPathForRow, section, row, reuseIdentifier, prepareForReuse: Selector
    let initWithStyle, setSelectedAnimated, cellForRow, deselectRow, beginUpdates, endUpdates, setEditingAnimated: Selector
    let addSubview, removeFromSuperview, setFrame, rowHeight, bounds, setContentSize: Selector

    init(_ runtime: Runtime) throws {
        initWithFrame = try runtime.selector("initWithFrame:")
        initWithFrameStyle = try runtime.selector("initWithFrame:style:")
        layoutSubviews = try runtime.selector("layoutSubviews")
        reloadData = try runtime.selector("reloadData")
        numberOfSections = try runtime.selector("numberOfSectionsInTableView:")
        numberOfRows = try runtime.selector("tableView:numberOfRowsInSection:")
        cellForRowAtIndexPath = try runtime.selector("tableView:cellForRowAtIndexPath:")
        heightForRow = try runtime.selector("tableView:heightForRowAtIndexPath:")
        dataSource = try runtime.selector("dataSource")
        delegate = try runtime.selector("delegate")
        indexPathForRow = try runtime.selector("indexPathForRow:inSection:")
        section = try runtime.selector("section")
        row = try runtime.selector("row")
        reuseIdentifier = try runtime.selector("reuseIdentifier")
        prepareForReuse = try runtime.selector("prepareForReuse")
        initWithStyle = try runtime.selector("initWithStyle:reuseIdentifier:")
        setSelectedAnimated = try runtime.selector("setSelected:animated:")
        cellForRow = try runtime.selector("cellForRowAtIndexPath:")
        deselectRow = try runtime.selector("deselectRowAtIndexPath:animated:")
        beginUpdates = try runtime.selector("beginUpdates")
        endUpdates = try runtime.selector("endUpdates")
        setEditingAnimated = try runtime.selector("setEditing:animated:")
        addSubview = try runtime.selector("addSubview:")
        removeFromSuperview = try runtime.selector("removeFromSuperview")
        setFrame = try runtime.selector("setFrame:")
        rowHeight = try runtime.selector("rowHeight")
        bounds = try runtime.selector("bounds")
        setContentSize = try runtime.selector("setContentSize:")
    }
}
