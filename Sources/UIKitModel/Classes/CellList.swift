import Runtime

/// The bookkeeping UIKit's two lists of cells share, a table's rows and a collection
/// view's items: asking the data source for its counts and cells, the reuse queue,
/// registrations, selection made in code, and checking batched changes against the data
/// source's new counts. What differs is the list's ``Flavor`` (the selectors asked, the
/// words of UIKit's messages, the exception it raises) and its ``CellPlacement`` (the
/// table stacks rows, a collection view asks its layout).
struct CellList: Sendable {
    /// Which of UIKit's lists of cells.
    enum Flavor: Sendable {
        case table, collection

        var className: String { self == .table ? "UITableView" : "UICollectionView" }
        var noun: String { self == .table ? "table view" : "collection view" }
        var items: String { self == .table ? "rows" : "items" }
    }

    /// The section and row (or item) of an index path.
    struct Position: Hashable {
        let section: Int
        let row: Int
    }

    let flavor: Flavor
    /// The placement a reload lays the cells out with, made for each reload.
    private let placement: @Sendable (CellList, borrowing Message) throws -> any CellPlacement
    /// The ivars that differ by flavor: the counts, and the visible cells' index paths (a property of each).
    let countsIvar, visiblePathsIvar: String
    // The data source's questions.
    let numberOfSections, numberOfItems, cellForItem: Selector
    // The list's own methods, and what it asks of index paths and cells.
    let indexPathFor, cellAtPath, deselect, setSelected: Selector
    let section, row, dataSource, delegate, reuseIdentifier, prepareForReuse, addSubview, removeFromSuperview, alloc: Selector

    init(_ flavor: Flavor, in runtime: Runtime, placement: @escaping @Sendable (CellList, borrowing Message) throws -> any CellPlacement) throws {
        self.flavor = flavor
        self.placement = placement
        let table = flavor == .table
        countsIvar = table ? "_rowCounts" : "_itemCounts"
        visiblePathsIvar = table ? "_indexPathsForVisibleRows" : "_indexPathsForVisibleItems"
        numberOfSections = try runtime.selector(table ? "numberOfSectionsInTableView:" : "numberOfSectionsInCollectionView:")
        numberOfItems = try runtime.selector(table ? "tableView:numberOfRowsInSection:" : "collectionView:numberOfItemsInSection:")
        cellForItem = try runtime.selector(table ? "tableView:cellForRowAtIndexPath:" : "collectionView:cellForItemAtIndexPath:")
        indexPathFor = try runtime.selector(table ? "indexPathForRow:inSection:" : "indexPathForItem:inSection:")
        cellAtPath = try runtime.selector(table ? "cellForRowAtIndexPath:" : "cellForItemAtIndexPath:")
        deselect = try runtime.selector(table ? "deselectRowAtIndexPath:animated:" : "deselectItemAtIndexPath:animated:")
        // A table cell's hook takes the animation flag; a collection view cell has only the property.
        setSelected = try runtime.selector(table ? "setSelected:animated:" : "setSelected:")
        section = try runtime.selector("section")
        row = try runtime.selector("row")
        dataSource = try runtime.selector("dataSource")
        delegate = try runtime.selector("delegate")
        reuseIdentifier = try runtime.selector("reuseIdentifier")
        prepareForReuse = try runtime.selector("prepareForReuse")
        addSubview = try runtime.selector("addSubview:")
        removeFromSuperview = try runtime.selector("removeFromSuperview")
        alloc = try runtime.selector("alloc")
    }

    /// Adds the ivars of the bookkeeping to a list's class (the visible cells and their
    /// index paths are its properties').
    func addIvars(to c: inout ClassBuilder) throws {
        for name in [countsIvar, "_reusableCells", "_selectedIndexPaths", "_pendingUpdates"] {
            try c.addIvar(name, type: .object(className: "NSArray"))
        }
        try c.addIvar("_updateDepth", type: .integer(code: "q"))
    }

    /// Sets a new list's bookkeeping: nothing shown, queued, selected or pending, and its
    /// counts unknown (nil) until it loads.
    func start(_ list: Object, in runtime: Runtime) throws {
        try runtime.setIvars(of: list, ["_visibleCells": [], visiblePathsIvar: [], "_reusableCells": [], "_selectedIndexPaths": [], "_pendingUpdates": []])
    }

