import Runtime

extension ClassLibrary {
    /// The most cells a table or collection view asks its data source for at once: UIKit
    /// asks only for the rows on screen, and the model's screen is as tall as the rows, so
    /// a data source that claims millions of rows is cut off here rather than run for ever.
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
            try c.addIvar("_registeredCellClasses", type: .object(className: "NSDictionary"))
            // A storyboard's static table: its cells, section by section, and the sections' titles.
            try c.addIvar("_staticSections", type: .object(className: "NSArray"))
            try c.addIvar("_staticSectionTitles", type: .object(className: "NSArray"))
            try s.list.addIvars(to: &c)

            try c.addMethod("initWithFrame:", types: "@@:\(rectType)") { m in
                try m.send(s.initWithFrameStyle, to: m.receiver, Arguments(m[0], .int(0)))
            }
            try c.addMethod("initWithCoder:", types: "@@:@") { m in try m.sendToFramework(s.initWithFrameStyle, Arguments(zeroRect, .int(0))) }
            try c.addMethod("initWithFrame:style:", types: "@@:\(rectType)q") { m in
                let style = try m.integerArgument(1)
                return try m.initializingSuper(s.initWithFrame, Arguments(m[0])) { this in
                    // UITableViewStylePlain or Grouped; 44-point rows, single-line separators, selectable.
                    try m.runtime.setIvars(of: this, [
                        "_style": .int(style), "_rowHeight": .double(44), "_sectionHeaderHeight": .double(style == 0 ? 28 : 18),
                        "_sectionFooterHeight": .double(style == 0 ? 28 : 18), "_separatorStyle": .int(1), "_allowsSelection": true,
                        "_registeredCellClasses": .dictionary([:]),
                    ])
                    try s.list.start(this, in: m.runtime)
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
            try s.list.reload(counts: try s.list.askCounts(m), m)
            return .nil
        }
        // A table that has never loaded loads when first laid out, as UIKit's does.
        try c.addMethod("layoutSubviews", types: "v@:") { m in
            if try m.ivar("_rowCounts") == .nil { try m.send(s.reloadData, to: m.receiver) }
            return try m.sendSuper(s.layoutSubviews)
        }
        // Asking for counts loads them first, as UIKit asks its data source on demand.
        try c.addMethod("numberOfSections", types: "q@:") { m in .int(try s.list.counts(m).count) }
        try c.addMethod("numberOfRowsInSection:", types: "q@:q") { m in .int(try s.list.count(inSection: try m.integerArgument(0), m)) }
        try c.addMethod("cellForRowAtIndexPath:", types: "@@:@") { m in try s.list.visibleCell(at: m[0], m) }
        try c.addMethod("indexPathForCell:", types: "@@:@") { m in try s.list.indexPath(ofVisible: m[0], m) }
        // A row moved as the user drags it, after the data source was told (not UIKit's API).
        try c.addMethod("_moveShownRowAtIndexPath:toIndexPath:", types: "v@:@@") { m in
            try s.list.moveShown(m)
            return .nil
        }
        try c.addMethod("rectForRowAtIndexPath:", types: "{CGRect={CGPoint=dd}{CGSize=dd}}@:@") { m in
            let row = try rowRect(m[0], m, s)
            return Geometry.rect(0, row.top, row.width, row.height)
        }
        // The offset that shows the row where the position says (None: as little as
        // shows it; Top, Middle, Bottom), within the content; a row the table lacks raises.
        try c.addMethod("scrollToRowAtIndexPath:atScrollPosition:animated:", types: "v@:@qB") { m in
            let row = try rowRect(m[0], m, s)
            let position = try m.integerArgument(1)
            guard (0...3).contains(position) else {
                throw m.wrongArgument(1, expected: "a UITableViewScrollPosition: None (0), Top (1), Middle (2) or Bottom (3)")
            }
            let bounds = Geometry.rectNumbers(of: try m.send("bounds", to: m.receiver)) ?? (0, 0, 0, 0)
            let content = Geometry.numbers(of: try m.send("contentSize", to: m.receiver), count: 2) ?? [0, 0]
            var y = switch position {
            case 1: row.top
            case 2: row.top + row.height / 2 - bounds.height / 2
            case 3: row.top + row.height - bounds.height
            default: row.top < bounds.y ? row.top : row.top + row.height > bounds.y + bounds.height ? row.top + row.height - bounds.height : bounds.y
            }
            y = min(max(y, 0), max(content[1] - bounds.height, 0))
            if y != bounds.y { try m.send("setContentOffset:", to: m.receiver, Geometry.point(bounds.x, y)) }
            return .nil
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
            let cls = try m.classArgument(0)
            try s.list.register(cls.map(Value.object) ?? .nil, for: try m.stringArgument(1), in: "_registeredCellClasses", m)
            return .nil
        }
        // A nib's cell (a storyboard's prototype) is made anew from it for each dequeue.
        try c.addMethod("registerNib:forCellReuseIdentifier:", types: "v@:@@") { m in
            try s.list.register(m[0], for: try m.stringArgument(1), in: "_registeredCellClasses", m)
            return .nil
        }
        try c.addMethod("dequeueReusableCellWithIdentifier:", types: "@@:@") { m in
            try dequeueTableCell(try m.stringArgument(0), m, s) ?? .nil
        }
        try c.addMethod("dequeueReusableCellWithIdentifier:forIndexPath:", types: "@@:@@") { m in
            let identifier = try m.stringArgument(0)
            guard let cell = try dequeueTableCell(identifier, m, s) else {
                throw ClassLibraryError.invalidArgument(
                    method: m.methodName,
                    reason: "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
            }
            return cell
        }
    }

    /// A queued cell with the identifier, else a new cell of the class registered for it
    /// (in the default style, as UIKit makes registered cells); nil when there is neither.
    private static func dequeueTableCell(_ identifier: String, _ m: borrowing Message, _ s: TableSelectors) throws -> Value? {
        if let queued = try s.list.dequeueQueuedCell(identifier, m) { return queued }
        guard let registration = try s.list.registration(for: identifier, in: "_registeredCellClasses", m) else { return nil }
        guard let cls = registration.class else {
            let made = try m.send(m.runtime.selector("instantiateWithOwner:options:"), to: registration.object, Arguments(.nil, .nil))
            guard let cell = made.arrayContents?.first, case .object(let object) = cell else { return nil }
            try m.runtime.setIvar("_reuseIdentifier", of: object, to: .string(identifier))
            return cell
        }
        return try s.list.make(cls, s.initWithStyle, Arguments(.int(0), .string(identifier)), m)
    }

    /// Row and section changes, alone or batched.
    private static func defineTableUpdates(_ c: inout ClassBuilder, _ s: TableSelectors) throws {
        try c.addMethod("beginUpdates", types: "v@:") { m in
            try s.list.beginUpdates(m)
            return .nil
        }
        try c.addMethod("endUpdates", types: "v@:") { m in
            try s.list.endUpdates(m)
            return .nil
        }
        try s.list.addChangeMethods(
            to: &c, types: "v@:@q",
            items: ["insertRowsAtIndexPaths:withRowAnimation:": "insert", "deleteRowsAtIndexPaths:withRowAnimation:": "delete",
                    "reloadRowsAtIndexPaths:withRowAnimation:": "reload"],
            sections: ["insertSections:withRowAnimation:": "insertSection", "deleteSections:withRowAnimation:": "deleteSection",
                       "reloadSections:withRowAnimation:": "reload"])
        // As a collection view's: checked against the data source's counts, then reloaded.
        try c.addMethod("moveRowAtIndexPath:toIndexPath:", types: "v@:@@") { m in
            try s.list.recordMove(m)
            return .nil
        }
    }

    /// Selection made in code: it selects the cell on screen, tells no delegate (UIKit
    /// does not), and reloading forgets it.
    private static func defineTableSelection(_ c: inout ClassBuilder, _ s: TableSelectors) throws {
        try c.addMethod("selectRowAtIndexPath:animated:scrollPosition:", types: "v@:@Bq") { m in
            try s.list.select(m)
            return .nil
        }
        try c.addMethod("deselectRowAtIndexPath:animated:", types: "v@:@B") { m in
            try s.list.deselect(m)
            return .nil
        }
        try c.addMethod("indexPathForSelectedRow", types: "@@:") { m in try m.ivar("_selectedIndexPaths").arrayElements.first ?? .nil }
        try c.addMethod("indexPathsForSelectedRows", types: "@@:") { m in
            let selected = try m.ivar("_selectedIndexPaths").arrayElements
            return selected.isEmpty ? .nil : .array(selected)
        }
    }
}

extension ClassLibrary {
    /// Where the row at `path` lies in the table's content, as ``RowStack`` stacks rows:
    /// below every row before it, as tall as the delegate says. A path the table does not
    /// have raises `NSRangeException`, as UIKit's does.
    fileprivate static func rowRect(_ path: Value, _ m: borrowing Message, _ s: TableSelectors) throws -> (top: Double, width: Double, height: Double) {
        guard let wanted = try s.list.position(of: path, m) else { throw m.wrongArgument(0, expected: "an NSIndexPath") }
        let counts = try s.list.counts(m)
        guard counts.indices.contains(wanted.section), (0..<counts[wanted.section]).contains(wanted.row) else {
            let rows = counts.indices.contains(wanted.section) ? counts[wanted.section] : 0
            throw ClassLibraryError.outOfRange(
                method: m.methodName,
                reason: "row (\(wanted.row)) beyond bounds (\(rows)) for section (\(wanted.section))")
        }
        let delegate = try m.send("delegate", to: m.receiver).object
        let standard = try m.send("rowHeight", to: m.receiver).numberValue ?? 44
        let heightForRow = try m.runtime.selector("tableView:heightForRowAtIndexPath:")
        let indexPath = try m.runtime.requireClass(named: "NSIndexPath")
        func height(_ section: Int, _ row: Int) throws -> Double {
            guard delegate != nil else { return standard < 0 ? 44 : standard }
            let made = try m.send(s.list.indexPathFor, to: indexPath, Arguments(.int(row), .int(section)))
            let height = try m.sendIfImplemented(heightForRow, to: delegate, Arguments(.object(m.receiver), made))?.numberValue ?? standard
            return height < 0 ? 44 : height
        }
        var top = 0.0
        for section in 0...wanted.section {
            for row in 0..<(section == wanted.section ? wanted.row : counts[section]) { top += try height(section, row) }
        }
        let width = Geometry.rectNumbers(of: try m.send("bounds", to: m.receiver))?.width ?? 0
        return (top, width, try height(wanted.section, wanted.row))
    }
}

/// A table's placement: rows stacked from the top, each as tall as the delegate's
/// `tableView:heightForRowAtIndexPath:` says, else `rowHeight`, and as wide as the table.
private struct RowStack: CellPlacement {
    /// What a stack sends, interned once.
    struct Selectors: Sendable {
        let heightForRow, setFrame, setContentSize, delegate, bounds, rowHeight: Selector

