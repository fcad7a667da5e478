import Runtime

/// The row bookkeeping a table's methods share: asking the data source, laying the cells
/// out, the reuse queue, and checking batched changes against the data source's counts.
enum TableData {
    /// The section and row of an index path (anything answering `section` and `row`), nil for nil.
    static func position(of path: Value, _ m: borrowing Message, _ s: TableSelectors) throws -> Position? {
        guard let object = path.object else { return nil }
        return Position(section: try m.send(s.section, to: object).intValue ?? 0, row: try m.send(s.row, to: object).intValue ?? 0)
    }

    struct Position: Hashable {
        let section: Int
        let row: Int
    }

    /// The row counts, loading them (and the cells) first when the table has never loaded.
    static func counts(_ m: borrowing Message, _ s: TableSelectors) throws -> [Int] {
        if try m.ivar("_rowCounts") == .nil { try m.send(s.reloadData, to: m.receiver) }
        return try m.ivar("_rowCounts").arrayElements.map { $0.intValue ?? 0 }
    }

    /// What the data source says now: the sections (1 when it does not answer
    /// `numberOfSectionsInTableView:`, as UIKit assumes) and the rows of each. A table
    /// without a data source has one empty section.
    static func askCounts(_ m: borrowing Message, _ s: TableSelectors) throws -> [Int] {
        guard let source = try m.send(s.dataSource, to: m.receiver).object else { return [0] }
        let table = Arguments(.object(m.receiver))
        let sections = try m.sendIfImplemented(s.numberOfSections, to: source, table)?.intValue ?? 1
        guard sections >= 0 else {
            throw ClassLibraryError.invalidArgument(method: "-[UITableView reloadData]", reason: "the data source answered \(sections) sections; a count cannot be negative")
        }
        return try (0..<sections).map { section in
            // Required of a data source: one that lacks it raises an unrecognised selector, as in UIKit.
            let rows = try m.send(s.numberOfRows, to: source, Arguments(.object(m.receiver), .int(section))).intValue ?? 0
            guard rows >= 0 else {
                throw ClassLibraryError.invalidArgument(
                    method: "-[UITableView reloadData]", reason: "the data source answered \(rows) rows in section \(section); a count cannot be negative")
            }
            return rows
        }
    }

    /// Takes the counts as the table's, moves the cells it shows to the reuse queue, and
    /// asks the data source for a cell for each row, stacking them as subviews.
    static func reload(counts: [Int], _ m: borrowing Message, _ s: TableSelectors) throws {
        let previous = try m.ivar("_visibleCells").arrayElements
        for case .object(let cell) in previous { try m.send(s.removeFromSuperview, to: cell) }
        // The queue keeps as many cells as a screen shows, as UIKit bounds its own.
        try m.setIvar("_reusableCells", .array((try m.ivar("_reusableCells").arrayElements + previous).suffix(ClassLibrary.maximumVisibleRows)))
        try m.setIvars(["_rowCounts": .array(counts.map(Value.int)), "_visibleCells": [], "_indexPathsForVisibleRows": [], "_selectedIndexPaths": []])
        let source = try m.send(s.dataSource, to: m.receiver).object
        let delegate = try m.send(s.delegate, to: m.receiver).object
        let width = Geometry.rectNumbers(of: try m.send(s.bounds, to: m.receiver))?.width ?? 0
        let standardHeight = try m.send(s.rowHeight, to: m.receiver).numberValue ?? 44
        let indexPathClass = try m.runtime.requireClass(named: "NSIndexPath")
        var cells: [Value] = [], paths: [Value] = [], top = 0.0
        rows: for (section, rows) in counts.enumerated() {
            for row in 0..<rows {
                guard cells.count < ClassLibrary.maximumVisibleRows else { break rows }
                let path = try m.send(s.indexPathForRow, to: indexPathClass, Arguments(.int(row), .int(section)))
                let cell = try m.send(s.cellForRowAtIndexPath, to: source, Arguments(.object(m.receiver), path))
                guard let made = cell.object else {
                    throw ClassLibraryError.invalidArgument(
                        method: "-[UITableView reloadData]",
                        reason: "UITableView (\(m.receiver)) failed to obtain a cell from its dataSource (\(source?.description ?? "nil")) for row \(row) in section \(section)")
                }
                // UITableViewAutomaticDimension (-1) and other unusable heights read as UIKit's 44.
                var height = try m.sendIfImplemented(s.heightForRow, to: delegate, Arguments(.object(m.receiver), path))?.numberValue ?? standardHeight
                if height < 0 { height = 44 }
                try m.send(s.setFrame, to: made, Arguments(Geometry.rect(0, top, width, height)))
                try m.send(s.addSubview, to: m.receiver, Arguments(cell))
                top += height
                cells.append(cell)
                paths.append(path)
            }
        }
        try m.setIvars(["_visibleCells": .array(cells), "_indexPathsForVisibleRows": .array(paths)])
        try m.send(s.setContentSize, to: m.receiver, Arguments(Geometry.size(width, top)))
    }