    /// The section and row of an index path (anything answering `section` and `row`), nil for nil.
    func position(of path: Value, _ m: borrowing Message) throws -> Position? {
        guard let object = path.object else { return nil }
        return Position(section: try m.send(section, to: object).intValue ?? 0, row: try m.send(row, to: object).intValue ?? 0)
    }

    /// An index path for `position`, made as the list's code makes one.
    func indexPath(_ position: Position, _ m: borrowing Message) throws -> Value {
        try m.send(indexPathFor, to: try m.runtime.requireClass(named: "NSIndexPath"), Arguments(.int(position.row), .int(position.section)))
    }

    // MARK: Counts and cells

    /// The counts, loading them (and the cells) first when the list has never loaded.
    func counts(_ m: borrowing Message) throws -> [Int] {
        if try m.ivar(countsIvar) == .nil { try m.send(m.runtime.selector("reloadData"), to: m.receiver) }
        return try m.ivar(countsIvar).arrayElements.map { $0.intValue ?? 0 }
    }

    /// The count of section `section`, raising as UIKit does for a section the list does not have.
    func count(inSection section: Int, _ m: borrowing Message) throws -> Int {
        let counts = try counts(m)
        guard counts.indices.contains(section) else {
            throw ClassLibraryError.outOfRange(method: m.methodName, reason: "section (\(section)) beyond bounds (\(counts.count))")
        }
        return counts[section]
    }

    /// What the data source says now: the sections (1 when it does not answer the optional
    /// question, as UIKit assumes) and the rows or items of each. A list without a data
    /// source has one empty section.
    func askCounts(_ m: borrowing Message) throws -> [Int] {
        guard let source = try m.send(dataSource, to: m.receiver).object else { return [0] }
        let list = Arguments(.object(m.receiver)), method = "-[\(flavor.className) reloadData]"
        let sections = try m.sendIfImplemented(numberOfSections, to: source, list)?.intValue ?? 1
        guard sections >= 0 else {
            throw ClassLibraryError.invalidArgument(method: method, reason: "the data source answered \(sections) sections; a count cannot be negative")
        }
        return try (0..<sections).map { section in
            // Required of a data source: one that lacks it raises an unrecognised selector, as in UIKit.
            let count = try m.send(numberOfItems, to: source, Arguments(.object(m.receiver), .int(section))).intValue ?? 0
            guard count >= 0 else {
                throw ClassLibraryError.invalidArgument(
                    method: method, reason: "the data source answered \(count) \(flavor.items) in section \(section); a count cannot be negative")
            }
            return count
        }
    }

    /// Takes the counts as the list's, moves the cells it shows to the reuse queue, and
    /// asks the data source for a cell for each row or item, placing each as a subview.
    func reload(counts: [Int], _ m: borrowing Message) throws {
        let previous = try m.ivar("_visibleCells").arrayElements
        for case .object(let cell) in previous { try m.send(removeFromSuperview, to: cell) }
        // The queue keeps as many cells as a screen shows, as UIKit bounds its own.
        try m.setIvar("_reusableCells", .array((try m.ivar("_reusableCells").arrayElements + previous).suffix(ClassLibrary.maximumVisibleRows)))
        try m.setIvars([countsIvar: .array(counts.map(Value.int)), "_visibleCells": [], visiblePathsIvar: [], "_selectedIndexPaths": []])
        let source = try m.send(dataSource, to: m.receiver).object
        var placing = try placement(self, m)
        try placing.prepare(m)
        var cells: [Value] = [], paths: [Value] = []
        rows: for (section, count) in counts.enumerated() {
            for row in 0..<count {
                guard cells.count < ClassLibrary.maximumVisibleRows else { break rows }
                let path = try indexPath(Position(section: section, row: row), m)
                let cell = try m.send(cellForItem, to: source, Arguments(.object(m.receiver), path))
                guard let made = cell.object else { throw try missingCell(at: path, row: row, section: section, from: source, m) }
                try placing.place(made, at: path, m)
                try m.send(addSubview, to: m.receiver, Arguments(cell))
                cells.append(cell)
                paths.append(path)
            }
        }
        try m.setIvars(["_visibleCells": .array(cells), visiblePathsIvar: .array(paths)])
        try placing.finish(m)
    }