        init(_ runtime: Runtime) throws {
            heightForRow = try runtime.selector("tableView:heightForRowAtIndexPath:")
            setFrame = try runtime.selector("setFrame:")
            setContentSize = try runtime.selector("setContentSize:")
            delegate = try runtime.selector("delegate")
            bounds = try runtime.selector("bounds")
            rowHeight = try runtime.selector("rowHeight")
        }
    }

    let s: Selectors
    let delegate: Object?
    let width, standardHeight: Double
    var top = 0.0

    init(_ m: borrowing Message, _ s: Selectors) throws {
        self.s = s
        delegate = try m.send(s.delegate, to: m.receiver).object
        width = Geometry.rectNumbers(of: try m.send(s.bounds, to: m.receiver))?.width ?? 0
        standardHeight = try m.send(s.rowHeight, to: m.receiver).numberValue ?? 44
    }

    mutating func prepare(_ m: borrowing Message) throws {}

    mutating func place(_ cell: Object, at path: Value, _ m: borrowing Message) throws {
        // UITableViewAutomaticDimension (-1) and other unusable heights read as UIKit's 44.
        var height = try m.sendIfImplemented(s.heightForRow, to: delegate, Arguments(.object(m.receiver), path))?.numberValue ?? standardHeight
        if height < 0 { height = 44 }
        try m.send(s.setFrame, to: cell, Arguments(Geometry.rect(0, top, width, height)))
        top += height
    }

    mutating func finish(_ m: borrowing Message) throws {
        try m.send(s.setContentSize, to: m.receiver, Arguments(Geometry.size(width, top)))
    }
}

/// The selectors a table sends, interned once, and the row bookkeeping it shares with collection views.
struct TableSelectors: Sendable {
    let initWithFrame, initWithFrameStyle, layoutSubviews, reloadData, initWithStyle, setEditingAnimated: Selector
    let list: CellList

    init(_ runtime: Runtime) throws {
        initWithFrame = try runtime.selector("initWithFrame:")
        initWithFrameStyle = try runtime.selector("initWithFrame:style:")
        layoutSubviews = try runtime.selector("layoutSubviews")
        reloadData = try runtime.selector("reloadData")
        initWithStyle = try runtime.selector("initWithStyle:reuseIdentifier:")
        setEditingAnimated = try runtime.selector("setEditing:animated:")
        let stack = try RowStack.Selectors(runtime)
        list = try CellList(.table, in: runtime) { _, m in try RowStack(m, stack) }
    }
}