    /// A queued cell with the identifier (told to prepare for reuse), else a new cell of
    /// the class registered for it; nil when there is neither.
    static func dequeue(_ identifier: String, _ m: borrowing Message, _ s: TableSelectors) throws -> Value? {
        var queue = try m.ivar("_reusableCells").arrayElements
        for (index, cell) in queue.enumerated() where try m.send(s.reuseIdentifier, to: cell.object) == .string(identifier) {
            queue.remove(at: index)
            try m.setIvar("_reusableCells", .array(queue))
            try m.send(s.prepareForReuse, to: cell.object)
            return cell
        }
        guard case .dictionary(let registered) = try m.ivar("_registeredCellClasses"), let cls = registered[.string(identifier)]?.class else { return nil }
        let allocated = try m.send(m.runtime.selector("alloc"), to: cls)
        // UITableViewCellStyleDefault, as UIKit makes registered cells.
        return try m.send(s.initWithStyle, to: allocated.object, Arguments(.int(0), .string(identifier)))
    }

    /// Re-asks the data source after the changes recorded, raising as UIKit does when its
    /// new counts are not the old ones plus the insertions and minus the deletions.
    static func applyPendingUpdates(_ m: borrowing Message, _ s: TableSelectors) throws {
        let changes = try m.ivar("_pendingUpdates").arrayElements.compactMap { change -> (kind: String, section: Int)? in
            guard case .array(let parts) = change, parts.count == 2, case .string(let kind) = parts[0], let section = parts[1].intValue else { return nil }
            return (kind, section)
        }
        try m.setIvar("_pendingUpdates", [])
        guard !changes.isEmpty else { return }
        let old = try m.ivar("_rowCounts") == .nil ? nil : try m.ivar("_rowCounts").arrayElements.map { $0.intValue ?? 0 }
        let new = try askCounts(m, s)
        if let old { try check(new, against: old, after: changes) }
        try reload(counts: new, m, s)
    }

    private static func check(_ new: [Int], against old: [Int], after changes: [(kind: String, section: Int)]) throws {
        let method = "-[UITableView endUpdates]"
        let insertedSections = changes.filter { $0.kind == "insertSection" }.count, deletedSections = changes.filter { $0.kind == "deleteSection" }.count
        guard new.count == old.count + insertedSections - deletedSections else {
            throw ClassLibraryError.invalidArgument(
                method: method,
                reason: "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (\(new.count)) must be equal to the number of sections contained in the table view before the update (\(old.count)), plus or minus the number of sections inserted or deleted (\(insertedSections) inserted, \(deletedSections) deleted)")
        }
        // With sections moving, rows are checked by section count only: their numbers shift.
        guard insertedSections == 0, deletedSections == 0 else { return }
        let reloaded = Set(changes.filter { $0.kind == "reload" }.map(\.section))
        for section in old.indices where !reloaded.contains(section) {
            let inserted = changes.filter { $0.kind == "insert" && $0.section == section }.count
            let deleted = changes.filter { $0.kind == "delete" && $0.section == section }.count
            guard new[section] == old[section] + inserted - deleted else {
                throw ClassLibraryError.invalidArgument(
                    method: method,
                    reason: "Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing section after the update (\(new[section])) must be equal to the number of rows contained in that section before the update (\(old[section])), plus or minus the number of rows inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted)")
            }
        }
    }
}

extension Message {
    /// Stores several ivars of the receiver.
    func setIvars(_ values: KeyValuePairs<String, Value>) throws {
        try runtime.setIvars(of: receiver, values)
    }
}