    /// Places the cells shown again, asking the data source nothing: after the list's
    /// layout changed or was invalidated.
    func relayout(_ m: borrowing Message) throws {
        var placing = try placement(self, m)
        try placing.prepare(m)
        let cells = try m.ivar("_visibleCells").arrayElements, paths = try m.ivar(visiblePathsIvar).arrayElements
        for (cell, path) in zip(cells, paths) {
            if let cell = cell.object { try placing.place(cell, at: path, m) }
        }
        try placing.finish(m)
    }

    /// Moves the cell shown at argument 0's index path to argument 1's, as a drag of the
    /// reorder control does: the list asks its data source nothing (the caller has told it),
    /// and the cells between shift by one.
    func moveShown(_ m: borrowing Message) throws {
        guard let from = try position(of: m[0], m) else { throw m.wrongArgument(0, expected: "an index path") }
        guard let to = try position(of: m[1], m) else { throw m.wrongArgument(1, expected: "an index path") }
        let counts = try counts(m)
        var sections: [[Value]] = counts.map { _ in [] }
        for (cell, path) in zip(try m.ivar("_visibleCells").arrayElements, try m.ivar(visiblePathsIvar).arrayElements) {
            if let at = try position(of: path, m), sections.indices.contains(at.section) { sections[at.section].append(cell) }
        }
        guard sections.indices.contains(from.section), sections[from.section].indices.contains(from.row),
              sections.indices.contains(to.section), (0...sections[to.section].count - (from.section == to.section ? 1 : 0)).contains(to.row) else {
            throw ClassLibraryError.outOfRange(
                method: m.methodName, reason: "cannot move the \(flavor.items.dropLast()) at {\(from.section), \(from.row)} to {\(to.section), \(to.row)}: the \(flavor.noun) shows no such place")
        }
        let moved = sections[from.section].remove(at: from.row)
        sections[to.section].insert(moved, at: to.row)
        var cells: [Value] = [], paths: [Value] = []
        for (section, shown) in sections.enumerated() {
            for (row, cell) in shown.enumerated() {
                cells.append(cell)
                paths.append(try indexPath(Position(section: section, row: row), m))
            }
        }
        var newCounts = counts
        newCounts[from.section] -= 1
        newCounts[to.section] += 1
        try m.setIvars(["_visibleCells": .array(cells), visiblePathsIvar: .array(paths), countsIvar: .array(newCounts.map(Value.int))])
        try relayout(m)
    }

    /// What UIKit raises when the data source answers nil for a cell.
    private func missingCell(at path: Value, row: Int, section: Int, from source: Object?, _ m: borrowing Message) throws -> Error {
        switch flavor {
        case .table:
            ClassLibraryError.invalidArgument(
                method: "-[UITableView reloadData]",
                reason: "UITableView (\(m.receiver)) failed to obtain a cell from its dataSource (\(source?.description ?? "nil")) for row \(row) in section \(section)")
        case .collection:
            try ClassLibrary.exception(
                named: "NSInternalInconsistencyException",
                reason: "the collectionView's data source did not return a valid cell from -collectionView:cellForItemAtIndexPath: for index path {\(section), \(row)}; return a cell from -dequeueReusableCellWithReuseIdentifier:forIndexPath:",
                in: m.runtime)
        }
    }

    /// The visible cell at `path`, or nil.
    func visibleCell(at path: Value, _ m: borrowing Message) throws -> Value {
        guard let wanted = try position(of: path, m) else { return .nil }
        let paths = try m.ivar(visiblePathsIvar).arrayElements, cells = try m.ivar("_visibleCells").arrayElements
        for (index, path) in paths.enumerated() where try position(of: path, m) == wanted && index < cells.count {
            return cells[index]
        }
        return .nil
    }

    /// The index path of a visible cell, or nil.
    func indexPath(ofVisible cell: Value, _ m: borrowing Message) throws -> Value {
        guard let cell = cell.object else { return .nil }
        let paths = try m.ivar(visiblePathsIvar).arrayElements, cells = try m.ivar("_visibleCells").arrayElements
        return cells.firstIndex { $0.object === cell }.flatMap { paths.indices.contains($0) ? paths[$0] : nil } ?? .nil
    }

    /// What a table or collection view controller does to its list as it is about to
    /// appear (argument 0 whether animated): the list loads the first time, and loses its
    /// selection each time while the controller `clearsSelectionOnViewWillAppear`.
    func willAppear(_ list: Object?, _ m: borrowing Message) throws {
        guard let list else { return }
        if try m.runtime.ivarValue(countsIvar, of: list) == .nil { try m.send(m.runtime.selector("reloadData"), to: list) }
        guard try m.ivar("_clearsSelectionOnViewWillAppear").isTruthy else { return }
        for path in try m.runtime.ivarValue("_selectedIndexPaths", of: list).arrayElements { try m.send(deselect, to: list, Arguments(path, m[0])) }
    }

    // MARK: Registration and reuse

    /// Remembers what makes views for `key` in the dictionary ivar `ivar` (nil forgets it):
    /// the last registration for a key wins, as in UIKit.
    func register(_ registration: Value, for key: String, in ivar: String, _ m: borrowing Message) throws {
        var registered: [Value: Value] = if case .dictionary(let all) = try m.ivar(ivar) { all } else { [:] }
        registered[.string(key)] = registration == .nil ? Value?.none : registration
        try m.setIvar(ivar, .dictionary(registered))
    }

    /// What was registered for `key` in the dictionary ivar `ivar`, or nil.
    func registration(for key: String, in ivar: String, _ m: borrowing Message) throws -> Value? {
        guard case .dictionary(let registered) = try m.ivar(ivar) else { return nil }
        return registered[.string(key)]
    }

    /// A queued view with the identifier, taken from `queue` and told to prepare for reuse; nil when there is none.
    func takeQueued(_ identifier: String, from queue: inout [Value], _ m: borrowing Message) throws -> Value? {
        for (index, view) in queue.enumerated() where try m.send(reuseIdentifier, to: view.object) == .string(identifier) {
            queue.remove(at: index)
            try m.send(prepareForReuse, to: view.object)
            return view
        }
        return nil
    }

    /// A queued cell with the identifier (told to prepare for reuse), else nil.
    func dequeueQueuedCell(_ identifier: String, _ m: borrowing Message) throws -> Value? {
        var queue = try m.ivar("_reusableCells").arrayElements
        guard let cell = try takeQueued(identifier, from: &queue, m) else { return nil }
        try m.setIvar("_reusableCells", .array(queue))
        return cell
    }

    /// `[[cls alloc] initializer...]`.
    func make(_ cls: Class, _ initializer: Selector, _ arguments: Arguments, _ m: borrowing Message) throws -> Value {
        let allocated = try m.send(alloc, to: cls)
        return try m.send(initializer, to: allocated.object, arguments)
    }

    // MARK: Selection

    /// Selection made in code (argument 0 the index path, 1 whether animated): it selects
    /// the cell on screen and tells no delegate (UIKit does not); nil deselects everything.
    func select(_ m: borrowing Message) throws {
        let selected = try m.ivar("_selectedIndexPaths").arrayElements
        guard m[0] != .nil else {
            for path in selected { try m.send(deselect, to: m.receiver, Arguments(path, m[1])) }
            return
        }
        guard let wanted = try position(of: m[0], m) else { throw m.wrongArgument(0, expected: "an index path") }
        if try !m.ivar("_allowsMultipleSelection").isTruthy {
            for path in selected where try position(of: path, m) != wanted { try m.send(deselect, to: m.receiver, Arguments(path, m[1])) }
        }
        let remaining = try m.ivar("_selectedIndexPaths").arrayElements
        if try !remaining.contains(where: { try position(of: $0, m) == wanted }) {
            try m.setIvar("_selectedIndexPaths", .array(remaining + [m[0]]))
        }
        try setCell(at: m[0], selected: true, animated: m[1], m)
    }

    /// Deselection made in code (argument 0 the index path, 1 whether animated).
    func deselect(_ m: borrowing Message) throws {
        guard let unwanted = try position(of: m[0], m) else { return }
        let kept = try m.ivar("_selectedIndexPaths").arrayElements.filter { try position(of: $0, m) != unwanted }
        try m.setIvar("_selectedIndexPaths", .array(kept))
        try setCell(at: m[0], selected: false, animated: m[1], m)
    }

    private func setCell(at path: Value, selected: Bool, animated: Value, _ m: borrowing Message) throws {
        let cell = try m.send(cellAtPath, to: m.receiver, Arguments(path)).object
        try m.send(setSelected, to: cell, flavor == .table ? Arguments(.bool(selected), animated) : Arguments(.bool(selected)))
    }

    // MARK: Updates

    func beginUpdates(_ m: borrowing Message) throws {
        try m.setIvar("_updateDepth", .int((try m.ivar("_updateDepth").intValue ?? 0) + 1))
    }

    /// Ends a batch; the outermost applies the changes recorded in it.
    func endUpdates(_ m: borrowing Message) throws {
        let depth = max((try m.ivar("_updateDepth").intValue ?? 0) - 1, 0)
        try m.setIvar("_updateDepth", .int(depth))
        if depth == 0 { try applyPendingUpdates(m) }
    }

    /// `performBatchUpdates:completion:`: the changes the block records are applied, and
    /// checked, together; the completion block is told they finished.
    func performBatchUpdates(_ m: borrowing Message) throws {
        let updates = try m.blockArgument(0), completion = try m.blockArgument(1)
        try beginUpdates(m)
        _ = try updates?.call(Arguments(), nestedAt: m.depth + 1)
        try endUpdates(m)
        _ = try completion?.call(Arguments(true), nestedAt: m.depth + 1)
    }

    /// Adds `performBatchUpdates:completion:` and the methods that record changes: each of
    /// `items` (a selector and the change it records) for the rows or items at the index
    /// paths of argument 0, each of `sections` for the sections of argument 0.
    func addChangeMethods(to c: inout ClassBuilder, types: String, items: KeyValuePairs<String, String>, sections: KeyValuePairs<String, String>) throws {
        try c.addMethod("performBatchUpdates:completion:", types: "v@:@?@?") { m in
            try performBatchUpdates(m)
            return .nil
        }
        for (name, kind) in items {
            try c.addMethod(name, types: types) { m in
                try recordItemChanges(kind, m)
                return .nil
            }
        }
        for (name, kind) in sections {
            try c.addMethod(name, types: types) { m in
                try recordSectionChanges(kind, m)
                return .nil
            }
        }
    }

    /// Records a change (`insert`, `delete` or `reload`) of the rows or items at the index
    /// paths of argument 0, applying it now when no batch is open.
    func recordItemChanges(_ kind: String, _ m: borrowing Message) throws {
        var changes: [Value] = []
        for path in try m.arrayArgument(0) {
            guard let position = try position(of: path, m) else { throw m.wrongArgument(0, expected: "an array of index paths") }
            changes.append(.array([.string(kind), .int(position.section)]))
        }
        try record(changes, m)
    }

    /// Records a move of the row or item at argument 0 to argument 1.
    func recordMove(_ m: borrowing Message) throws {
        guard let from = try position(of: m[0], m) else { throw m.wrongArgument(0, expected: "an index path") }
        guard let to = try position(of: m[1], m) else { throw m.wrongArgument(1, expected: "an index path") }
        try record([.array(["moveOut", .int(from.section)]), .array(["moveIn", .int(to.section)])], m)
    }

    /// Records a change (`insertSection`, `deleteSection` or `reload`) of the sections of argument 0.
    func recordSectionChanges(_ kind: String, _ m: borrowing Message) throws {
        guard let sections = try ClassLibrary.indexSetMembers(m[0], m) else { throw m.wrongArgument(0, expected: "an NSIndexSet") }
        try record(sections.map { .array([.string(kind), .int($0)]) }, m)
    }

    private func record(_ changes: [Value], _ m: borrowing Message) throws {
        try m.setIvar("_pendingUpdates", .array(try m.ivar("_pendingUpdates").arrayElements + changes))
        if try m.ivar("_updateDepth").intValue ?? 0 == 0 { try applyPendingUpdates(m) }
    }

    /// Re-asks the data source after the changes recorded, raising as UIKit does when its
    /// new counts are not the old ones plus the insertions and minus the deletions.
    func applyPendingUpdates(_ m: borrowing Message) throws {
        let changes = try m.ivar("_pendingUpdates").arrayElements.compactMap { change -> Change? in
            guard case .array(let parts) = change, parts.count == 2, case .string(let kind) = parts[0], let section = parts[1].intValue else { return nil }
            return Change(kind: kind, section: section)
        }
        try m.setIvar("_pendingUpdates", [])
        guard !changes.isEmpty else { return }
        let old = try m.ivar(countsIvar) == .nil ? nil : try m.ivar(countsIvar).arrayElements.map { $0.intValue ?? 0 }
        let new = try askCounts(m)
        if let old, let reason = inconsistency(new, against: old, after: changes) {
            throw try invalidUpdate(reason, m)
        }
        try reload(counts: new, m)
    }

    private struct Change {
        let kind: String
        let section: Int
    }

    /// UIKit's reason for refusing the new counts, or nil when they fit the changes.
    private func inconsistency(_ new: [Int], against old: [Int], after changes: [Change]) -> String? {
        func count(_ kind: String, in section: Int? = nil) -> Int { changes.filter { $0.kind == kind && (section == nil || $0.section == section) }.count }
        let insertedSections = count("insertSection"), deletedSections = count("deleteSection")
        guard new.count == old.count + insertedSections - deletedSections else {
            return "Invalid update: invalid number of sections. The number of sections contained in the \(flavor.noun) after the update (\(new.count)) must be equal to the number of sections contained in the \(flavor.noun) before the update (\(old.count)), plus or minus the number of sections inserted or deleted (\(insertedSections) inserted, \(deletedSections) deleted)."
        }
        // With sections moving, rows are checked by section count only: their numbers shift.
        guard insertedSections == 0, deletedSections == 0 else { return nil }
        let reloaded = Set(changes.filter { $0.kind == "reload" }.map(\.section)), items = flavor.items
        for section in old.indices where !reloaded.contains(section) {
            let inserted = count("insert", in: section), deleted = count("delete", in: section)
            let movedIn = count("moveIn", in: section), movedOut = count("moveOut", in: section)
            guard new[section] != old[section] + inserted - deleted + movedIn - movedOut else { continue }
            return "Invalid update: invalid number of \(items) in section \(section). The number of \(items) contained in an existing section after the update (\(new[section])) must be equal to the number of \(items) contained in that section before the update (\(old[section])), plus or minus the number of \(items) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(items) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        }
        return nil
    }

    /// The error an update the data source does not reflect raises: UIKit's
    /// `NSInternalInconsistencyException` for a collection view; the table model's has
    /// always been an `NSInvalidArgumentException`.
    private func invalidUpdate(_ reason: String, _ m: borrowing Message) throws -> Error {
        switch flavor {
        case .table: ClassLibraryError.invalidArgument(method: m.methodName, reason: reason)
        case .collection: try ClassLibrary.exception(named: "NSInternalInconsistencyException", reason: reason, in: m.runtime)
        }
    }
}

/// How a reload lays its cells out: a table stacks its rows, a collection view asks its layout.
protocol CellPlacement {
    /// Runs once the new counts are the list's, before any cell is asked for.
    mutating func prepare(_ m: borrowing Message) throws
    /// Places `cell`, the data source's cell for `path`; cells come in order.
    mutating func place(_ cell: Object, at path: Value, _ m: borrowing Message) throws
    /// Runs after the last cell: the content size, and any other views the list shows.
    mutating func finish(_ m: borrowing Message) throws
}

extension Message {
    /// Stores several ivars of the receiver.
    func setIvars(_ values: KeyValuePairs<String, Value>) throws {
        try runtime.setIvars(of: receiver, values)
    }
}
